import type { RouteObject } from 'react-router';
import { consoleRoutes } from '../features/console/console-routes';
import { operatorRoutes } from '../features/operator/routes';
import { patrolRoutes } from '../features/patrol/routes';
import { platformAdminRoutes } from '../features/platform-admin/routes';
import { reportRoutes } from '../features/reports/routes';

/**
 * The staff's areas: the operator console and its sign-in, the platform admin, shared patrol
 * reports and the patrol app. A chunk of its own (router.tsx loads it on the first visit to one of
 * STAFF_AREAS), so their route tables and the lists of chunks their pages preload are not in the
 * public landing page's download (issue 14's budget, decision 248).
 */
export const staffRoutes: RouteObject[] = [
  ...operatorRoutes,
  ...consoleRoutes,
  ...platformAdminRoutes,
  ...reportRoutes,
  ...patrolRoutes,
];
