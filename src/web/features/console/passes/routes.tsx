import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's passes pages (children of the console layout; paths under /dashboard). */
export const passesConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.passes.pattern,
    lazy: lazyPage(() => import('./passes-page').then((module) => module.PassesPage)),
  },
  {
    path: paths.console.pass.pattern,
    lazy: lazyPage(() => import('./pass-page').then((module) => module.PassPage)),
  },
];
