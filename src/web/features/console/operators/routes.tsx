import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's operators pages (children of the console layout; paths under /dashboard). */
export const operatorsConsoleRoutes: RouteObject[] = [
  {
    path: '/dashboard/operators',
    lazy: lazyPage(() => import('./operators-page').then((module) => module.OperatorsPage)),
  },
];
