import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';

/** The console's notices pages (children of the console layout; paths under /dashboard). */
export const noticesConsoleRoutes: RouteObject[] = [
  {
    path: 'notices',
    lazy: lazyPage(() => import('./notices-page').then((module) => module.NoticesPage)),
  },
  {
    path: 'notices/new',
    lazy: lazyPage(() => import('./new-notice-page').then((module) => module.NewNoticePage)),
  },
  {
    path: 'notices/import',
    lazy: lazyPage(() => import('./notice-import-page').then((module) => module.NoticeImportPage)),
  },
  {
    path: 'notices/codes',
    lazy: lazyPage(() => import('./violation-codes-page').then((module) => module.ViolationCodesPage)),
  },
  {
    path: 'notices/:uuid',
    lazy: lazyPage(() => import('./notice-detail-page').then((module) => module.NoticeDetailPage)),
  },
];
