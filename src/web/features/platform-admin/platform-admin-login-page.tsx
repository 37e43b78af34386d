import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { platformAdminLoginContract } from '../../../shared/contract';
import { operatorMessages, platformAdminMessages } from '../../../shared/messages';
import { callApi, isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { readPlatformAdminToken, storePlatformAdminToken } from './platform-admin-session';

const loginFormSchema = platformAdminLoginContract.body.refine(
  (values) => values.email.length > 0 && values.password.length > 0,
);

/** /admin/login on the bare host: the platform admin signs in. */
export function PlatformAdminLoginPage() {
  const navigate = useNavigate();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: loginFormSchema,
    initialValues: { email: '', password: '' },
    submit: (body) => callApi(platformAdminLoginContract, { body }),
    onSuccess: (answer) => {
      storePlatformAdminToken(answer.jwtToken);
      navigate('/admin/tenants', { replace: true });
    },
    invalidMessage: operatorMessages.loginFailed,
    describeError: (error) =>
      isApiError(error) && (error.status === 429 || error.status === 0)
        ? error.message
        : operatorMessages.loginFailed,
  });

  if (readPlatformAdminToken()) return <Navigate to="/admin/tenants" replace />;

  return (
    <Stack maw={420} mx="auto" gap="lg">
      <Title order={1}>{platformAdminMessages.loginTitle}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
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
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
