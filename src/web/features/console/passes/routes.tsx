import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's passes pages (children of the console layout; paths under /dashboard). */
export const passesConsoleRoutes: RouteObject[] = [
  {
    path: 'passes',
    lazy: lazyPage(() => import('./passes-page').then((module) => module.PassesPage)),
  },
  {
    path: 'passes/:uuid',
    lazy: lazyPage(() => import('./pass-page').then((module) => module.PassPage)),
  },
];
