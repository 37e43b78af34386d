import { useQuery } from '@tanstack/react-query';
import { getReportColumnsContract } from '../../../shared/contract';
import { callApi } from '../../lib/api-client';

export function useReportData(reportUUID: string | undefined) {
  return useQuery({
    queryKey: ['report', reportUUID],
    // The compact columnar form of the report's data (decision 124).
    queryFn: ({ signal }) =>
      callApi(getReportColumnsContract, { params: { id: reportUUID ?? '' } }, { signal }),
    enabled: Boolean(reportUUID),
    retry: false,
    // A report is read, not edited: keep the (possibly large) answer while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
