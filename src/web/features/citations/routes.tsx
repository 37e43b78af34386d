import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** The notice list and a notice's detail with its payment, each its own chunk (decision 070). */
export const citationRoutes: RouteObject[] = [
  {
    path: '/citations',
    lazy: lazyPage(() => import('./citations-list-page').then((module) => module.CitationsListPage)),
  },
  {
    path: '/citations/:citationUUID',
    lazy: lazyPage(() => import('./citation-detail-page').then((module) => module.CitationDetailPage)),
  },
];
