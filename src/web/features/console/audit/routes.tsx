import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's audit log pages (children of the console layout; paths under /dashboard). */
export const auditConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.audit.pattern,
    lazy: lazyPage(() => import('./audit-page').then((module) => module.AuditPage)),
  },
];
