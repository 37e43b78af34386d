import { useQuery } from '@tanstack/react-query';
import {
  getTenantSettingsContract,
  type TenantSettingsBody,
  updateTenantSettingsContract,
} from '../../../../shared/contract';
import { callApi } from '../../../lib/api-client';
import { readOperatorToken } from '../../operator/operator-session';
import { CONSOLE_QUERY_ROOT } from '../console-api';

export const tenantSettingsKey = [CONSOLE_QUERY_ROOT, 'settings'] as const;

export function useTenantSettings() {
  return useQuery({
    queryKey: tenantSettingsKey,
    queryFn: ({ signal }) =>
      callApi(getTenantSettingsContract, {}, { signal, authorization: readOperatorToken() }),
  });
}

export function saveTenantSettings(body: TenantSettingsBody) {
  return callApi(updateTenantSettingsContract, { body }, { authorization: readOperatorToken() });
}
