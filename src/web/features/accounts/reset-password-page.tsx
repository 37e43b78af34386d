import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { accountMessages } from '../../../shared/messages';
import { isStrongPassword } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { serverAdviceOr } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { resetPassword } from './api';
import { PasswordRules } from './password-rules';
import { usePasswordVisibility } from './use-password-visibility';

/** Section 5, in its order: the two must match, then the password must be strong enough. */
const resetFormSchema = z
  .object({ password: z.string(), repeat: z.string() })
  .superRefine(({ password, repeat }, context) => {
    if (password !== repeat) {
      context.addIssue({ code: 'custom', path: ['repeat'], message: accountMessages.resetPasswordsMismatch });
    } else if (!isStrongPassword(password)) {
      context.addIssue({ code: 'custom', path: ['repeat'], message: accountMessages.passwordTooWeak });
    }
  });

/** The new password twice, a show/hide toggle on each, the rules, and the outcome banner. */
export function ResetPasswordPage() {
  const brand = useBrand();
  const { resetPasswordUUID = '' } = useParams();
  const passwordVisibility = usePasswordVisibility();
  const [isDone, setIsDone] = useState(false);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: resetFormSchema,
    initialValues: { password: '', repeat: '' },
    submit: ({ password }) =>
      resetPassword({ resetPasswordUUID, password, subdomain: brand?.subdomain ?? '' }),
    onSuccess: () => setIsDone(true),
    // Rate limits and network trouble keep the server's wording, which says what to do.
    describeError: (error) => serverAdviceOr(error, accountMessages.resetFailed),
  });

  const [successText] = accountMessages.resetSucceeded.split(accountMessages.resetSucceededLinkText);
  return (
    <PageCard titleId="reset-title" title={accountMessages.resetPasswordTitle}>
      {isDone ? (
        <Alert color="green" role="status" data-testid="reset-success">
          {successText}
          <Anchor component={Link} to={paths.account.login()} inherit className="alert-link">
            {accountMessages.resetSucceededLinkText}
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FailureAlert message={formError} testId="reset-error" />
            <PasswordInput
              label={accountMessages.newPasswordLabel}
              autoComplete="new-password"
              {...form.getInputProps('password')}
              name="password"
              {...passwordVisibility}
              maxLength={128}
              aria-describedby="reset-password-rules"
            />
            <PasswordInput
              label={accountMessages.repeatPasswordLabel}
              autoComplete="new-password"
              {...form.getInputProps('repeat')}
              name="repeat"
              {...passwordVisibility}
              maxLength={128}
            />
            <PasswordRules password={form.values.password} id="reset-password-rules" />
            <Button type="submit" loading={isSubmitting}>
              {accountMessages.resetPassword}
            </Button>
          </Stack>
        </form>
      )}
    </PageCard>
  );
}
