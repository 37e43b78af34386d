import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const appealRoutes: RouteObject[] = [
  {
    path: '/noticeappeal',
    lazy: lazyPage(() => import('./appeal-search-page').then((module) => module.AppealSearchPage)),
  },
  {
    path: '/noticeappeal/:citationUUID',
    lazy: lazyPage(() => import('./appeal-page').then((module) => module.AppealPage)),
  },
];
