import type { RouteObject } from 'react-router';
import { LegalPage } from './legal-page';

export const legalRoutes: RouteObject[] = [
  { path: '/privacy', element: <LegalPage kind="privacy" /> },
  { path: '/terms', element: <LegalPage kind="terms" /> },
];
