import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's settings pages (children of the console layout; paths under /dashboard). */
export const settingsConsoleRoutes: RouteObject[] = [
  {
    path: '/dashboard/settings',
    lazy: lazyPage(() => import('./settings-page').then((module) => module.SettingsPage)),
  },
];
