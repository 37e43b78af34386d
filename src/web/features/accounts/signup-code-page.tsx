import { Alert, Button, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { signupCodeInputSchema } from '../../../shared/contract';
import { accountMessages } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { PageCard } from '../../components/form-card';
import { useApiForm } from '../../lib/use-api-form';
import { checkSignupCode } from './api';

/** The code as the server checks it: whitespace removed, upper-cased, not empty. */
const signupCodeFormSchema = z.object({ code: signupCodeInputSchema });

/** Part 2 section 2: enter the code first; a valid one opens sign-up with it filled in. */
export function SignupCodePage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { form, onSubmit, isSubmitting } = useApiForm({
    schema: signupCodeFormSchema,
    initialValues: { code: '' },
    submit: ({ code }) => checkSignupCode(code, brand?.subdomain ?? ''),
    onSuccess: (answer) => navigate(paths.account.signup({ code: answer.code })),
    // Every answer is about the code: it is shown on the field.
    fieldOf: () => 'code',
    describeError: () => null,
  });
  const error = form.errors.code;

  return (
    <PageCard titleId="signup-code-title" title={accountMessages.signupCodeTitle} onSubmit={onSubmit}>
      <TextInput
        label={accountMessages.signupCodeLabel}
        {...form.getInputProps('code')}
        name="code"
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
      <Button type="submit" loading={isSubmitting}>
        {accountMessages.signupCodeContinue}
      </Button>
    </PageCard>
  );
}
