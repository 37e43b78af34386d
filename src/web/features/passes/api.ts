import { type Query, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  addVehicleContract,
  type CheckoutPayloadInput,
  checkGuestEmailVerificationContract,
  checkPermitRulesContract,
  getCustomerPermitContract,
  getPermitProductContract,
  getPermitProductFieldsContract,
  getPermitProductImagesContract,
  guestCheckoutUrlContract,
  guestEmailConfirmContract,
  guestFreeCheckoutContract,
  guestPaidIncompleteContract,
  type IssuedPermit,
  type IssuePayloadInput,
  type IssueResponse,
  issuePermitContract,
  listBusinessPermitProductsContract,
  listPermitProductsContract,
  listVehiclesContract,
  lookupPermitCodeContract,
  type PermitProduct,
  permitCheckoutUrlContract,
} from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { readJwt, useJwt } from '../../lib/session';
import { callAsCustomer } from '../accounts/api';

/** Which catalogue a choose screen lists (part 2 section 2, Choose a pass). */
export type CatalogueMode = 'public' | 'customer' | 'visitor' | 'business';

/** The browser's zone: the rule check words its answer in it (the rules use the tenant's zone). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function fetchCatalogue(mode: CatalogueMode, signal: AbortSignal): Promise<PermitProduct[]> {
  if (mode === 'business') return callAsCustomer(listBusinessPermitProductsContract, {}, { signal });
  // Signed in or not: the server shows a signed-in customer what their account may buy.
  return callApi(
    listPermitProductsContract,
    { query: { visitor_only: mode === 'visitor' ? 'true' : undefined } },
    { signal, authorization: readJwt() },
  );
}

/** A catalogue's query; the server renderer fetches the guests' one before rendering the page. */
export function permitProductsQuery(mode: CatalogueMode, isSignedIn: boolean) {
  return {
    queryKey: ['permit-products', mode, isSignedIn] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchCatalogue(mode, signal),
  };
}

export function usePermitProducts(mode: CatalogueMode, isEnabled = true) {
  const jwt = useJwt();
  return useQuery({ ...permitProductsQuery(mode, Boolean(jwt)), enabled: isEnabled });
}

export function usePermitProduct(productUuid: string) {
  return useQuery({
    queryKey: ['permit-product', productUuid],
    queryFn: ({ signal }) => callApi(getPermitProductContract, { params: { id: productUuid } }, { signal }),
    retry: false,
  });
}

/** A product's images; the server renderer fetches them with the catalogue, for its cards. */
export function productImagesQuery(productUuid: string) {
  return {
    queryKey: ['permit-product', productUuid, 'images'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(getPermitProductImagesContract, { params: { id: productUuid } }, { signal }),
  };
}

export function useProductImages(productUuid: string) {
  return useQuery(productImagesQuery(productUuid));
}

export function useProductFields(productUuid: string) {
  return useQuery({
    queryKey: ['permit-product', productUuid, 'fields'],
    queryFn: ({ signal }) =>
      callApi(getPermitProductFieldsContract, { params: { id: productUuid } }, { signal }),
  });
}

/** The rule check of choosing: resolves when the pass may be bought now, else throws the server's text. */
export function checkPermitRules(productUuid: string) {
  return callApi(
    checkPermitRulesContract,
    { params: { id: productUuid }, query: { timezone: browserTimeZone() } },
    { authorization: readJwt() },
  );
}

export function sendVerificationEmail(body: z.input<typeof guestEmailConfirmContract.body>) {
  return callApi(guestEmailConfirmContract, { body });
}

export function useEmailVerification(permitUuid: string, customerUuid: string | undefined, token: string) {
  return useQuery({
    queryKey: ['email-verification', permitUuid, customerUuid, token],
    queryFn: () =>
      callApi(checkGuestEmailVerificationContract, {
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

export const VEHICLES_QUERY_KEY = ['customer', 'vehicles'] as const;

export function useSavedVehicles(isEnabled: boolean) {
  return useQuery({
    queryKey: VEHICLES_QUERY_KEY,
    queryFn: ({ signal }) => callAsCustomer(listVehiclesContract, {}, { signal }),
    enabled: isEnabled,
  });
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

/** One issued pass by its uuid (no token: the uuid is the capability). */
export function useIssuedPermit(
  permitIssuedUuid: string | null,
  refetchInterval?: (query: Query<IssuedPermit, Error, IssuedPermit, QueryKey>) => number | false,
) {
  return useQuery({
    queryKey: ['issued-permit', permitIssuedUuid],
    queryFn: ({ signal }) =>
      callApi(getCustomerPermitContract, { params: { id: permitIssuedUuid ?? '' } }, { signal }),
    enabled: Boolean(permitIssuedUuid),
    retry: false,
    refetchInterval,
  });
}
