import { Card, Stack, Text, Title } from '@mantine/core';
import { accountMessages } from '../../../shared/messages';

/*
 * PLACEHOLDER. The passes issue replaces this page (/permits/view) with the real passes list:
 * remove it from routes.tsx and register the real page as a child of SignedInLayout. It exists so
 * that the side menu has somewhere to go until then. (The dashboard placeholder is gone: issue 10
 * landed /permits/dashboard.)
 */

export function PassesPlaceholderPage() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {accountMessages.menuPasses}
      </Title>
      <Card withBorder padding="lg">
        <Text c="dimmed">Your passes will appear here.</Text>
      </Card>
    </Stack>
  );
}
