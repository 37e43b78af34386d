import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

/** The console's settings pages (children of the console layout; paths under /dashboard). */
export const settingsConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.settings.pattern,
    lazy: lazyPage(() => import('./settings-page').then((module) => module.SettingsPage)),
  },
];
