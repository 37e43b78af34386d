import { Alert, Anchor, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { accountMessages } from '../../../shared/messages';
import { isStrongPassword } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
import { resetPassword } from './api';
import { PasswordRules } from './password-rules';

/** The new password twice, a show/hide toggle on each, the rules, and the outcome banner. */
export function ResetPasswordPage() {
  const brand = useBrand();
  const { resetPasswordUUID = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [isVisible, setIsVisible] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password !== repeat) {
      setFieldError(accountMessages.resetPasswordsMismatch);
      return;
    }
    if (!isStrongPassword(password)) {
      setFieldError(accountMessages.passwordTooWeak);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setIsSaving(true);
    try {
      await resetPassword({ resetPasswordUUID, password, subdomain: brand?.subdomain ?? '' });
      setIsDone(true);
    } catch (caught) {
      const isRateLimited = caught instanceof ApiError && (caught.status === 429 || caught.status === 0);
      setFailure(isRateLimited ? (caught as Error).message : accountMessages.resetFailed);
    } finally {
      setIsSaving(false);
    }
  }

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
            <Anchor component={Link} to="/permits/login" inherit className="alert-link">
              {accountMessages.resetSucceededLinkText}
            </Anchor>
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              {failure && (
                <Alert color="red" role="alert" data-testid="reset-error">
                  {failure}
                </Alert>
              )}
              <PasswordInput
                label={accountMessages.newPasswordLabel}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
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
                name="repeat"
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.currentTarget.value)}
                visible={isVisible}
                onVisibilityChange={setIsVisible}
                visibilityToggleButtonProps={{
                  'aria-label': isVisible ? accountMessages.hidePassword : accountMessages.showPassword,
                }}
                error={fieldError}
                maxLength={128}
              />
              <PasswordRules password={password} id="reset-password-rules" />
              <Button type="submit" loading={isSaving}>
                {accountMessages.resetPassword}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
