import { ActionIcon, Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { fillMessage } from '../../../../../shared/messages/fill';
import { acceptFor, uploadFile } from '../../../../lib/upload-file';
import { DENY_RED } from '../../../operator/colors';
import { EditorSection } from './editor-section';
import type { SectionProps } from './product-form';

/** The product's images: uploaded one file after another, removed one by one. */
export function ImagesSection({ form }: SectionProps) {
  const images = form.values.images;
  const [imageError, setImageError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  async function onImagesPicked(files: FileList | null) {
    const picked = Array.from(files ?? []);
    if (picked.length === 0) return;
    setImageError(null);
    setIsUploading(true);
    try {
      for (const file of picked) {
        const stored = await uploadFile(file, 'product-image');
        form.insertListItem('images', stored.fileUrl);
      }
    } catch (error) {
      setImageError((error as Error).message);
    } finally {
      setIsUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
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
        onChange={(event) => void onImagesPicked(event.currentTarget.files)}
      />
      <Group>
        <Button variant="default" loading={isUploading} onClick={() => fileRef.current?.click()}>
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
