import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { sendPasswordResetContract } from '../../../shared/contract';
import { accountMessages, withSupport } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { sendPasswordReset } from './api';

/** 'This email is not detected…' with its 'create an account here' part linking to sign-up. */
function NotDetectedMessage({ contactEmail }: { contactEmail?: string | null }) {
  const text = withSupport(accountMessages.forgotPasswordFailed, contactEmail);
  const [before, after] = text.split(accountMessages.forgotPasswordLinkText);
  return (
    <Text size="sm">
      {before}
      <Anchor component={Link} to={paths.account.signup()} inherit className="alert-link">
        {accountMessages.forgotPasswordLinkText}
      </Anchor>
      {after}
    </Text>
  );
}

/** The email is checked with the server's own rule before anything is sent. */
const findAccountFormSchema = sendPasswordResetContract.body.omit({ subdomain: true });

export function SendPasswordResetPage() {
  const brand = useBrand();
  const [isSent, setIsSent] = useState(false);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: findAccountFormSchema,
    initialValues: { email: '' },
    submit: (values) => sendPasswordReset({ ...values, subdomain: brand?.subdomain ?? '' }),
    onSuccess: () => setIsSent(true),
    describeError: (error) =>
      isApiError(error) && error.status === 404 ? (
        <NotDetectedMessage contactEmail={brand?.contactEmail} />
      ) : (
        (error as Error).message
      ),
  });

  return (
    <PageCard titleId="find-account-title" title={accountMessages.findAccountTitle}>
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
            <FailureAlert message={formError} testId="reset-request-error" />
            <TextInput
              label={accountMessages.emailLabel}
              type="email"
              autoComplete="email"
              maxLength={254}
              {...form.getInputProps('email')}
              name="email"
            />
            <Button type="submit" loading={isSubmitting}>
              {accountMessages.sendConfirmationEmail}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.account.login()} size="sm">
        {accountMessages.signIn}
      </Anchor>
    </PageCard>
  );
}
