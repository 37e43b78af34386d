import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

/** The patrol app for enforcement officers (issue 29): its own chunk, never loaded by the public portal. */
export const patrolRoutes: RouteObject[] = [
  {
    path: paths.patrol.pattern,
    lazy: lazyPage(() => import('./patrol-page').then((module) => module.PatrolPage)),
  },
];
