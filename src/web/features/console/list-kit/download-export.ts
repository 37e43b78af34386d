import { buildQuery } from '../../../../shared/contract';
import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { readOperatorToken } from '../../operator/operator-session';

/**
 * Downloads a list's filtered export (an `export…Contract`: GET, answered as a CSV file) with
 * the list's filters and order: a plain link cannot send the operator's Authorization header.
 */
export function downloadListExport(
  contract: { path: string },
  filter: Record<string, unknown>,
  fallbackName: string,
) {
  return downloadFile({
    url: `${API_BASE}${contract.path}${buildQuery(filter)}`,
    authorization: readOperatorToken() ?? '',
    fallbackName,
  });
}
