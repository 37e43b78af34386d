import { Alert, Anchor, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { accountMessages } from '../../../shared/messages';
import { isStrongPassword } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { serverAdviceOr } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { resetPassword } from './api';
import { PasswordRules } from './password-rules';

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
  const [isVisible, setIsVisible] = useState(false);
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
    <Card withBorder padding="lg" maw={480} mx="auto" component="section" aria-labelledby="reset-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="reset-title">
          {accountMessages.resetPasswordTitle}
        </Title>
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
              {formError && (
                <Alert color="red" role="alert" data-testid="reset-error">
                  {formError}
                </Alert>
              )}
              <PasswordInput
                label={accountMessages.newPasswordLabel}
                autoComplete="new-password"
                {...form.getInputProps('password')}
                name="password"
                visible={isVisible}
                onVisibilityChange={setIsVisible}
                visibilityToggleButtonProps={{
                  'aria-label': isVisible ? accountMessages.hidePassword : accountMessages.showPassword,
                }}
                maxLength={128}
                aria-describedby="reset-password-rules"
              />
              <PasswordInput
                label={accountMessages.repeatPasswordLabel}
                autoComplete="new-password"
                {...form.getInputProps('repeat')}
                name="repeat"
                visible={isVisible}
                onVisibilityChange={setIsVisible}
                visibilityToggleButtonProps={{
                  'aria-label': isVisible ? accountMessages.hidePassword : accountMessages.showPassword,
                }}
                maxLength={128}
              />
              <PasswordRules password={form.values.password} id="reset-password-rules" />
              <Button type="submit" loading={isSubmitting}>
                {accountMessages.resetPassword}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
