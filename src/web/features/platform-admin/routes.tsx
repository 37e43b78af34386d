import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

/** The platform admin's pages on the bare host (docs/decisions/146), each its own chunk. */
export const platformAdminRoutes: RouteObject[] = [
  {
    path: paths.admin.login.pattern,
    lazy: lazyPage(() =>
      import('./platform-admin-login-page').then((module) => module.PlatformAdminLoginPage),
    ),
  },
  {
    path: paths.admin.tenants.pattern,
    lazy: lazyPage(() => import('./platform-tenants-page').then((module) => module.PlatformTenantsPage)),
  },
];
