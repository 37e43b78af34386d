import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's repeat offenders (issue 31; a child of the console layout, under /dashboard). */
export const repeatOffendersConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.repeatOffenders.pattern,
    lazy: lazyPage(() => import('./repeat-offenders-page').then((module) => module.RepeatOffendersPage)),
  },
];
