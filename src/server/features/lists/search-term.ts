/**
 * The kept search terms (customer_search_terms, pass_search_terms; migration 1270) hold at most
 * this many characters, so an index entry stays small whatever a name's length.
 */
export const SEARCH_TERM_LENGTH = 200;

/** What a typed search is compared with: lower-cased and cut as the kept terms are (in characters, as PostgreSQL's left()). */
export function searchTermOf(typed: string): string {
  return Array.from(typed.toLowerCase()).slice(0, SEARCH_TERM_LENGTH).join('');
}
