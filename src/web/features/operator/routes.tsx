import type { RouteObject } from 'react-router';
import { DashboardAppealsPage } from './dashboard-appeals-page';
import { OperatorLoginPage } from './operator-login-page';

/** The minimal operator side: sign in and answer appeals. The full console comes later. */
export const operatorRoutes: RouteObject[] = [
  { path: '/dashboard/login', element: <OperatorLoginPage /> },
  { path: '/dashboard/appeals', element: <DashboardAppealsPage /> },
];
