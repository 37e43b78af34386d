import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

export const appealRoutes: RouteObject[] = [
  {
    path: paths.appealSearch.pattern,
    lazy: lazyPage(() => import('./appeal-search-page').then((module) => module.AppealSearchPage)),
  },
  {
    path: paths.appeal.pattern,
    lazy: lazyPage(() => import('./appeal-page').then((module) => module.AppealPage)),
  },
];
