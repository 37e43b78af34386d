import type { RouteObject } from 'react-router';
import { AppealPage } from './appeal-page';
import { AppealSearchPage } from './appeal-search-page';

export const appealRoutes: RouteObject[] = [
  { path: '/noticeappeal', element: <AppealSearchPage /> },
  { path: '/noticeappeal/:citationUUID', element: <AppealPage /> },
];
