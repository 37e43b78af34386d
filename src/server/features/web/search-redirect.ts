import { normaliseSearchTerm } from '../../../shared/rules/search-normalisation';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { findCitationsByPlateOrNumber } from '../citations';

/** Where the home page's search box sends its term when the browser submits the form itself. */
export const SEARCH_PATH = '/citations';
export const SEARCH_FIELD = 'search';

/**
 * The home page's search without the app (decision 158): before the app has taken over a
 * server-rendered page, the form is submitted by the browser as GET /citations?search=TERM. The
 * answer is what the app does on submit: the list by number when a notice has that number, by
 * plate otherwise; an empty term goes back home. Null when the URL is not such a search.
 */
export async function searchRedirect(
  db: Database,
  tenant: TenantRow | null,
  url: string,
): Promise<string | null> {
  const parsed = new URL(url, 'http://portal.invalid');
  if (parsed.pathname !== SEARCH_PATH || !parsed.searchParams.has(SEARCH_FIELD)) return null;
  const term = normaliseSearchTerm(parsed.searchParams.get(SEARCH_FIELD));
  if (!term || !tenant) return '/';
  const byNumber = await findCitationsByPlateOrNumber(db, tenant.id, { plate: null, number: term });
  return `${SEARCH_PATH}?${byNumber.length > 0 ? 'citationid' : 'plate'}=${encodeURIComponent(term)}`;
}
