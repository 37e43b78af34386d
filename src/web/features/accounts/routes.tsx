import { Outlet, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/page-paths';
import { RedirectIfSignedIn, RequireTenant } from './session-guards';

/** Sign-in and sign-up pages: on a tenant's host only, and only while signed out. */
function SignedOutPages() {
  return (
    <RequireTenant>
      <RedirectIfSignedIn>
        <Outlet />
      </RedirectIfSignedIn>
    </RequireTenant>
  );
}

/** Pages on a tenant's host only, signed in or not. */
function TenantPages() {
  return (
    <RequireTenant>
      <Outlet />
    </RequireTenant>
  );
}

/**
 * Routes of part 1 section 2 (sign-up, sign-in, password, account) and the signed-in frame. Each
 * page is its own chunk (decision 070); the passes area of part 2 adds its pages here the same way.
 */
export const accountRoutes: RouteObject[] = [
  {
    element: <SignedOutPages />,
    children: [
      {
        path: paths.account.login.pattern,
        lazy: lazyPage(() => import('./login-page').then((module) => module.LoginPage)),
      },
      {
        path: paths.account.signup.pattern,
        lazy: lazyPage(() => import('./signup-page').then((module) => module.SignupPage)),
      },
      {
        path: paths.account.signupCode.pattern,
        lazy: lazyPage(() => import('./signup-code-page').then((module) => module.SignupCodePage)),
      },
    ],
  },
  {
    element: <TenantPages />,
    children: [
      {
        path: paths.account.sendPasswordReset.pattern,
        lazy: lazyPage(() =>
          import('./send-password-reset-page').then((module) => module.SendPasswordResetPage),
        ),
      },
      {
        path: paths.account.resetPassword.pattern,
        lazy: lazyPage(() => import('./reset-password-page').then((module) => module.ResetPasswordPage)),
      },
      {
        path: paths.account.verifyEmail.pattern,
        lazy: lazyPage(() => import('./verify-email-page').then((module) => module.VerifyEmailPage)),
      },
    ],
  },
  {
    lazy: lazyPage(() => import('./signed-in-layout').then((module) => module.SignedInLayout)),
    children: [
      {
        path: paths.account.settings.pattern,
        lazy: lazyPage(() => import('./account-page').then((module) => module.AccountPage)),
      },
      {
        path: paths.account.dashboard.pattern,
        lazy: lazyPage(() => import('../passes/dashboard-page').then((module) => module.PassesDashboardPage)),
      },
      {
        path: paths.passes.list.pattern,
        lazy: lazyPage(() =>
          import('../passes/passes-overview-page').then((module) => module.PassesOverviewPage),
        ),
      },
    ],
  },
];
