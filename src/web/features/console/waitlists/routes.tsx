import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's waitlists page (issue 31; a child of the console layout, under /dashboard). */
export const waitlistsConsoleRoutes: RouteObject[] = [
  {
    path: 'waitlists',
    lazy: lazyPage(() => import('./waitlists-page').then((module) => module.WaitlistsPage)),
  },
];
