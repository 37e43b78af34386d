import { Anchor } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { operatorLoginContract } from '../../../shared/contract';
import { consoleMessages, operatorMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';
import { signInOperator } from './api';
import { followOperatorLanguage } from './operator-language';
import { storeOperatorToken, useOperatorToken } from './operator-session';
import { StaffSignInForm } from './staff-sign-in-form';

/** /dashboard/login: the operator signs in to the console. Rendered on the server (server-pages.ts). */
export function OperatorLoginPage() {
  const navigate = useNavigate();
  // The set-password page leaves a notice; the console frame, the page to come back to.
  const state = useLocation().state as { notice?: string; from?: string } | null;
  const returnTo = state?.from?.startsWith(paths.console.overview()) ? state.from : paths.console.overview();

  const token = useOperatorToken();
  // Also reached right after signing in, when this page renders once more before navigating away.
  if (token) return <Navigate to={returnTo} replace />;

  return (
    <StaffSignInForm
      title={operatorMessages.loginTitle}
      bodySchema={operatorLoginContract.body}
      signIn={(values) => signInOperator(values.email, values.password)}
      onSignedIn={(token, language) => {
        storeOperatorToken(token);
        // In the operator's saved language, the console opens there after a reload.
        if (language && followOperatorLanguage(language, returnTo)) return;
        navigate(returnTo, { replace: true });
      }}
      notice={state?.notice}
      footer={
        <Anchor component={Link} to={paths.console.forgotPassword()} size="sm">
          {consoleMessages.forgotPassword}
        </Anchor>
      }
    />
  );
}
