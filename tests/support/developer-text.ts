/**
 * Words a person must never read in an answer (issue 33): zod's and the old handler's words, a
 * field's code name (`endDate`, `scans.2.plate`), JavaScript's `undefined`. The generated bad-input
 * test and the error messages' unit test both hold every 4xx message to it.
 */
export const DEVELOPER_TEXT =
  /Invalid (body|params|query|querystring|headers|request|input)|\b[Ee]xpected\b|\bRequired\b|\bundefined\b|\bNaN\b|\b[A-Za-z_]\w*(\.\d+)+\b|\b[a-z]+[A-Z][A-Za-z]*\b|FST_|\bBody\b|content-type/;
