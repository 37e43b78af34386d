import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

export const notFoundRoutes: RouteObject[] = [
  {
    path: paths.notFound.pattern,
    lazy: lazyPage(() => import('./not-found-page').then((module) => module.NotFoundPage)),
  },
];
