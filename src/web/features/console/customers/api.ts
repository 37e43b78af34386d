import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getConsoleCustomerContract,
  listCustomersContract,
  listSignupCodesContract,
  setCustomerBusinessContract,
  setCustomerGuestCodesContract,
} from '../../../../shared/contract';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';

export const customersKey = contractKey(listCustomersContract);
const customerQuery = (uuid: string) =>
  contractQuery(getConsoleCustomerContract, { params: { uuid } }, callAsOperator);
export const customerKey = (uuid: string) => customerQuery(uuid).queryKey;
export const signupCodesKey = contractKey(listSignupCodesContract);

export function useCustomerList(query: { q?: string; page: number; pageSize: number }) {
  return useQuery({
    ...contractQuery(listCustomersContract, { query }, callAsOperator),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleCustomer(uuid: string) {
  return useQuery(customerQuery(uuid));
}

export function useSignupCodes() {
  return useQuery(contractQuery(listSignupCodesContract, {}, callAsOperator));
}

export const setGuestCodes = (uuid: string, isGuestCodesActive: boolean) =>
  callAsOperator(setCustomerGuestCodesContract, { params: { uuid }, body: { isGuestCodesActive } });
export const setBusiness = (uuid: string, entityName: string | null) =>
  callAsOperator(setCustomerBusinessContract, { params: { uuid }, body: { entityName } });
