import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * The minimal operator side: sign in and answer appeals, each page its own chunk (decision 070).
 * The full console of part 2 adds its pages here the same way, so none of it reaches the public.
 */
export const operatorRoutes: RouteObject[] = [
  {
    path: '/dashboard/login',
    lazy: lazyPage(() => import('./operator-login-page').then((module) => module.OperatorLoginPage)),
  },
  {
    path: '/dashboard/appeals',
    lazy: lazyPage(() => import('./dashboard-appeals-page').then((module) => module.DashboardAppealsPage)),
  },
];
