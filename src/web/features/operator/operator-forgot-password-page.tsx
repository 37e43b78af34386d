import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { operatorForgotPasswordContract } from '../../../shared/contract';
import { consoleMessages, operatorMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { callApi, isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';

/** /dashboard/forgot-password: an operator asks for a link to set a new password. */
export function OperatorForgotPasswordPage() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: operatorForgotPasswordContract.body,
    initialValues: { email: '' },
    submit: (values) => callApi(operatorForgotPasswordContract, { body: values }),
    onSuccess: (answer) => setSentMessage(answer.message),
    describeError: (error) => (isApiError(error) ? error.message : String(error)),
  });

  return (
    <PageCard titleId="forgot-title" title={consoleMessages.forgotTitle}>
      {sentMessage ? (
        <Alert color="green" role="status">
          {sentMessage}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{consoleMessages.forgotIntro}</Text>
            <TextInput
              label={operatorMessages.emailLabel}
              type="email"
              autoComplete="username"
              {...form.getInputProps('email')}
            />
            <FailureAlert message={formError} />
            <Button type="submit" loading={isSubmitting}>
              {consoleMessages.forgotSend}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.console.login()} size="sm">
        {consoleMessages.backToSignIn}
      </Anchor>
    </PageCard>
  );
}
