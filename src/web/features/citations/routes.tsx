import type { RouteObject } from 'react-router';
import { CitationDetailPage } from './citation-detail-page';
import { CitationsListPage } from './citations-list-page';

export const citationRoutes: RouteObject[] = [
  { path: '/citations', element: <CitationsListPage /> },
  { path: '/citations/:citationUUID', element: <CitationDetailPage /> },
];
