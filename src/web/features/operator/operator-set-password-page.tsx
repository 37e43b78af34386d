import { Anchor, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { operatorSetPasswordContract } from '../../../shared/contract';
import { accountMessages, consoleMessages } from '../../../shared/messages';
import { isStrongPassword } from '../../../shared/rules';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { callApi, serverAdviceOr } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { PasswordRules } from '../accounts/password-rules';
import { clearOperatorToken } from './operator-session';

const setPasswordFormSchema = z.object({ password: z.string() }).superRefine(({ password }, context) => {
  if (!isStrongPassword(password)) {
    context.addIssue({ code: 'custom', path: ['password'], message: accountMessages.passwordTooWeak });
  }
});

/**
 * /dashboard/set-password/:token: the page an invitation or reset email links to. Setting the
 * password ends every earlier session, so the operator signs in afresh with it.
 */
export function OperatorSetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [isVisible, setIsVisible] = useState(false);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: setPasswordFormSchema,
    initialValues: { password: '' },
    submit: ({ password }) => callApi(operatorSetPasswordContract, { body: { token, password } }),
    onSuccess: (answer) => {
      clearOperatorToken();
      navigate(paths.console.login(), { replace: true, state: { notice: answer.message } });
    },
    describeError: (error) => serverAdviceOr(error, consoleMessages.linkInvalid),
  });

  return (
    <Card
      withBorder
      padding="lg"
      maw={480}
      mx="auto"
      component="section"
      aria-labelledby="set-password-title"
    >
      <Stack gap="md">
        <Title order={1} size="h2" id="set-password-title">
          {consoleMessages.setPasswordTitle}
        </Title>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FailureAlert message={formError} />
            <PasswordInput
              label={consoleMessages.newPasswordLabel}
              autoComplete="new-password"
              {...form.getInputProps('password')}
              visible={isVisible}
              onVisibilityChange={setIsVisible}
              visibilityToggleButtonProps={{
                'aria-label': isVisible ? accountMessages.hidePassword : accountMessages.showPassword,
              }}
              maxLength={128}
              aria-describedby="set-password-rules"
            />
            <PasswordRules password={form.values.password} id="set-password-rules" />
            <Button type="submit" loading={isSubmitting}>
              {consoleMessages.setPasswordButton}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to={paths.console.forgotPassword()} size="sm">
          {consoleMessages.forgotPassword}
        </Anchor>
      </Stack>
    </Card>
  );
}
