import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { passCodeInputSchema } from '../../../shared/contract';
import { passMessages, passScreenMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { FailureAlert } from '../../components/form-alerts';
import { readSession } from '../../lib/session';
import { useApiForm } from '../../lib/use-api-form';
import { lookupPermitCode } from './api';

/** Section 5: whitespace removed, upper-cased, non-empty. */
const accessCodeFormSchema = z.object({
  code: passCodeInputSchema.refine((code) => code.length > 0, { error: () => passMessages.codeRequired }),
});

/** /permits/view/code: an access code opens the product it belongs to, on the application screen. */
export function AccessCodePage() {
  const navigate = useNavigate();
  useDocumentTitle(passScreenMessages.codeTitle);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: accessCodeFormSchema,
    initialValues: { code: '' },
    submit: (values) => lookupPermitCode(readSession().userUUID ?? '', values.code),
    onSuccess: (answer, values) =>
      navigate(paths.passes.apply(answer.permitProductUUID, { code: values.code })),
    // Whatever the cause, the spec's one text: used, unknown or of another product.
    describeError: () => passMessages.accessCodeLookupFailed,
  });

  return (
    <Card withBorder padding="lg" maw={480} component="section" aria-labelledby="code-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" id="code-title">
            {passScreenMessages.codeTitle}
          </Title>
          <Text>{passScreenMessages.codeIntro}</Text>
          <FailureAlert message={formError} testId="code-error" />
          <TextInput
            label={passScreenMessages.codeLabel}
            required
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            {...form.getInputProps('code')}
            name="code"
          />
          <Button type="submit" loading={isSubmitting}>
            {passScreenMessages.codeContinue}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
