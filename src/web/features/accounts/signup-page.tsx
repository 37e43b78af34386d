import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorCodes, signupContract } from '../../../shared/contract';
import { accountMessages } from '../../../shared/messages';
import { normaliseCode } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { useApiForm } from '../../lib/use-api-form';
import { signUp, startSession } from './api';
import { errorText } from './error-text';
import { PasswordRules } from './password-rules';
import { DASHBOARD_PATH } from './session-guards';

/** Sign-up code answers belong to the code field, not to a banner. */
const CODE_ERRORS: ReadonlySet<string> = new Set([
  errorCodes.invalid_code,
  errorCodes.code_used,
  errorCodes.code_required,
]);

/** The sign-up form checks what the server's contract checks, minus the tenant it adds itself. */
function signupFormSchema(isCodeRequired: boolean) {
  return signupContract.body.omit({ entitySubdomain: true }).superRefine((values, context) => {
    if (isCodeRequired && !values.signupCode) {
      context.addIssue({ code: 'custom', path: ['signupCode'], message: accountMessages.signupCodeRequired });
    }
  });
}

export function SignupPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isCodeRequired = Boolean(brand?.isPrivate && brand.isLoginOnly);
  const schema = useMemo(() => signupFormSchema(isCodeRequired), [isCodeRequired]);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema,
    initialValues: {
      fullname: '',
      email: '',
      password: '',
      unit: '',
      building: '',
      signupCode: normaliseCode(searchParams.get('code') ?? ''),
    },
    submit: (values) => signUp({ ...values, entitySubdomain: brand?.subdomain ?? '' }),
    onSuccess: async (session) => {
      await startSession(session, brand);
      navigate(DASHBOARD_PATH, { replace: true });
    },
    fieldOf: (error) => (CODE_ERRORS.has(error.code) ? 'signupCode' : null),
    describeError: (error) =>
      errorText(
        error,
        {
          403: accountMessages.signupNotAuthorized,
          404: accountMessages.signupNotAuthorized,
          409: accountMessages.signupEmailTaken,
        },
        accountMessages.signupUnauthorized,
        brand?.contactEmail,
      ),
  });

  return (
    <PageCard titleId="signup-title" title={accountMessages.signupTitle} width={560} onSubmit={onSubmit}>
      <FailureAlert message={formError} testId="signup-error" />
      <TextInput
        label={accountMessages.fullnameLabel}
        autoComplete="name"
        required
        maxLength={200}
        {...form.getInputProps('fullname')}
        name="fullname"
      />
      <TextInput
        label={accountMessages.emailLabel}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        {...form.getInputProps('email')}
        name="email"
      />
      <PasswordInput
        label={accountMessages.passwordLabel}
        autoComplete="new-password"
        required
        maxLength={128}
        aria-describedby="signup-password-rules"
        visibilityToggleButtonProps={{ 'aria-label': accountMessages.showPassword }}
        {...form.getInputProps('password')}
        name="password"
      />
      <PasswordRules password={form.values.password} id="signup-password-rules" />
      <TextInput
        label={accountMessages.buildingLabel}
        maxLength={100}
        {...form.getInputProps('building')}
        name="building"
      />
      <TextInput
        label={accountMessages.unitLabel}
        maxLength={50}
        {...form.getInputProps('unit')}
        name="unit"
      />
      <TextInput
        label={accountMessages.signupCodeLabel}
        required={isCodeRequired}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        {...form.getInputProps('signupCode')}
        name="signupCode"
      />
      <Button type="submit" loading={isSubmitting}>
        {accountMessages.signUp}
      </Button>
      <Text size="sm">
        {accountMessages.haveAccount}{' '}
        <Anchor component={Link} to={paths.account.login()}>
          {accountMessages.signIn}
        </Anchor>
      </Text>
    </PageCard>
  );
}
