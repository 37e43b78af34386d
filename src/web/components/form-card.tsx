import { Card, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A section of a page that is one form: a card named by its title (for assistive technology,
 * through `titleId`), the form without the browser's own validation, its content stacked.
 */
export function FormCard({
  titleId,
  title,
  onSubmit,
  children,
}: {
  titleId: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
