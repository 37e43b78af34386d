import { Alert, Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '../../../shared/messages';
import { normaliseCode } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { checkSignupCode } from './api';
import { errorText } from './error-text';

/** Part 2 section 2: enter the code first; a valid one opens sign-up with it filled in. */
export function SignupCodePage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const code = normaliseCode(value);
    if (!code) {
      setError(accountMessages.signupCodeRequired);
      return;
    }
    setError(null);
    setIsChecking(true);
    try {
      const answer = await checkSignupCode(code, brand?.subdomain ?? '');
      navigate(`/permits/signup?code=${encodeURIComponent(answer.code)}`);
    } catch (caught) {
      setError(
        errorText(
          caught,
          {
            400: accountMessages.codeInvalid,
            401: accountMessages.codeInvalid,
            404: accountMessages.signupNotAuthorized,
            409: accountMessages.codeUsed,
          },
          accountMessages.signupUnauthorized,
          brand?.contactEmail,
        ),
      );
    } finally {
      setIsChecking(false);
    }
  }

  return (
    <Card withBorder padding="lg" maw={480} mx="auto" component="section" aria-labelledby="signup-code-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" id="signup-code-title">
            {accountMessages.signupCodeTitle}
          </Title>
          <TextInput
            label={accountMessages.signupCodeLabel}
            name="code"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
          {error && (
            <Alert color="red" role="alert" className="visually-hidden">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={isChecking}>
            {accountMessages.signupCodeContinue}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
