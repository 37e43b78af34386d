import { ActionIcon, Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { fillMessage } from '../../../../../shared/messages/fill';
import { acceptFor, uploadFile } from '../../../../lib/upload-file';
import { DENY_RED } from '../../../operator/colors';
import { EditorSection } from './editor-section';
import type { SectionProps } from './product-form';

/** The product's images: uploaded one file after another, removed one by one. */
export function ImagesSection({ form }: SectionProps) {
  const images = form.values.images;
  const fileRef = useRef<HTMLInputElement>(null);
  // One file after another, each in the form as soon as it is stored; a refusal stops the rest.
  const uploading = useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) {
        const stored = await uploadFile(file, 'product-image');
        form.insertListItem('images', stored.fileUrl);
      }
    },
    onSettled: () => {
      if (fileRef.current) fileRef.current.value = '';
    },
  });
  const imageError = uploading.error?.message ?? null;

  function onImagesPicked(files: FileList | null) {
    const picked = Array.from(files ?? []);
    if (picked.length > 0) uploading.mutate(picked);
  }

  return (
    <EditorSection title={m.sectionImages}>
      {images.length === 0 && <Text size="sm">{m.noImages}</Text>}
      <Group gap="sm">
        {images.map((url, index) => (
          <Stack key={url} gap={4} align="center">
            <Image
              src={url}
              alt={fillMessage(m.imageAlt, { n: index + 1 })}
              w={120}
              h={80}
              fit="cover"
              radius="sm"
            />
            <ActionIcon
              variant="subtle"
              color={DENY_RED}
              aria-label={fillMessage(m.removeImage, { n: index + 1 })}
              onClick={() => form.removeListItem('images', index)}
            >
              ✕
            </ActionIcon>
          </Stack>
        ))}
      </Group>
      <input
        ref={fileRef}
        type="file"
        accept={acceptFor('product-image')}
        multiple
        hidden
        onChange={(event) => onImagesPicked(event.currentTarget.files)}
      />
      <Group>
        <Button variant="default" loading={uploading.isPending} onClick={() => fileRef.current?.click()}>
          {m.addImage}
        </Button>
      </Group>
      {(imageError || form.errors.images) && (
        <Alert color="red" role="alert">
          {imageError ?? form.errors.images}
        </Alert>
      )}
    </EditorSection>
  );
}
