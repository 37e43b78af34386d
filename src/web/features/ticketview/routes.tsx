import type { RouteObject } from 'react-router';
import { TicketviewPage } from './ticketview-page';
import { VerifyNoticePage } from './verify-notice-page';

export const ticketviewRoutes: RouteObject[] = [
  { path: '/citations/:citationUUID/ticketview', element: <TicketviewPage /> },
  { path: '/verify/:citationUUID/:signature', element: <VerifyNoticePage /> },
];
