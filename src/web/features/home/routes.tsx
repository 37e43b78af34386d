import type { RouteObject } from 'react-router';
import { HomePage } from './home-page';

/**
 * The landing page is the one page in the first download, loaded eagerly: a visitor who just found
 * a notice on the windscreen sees it without waiting for a second chunk (decision 070).
 */
export const homeRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: '/landing', element: <HomePage /> },
];
