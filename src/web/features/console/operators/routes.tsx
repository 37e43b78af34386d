import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's operators pages (children of the console layout; paths under /dashboard). */
export const operatorsConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.operators.pattern,
    lazy: lazyPage(() => import('./operators-page').then((module) => module.OperatorsPage)),
  },
];
