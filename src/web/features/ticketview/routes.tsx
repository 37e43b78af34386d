import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const ticketviewRoutes: RouteObject[] = [
  {
    path: '/citations/:citationUUID/ticketview',
    lazy: lazyPage(() => import('./ticketview-page').then((module) => module.TicketviewPage)),
  },
  {
    path: '/verify/:citationUUID/:signature',
    lazy: lazyPage(() => import('./verify-notice-page').then((module) => module.VerifyNoticePage)),
  },
];
