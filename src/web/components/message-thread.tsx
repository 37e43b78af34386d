import { Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import {
  APPEAL_MESSAGE_MAX_LENGTH,
  type AppealMessage,
  appealMessageBodySchema,
} from '../../shared/contract';
import { formatDate } from '../../shared/format';
import { appealMessages, citationMessages, appealThreadMessages as m } from '../../shared/messages';
import { fillMessage } from '../../shared/messages/fill';
import { useApiForm } from '../lib/use-api-form';
import { FailureAlert } from './form-alerts';
import { PhotoGallery, type PhotoGalleryLabels } from './photo-gallery';
import { type ProofPhoto, ProofPhotos } from './proof-photos';

/** Read at each render, so the texts are in the page's language. */
const galleryLabels = (): PhotoGalleryLabels => ({
  alt: (n) => fillMessage(appealMessages.photoAlt, { n }),
  open: (n) => fillMessage(citationMessages.openPhoto, { n }),
  position: (n, count) => fillMessage(citationMessages.photoOf, { n, count }),
  previous: citationMessages.previousPhoto,
  next: citationMessages.nextPhoto,
  close: citationMessages.closePhoto,
});

/**
 * An appeal's messages, oldest first, and a box to write the next one while the appeal is open.
 * The appellant's page and the operator's queue show the same thread from either side.
 */
export function MessageThread(props: {
  id: string;
  messages: readonly AppealMessage[];
  timeZone: string;
  /** Who each author is to the reader ('You', 'Operator', the appellant's name). */
  authorLabel: (author: AppealMessage['author']) => string;
  intro: string;
  canWrite: boolean;
  /** Sends a message with the photos uploaded for it (their stored URLs). */
  send: (body: string, imageURLs: string[]) => Promise<unknown>;
}) {
  const [photos, setPhotos] = useState<ProofPhoto[]>([]);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: appealMessageBodySchema,
    initialValues: { body: '' },
    submit: (values) =>
      props.send(
        values.body,
        photos.map((photo) => photo.fileUrl),
      ),
    // The sent message shows in the thread; the box and its photos are emptied for the next one.
    onSuccess: (): void => clearBox(),
    describeError: (error) => (error as Error).message,
  });
  function clearBox(): void {
    form.reset();
    for (const photo of photos) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    setPhotos([]);
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${props.id}-title`} data-testid="message-thread">
      <Title order={2} size="h4" id={`${props.id}-title`}>
        {m.title}
      </Title>
      <Text size="sm">{props.canWrite ? props.intro : m.closed}</Text>
      {props.messages.length === 0 && (
        <Text size="sm" c="dimmed">
          {m.empty}
        </Text>
      )}
      <Stack component="ol" gap="xs" className="plain-list">
        {props.messages.map((message) => (
          <Card
            key={message.uuid}
            component="li"
            withBorder
            padding="sm"
            className={`message message--${message.author}`}
            data-testid="thread-message"
          >
            <Text size="xs" fw={700}>
              {`${props.authorLabel(message.author)} · ${formatDate(message.createdOn, props.timeZone, 'dateTime')}`}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
            {message.imageURLs.length > 0 && (
              <PhotoGallery urls={message.imageURLs} labels={galleryLabels()} />
            )}
          </Card>
        ))}
      </Stack>
      {props.canWrite && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="xs">
            <Textarea
              label={m.label}
              autosize
              minRows={2}
              maxLength={APPEAL_MESSAGE_MAX_LENGTH}
              {...form.getInputProps('body')}
            />
            <ProofPhotos photos={photos} onChange={setPhotos} isLocked={isSubmitting} title={m.photosLabel} />
            <FailureAlert message={formError} />
            <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {m.send}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
