import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/accounts/routes';
import { appealRoutes } from '../features/appeals/routes';
import { citationRoutes } from '../features/citations/routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { notFoundRoutes } from '../features/not-found/routes';
import { operatorRoutes } from '../features/operator/routes';
import { ticketviewRoutes } from '../features/ticketview/routes';
import { Shell } from './shell';

/** Each feature contributes its own routes; unknown paths go to the landing page. */
const featureRoutes: RouteObject[] = [
  ...homeRoutes,
  ...citationRoutes,
  ...appealRoutes,
  ...ticketviewRoutes,
  ...accountRoutes,
  ...operatorRoutes,
  ...legalRoutes,
  ...notFoundRoutes,
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <Shell />,
      children: [...featureRoutes, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ]);
}
