import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's customers pages (children of the console layout; paths under /dashboard). */
export const customersConsoleRoutes: RouteObject[] = [
  {
    path: 'customers',
    lazy: lazyPage(() => import('./customers-page').then((module) => module.CustomersPage)),
  },
  {
    path: 'customers/signup-codes',
    lazy: lazyPage(() => import('./signup-codes-page').then((module) => module.SignupCodesPage)),
  },
  {
    path: 'customers/:uuid',
    lazy: lazyPage(() => import('./customer-detail-page').then((module) => module.CustomerDetailPage)),
  },
];
