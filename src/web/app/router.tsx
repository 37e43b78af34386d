import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/accounts/routes';
import { appealRoutes } from '../features/appeals/routes';
import { citationRoutes } from '../features/citations/routes';
import { consoleRoutes } from '../features/console/console-routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { notFoundRoutes } from '../features/not-found/routes';
import { operatorRoutes } from '../features/operator/routes';
import { passRoutes } from '../features/passes/routes';
import { patrolRoutes } from '../features/patrol/routes';
import { platformAdminRoutes } from '../features/platform-admin/routes';
import { reportRoutes } from '../features/reports/routes';
import { ticketviewRoutes } from '../features/ticketview/routes';
import { paths } from './page-paths';
import { Shell, ShellLoading } from './shell';

/**
 * Each feature contributes its own routes; unknown paths go to the landing page. Every page but the
 * landing page is loaded on demand (each features/<area>/routes.tsx uses lazyPage, decision 070): a new area
 * such as passes, reports or the operator console is one more routes.tsx listed here.
 */
const featureRoutes: RouteObject[] = [
  ...homeRoutes,
  ...citationRoutes,
  ...appealRoutes,
  ...ticketviewRoutes,
  ...accountRoutes,
  ...passRoutes,
  ...operatorRoutes,
  ...consoleRoutes,
  ...platformAdminRoutes,
  ...reportRoutes,
  ...patrolRoutes,
  ...legalRoutes,
  ...notFoundRoutes,
];

/**
 * The app's route tree, made fresh for each router: loading a lazy route writes into its object, so
 * the server gives every request its own (src/web/entry-server.tsx) and the browser one of its own.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Shell />,
      // Rendered instead of the shell until the first page's chunk has loaded (a direct visit to
      // any page but the landing page): the same frame, with a loading state for the page.
      HydrateFallback: ShellLoading,
      children: [
        ...featureRoutes.map(copyRoute),
        { path: '*', element: <Navigate to={paths.home()} replace /> },
      ],
    },
  ];
}

function copyRoute(route: RouteObject): RouteObject {
  return (
    route.children ? { ...route, children: route.children.map(copyRoute) } : { ...route }
  ) as RouteObject;
}

export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes);
}
