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

/** One page of the report's scan list, read from the server. */
export function reportScansQuery(reportUUID: string | undefined, page: number) {
  return {
    queryKey: reportScansKey(reportUUID, page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(getReportScansContract, { params: { id: reportUUID ?? '' }, query: { page } }, { signal }),
    ...READ_ONCE,
  };
}

export function useReportSummary(reportUUID: string | undefined) {
  return useQuery({ ...reportSummaryQuery(reportUUID), enabled: Boolean(reportUUID) });
}

/** The page shown stays while the next one loads. */
export function useReportScans(reportUUID: string, page: number) {
  return useQuery({ ...reportScansQuery(reportUUID, page), placeholderData: keepPreviousData });
}
