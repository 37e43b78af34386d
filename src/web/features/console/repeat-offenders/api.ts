import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { exportRepeatOffendersContract, listRepeatOffendersContract } from '../../../../shared/contract';
import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { readOperatorToken } from '../../operator/operator-session';
import { CONSOLE_QUERY_ROOT } from '../console-api';
import { callAsOperator } from '../operator-call';

export const repeatOffendersKey = [CONSOLE_QUERY_ROOT, 'repeat-offenders'] as const;

export function useRepeatOffenders(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...repeatOffendersKey, query],
    queryFn: ({ signal }) => callAsOperator(listRepeatOffendersContract, { query }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the export: a plain link cannot send the operator's Authorization header. */
export function downloadRepeatOffenderExport() {
  return downloadFile({
    url: `${API_BASE}${exportRepeatOffendersContract.path}`,
    authorization: readOperatorToken() ?? '',
    fallbackName: 'repeat-offenders.csv',
  });
}
