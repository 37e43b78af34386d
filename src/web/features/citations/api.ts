import { type QueryClient, useQuery } from '@tanstack/react-query';
import {
  getCitationContract,
  searchCitationsContract,
  suggestPlatesContract,
} from '../../../shared/contract';
import { isCitationPaid, normaliseSearchTerm, searchTermForPath, tenantForPath } from '../../../shared/rules';
import { contractQuery } from '../../lib/contract-query';

export interface CitationSearch {
  plate?: string | null;
  citationNumber?: string | null;
}

/** The search a /citations address asks for: ?plate= or ?citationid=, normalised. */
export function citationSearchFromParams(params: URLSearchParams): { plate: string; citationNumber: string } {
  return {
    plate: normaliseSearchTerm(params.get('plate')),
    citationNumber: normaliseSearchTerm(params.get('citationid')),
  };
}

/** The search's query; the server renderer fetches the same one before rendering the list. */
export function citationSearchQuery(search: CitationSearch, subdomain: string | undefined) {
  const plate = searchTermForPath(search.plate);
  const number = searchTermForPath(search.citationNumber);
  const tenant = tenantForPath(subdomain);
  return contractQuery(searchCitationsContract, { params: { plate, number, subdomain: tenant } });
}

export function useCitationSearch(search: CitationSearch, subdomain: string | undefined) {
  return useQuery({
    ...citationSearchQuery(search, subdomain),
    enabled: Boolean(search.plate || search.citationNumber),
  });
}

/** Runs a search ahead of navigation; the list page then reads the same cached answer. */
export function prefetchCitationSearch(
  queryClient: QueryClient,
  search: CitationSearch,
  subdomain: string | undefined,
) {
  return queryClient.fetchQuery(citationSearchQuery(search, subdomain));
}

/** How often a page waiting for a payment to be confirmed asks again. */
const PAYMENT_CONFIRMATION_POLL_MS = 2000;

/**
 * One notice. With `awaitingPayment` (back from the checkout) it is fetched again until the
 * provider's event has marked it paid: the payment is recorded by the event, not by the return.
 */
/** One notice's query; the server renderer fetches the same one before rendering the notice. */
export function citationQuery(uuid: string | undefined) {
  return contractQuery(getCitationContract, { params: { uuid: uuid ?? '' } });
}

export function useCitation(
  uuid: string | undefined,
  options: { awaitingPayment?: boolean; awaitingPlan?: boolean } = {},
) {
  return useQuery({
    ...citationQuery(uuid),
    enabled: Boolean(uuid),
    // A plan's first instalment leaves the notice open: it is confirmed once the plan is in force.
    refetchInterval: (query) =>
      options.awaitingPayment &&
      query.state.data &&
      !isCitationPaid(query.state.data) &&
      !(options.awaitingPlan && query.state.data.paymentPlan)
        ? PAYMENT_CONFIRMATION_POLL_MS
        : false,
  });
}

/** 'Did you mean ...?' plates for a plate search that found nothing; only asked for then. */
export function usePlateSuggestions(plate: string | null, subdomain: string | undefined, isWanted: boolean) {
  const tenant = tenantForPath(subdomain);
  return useQuery({
    ...contractQuery(suggestPlatesContract, {
      params: { plate: searchTermForPath(plate), subdomain: tenant },
    }),
    enabled: isWanted && Boolean(plate),
    retry: false,
  });
}
