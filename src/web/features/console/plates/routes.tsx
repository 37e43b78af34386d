import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';

const page = lazyPage(() => import('./plate-lookup-page').then((module) => module.PlateLookupPage));

/** The console's plate lookup (issue 33; children of the console layout). */
export const platesConsoleRoutes: RouteObject[] = [
  { path: paths.console.plates.pattern, lazy: page },
  { path: paths.console.plate.pattern, lazy: page },
];
