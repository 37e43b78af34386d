import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import type { z } from 'zod';
import type { Locale } from '../../../shared/i18n/locales';
import { operatorMessages } from '../../../shared/messages';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { FailureAlert } from '../../components/form-alerts';
import { serverAdviceOr } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';

type Credentials = { email: string; password: string };

/**
 * What was typed (or autofilled) into the server's markup before the app took over: the inputs
 * kept the text, but the form's state started empty, so signing in sent empty fields (decision
 * 238's amendment). Read once, after hydration and before anything renders the inputs again
 * (a child's effect runs before the hydration provider's), into the form's state.
 */
function useValuesTypedBeforeHydration(
  inputs: Record<keyof Credentials, RefObject<HTMLInputElement | null>>,
  setValues: (values: Partial<Credentials>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the markup hydration adopted.
  useEffect(() => {
    const typed: Partial<Credentials> = {};
    for (const [name, input] of Object.entries(inputs) as [
      keyof Credentials,
      RefObject<HTMLInputElement | null>,
    ][]) {
      if (input.current?.value) typed[name] = input.current.value;
    }
    if (Object.keys(typed).length > 0) setValues(typed);
  }, []);
}

/**
 * The sign-in card of the people who run portals: a tenant's operators (/dashboard/login) and
 * the platform admin (/admin/login). Both fields must be filled; what is wrong with them is not
 * told apart (one banner), except a rate limit or no connection, in the server's own words.
 */
export function StaffSignInForm({
  title,
  bodySchema,
  signIn,
  onSignedIn,
  notice,
  footer,
}: {
  title: string;
  /** The sign-in call's body schema (trimming, lengths), checked before anything is sent. */
  bodySchema: z.ZodType<Credentials, Credentials>;
  signIn: (credentials: Credentials) => Promise<{ jwtToken: string; language?: Locale | null }>;
  /** `language`: the one the operator saved (issue 30), for the page to open in. */
  onSignedIn: (jwtToken: string, language: Locale | null) => void;
  /** A message the page was opened with, above the fields. */
  notice?: string;
  /** Below the button (a forgotten-password link). */
  footer?: ReactNode;
}) {
  const schema = useMemo(
    () => bodySchema.refine((values) => values.email.length > 0 && values.password.length > 0),
    [bodySchema],
  );
  // The console's sign-in is rendered on the server: a press before the app runs would submit the
  // form natively, with the password in the address.
  const isHydrated = useIsHydrated();
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema,
    initialValues: { email: '', password: '' },
    submit: signIn,
    onSuccess: (answer) => onSignedIn(answer.jwtToken, answer.language ?? null),
    invalidMessage: operatorMessages.loginFailed,
    describeError: (error) => serverAdviceOr(error, operatorMessages.loginFailed),
  });
  useValuesTypedBeforeHydration({ email: emailInput, password: passwordInput }, form.setValues);

  return (
    <Stack maw={420} mx="auto" gap="lg">
      <Title order={1}>{title}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {notice && (
              <Alert color="green" role="status">
                {notice}
              </Alert>
            )}
            <TextInput
              label={operatorMessages.emailLabel}
              type="email"
              autoComplete="username"
              ref={emailInput}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={operatorMessages.passwordLabel}
              autoComplete="current-password"
              ref={passwordInput}
              {...form.getInputProps('password')}
            />
            <FailureAlert message={formError} />
            <Button type="submit" loading={isSubmitting} disabled={!isHydrated}>
              {operatorMessages.signIn}
            </Button>
            {footer}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
