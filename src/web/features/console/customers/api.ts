import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getConsoleCustomerContract,
  issueSignupCodesContract,
  listCustomersContract,
  listSignupCodesContract,
  setCustomerBusinessContract,
  setCustomerGuestCodesContract,
} from '../../../../shared/contract';
import { callAsOperator } from '../operator-call';

export const customersKey = ['console', 'customers'] as const;
export const customerKey = (uuid: string) => ['console', 'customer', uuid] as const;
export const signupCodesKey = ['console', 'signup-codes'] as const;

export function useCustomerList(query: { q?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...customersKey, query],
    queryFn: ({ signal }) => callAsOperator(listCustomersContract, { query }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleCustomer(uuid: string) {
  return useQuery({
    queryKey: customerKey(uuid),
    queryFn: ({ signal }) => callAsOperator(getConsoleCustomerContract, { params: { uuid } }, signal),
  });
}

export function useSignupCodes() {
  return useQuery({
    queryKey: signupCodesKey,
    queryFn: ({ signal }) => callAsOperator(listSignupCodesContract, {}, signal),
  });
}

export const setGuestCodes = (uuid: string, isGuestCodesActive: boolean) =>
  callAsOperator(setCustomerGuestCodesContract, { params: { uuid }, body: { isGuestCodesActive } });
export const setBusiness = (uuid: string, entityName: string | null) =>
  callAsOperator(setCustomerBusinessContract, { params: { uuid }, body: { entityName } });
export const issueSignupCodes = (count: number) =>
  callAsOperator(issueSignupCodesContract, { body: { count } });
