import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '../../../shared/messages';
import { isStrongPassword, isValidEmail, normaliseCode, stripWhitespace } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
import { signUp, startSession } from './api';
import { errorText } from './error-text';
import { PasswordRules } from './password-rules';
import { DASHBOARD_PATH } from './session-guards';

interface FieldErrors {
  fullname?: string;
  email?: string;
  password?: string;
  signupCode?: string;
}

const CODE_ERRORS = new Set(['invalid_code', 'code_used', 'code_required']);

export function SignupPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [fields, setFields] = useState({
    fullname: '',
    email: '',
    password: '',
    unit: '',
    building: '',
    signupCode: normaliseCode(searchParams.get('code') ?? ''),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isCodeRequired = Boolean(brand?.isPrivate && brand.isLoginOnly);

  const set = (name: keyof typeof fields) => (event: { currentTarget: { value: string } }) => {
    // Read now: React runs the updater later, when the event's currentTarget is gone.
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const email = stripWhitespace(fields.email);
    const code = normaliseCode(fields.signupCode);
    const found: FieldErrors = {};
    if (!fields.fullname.trim()) found.fullname = accountMessages.fullnameRequired;
    if (!isValidEmail(email)) found.email = accountMessages.invalidEmail;
    if (!isStrongPassword(fields.password)) found.password = accountMessages.passwordTooWeak;
    if (isCodeRequired && !code) found.signupCode = accountMessages.signupCodeRequired;
    setErrors(found);
    // Section 5: sent only when email and password (and the rest) are valid.
    if (Object.keys(found).length > 0) return;
    setError(null);
    setIsSubmitting(true);
    try {
      const session = await signUp({
        email,
        password: fields.password,
        fullname: fields.fullname.trim(),
        entitySubdomain: brand?.subdomain ?? '',
        unit: fields.unit.trim() || null,
        building: fields.building.trim() || null,
        signupCode: code || null,
      });
      await startSession(session, brand);
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && CODE_ERRORS.has(caught.code)) {
        setErrors({ signupCode: caught.message });
      }
      setError(
        errorText(
          caught,
          {
            403: accountMessages.signupNotAuthorized,
            404: accountMessages.signupNotAuthorized,
            409: accountMessages.signupEmailTaken,
          },
          accountMessages.signupUnauthorized,
          brand?.contactEmail,
        ),
      );
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Card withBorder padding="lg" maw={560} mx="auto" component="section" aria-labelledby="signup-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" id="signup-title">
            {accountMessages.signupTitle}
          </Title>
          {error && (
            <Alert color="red" role="alert" data-testid="signup-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={accountMessages.fullnameLabel}
            name="fullname"
            autoComplete="name"
            required
            value={fields.fullname}
            onChange={set('fullname')}
            error={errors.fullname}
            maxLength={200}
          />
          <TextInput
            label={accountMessages.emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
            error={errors.email}
            maxLength={254}
          />
          <PasswordInput
            label={accountMessages.passwordLabel}
            name="password"
            autoComplete="new-password"
            required
            value={fields.password}
            onChange={set('password')}
            error={errors.password}
            maxLength={128}
            aria-describedby="signup-password-rules"
            visibilityToggleButtonProps={{ 'aria-label': accountMessages.showPassword }}
          />
          <PasswordRules password={fields.password} id="signup-password-rules" />
          <TextInput
            label={accountMessages.buildingLabel}
            name="building"
            value={fields.building}
            onChange={set('building')}
            maxLength={100}
          />
          <TextInput
            label={accountMessages.unitLabel}
            name="unit"
            value={fields.unit}
            onChange={set('unit')}
            maxLength={50}
          />
          <TextInput
            label={accountMessages.signupCodeLabel}
            name="signupCode"
            required={isCodeRequired}
            value={fields.signupCode}
            onChange={set('signupCode')}
            error={errors.signupCode}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
          />
          <Button type="submit" loading={isSubmitting}>
            {accountMessages.signUp}
          </Button>
          <Text size="sm">
            {accountMessages.haveAccount}{' '}
            <Anchor component={Link} to="/permits/login">
              {accountMessages.signIn}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
