import { Alert, Anchor, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { operatorLoginContract } from '../../../shared/contract';
import { consoleMessages, operatorMessages } from '../../../shared/messages';
import { isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { signInOperator } from './api';
import { readOperatorToken, storeOperatorToken } from './operator-session';

/** Both fields must be filled; what is wrong with them is not told apart (one banner). */
const operatorLoginFormSchema = operatorLoginContract.body.refine(
  (values) => values.email.length > 0 && values.password.length > 0,
);

/** /dashboard/login: the operator signs in to the console. */
export function OperatorLoginPage() {
  const navigate = useNavigate();
  // The set-password page leaves a notice; the console frame, the page to come back to.
  const state = useLocation().state as { notice?: string; from?: string } | null;
  const notice = state?.notice;
  const returnTo = state?.from?.startsWith('/dashboard') ? state.from : '/dashboard';
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: operatorLoginFormSchema,
    initialValues: { email: '', password: '' },
    submit: (values) => signInOperator(values.email, values.password),
    onSuccess: (answer) => {
      storeOperatorToken(answer.jwtToken);
      navigate(returnTo, { replace: true });
    },
    invalidMessage: operatorMessages.loginFailed,
    // Rate limits and network trouble keep the server's wording, which says what to do.
    describeError: (error) =>
      isApiError(error) && (error.status === 429 || error.status === 0)
        ? error.message
        : operatorMessages.loginFailed,
  });

  // Also reached right after signing in, when this page renders once more before navigating away.
  if (readOperatorToken()) return <Navigate to={returnTo} replace />;

  return (
    <Stack maw={420} mx="auto" gap="lg">
      <Title order={1}>{operatorMessages.loginTitle}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {notice && (
              <Alert color="green" role="status">
                {notice}
              </Alert>
            )}
            <TextInput
              label={operatorMessages.emailLabel}
              type="email"
              autoComplete="username"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={operatorMessages.passwordLabel}
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Button type="submit" loading={isSubmitting}>
              {operatorMessages.signIn}
            </Button>
            <Anchor component={Link} to="/dashboard/forgot-password" size="sm">
              {consoleMessages.forgotPassword}
            </Anchor>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
