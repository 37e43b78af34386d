import { useQuery } from '@tanstack/react-query';
import {
  getTenantSettingsContract,
  type TenantSettingsBody,
  updateTenantSettingsContract,
} from '../../../../shared/contract';
import { CONSOLE_QUERY_ROOT } from '../console-api';
import { callAsOperator } from '../operator-call';

export const tenantSettingsKey = [CONSOLE_QUERY_ROOT, 'settings'] as const;

export function useTenantSettings() {
  return useQuery({
    queryKey: tenantSettingsKey,
    queryFn: ({ signal }) => callAsOperator(getTenantSettingsContract, {}, signal),
  });
}

export function saveTenantSettings(body: TenantSettingsBody) {
  return callAsOperator(updateTenantSettingsContract, { body });
}
