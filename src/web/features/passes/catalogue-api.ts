import { useQuery } from '@tanstack/react-query';
import {
  type BrandDetails,
  checkPermitRulesContract,
  getPermitProductContract,
  getPermitProductFieldsContract,
  getPermitProductImagesContract,
  listBusinessPermitProductsContract,
  listPermitProductsContract,
} from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { contractQuery } from '../../lib/contract-query';
import { readJwt, useJwt } from '../../lib/session';
import { asCustomer, asOptionalCustomer } from '../accounts/api';

// The catalogue's calls, apart from the checkout's (api.ts): the choose screen is a first page,
// and a page's chunks build every contract schema they hold when they load (decision 168).

/** Which catalogue a choose screen lists (part 2 section 2, Choose a pass). */
export type CatalogueMode = 'public' | 'customer' | 'visitor' | 'business';

/** The browser's zone: the rule check words its answer in it (the rules use the tenant's zone). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A catalogue's query; the server renderer fetches the guests' one before rendering the page. */
/** A private, sign-in-only portal: its passes are for its account holders (the server says 401). */
export function isCatalogueForMembersOnly(brand: BrandDetails | null | undefined): boolean {
  return Boolean(brand?.isPrivate && brand.isLoginOnly);
}

export function permitProductsQuery(mode: CatalogueMode, isSignedIn: boolean) {
  if (mode === 'business') return contractQuery(listBusinessPermitProductsContract, {}, asCustomer);
  const input = { query: { visitor_only: mode === 'visitor' ? ('true' as const) : undefined } };
  return contractQuery(
    listPermitProductsContract,
    input,
    asOptionalCustomer,
    isSignedIn ? 'customer' : 'guest',
  );
}

export function usePermitProducts(mode: CatalogueMode, isEnabled = true) {
  const jwt = useJwt();
  return useQuery({ ...permitProductsQuery(mode, Boolean(jwt)), enabled: isEnabled });
}

/** One product by its uuid; the server renderer fetches it for a guest's checkout (sold out at once). */
export function permitProductQuery(productUuid: string) {
  return {
    ...contractQuery(getPermitProductContract, { params: { id: productUuid } }),
    retry: false,
  };
}

export function usePermitProduct(productUuid: string) {
  return useQuery(permitProductQuery(productUuid));
}

/** A product's images; the server renderer fetches them with the catalogue, for its cards. */
export function productImagesQuery(productUuid: string) {
  return contractQuery(getPermitProductImagesContract, { params: { id: productUuid } });
}

export function useProductImages(productUuid: string) {
  return useQuery(productImagesQuery(productUuid));
}

export function useProductFields(productUuid: string) {
  return useQuery({
    ...contractQuery(getPermitProductFieldsContract, { params: { id: productUuid } }),
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
