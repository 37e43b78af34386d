import type { RouteObject } from 'react-router';
import { TicketviewPage } from './ticketview-page';

export const ticketviewRoutes: RouteObject[] = [
  { path: '/citations/:citationUUID/ticketview', element: <TicketviewPage /> },
];
