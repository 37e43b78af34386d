import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

export const ticketviewRoutes: RouteObject[] = [
  {
    path: paths.ticketview.pattern,
    lazy: lazyPage(() => import('./ticketview-page').then((module) => module.TicketviewPage)),
  },
  {
    path: paths.verifyNotice.pattern,
    lazy: lazyPage(() => import('./verify-notice-page').then((module) => module.VerifyNoticePage)),
  },
];
