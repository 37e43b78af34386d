import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/accounts/routes';
import { appealRoutes } from '../features/appeals/routes';
import { citationRoutes } from '../features/citations/routes';
import { homeRoutes } from '../features/home/routes';
import { legalRoutes } from '../features/legal/routes';
import { notFoundRoutes } from '../features/not-found/routes';
import { passRoutes } from '../features/passes/routes';
import { ticketviewRoutes } from '../features/ticketview/routes';
import { paths } from './page-paths';
import { Shell, ShellLoading } from './shell';

/**
 * Each feature contributes its own routes; unknown paths go to the landing page. Every page but the
 * landing page is loaded on demand (each features/<area>/routes.tsx uses lazyPage, decision 070): a
 * new public area is one more routes.tsx listed here, a new staff area one in staff-routes.tsx.
 */
const publicRoutes: RouteObject[] = [
  ...homeRoutes,
  ...citationRoutes,
  ...appealRoutes,
  ...ticketviewRoutes,
  ...accountRoutes,
  ...passRoutes,
  ...legalRoutes,
  ...notFoundRoutes,
];

/**
 * Where staff-routes.tsx's pages live. The browser fetches those routes on the first visit to one
 * of these paths (decision 248); no public page's path starts with them.
 */
export const STAFF_AREAS = ['/dashboard', '/admin', '/reports', '/patrol'] as const;

export function isStaffPath(pathname: string): boolean {
  return STAFF_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/** The staff areas' routes, a chunk of their own. */
export const loadStaffRoutes = () => import('./staff-routes').then((module) => module.staffRoutes);

/** The shell's route id: the staff routes are added under it. */
const SHELL_ROUTE_ID = 'shell';

/**
 * The app's route tree, made fresh for each router: loading a lazy route writes into its object, so
 * the server gives every request its own (src/web/entry-server.tsx) and the browser one of its own.
 * `staffRoutes` are given by the server, which serves every page, and by a browser that opens a
 * staff page; any other browser adds them when it first goes to one (createAppRouter).
 */
export function appRoutes(staffRoutes: readonly RouteObject[] = []): RouteObject[] {
  return [
    {
      id: SHELL_ROUTE_ID,
      element: <Shell />,
      // Rendered instead of the shell until the first page's chunk has loaded (a direct visit to
      // any page but the landing page): the same frame, with a loading state for the page.
      HydrateFallback: ShellLoading,
      children: [
        ...[...publicRoutes, ...staffRoutes].map(copyRoute),
        { path: '*', element: <Navigate to={paths.home()} replace /> },
      ],
    },
  ];
}

/** The route tree a browser starts with at `pathname`: with the staff routes on a staff page. */
export async function appRoutesFor(pathname: string): Promise<RouteObject[]> {
  return appRoutes(isStaffPath(pathname) ? await loadStaffRoutes() : []);
}

function copyRoute(route: RouteObject): RouteObject {
  return (
    route.children ? { ...route, children: route.children.map(copyRoute) } : { ...route }
  ) as RouteObject;
}

/**
 * The browser's router. A path no route serves but the catch-all (a staff page before the staff
 * routes are loaded) asks React Router's patchRoutesOnNavigation, which adds them: the catch-all
 * is a splat, so React Router asks before it redirects.
 */
export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, matches, patch }) {
      const leaf = matches.at(-1);
      if (!isStaffPath(path) || (leaf && leaf.route.path !== '*')) return;
      patch(SHELL_ROUTE_ID, (await loadStaffRoutes()).map(copyRoute));
    },
  });
}
