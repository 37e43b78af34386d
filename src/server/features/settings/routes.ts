import { getTenantSettingsContract, updateTenantSettingsContract } from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { requireConsoleAccess } from '../operators';
import { toTenantSettings, updateTenantSettings } from './tenant-settings';

/** The console's brand and settings page (tenant admins: 'settings.manage'). */
export async function tenantSettingsRoutes(app: ApiInstance) {
  const { db, storage, clock } = app.deps;

  registerRoute(app, getTenantSettingsContract, async (request) => {
    const { tenant } = await requireConsoleAccess(request, getTenantSettingsContract);
    // Fresh from the database: the cached row may be a few seconds old.
    return toTenantSettings((await app.tenants.reload(tenant.subdomain)) ?? tenant);
  });

  registerRoute(app, updateTenantSettingsContract, async (request) => {
    const access = await requireConsoleAccess(request, updateTenantSettingsContract);
    const settings = await updateTenantSettings({ db, storage, clock, access, changes: request.body });
    // The portal's pages are rendered with the cached tenant: every process shows the change at once.
    await app.tenants.changed(access.tenant.subdomain);
    return settings;
  });
}
