import {
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  addVehicleContract,
  type CheckoutPayloadInput,
  checkGuestEmailVerificationContract,
  getCustomerPermitContract,
  getIssuedFieldsContract,
  getPassProofLinkContract,
  guestCheckoutUrlContract,
  guestEmailConfirmContract,
  guestFreeCheckoutContract,
  guestPaidIncompleteContract,
  type IssuedPermit,
  type IssuePayloadInput,
  type IssueResponse,
  issuePermitContract,
  listVehiclesContract,
  lookupPermitCodeContract,
  type PermitProduct,
  permitCheckoutUrlContract,
} from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { contractKey, contractQuery } from '../../lib/contract-query';
import { readJwt } from '../../lib/session';
import { useRedirectingMutation } from '../../lib/use-redirecting-mutation';
import { asCustomer, callAsCustomer } from '../accounts/api';

export function sendVerificationEmail(body: z.input<typeof guestEmailConfirmContract.body>) {
  return callApi(guestEmailConfirmContract, { body });
}

export function useEmailVerification(permitUuid: string, customerUuid: string | undefined, token: string) {
  return useQuery({
    ...contractQuery(checkGuestEmailVerificationContract, {
      body: { permitUUID: permitUuid, customerUUID: customerUuid ?? '', token },
    }),
    enabled: Boolean(customerUuid && token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function lookupPermitCode(customerUuid: string, code: string) {
  return callAsCustomer(lookupPermitCodeContract, { params: { id: customerUuid, code } });
}

export const VEHICLES_QUERY_KEY = contractKey(listVehiclesContract);

export function useSavedVehicles(isEnabled: boolean) {
  return useQuery({ ...contractQuery(listVehiclesContract, {}, asCustomer), enabled: isEnabled });
}

export function useAddVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof addVehicleContract.body>) =>
      callAsCustomer(addVehicleContract, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
  });
}

/** A signed-in customer's application (POST /portal/permit/issue). */
export function issuePermit(body: IssuePayloadInput): Promise<IssueResponse> {
  return callAsCustomer(issuePermitContract, { body });
}

/**
 * A guest checkout: a pass with a charge that is auto-approved is created incomplete and paid
 * next; a free pass, or one that needs approval, goes through the free call (section 4).
 */
export function checkOutAsGuest(body: CheckoutPayloadInput, product: PermitProduct): Promise<IssueResponse> {
  const contract =
    product.isAutoApproved && product.amount > 0 ? guestPaidIncompleteContract : guestFreeCheckoutContract;
  return callApi(contract, { body }, { authorization: readJwt() });
}

/** Where the browser pays an incomplete pass: the customer's or the guest's checkout URL. */
export async function fetchPassCheckoutUrl(permitIssuedUuid: string, subdomain: string, isCustomer: boolean) {
  const params = { id: permitIssuedUuid, subdomain };
  const answer = isCustomer
    ? await callAsCustomer(permitCheckoutUrlContract, { params })
    : await callApi(guestCheckoutUrlContract, { params });
  return answer.checkoutURL;
}

/**
 * Paying an incomplete pass again from its receipt or result page, and leaving for the checkout.
 * Through the guest call: the pass's uuid is the capability, so it serves a customer's pass too.
 */
export function usePayPassAgain(subdomain: string) {
  const checkout = useRedirectingMutation(guestCheckoutUrlContract, (answer) => answer.checkoutURL);
  const payAgain = (permitIssuedUuid: string) =>
    checkout.mutate({ params: { id: permitIssuedUuid, subdomain } });
  return { ...checkout, payAgain };
}

const issuedPermitQuery = (permitIssuedUuid: string) =>
  contractQuery(getCustomerPermitContract, { params: { id: permitIssuedUuid } });

/**
 * Every answer about one issued pass (the pass, its registration answers, its proof link): what a
 * change to the pass makes stale.
 */
export const issuedPermitKeys = (permitIssuedUuid: string) =>
  [getCustomerPermitContract, getIssuedFieldsContract, getPassProofLinkContract].map((contract) =>
    contractKey(contract, { params: { id: permitIssuedUuid } }),
  );

export function invalidateIssuedPermit(queryClient: QueryClient, permitIssuedUuid: string) {
  return Promise.all(
    issuedPermitKeys(permitIssuedUuid).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** One issued pass by its uuid (no token: the uuid is the capability). */
export function useIssuedPermit(
  permitIssuedUuid: string | null,
  refetchInterval?: (query: Query<IssuedPermit, Error, IssuedPermit, QueryKey>) => number | false,
) {
  return useQuery({
    ...issuedPermitQuery(permitIssuedUuid ?? ''),
    enabled: Boolean(permitIssuedUuid),
    retry: false,
    refetchInterval,
  });
}
