import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const notFoundRoutes: RouteObject[] = [
  {
    path: '/404',
    lazy: lazyPage(() => import('./not-found-page').then((module) => module.NotFoundPage)),
  },
];
