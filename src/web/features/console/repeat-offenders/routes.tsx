import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's repeat offenders (issue 31; a child of the console layout, under /dashboard). */
export const repeatOffendersConsoleRoutes: RouteObject[] = [
  {
    path: 'repeat-offenders',
    lazy: lazyPage(() => import('./repeat-offenders-page').then((module) => module.RepeatOffendersPage)),
  },
];
