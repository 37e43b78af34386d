import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's reports pages (children of the console layout; paths under /dashboard). */
export const reportsConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.reports.pattern,
    lazy: lazyPage(() => import('./reports-page').then((module) => module.ReportsPage)),
  },
];
