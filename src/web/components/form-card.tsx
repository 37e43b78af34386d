import { Card, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

interface TitledCardProps {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}

/**
 * A card named by its title (for assistive technology, through `titleId`), its content stacked;
 * with `onSubmit`, the content is one form without the browser's own validation.
 */
function TitledCard({
  titleId,
  title,
  onSubmit,
  children,
  isPage,
  width,
}: TitledCardProps & { onSubmit?: FormEventHandler<HTMLFormElement>; isPage: boolean; width?: number }) {
  const content = (
    <Stack gap="md">
      <Title order={isPage ? 1 : 2} size={isPage ? 'h2' : 'h3'} id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  return (
    <Card
      withBorder
      padding="lg"
      maw={width}
      mx={isPage ? 'auto' : undefined}
      component="section"
      aria-labelledby={titleId}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </Card>
  );
}

/** A section of a page that is one form, titled one level below the page's heading. */
export function FormCard(props: TitledCardProps & { onSubmit: FormEventHandler<HTMLFormElement> }) {
  return <TitledCard {...props} isPage={false} />;
}

/**
 * A page that is a single centred card, such as signing in or following an emailed link: the
 * card's title is the page's heading. With `onSubmit` the whole card is the form.
 */
export function PageCard({
  width = 480,
  ...props
}: TitledCardProps & { onSubmit?: FormEventHandler<HTMLFormElement>; width?: 480 | 560 }) {
  return <TitledCard {...props} isPage width={width} />;
}
