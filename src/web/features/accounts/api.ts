import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BrandDetails, CallInput, ResponseOf, RouteContract } from '../../../shared/contract';
import {
  type Customer,
  changePasswordContract,
  checkCodeContract,
  closeMyAccountContract,
  customerCardsContract,
  customerPortalContract,
  exportMyDataContract,
  exportMyDataCsvContract,
  getCustomerContract,
  loginContract,
  refreshGuestCodeContract,
  resetPasswordContract,
  type SessionResponse,
  sendPasswordResetContract,
  signupContract,
  updateCustomerContract,
} from '../../../shared/contract';
import { rememberLanguage } from '../../app/language-menu';
import { API_BASE, type CallOptions, callApi, isApiError } from '../../lib/api-client';
import { type ContractCaller, contractQuery } from '../../lib/contract-query';
import { downloadFile } from '../../lib/download-file';
import { clearSession, readJwt, storeSession, useJwt } from '../../lib/session';
import { useRedirectingMutation } from '../../lib/use-redirecting-mutation';

/** Stores the session values of part 1 section 3 after sign-in or sign-up. */
export async function startSession(session: SessionResponse, brand: BrandDetails | null): Promise<void> {
  const jwt = `Bearer ${session.jwtToken}`;
  const customer = await callApi(getCustomerContract, {}, { authorization: jwt });
  storeSession({
    jwt,
    userUUID: session.uuid,
    customerPublicId: session.customerPublicId,
    brandColor: brand?.brandColor ?? '000000',
    fullname: customer.fullname,
    entityUUID: brand?.entityUUID ?? customer.entityUUID,
    // The operator's organisation: the tenant (entity) the account belongs to.
    orgUUID: customer.entityUUID,
  });
  // The language the account saved (issue 30) is the visitor's choice from the next page on.
  if (customer.language) rememberLanguage(customer.language);
}

export function logIn(body: z.input<typeof loginContract.body>) {
  return callApi(loginContract, { body });
}

export function signUp(body: z.input<typeof signupContract.body>) {
  return callApi(signupContract, { body });
}

export function checkSignupCode(code: string, subdomain: string) {
  return callApi(checkCodeContract, { query: { code, subdomain } });
}

export function sendPasswordReset(body: z.input<typeof sendPasswordResetContract.body>) {
  return callApi(sendPasswordResetContract, { body });
}

export function resetPassword(body: z.input<typeof resetPasswordContract.body>) {
  return callApi(resetPasswordContract, { body });
}

/** A 401 on a customer call means the token expired or was revoked: sign out locally. */
function signOutOnUnauthorized(error: unknown): never {
  if (isApiError(error) && error.status === 401) clearSession();
  throw error;
}

/** A customer call with the stored token; a refused token signs this browser out. */
export function callAsCustomer<Contract extends RouteContract>(
  contract: Contract,
  input: CallInput<Contract>,
  options: Omit<CallOptions, 'authorization'> = {},
): Promise<ResponseOf<Contract>> {
  return callApi(contract, input, { ...options, authorization: readJwt() ?? '' }).catch(
    signOutOnUnauthorized,
  );
}

/** `callAsCustomer` as query options take it. */
export const asCustomer: ContractCaller = (contract, input, signal) =>
  callAsCustomer(contract, input, { signal });

/**
 * For the calls anyone may make (`auth: 'optional-customer'`): the stored token when there is
 * one, so a signed-in customer is answered as such, and no sign-out when it is refused.
 */
export const asOptionalCustomer: ContractCaller = (contract, input, signal) =>
  callApi(contract, input, { signal, authorization: readJwt() });

const customerQuery = contractQuery(getCustomerContract, {}, asCustomer);
const CUSTOMER_QUERY_KEY = customerQuery.queryKey;

/** Every answer fetched as the signed-in customer (their account, passes, vehicles, ...) goes stale. */
export function invalidateCustomerQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.caller === asCustomer });
}

export function useCustomer() {
  const jwt = useJwt();
  return useQuery({ ...customerQuery, enabled: Boolean(jwt) });
}

/** Saving an account item answers the updated customer; the screen reloads it (section 2). */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateCustomerContract.body>) =>
      callAsCustomer(updateCustomerContract, { body }),
    onSuccess: ({ jwtToken, ...customer }: Customer & { jwtToken?: string }) => {
      // An email change signed every session out and answered a fresh token for this one.
      if (jwtToken) storeSession({ jwt: `Bearer ${jwtToken}` });
      queryClient.setQueryData(CUSTOMER_QUERY_KEY, customer);
      storeSession({ fullname: customer.fullname });
      return invalidateCustomerQueries(queryClient);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordContract.body>) =>
      callAsCustomer(changePasswordContract, { body }),
    // The change revoked the old token; keep this session with the new one.
    onSuccess: ({ jwtToken }) => storeSession({ jwt: `Bearer ${jwtToken}` }),
  });
}

export function useRefreshGuestCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callAsCustomer(refreshGuestCodeContract, {}),
    onSuccess: (customer: Customer) => {
      queryClient.setQueryData(CUSTOMER_QUERY_KEY, customer);
      return invalidateCustomerQueries(queryClient);
    },
  });
}

export function useCards() {
  const jwt = useJwt();
  return useQuery({
    ...contractQuery(customerCardsContract, {}, asCustomer),
    enabled: Boolean(jwt),
  });
}

/**
 * The payment provider's customer portal for this account; the browser goes there in the same
 * window. Call it with `{ params: { id: customerUuid }, query: {} }`.
 */
export function useOpenPaymentPortal() {
  return useRedirectingMutation(customerPortalContract, (answer) => answer.portalURL, asCustomer);
}

/** Downloads everything the portal holds about the signed-in customer (JSON or CSV, issue 28). */
export function downloadMyData(format: 'json' | 'csv') {
  const contract = format === 'json' ? exportMyDataContract : exportMyDataCsvContract;
  return downloadFile({
    url: `${API_BASE}${contract.path}`,
    authorization: readJwt() ?? '',
    fallbackName: `my-data.${format}`,
  }).catch(signOutOnUnauthorized);
}

/** Closing the account ends every session, this one too: the browser forgets it on success. */
/**
 * Closes the signed-in account. The session is forgotten only when the person has read the
 * confirmation (`finish`): forgetting it at once would take them to the sign-in page first.
 */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: z.input<typeof closeMyAccountContract.body>) =>
      callAsCustomer(closeMyAccountContract, { body }),
  });
  const finish = () => {
    queryClient.clear();
    clearSession();
  };
  return { ...mutation, finish };
}
