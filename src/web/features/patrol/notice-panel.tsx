import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MAX_NOTICE_PHOTOS } from '../../../shared/contract';
import { fillMessage, patrolMessages, plateMessages } from '../../../shared/messages';
import { canonicalPlate, isWellFormedPlate } from '../../../shared/rules';
import { addToOutbox } from './patrol-store';

const orNull = (value: string) => value.trim() || null;

/**
 * A notice written in the field: kept on the phone at once with its photos, then sent in order with
 * the scans (the photos uploaded first), exactly once by its client id.
 */
export function NoticePanel({ initialPlate, onSaved }: { initialPlate: string; onSaved: () => void }) {
  const [plate, setPlate] = useState(initialPlate);
  const [violation, setViolation] = useState('');
  const [location, setLocation] = useState('');
  const [comments, setComments] = useState('');
  const [make, setMake] = useState('');
  const [color, setColor] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ plate?: string; violation?: string; photos?: string }>({});
  // Kept on the phone, not sent: the outbox sends it with the scans when the network allows, so
  // the mutation runs offline too (by default React Query holds mutations until it is online).
  const keep = useMutation({ mutationFn: addToOutbox, onSuccess: onSaved, networkMode: 'always' });

  const addPhotos = (files: File[]) => {
    const next = [...photos, ...files];
    setErrors((current) => ({
      ...current,
      photos:
        next.length > MAX_NOTICE_PHOTOS
          ? fillMessage(patrolMessages.tooManyPhotos, { max: MAX_NOTICE_PHOTOS })
          : undefined,
    }));
    setPhotos(next.slice(0, MAX_NOTICE_PHOTOS));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      plate: !canonicalPlate(plate)
        ? patrolMessages.plateRequired
        : isWellFormedPlate(plate)
          ? undefined
          : plateMessages.plateInvalid,
      violation: violation.trim() ? undefined : patrolMessages.violationRequired,
    };
    setErrors(found);
    if (found.plate || found.violation) return;
    const clientId = `patrol-notice-${crypto.randomUUID()}`;
    const createdOn = new Date().toISOString();
    const canonical = canonicalPlate(plate);
    keep.mutate({
      kind: 'notice',
      clientId,
      plate: canonical,
      createdAt: createdOn,
      status: 'waiting',
      notice: {
        clientId,
        citationName: violation.trim().toUpperCase(),
        plate: canonical,
        location: orNull(location),
        comments: orNull(comments),
        make: orNull(make),
        color: orNull(color),
        createdOn,
      },
      photos,
      uploadUUIDs: [],
    });
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <Title2 />
        <TextInput
          label={patrolMessages.plateLabel}
          value={plate}
          onChange={(event) => setPlate(event.currentTarget.value.toUpperCase())}
          error={errors.plate}
          size="lg"
          autoComplete="off"
          autoCapitalize="characters"
          classNames={{ input: 'patrol-plate-input patrol-plate-input-small' }}
          required
        />
        <TextInput
          label={patrolMessages.violationLabel}
          placeholder={patrolMessages.violationPlaceholder}
          value={violation}
          onChange={(event) => setViolation(event.currentTarget.value)}
          error={errors.violation}
          autoCapitalize="characters"
          size="md"
          required
        />
        <TextInput
          label={patrolMessages.locationLabel}
          value={location}
          onChange={(event) => setLocation(event.currentTarget.value)}
          size="md"
        />
        <Group grow gap="sm">
          <TextInput
            label={patrolMessages.makeLabel}
            value={make}
            onChange={(event) => setMake(event.currentTarget.value)}
            size="md"
          />
          <TextInput
            label={patrolMessages.colorLabel}
            value={color}
            onChange={(event) => setColor(event.currentTarget.value)}
            size="md"
          />
        </Group>
        <Textarea
          label={patrolMessages.commentsLabel}
          value={comments}
          onChange={(event) => setComments(event.currentTarget.value)}
          autosize
          minRows={2}
          size="md"
        />
        <Stack gap={6}>
          <Text fw={700} size="md" id="patrol-photos-label">
            {patrolMessages.photosLabel}
          </Text>
          <FileButton onChange={addPhotos} accept="image/*" multiple capture="environment">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="md"
                disabled={photos.length >= MAX_NOTICE_PHOTOS}
                aria-describedby="patrol-photos-label"
              >
                {fillMessage(patrolMessages.photosChosen, { count: photos.length })}
              </Button>
            )}
          </FileButton>
          {photos.map((photo, index) => (
            <Group
              key={`${photo.name}-${photo.lastModified}-${photo.size}`}
              justify="space-between"
              wrap="nowrap"
            >
              <Text size="sm" truncate>
                {photo.name}
              </Text>
              <CloseButton
                aria-label={`${patrolMessages.removePhoto} ${index + 1}`}
                onClick={() => setPhotos(photos.filter((_, kept) => kept !== index))}
              />
            </Group>
          ))}
          {errors.photos && (
            <Alert color="orange" role="alert" p="xs">
              {errors.photos}
            </Alert>
          )}
        </Stack>
        {keep.isError && (
          <Alert color="red" role="alert" p="xs">
            {patrolMessages.noticeNotKept}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={keep.isPending}>
          {patrolMessages.saveNotice}
        </Button>
      </Stack>
    </form>
  );
}

function Title2() {
  return (
    <Text component="h2" fw={700} size="xl">
      {patrolMessages.noticeTitle}
    </Text>
  );
}
