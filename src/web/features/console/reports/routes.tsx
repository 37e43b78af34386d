import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's reports pages (children of the console layout; paths under /dashboard). */
export const reportsConsoleRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: lazyPage(() => import('./reports-page').then((module) => module.ReportsPage)),
  },
];
