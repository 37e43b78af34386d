import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of one section of the checkout. */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Title order={2} size="h4" id={id}>
      {children}
    </Title>
  );
}
