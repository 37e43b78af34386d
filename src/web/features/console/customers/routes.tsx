import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';
import { needsAction } from '../nav-items';

/** The console's customers pages (children of the console layout; paths under /dashboard). */
export const customersConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.customers.pattern,
    lazy: lazyPage(() => import('./customers-page').then((module) => module.CustomersPage)),
  },
  {
    path: paths.console.signupCodes.pattern,
    handle: needsAction('customer.manage'),
    lazy: lazyPage(() => import('./signup-codes-page').then((module) => module.SignupCodesPage)),
  },
  {
    path: paths.console.customer.pattern,
    lazy: lazyPage(() => import('./customer-detail-page').then((module) => module.CustomerDetailPage)),
  },
];
