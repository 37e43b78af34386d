import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's audit log pages (children of the console layout; paths under /dashboard). */
export const auditConsoleRoutes: RouteObject[] = [
  {
    path: '/dashboard/audit',
    lazy: lazyPage(() => import('./audit-page').then((module) => module.AuditPage)),
  },
];
