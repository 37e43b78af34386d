import { Anchor, Button, Loader, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { createNoticeBodySchema, NOTICE_FIELD_LIMITS, uuidSchema } from '../../../../shared/contract';
import { formatCurrencyCode } from '../../../../shared/format';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';
import { fillMessage } from '../../../../shared/messages/fill';
import { paths } from '../../../app/page-paths';
import { FailureAlert } from '../../../components/form-alerts';
import { type ProofPhoto, ProofPhotos } from '../../../components/proof-photos';
import { useApiForm } from '../../../lib/use-api-form';
import { QueryError } from '../query-state';
import { createNotice, noticesKey, useViolationCodes } from './api';
import { dollarsFieldSchema } from './dollars-field';
import { chooseCodeSchemaMessage, NoticeDetailFields } from './notice-form-fields';

/** The shared contract, with the form's own text for the amount, the code and the issue time. */
const newNoticeFormSchema = createNoticeBodySchema.extend({
  citationCodeUUID: z.string().min(1, chooseCodeSchemaMessage).pipe(uuidSchema),
  amount: dollarsFieldSchema,
  // A datetime-local input: the operator's own clock; blank is now.
  createdOn: z.string().transform((value) => (value ? new Date(value).toISOString() : undefined)),
});

/** /dashboard/notices/new: write a notice by hand (from a paper ticket, a phone call). */
export function NewNoticePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const codes = useViolationCodes();
  // Uploaded through the storage port as each is picked; the notice claims them when written.
  const [photos, setPhotos] = useState<ProofPhoto[]>([]);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: newNoticeFormSchema,
    initialValues: {
      citationNumber: '',
      plate: '',
      stateProv: '',
      citationCodeUUID: '',
      amount: '',
      createdOn: '',
      location: '',
      make: '',
      color: '',
      comments: '',
      imageURLs: [],
    },
    submit: (values) => createNotice({ ...values, imageURLs: photos.map((photo) => photo.fileUrl) }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: noticesKey });
      navigate(paths.console.notice(result.citation.uuid), {
        state: { created: result.citation.citationNumber },
      });
    },
    fieldOf: (error) => (error.status === 409 ? 'citationNumber' : null),
    describeError: (error) => (error as Error).message,
  });

  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={paths.console.notices()}>
        {m.backToList}
      </Anchor>
      <Title order={1}>{m.newNotice}</Title>
      <QueryError error={codes.error} />
      {codes.isLoading && <Loader aria-label={m.codesTitle} />}
      {codes.data && (
        <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <FailureAlert message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={m.numberLabel}
                description={m.numberHint}
                maxLength={NOTICE_FIELD_LIMITS.citationNumber}
                {...form.getInputProps('citationNumber')}
              />
              <TextInput
                type="datetime-local"
                label={m.issuedAtLabel}
                description={m.issuedAtHint}
                {...form.getInputProps('createdOn')}
              />
            </SimpleGrid>
            <NoticeDetailFields form={form} codes={codes.data} />
            <TextInput
              label={fillMessage(m.amountLabel, { currency: formatCurrencyCode() })}
              description={m.amountHint}
              inputMode="decimal"
              {...form.getInputProps('amount')}
            />
            <ProofPhotos
              photos={photos}
              onChange={setPhotos}
              isLocked={isSubmitting}
              title={m.photosTitle}
              hint={m.photosHint}
              attachLabel={m.attachPhoto}
              purpose="notice-photo"
            />
            <Button type="submit" loading={isSubmitting}>
              {m.create}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
