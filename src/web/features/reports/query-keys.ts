/**
 * The report's query keys, apart from the queries (api.ts): the map's early start reads the
 * summary from the page's data by its key without loading the API client (decision 164).
 */
export const reportSummaryKey = (reportUUID: string | undefined) =>
  ['report', reportUUID, 'summary'] as const;

export const reportScansKey = (reportUUID: string | undefined, page: number) =>
  ['report', reportUUID, 'scans', page] as const;
