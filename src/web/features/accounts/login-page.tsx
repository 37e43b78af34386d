import { Anchor, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginContract } from '../../../shared/contract';
import { accountMessages } from '../../../shared/messages';
import { isValidEmail } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { useApiForm } from '../../lib/use-api-form';
import { logIn, startSession } from './api';
import { errorText } from './error-text';
import { DASHBOARD_PATH } from './session-guards';

/** Section 5: an invalid or empty email, or an empty password, fails without a call. */
const loginFormSchema = loginContract.body
  .omit({ entitySubdomain: true })
  .refine((values) => isValidEmail(values.email), { path: ['email'] });

export function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  // An emailed sign-in link (a business's invitation) names the address it was sent to.
  const [searchParams] = useSearchParams();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: loginFormSchema,
    initialValues: { email: searchParams.get('email') ?? '', password: '' },
    submit: (values) => logIn({ ...values, entitySubdomain: brand?.subdomain ?? '' }),
    onSuccess: async (session) => {
      await startSession(session, brand);
      navigate(DASHBOARD_PATH, { replace: true });
    },
    invalidMessage: errorText(null, {}, accountMessages.loginFailed, brand?.contactEmail),
    describeError: (error) =>
      errorText(
        error,
        { 401: accountMessages.loginFailed, 400: accountMessages.loginFailed },
        accountMessages.loginUnauthorized,
        brand?.contactEmail,
      ),
  });

  return (
    <PageCard titleId="login-title" title={accountMessages.signinTitle} onSubmit={onSubmit}>
      <FailureAlert message={formError} testId="login-error" />
      <TextInput
        label={accountMessages.emailLabel}
        type="email"
        autoComplete="username"
        maxLength={254}
        {...form.getInputProps('email')}
        // The banner says what is wrong: the spec shows no field error on sign-in.
        error={undefined}
        name="email"
      />
      <PasswordInput
        label={accountMessages.passwordLabel}
        autoComplete="current-password"
        maxLength={128}
        visibilityToggleButtonProps={{ 'aria-label': accountMessages.showPassword }}
        {...form.getInputProps('password')}
        error={undefined}
        name="password"
      />
      <Button type="submit" loading={isSubmitting}>
        {accountMessages.signIn}
      </Button>
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={paths.account.sendPasswordReset()}>
          {accountMessages.forgotPassword}
        </Anchor>
        <Anchor component={Link} to={paths.account.signup()}>
          {accountMessages.createAccount}
        </Anchor>
      </Group>
    </PageCard>
  );
}
