import type { RouteObject } from 'react-router';
import { HomePage } from './home-page';

export const homeRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: '/landing', element: <HomePage /> },
];
