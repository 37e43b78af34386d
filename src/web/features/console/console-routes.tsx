import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';
import { auditConsoleRoutes } from './audit/routes';
import { customersConsoleRoutes } from './customers/routes';
import { noticesConsoleRoutes } from './notices/routes';
import { operatorsConsoleRoutes } from './operators/routes';
import { overviewConsoleRoutes } from './overview/routes';
import { passesConsoleRoutes } from './passes/routes';
import { platesConsoleRoutes } from './plates/routes';
import { productsConsoleRoutes } from './products/routes';
import { repeatOffendersConsoleRoutes } from './repeat-offenders/routes';
import { reportsConsoleRoutes } from './reports/routes';
import { settingsConsoleRoutes } from './settings/routes';
import { waitlistsConsoleRoutes } from './waitlists/routes';

/**
 * The operator console under /dashboard (issue 11): one lazily loaded layout (menu, operator,
 * sign-out) around each section's pages, so none of it reaches the public portal's bundle.
 * Each section adds its pages in its own routes.tsx; sign-in stays outside the layout.
 */
export const consoleRoutes: RouteObject[] = [
  {
    path: paths.console.overview.pattern,
    lazy: lazyPage(() => import('./console-layout').then((module) => module.ConsoleLayout)),
    children: [
      {
        // The appeals queue predates the console's sections; it keeps its path inside the frame.
        path: paths.console.appeals.pattern,
        lazy: lazyPage(() =>
          import('../operator/dashboard-appeals-page').then((module) => module.DashboardAppealsPage),
        ),
      },
      ...overviewConsoleRoutes,
      ...platesConsoleRoutes,
      ...noticesConsoleRoutes,
      ...repeatOffendersConsoleRoutes,
      ...passesConsoleRoutes,
      ...productsConsoleRoutes,
      ...waitlistsConsoleRoutes,
      ...customersConsoleRoutes,
      ...reportsConsoleRoutes,
      ...settingsConsoleRoutes,
      ...operatorsConsoleRoutes,
      ...auditConsoleRoutes,
    ],
  },
];
