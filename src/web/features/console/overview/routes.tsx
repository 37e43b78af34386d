import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's overview pages (children of the console layout; paths under /dashboard). */
export const overviewConsoleRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('./overview-page').then((module) => module.OverviewPage)) },
];
