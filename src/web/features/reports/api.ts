import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getReportScansContract, getReportSummaryContract } from '../../../shared/contract';
import { callApi } from '../../lib/api-client';

/** The report's totals, extent and heat map cells: the first screen (decision 155). */
export function useReportSummary(reportUUID: string | undefined) {
  return useQuery({
    queryKey: ['report', reportUUID, 'summary'],
    queryFn: ({ signal }) =>
      callApi(getReportSummaryContract, { params: { id: reportUUID ?? '' } }, { signal }),
    enabled: Boolean(reportUUID),
    retry: false,
    // A report is read, not edited: keep it while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One page of the report's scan list, read from the server; the page shown stays while the next one loads. */
export function useReportScans(reportUUID: string, page: number) {
  return useQuery({
    queryKey: ['report', reportUUID, 'scans', page],
    queryFn: ({ signal }) =>
      callApi(getReportScansContract, { params: { id: reportUUID }, query: { page } }, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}
