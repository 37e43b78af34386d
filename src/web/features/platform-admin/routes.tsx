import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** The platform admin's pages on the bare host (docs/decisions/146), each its own chunk. */
export const platformAdminRoutes: RouteObject[] = [
  {
    path: '/admin/login',
    lazy: lazyPage(() =>
      import('./platform-admin-login-page').then((module) => module.PlatformAdminLoginPage),
    ),
  },
  {
    path: '/admin/tenants',
    lazy: lazyPage(() => import('./platform-tenants-page').then((module) => module.PlatformTenantsPage)),
  },
];
