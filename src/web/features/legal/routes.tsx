import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

export const legalRoutes: RouteObject[] = [
  {
    path: paths.privacy.pattern,
    lazy: lazyPage(() =>
      import('./legal-page').then(({ LegalPage }) => () => <LegalPage kind="privacy" />),
    ),
  },
  {
    path: paths.terms.pattern,
    lazy: lazyPage(() =>
      import('./legal-page').then(({ LegalPage }) => () => <LegalPage kind="terms" />),
    ),
  },
];
