import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { operatorMessages } from '../../../shared/messages';
import { signInOperator } from './api';
import { readOperatorToken, storeOperatorToken } from './operator-session';

/** /dashboard/login: the operator signs in to answer appeals. */
export function OperatorLoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);

  if (readOperatorToken()) return <Navigate to="/dashboard/appeals" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(operatorMessages.loginFailed);
      return;
    }
    setIsSigningIn(true);
    try {
      const answer = await signInOperator(email.trim(), password);
      storeOperatorToken(answer.jwtToken);
      navigate('/dashboard/appeals');
    } catch {
      setError(operatorMessages.loginFailed);
    } finally {
      setIsSigningIn(false);
    }
  }

  return (
    <Stack maw={420} mx="auto" gap="lg">
      <Title order={1}>{operatorMessages.loginTitle}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={operatorMessages.emailLabel}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label={operatorMessages.passwordLabel}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={isSigningIn}>
              {operatorMessages.signIn}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
