import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getReportScansContract, getReportSummaryContract } from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { reportScansKey, reportSummaryKey } from './query-keys';

/** A report is read, not edited: what was fetched stays while the page is open. */
const READ_ONCE = { retry: false, staleTime: Number.POSITIVE_INFINITY } as const;

/**
 * The report's totals, extent and heat map cells: the first screen (decision 155). The server
 * renderer fetches the same query before rendering the page.
 */
export function reportSummaryQuery(reportUUID: string | undefined) {
  return {
    queryKey: reportSummaryKey(reportUUID),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(getReportSummaryContract, { params: { id: reportUUID ?? '' } }, { signal }),
    ...READ_ONCE,
  };
}

/**
 * One page of the report's scan list, read from the server. `after` (the previous page's
 * nextCursor) reads the same page by keyset, cheap however deep (decision 231).
 */
export function reportScansQuery(reportUUID: string | undefined, page: number, after?: string) {
  return {
    queryKey: reportScansKey(reportUUID, page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(
        getReportScansContract,
        { params: { id: reportUUID ?? '' }, query: after ? { page, after } : { page } },
        { signal },
      ),
    ...READ_ONCE,
  };
}

export function useReportSummary(reportUUID: string | undefined) {
  return useQuery({ ...reportSummaryQuery(reportUUID), enabled: Boolean(reportUUID) });
}

/** The page shown stays while the next one loads. */
export function useReportScans(reportUUID: string, page: number, after?: string) {
  return useQuery({ ...reportScansQuery(reportUUID, page, after), placeholderData: keepPreviousData });
}
