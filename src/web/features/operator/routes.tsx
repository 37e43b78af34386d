import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';

/**
 * The operator's pages outside the console frame: sign in, forgot password, set a password from
 * an emailed link. Each page is its own chunk (decision 070); the console is console-routes.tsx.
 */
export const operatorRoutes: RouteObject[] = [
  {
    path: paths.console.login.pattern,
    lazy: lazyPage(() => import('./operator-login-page').then((module) => module.OperatorLoginPage)),
  },
  {
    path: paths.console.forgotPassword.pattern,
    lazy: lazyPage(() =>
      import('./operator-forgot-password-page').then((module) => module.OperatorForgotPasswordPage),
    ),
  },
  {
    path: paths.console.setPassword.pattern,
    lazy: lazyPage(() =>
      import('./operator-set-password-page').then((module) => module.OperatorSetPasswordPage),
    ),
  },
];
