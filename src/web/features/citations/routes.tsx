import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

/** The notice list and a notice's detail with its payment, each its own chunk (decision 070). */
export const citationRoutes: RouteObject[] = [
  {
    path: paths.citations.pattern,
    lazy: lazyPage(() => import('./citations-list-page').then((module) => module.CitationsListPage)),
  },
  {
    path: paths.citation.pattern,
    lazy: lazyPage(() => import('./citation-detail-page').then((module) => module.CitationDetailPage)),
  },
];
