import { Alert, Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { accountMessages, withSupport } from '../../../shared/messages';
import { isValidEmail, normaliseEmail } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
import { sendPasswordReset } from './api';

/** 'This email is not detected…' with its 'create an account here' part linking to sign-up. */
function NotDetectedMessage({ contactEmail }: { contactEmail?: string | null }) {
  const text = withSupport(accountMessages.forgotPasswordFailed, contactEmail);
  const [before, after] = text.split(accountMessages.forgotPasswordLinkText);
  return (
    <Text size="sm">
      {before}
      <Anchor component={Link} to="/permits/signup" inherit className="alert-link">
        {accountMessages.forgotPasswordLinkText}
      </Anchor>
      {after}
    </Text>
  );
}

export function SendPasswordResetPage() {
  const brand = useBrand();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<'not_found' | string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [isSending, setIsSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = normaliseEmail(email);
    if (!isValidEmail(address)) {
      setFieldError(accountMessages.invalidEmail);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setIsSending(true);
    try {
      await sendPasswordReset({ email: address, subdomain: brand?.subdomain ?? '' });
      setIsSent(true);
    } catch (caught) {
      setFailure(
        caught instanceof ApiError && caught.status === 404 ? 'not_found' : (caught as Error).message,
      );
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Card
      withBorder
      padding="lg"
      maw={480}
      mx="auto"
      component="section"
      aria-labelledby="find-account-title"
    >
      <Stack gap="md">
        <Title order={1} size="h2" id="find-account-title">
          {accountMessages.findAccountTitle}
        </Title>
        {isSent ? (
          <Alert
            color="green"
            role="status"
            title={accountMessages.resetEmailSentTitle}
            data-testid="reset-sent"
          >
            {accountMessages.resetEmailSent}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              {failure && (
                <Alert color="red" role="alert" data-testid="reset-request-error">
                  {failure === 'not_found' ? (
                    <NotDetectedMessage contactEmail={brand?.contactEmail} />
                  ) : (
                    failure
                  )}
                </Alert>
              )}
              <TextInput
                label={accountMessages.emailLabel}
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldError}
                maxLength={254}
              />
              <Button type="submit" loading={isSending}>
                {accountMessages.sendConfirmationEmail}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/permits/login" size="sm">
          {accountMessages.signIn}
        </Anchor>
      </Stack>
    </Card>
  );
}
