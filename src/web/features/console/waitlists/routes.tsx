import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's waitlists page (issue 31; a child of the console layout, under /dashboard). */
export const waitlistsConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.waitlists.pattern,
    lazy: lazyPage(() => import('./waitlists-page').then((module) => module.WaitlistsPage)),
  },
];
