import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getConsoleCustomerContract,
  issueSignupCodesContract,
  listCustomersContract,
  listSignupCodesContract,
  setCustomerBusinessContract,
  setCustomerGuestCodesContract,
} from '../../../../shared/contract';
import { callApi } from '../../../lib/api-client';
import { readOperatorToken } from '../../operator/operator-session';

const auth = () => ({ authorization: readOperatorToken() });

export const customersKey = ['console', 'customers'] as const;
export const customerKey = (uuid: string) => ['console', 'customer', uuid] as const;
export const signupCodesKey = ['console', 'signup-codes'] as const;

export function useCustomerList(query: { q?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...customersKey, query],
    queryFn: ({ signal }) => callApi(listCustomersContract, { query }, { ...auth(), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleCustomer(uuid: string) {
  return useQuery({
    queryKey: customerKey(uuid),
    queryFn: ({ signal }) => callApi(getConsoleCustomerContract, { params: { uuid } }, { ...auth(), signal }),
  });
}

export function useSignupCodes() {
  return useQuery({
    queryKey: signupCodesKey,
    queryFn: ({ signal }) => callApi(listSignupCodesContract, {}, { ...auth(), signal }),
  });
}

export const setGuestCodes = (uuid: string, isGuestCodesActive: boolean) =>
  callApi(setCustomerGuestCodesContract, { params: { uuid }, body: { isGuestCodesActive } }, auth());
export const setBusiness = (uuid: string, entityName: string | null) =>
  callApi(setCustomerBusinessContract, { params: { uuid }, body: { entityName } }, auth());
export const issueSignupCodes = (count: number) =>
  callApi(issueSignupCodesContract, { body: { count } }, auth());
