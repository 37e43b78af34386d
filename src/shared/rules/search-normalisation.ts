/** The value sent in place of an empty search term or tenant (part 1 section 5). */
export const BLANK_SEARCH_TERM = 'blank';
export const BARE_HOST_TENANT = 'www';

/** Plates and notice numbers: whitespace removed, upper-cased. */
export function normaliseSearchTerm(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

/** The path segment for a search term: the normalised value, or 'blank' when it is empty. */
export function searchTermForPath(value: string | null | undefined): string {
  return normaliseSearchTerm(value) || BLANK_SEARCH_TERM;
}

/** Reads a path segment back: 'blank' (in any case) means no value. */
export function searchTermFromPath(segment: string): string | null {
  const value = normaliseSearchTerm(segment);
  return value === '' || value === BLANK_SEARCH_TERM.toUpperCase() ? null : value;
}

export function tenantForPath(subdomain: string | null | undefined): string {
  return subdomain?.trim() || BARE_HOST_TENANT;
}
