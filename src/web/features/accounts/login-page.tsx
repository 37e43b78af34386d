import { Alert, Anchor, Button, Card, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountMessages } from '../../../shared/messages';
import { isValidEmail, normaliseEmail } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { logIn, startSession } from './api';
import { errorText } from './error-text';
import { DASHBOARD_PATH } from './session-guards';

export function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const failed = errorText(null, {}, accountMessages.loginFailed, brand?.contactEmail);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = normaliseEmail(email);
    // Section 5: an invalid or empty email, or an empty password, fails without a call.
    if (!isValidEmail(address) || !password) {
      setError(failed);
      return;
    }
    setError(null);
    setIsSubmitting(true);
    try {
      const session = await logIn({ email: address, password, entitySubdomain: brand?.subdomain ?? '' });
      await startSession(session, brand);
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (caught) {
      setError(
        errorText(
          caught,
          { 401: accountMessages.loginFailed, 400: accountMessages.loginFailed },
          accountMessages.loginUnauthorized,
          brand?.contactEmail,
        ),
      );
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Card withBorder padding="lg" maw={480} mx="auto" component="section" aria-labelledby="login-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" id="login-title">
            {accountMessages.signinTitle}
          </Title>
          {error && (
            <Alert color="red" role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={accountMessages.emailLabel}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            maxLength={254}
          />
          <PasswordInput
            label={accountMessages.passwordLabel}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            maxLength={128}
            visibilityToggleButtonProps={{ 'aria-label': accountMessages.showPassword }}
          />
          <Button type="submit" loading={isSubmitting}>
            {accountMessages.signIn}
          </Button>
          <Group justify="space-between" gap="sm">
            <Anchor component={Link} to="/permits/send_password_reset">
              {accountMessages.forgotPassword}
            </Anchor>
            <Anchor component={Link} to="/permits/signup">
              {accountMessages.createAccount}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
