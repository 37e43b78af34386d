import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

/** The activity report, its own chunk; its map library is a further chunk loaded by the map (decision 124). */
export const reportRoutes: RouteObject[] = [
  {
    path: paths.report.pattern,
    lazy: lazyPage(() => import('./report-page').then((module) => module.ReportPage)),
  },
];
