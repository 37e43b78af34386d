/** The id of the inert JSON element in which the server hands the page its brand. */
export const BRAND_DATA_ELEMENT_ID = 'brand-data';
