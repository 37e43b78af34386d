import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BrandDetails } from '../../../shared/contract';
import {
  type Customer,
  changePasswordContract,
  checkCodeContract,
  customerCardsContract,
  customerPortalContract,
  getCustomerContract,
  loginContract,
  refreshGuestCodeContract,
  resetPasswordContract,
  type SessionResponse,
  sendPasswordResetContract,
  signupContract,
  updateCustomerContract,
  verifyEmailContract,
} from '../../../shared/contract';
import { ApiError, apiRequest, segment } from '../../lib/api-client';
import { clearSession, readJwt, storeSession, useJwt } from '../../lib/session';

export const CUSTOMER_QUERY_KEY = ['customer'] as const;

/** Stores the session values of part 1 section 3 after sign-in or sign-up. */
export async function startSession(session: SessionResponse, brand: BrandDetails | null): Promise<void> {
  const jwt = `Bearer ${session.jwtToken}`;
  const customer = await apiRequest(getCustomerContract.path, getCustomerContract.response, {
    authorization: jwt,
  });
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
}

export function logIn(body: z.input<typeof loginContract.body>) {
  return apiRequest(loginContract.path, loginContract.response, { method: 'POST', body });
}

export function signUp(body: z.input<typeof signupContract.body>) {
  return apiRequest(signupContract.path, signupContract.response, { method: 'POST', body });
}

export function checkSignupCode(code: string, subdomain: string) {
  const query = new URLSearchParams({ code, subdomain });
  return apiRequest(`${checkCodeContract.path}?${query}`, checkCodeContract.response);
}

export function sendPasswordReset(body: z.input<typeof sendPasswordResetContract.body>) {
  return apiRequest(sendPasswordResetContract.path, sendPasswordResetContract.response, {
    method: 'POST',
    body,
  });
}

export function resetPassword(body: z.input<typeof resetPasswordContract.body>) {
  return apiRequest(resetPasswordContract.path, resetPasswordContract.response, { method: 'POST', body });
}

export function verifyEmail(body: z.input<typeof verifyEmailContract.body>) {
  return apiRequest(verifyEmailContract.path, verifyEmailContract.response, { method: 'POST', body });
}

/** A 401 on a customer call means the token expired or was revoked: sign out locally. */
function signOutOnUnauthorized(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) clearSession();
  throw error;
}

function authorized<T>(call: (authorization: string) => Promise<T>): Promise<T> {
  return call(readJwt() ?? '').catch(signOutOnUnauthorized);
}

export function useCustomer() {
  const jwt = useJwt();
  return useQuery({
    queryKey: CUSTOMER_QUERY_KEY,
    queryFn: ({ signal }) =>
      authorized((authorization) =>
        apiRequest(getCustomerContract.path, getCustomerContract.response, { authorization, signal }),
      ),
    enabled: Boolean(jwt),
  });
}

/** Saving an account item answers the updated customer; the screen reloads it (section 2). */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateCustomerContract.body>) =>
      authorized((authorization) =>
        apiRequest(updateCustomerContract.path, updateCustomerContract.response, {
          method: 'PUT',
          body,
          authorization,
        }),
      ),
    onSuccess: ({ jwtToken, ...customer }: Customer & { jwtToken?: string }) => {
      // An email change signed every session out and answered a fresh token for this one.
      if (jwtToken) storeSession({ jwt: `Bearer ${jwtToken}` });
      queryClient.setQueryData(CUSTOMER_QUERY_KEY, customer);
      storeSession({ fullname: customer.fullname });
      return queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordContract.body>) =>
      authorized((authorization) =>
        apiRequest(changePasswordContract.path, changePasswordContract.response, {
          method: 'PUT',
          body,
          authorization,
        }),
      ),
    // The change revoked the old token; keep this session with the new one.
    onSuccess: ({ jwtToken }) => storeSession({ jwt: `Bearer ${jwtToken}` }),
  });
}

export function useRefreshGuestCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      authorized((authorization) =>
        apiRequest(refreshGuestCodeContract.path, refreshGuestCodeContract.response, {
          method: 'POST',
          authorization,
        }),
      ),
    onSuccess: (customer: Customer) => {
      queryClient.setQueryData(CUSTOMER_QUERY_KEY, customer);
      return queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY });
    },
  });
}

export function useCards() {
  const jwt = useJwt();
  return useQuery({
    queryKey: ['customer', 'cards'],
    queryFn: ({ signal }) =>
      authorized((authorization) =>
        apiRequest(customerCardsContract.path, customerCardsContract.response, { authorization, signal }),
      ),
    enabled: Boolean(jwt),
  });
}

/** The payment provider's customer portal for this account; the browser goes there in the same window. */
export function fetchPaymentPortalUrl(customerUuid: string): Promise<string> {
  return authorized((authorization) =>
    apiRequest(`/portal/customer/stripeportal/${segment(customerUuid)}`, customerPortalContract.response, {
      authorization,
    }),
  ).then((answer) => answer.portalURL);
}
