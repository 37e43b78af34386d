/** The id of the inert JSON element in which the server hands the page its brand. */
export const BRAND_DATA_ELEMENT_ID = 'brand-data';

/** The id of the inert JSON element with the queries a server-rendered page was rendered from. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** The inert JSON element holding the tenant zone's UTC offsets (decision 173). */
export const ZONE_OFFSETS_ELEMENT_ID = 'zone-offsets';
