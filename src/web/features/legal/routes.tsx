import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const legalRoutes: RouteObject[] = [
  {
    path: '/privacy',
    lazy: lazyPage(() =>
      import('./legal-page').then(({ LegalPage }) => () => <LegalPage kind="privacy" />),
    ),
  },
  {
    path: '/terms',
    lazy: lazyPage(() =>
      import('./legal-page').then(({ LegalPage }) => () => <LegalPage kind="terms" />),
    ),
  },
];
