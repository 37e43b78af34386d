import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the product editor. */
export function EditorSection(props: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <Stack gap="sm">{props.children}</Stack>
    </Card>
  );
}
