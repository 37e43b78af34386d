import type { RouteObject } from 'react-router';
import { paths } from '../../app/page-paths';
import { HomePage } from './home-page';

/**
 * The landing page is the one page in the first download, loaded eagerly: a visitor who just found
 * a notice on the windscreen sees it without waiting for a second chunk (decision 070).
 */
export const homeRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: paths.landing.pattern, element: <HomePage /> },
];
