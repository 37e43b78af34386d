import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { getCitationByNumberContract } from '../../../shared/contract';
import { appealMessages, citationMessages, withSupport } from '../../../shared/messages';
import { normaliseSearchTerm } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { ApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { findAppealableCitation } from './api';

function searchErrorText(error: unknown, contactEmail: string | null | undefined): string {
  if (error instanceof ApiError && error.status === 404) return appealMessages.notAppealable;
  if (error instanceof ApiError && error.status === 403) return appealMessages.windowExpired;
  return withSupport(citationMessages.searchError, contactEmail);
}

/** The notice number as the search call takes it: whitespace removed, upper-cased, present. */
const appealSearchFormSchema = z.object({
  noticeNumber: z
    .string()
    .transform(normaliseSearchTerm)
    .pipe(
      getCitationByNumberContract.params.shape.number.min(1, {
        error: () => appealMessages.enterNoticeNumber,
      }),
    ),
});

/** /noticeappeal: find the notice to appeal by its number; the server says whether it can be. */
export function AppealSearchPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: appealSearchFormSchema,
    initialValues: { noticeNumber: '' },
    submit: (values) => findAppealableCitation(values.noticeNumber),
    onSuccess: (citation) => navigate(paths.appeal(citation.uuid)),
    describeError: (error) => searchErrorText(error, brand?.contactEmail),
  });

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1}>{appealMessages.searchTitle}</Title>
      <Card withBorder padding="lg" component="section" aria-label={appealMessages.searchTitle}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={appealMessages.noticeNumberLabel}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              size="md"
              {...form.getInputProps('noticeNumber')}
              name="noticeNumber"
            />
            <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {appealMessages.search}
            </Button>
          </Stack>
        </form>
      </Card>
      {formError && (
        <Alert color="red" role="alert" data-testid="appeal-search-error">
          <Text>{formError}</Text>
        </Alert>
      )}
    </Stack>
  );
}
