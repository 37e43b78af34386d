import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { operatorSetPasswordContract } from '../../../shared/contract';
import { accountMessages, consoleMessages } from '../../../shared/messages';
import { isStrongPassword } from '../../../shared/rules';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { callApi, serverAdviceOr } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { PasswordRules } from '../accounts/password-rules';
import { usePasswordVisibility } from '../accounts/use-password-visibility';
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
  const passwordVisibility = usePasswordVisibility();
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
    <PageCard titleId="set-password-title" title={consoleMessages.setPasswordTitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FailureAlert message={formError} />
          <PasswordInput
            label={consoleMessages.newPasswordLabel}
            autoComplete="new-password"
            {...form.getInputProps('password')}
            {...passwordVisibility}
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
    </PageCard>
  );
}
