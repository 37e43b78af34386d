import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { exportRepeatOffendersContract, listRepeatOffendersContract } from '../../../../shared/contract';
import { API_BASE } from '../../../lib/api-client';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { downloadFile } from '../../../lib/download-file';
import { readOperatorToken } from '../../operator/operator-session';
import { callAsOperator } from '../operator-call';

export const repeatOffendersKey = contractKey(listRepeatOffendersContract);

export function useRepeatOffenders(query: { page: number; pageSize: number }) {
  return useQuery({
    ...contractQuery(listRepeatOffendersContract, { query }, callAsOperator),
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
