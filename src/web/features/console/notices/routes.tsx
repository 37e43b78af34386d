import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { paths } from '../../../app/page-paths';
import { needsAction } from '../nav-items';

/** The console's notices pages (children of the console layout; paths under /dashboard). */
export const noticesConsoleRoutes: RouteObject[] = [
  {
    path: paths.console.notices.pattern,
    lazy: lazyPage(() => import('./notices-page').then((module) => module.NoticesPage)),
  },
  {
    path: paths.console.newNotice.pattern,
    handle: needsAction('notice.create'),
    lazy: lazyPage(() => import('./new-notice-page').then((module) => module.NewNoticePage)),
  },
  {
    path: paths.console.importNotices.pattern,
    handle: needsAction('notice.edit'),
    lazy: lazyPage(() => import('./notice-import-page').then((module) => module.NoticeImportPage)),
  },
  {
    path: paths.console.violationCodes.pattern,
    handle: needsAction('violation-code.manage'),
    lazy: lazyPage(() => import('./violation-codes-page').then((module) => module.ViolationCodesPage)),
  },
  {
    path: paths.console.notice.pattern,
    lazy: lazyPage(() => import('./notice-detail-page').then((module) => module.NoticeDetailPage)),
  },
];
