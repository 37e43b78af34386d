import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

const page = lazyPage(() => import('./plate-lookup-page').then((module) => module.PlateLookupPage));

/** The console's plate lookup (issue 33; children of the console layout). */
export const platesConsoleRoutes: RouteObject[] = [
  { path: '/dashboard/plates', lazy: page },
  { path: '/dashboard/plates/:plate', lazy: page },
];
