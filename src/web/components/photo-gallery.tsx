import { Button, Group, Image, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

export interface PhotoGalleryLabels {
  /** Alternative text of photo n, e.g. 'Enforcement photo 1'. */
  alt: (n: number) => string;
  open: (n: number) => string;
  position: (n: number, count: number) => string;
  previous: string;
  next: string;
  close: string;
}

/**
 * Thumbnails that open one photo at full size in a modal dialog (focus kept inside, Escape
 * closes, arrow buttons step through). The full-size image is the same URL: enforcement photos
 * are small enough, and there is no second rendition to keep in step.
 */
export function PhotoGallery({ urls, labels }: { urls: readonly string[]; labels: PhotoGalleryLabels }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = urls.length;
  const step = (delta: number) =>
    setOpenIndex((index) => (index === null ? null : (index + delta + count) % count));
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="photo-gallery">
        {urls.map((url, index) => (
          <UnstyledButton
            key={url}
            onClick={() => setOpenIndex(index)}
            aria-label={labels.open(index + 1)}
            className="photo-gallery__thumb"
          >
            <Image src={url} alt={labels.alt(index + 1)} radius="sm" h={140} fit="cover" />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={openIndex !== null}
        onClose={() => setOpenIndex(null)}
        title={openIndex === null ? '' : labels.position(openIndex + 1, count)}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': labels.close }}
      >
        {openIndex !== null && (
          <>
            <Image src={urls[openIndex]} alt={labels.alt(openIndex + 1)} fit="contain" mah="70vh" />
            {count > 1 && (
              <Group justify="space-between" mt="md">
                <Button variant="default" onClick={() => step(-1)}>
                  {labels.previous}
                </Button>
                <Text size="sm">{labels.position(openIndex + 1, count)}</Text>
                <Button variant="default" onClick={() => step(1)}>
                  {labels.next}
                </Button>
              </Group>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
