import type { RouteObject } from 'react-router';
import { AccountPage } from './account-page';
import { LoginPage } from './login-page';
import { DashboardPlaceholderPage, PassesPlaceholderPage } from './placeholder-pages';
import { ResetPasswordPage } from './reset-password-page';
import { SendPasswordResetPage } from './send-password-reset-page';
import { RedirectIfSignedIn, RequireTenant } from './session-guards';
import { SignedInLayout } from './signed-in-layout';
import { SignupCodePage } from './signup-code-page';
import { SignupPage } from './signup-page';
import { VerifyEmailPage } from './verify-email-page';

/** Routes of part 1 section 2 (sign-up, sign-in, password, account) and the signed-in frame. */
export const accountRoutes: RouteObject[] = [
  {
    path: '/permits/login',
    element: (
      <RequireTenant>
        <RedirectIfSignedIn>
          <LoginPage />
        </RedirectIfSignedIn>
      </RequireTenant>
    ),
  },
  {
    path: '/permits/signup',
    element: (
      <RequireTenant>
        <RedirectIfSignedIn>
          <SignupPage />
        </RedirectIfSignedIn>
      </RequireTenant>
    ),
  },
  {
    path: '/permits/signup-code',
    element: (
      <RequireTenant>
        <RedirectIfSignedIn>
          <SignupCodePage />
        </RedirectIfSignedIn>
      </RequireTenant>
    ),
  },
  {
    path: '/permits/send_password_reset',
    element: (
      <RequireTenant>
        <SendPasswordResetPage />
      </RequireTenant>
    ),
  },
  {
    path: '/permits/reset_password/:resetPasswordUUID',
    element: (
      <RequireTenant>
        <ResetPasswordPage />
      </RequireTenant>
    ),
  },
  {
    path: '/permits/verify_email/:token',
    element: (
      <RequireTenant>
        <VerifyEmailPage />
      </RequireTenant>
    ),
  },
  {
    element: <SignedInLayout />,
    children: [
      { path: '/permits/account', element: <AccountPage /> },
      // PLACEHOLDERS until the passes issue lands its pages (see placeholder-pages.tsx).
      { path: '/permits/dashboard', element: <DashboardPlaceholderPage /> },
      { path: '/permits/view', element: <PassesPlaceholderPage /> },
    ],
  },
];
