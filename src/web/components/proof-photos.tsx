import { Button, CloseButton, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { MAX_APPEAL_PHOTOS } from '../../shared/contract';
import { appealMessages } from '../../shared/messages';
import { fillMessage } from '../../shared/messages/fill';
import { attachPhotoLabel } from '../../shared/rules';
import { acceptFor, uploadFile } from '../lib/upload-file';
import { FailureAlert } from './form-alerts';

export interface ProofPhoto {
  /** Where the stored file is read; what the appeal refers to. */
  fileUrl: string;
  /** A local preview of the picked file, when there is one. */
  previewUrl?: string;
  name: string;
}

const numbered = (template: string, n: number) => fillMessage(template, { n });

/**
 * Up to four proof photos, each uploaded as soon as it is picked; removable until the appeal is
 * submitted. A fifth attempt explains the limit instead of opening the file picker.
 */
export function ProofPhotos(props: {
  photos: ProofPhoto[];
  onChange?: (photos: ProofPhoto[]) => void;
  isLocked: boolean;
  /** The section's heading; the appeal form's 'Proof photos' unless given. */
  title?: string;
  /** What the files are uploaded for: an appeal's evidence unless given (a console notice's photos). */
  purpose?: 'appeal-photo' | 'notice-photo';
  /** The accepted types and size, beside the button; the appeal form's unless given. */
  hint?: string;
  /** The button's words with {n}, the photos attached; the appeal form's 'Attach Proof Photo' unless given. */
  attachLabel?: string;
}) {
  const purpose = props.purpose ?? 'appeal-photo';
  const { photos, onChange, isLocked } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  // A photo past the maximum is refused before any upload; a failed upload is the mutation's.
  const [limitProblem, setLimitProblem] = useState<string | null>(null);
  const uploading = useMutation({
    mutationFn: async (file: File) => {
      const stored = await uploadFile(file, purpose);
      onChange?.([
        ...photos,
        { fileUrl: stored.fileUrl, previewUrl: URL.createObjectURL(file), name: file.name },
      ]);
    },
  });
  const message = limitProblem ?? uploading.error?.message ?? null;

  /** Clears what the last attempt said, for a new one or a removal. */
  function clearMessage() {
    setLimitProblem(null);
    if (uploading.isError) uploading.reset();
  }

  function onAttachClick() {
    if (photos.length >= MAX_APPEAL_PHOTOS) {
      setLimitProblem(appealMessages.maxPhotos);
      return;
    }
    clearMessage();
    inputRef.current?.click();
  }

  function onFilePicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    uploading.mutate(file);
  }

  function remove(index: number) {
    const photo = photos[index];
    if (photo?.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    onChange?.(photos.filter((_, position) => position !== index));
    clearMessage();
  }

  return (
    <Stack gap="sm">
      <Text fw={600} component="h3" size="md" m={0}>
        {props.title ?? appealMessages.photosTitle}
      </Text>
      {photos.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="proof-photos">
          {photos.map((photo, index) => (
            <Paper key={photo.fileUrl} withBorder p={4} pos="relative">
              <Image
                src={photo.previewUrl ?? photo.fileUrl}
                alt={numbered(appealMessages.photoAlt, index + 1)}
                h={96}
                fit="cover"
                radius="sm"
              />
              {!isLocked && (
                <CloseButton
                  pos="absolute"
                  top={6}
                  right={6}
                  variant="filled"
                  aria-label={numbered(appealMessages.removePhoto, index + 1)}
                  onClick={() => remove(index)}
                />
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {!isLocked && (
        <>
          <Group gap="sm" align="center">
            <Button variant="outline" onClick={onAttachClick} loading={uploading.isPending}>
              {props.attachLabel
                ? numbered(props.attachLabel, photos.length)
                : attachPhotoLabel(photos.length)}
            </Button>
            <Text size="sm" c="dimmed">
              {props.hint ?? appealMessages.photosHint}
            </Text>
          </Group>
          <input
            ref={inputRef}
            type="file"
            accept={acceptFor(purpose)}
            hidden
            onChange={onFilePicked}
            data-testid="proof-photo-input"
          />
          <FailureAlert message={message} testId="photo-message" />
        </>
      )}
    </Stack>
  );
}
