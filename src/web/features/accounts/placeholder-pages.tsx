import { Card, Stack, Text, Title } from '@mantine/core';
import { accountMessages } from '../../../shared/messages';
import { useCustomer } from './api';

/*
 * PLACEHOLDERS. The passes issue replaces these two pages (/permits/dashboard and /permits/view)
 * with the real passes dashboard and list: remove them from routes.tsx and register the real
 * pages as children of SignedInLayout. They exist so that sign-in has somewhere to land and the
 * side menu has somewhere to go until then.
 */

export function DashboardPlaceholderPage() {
  const customer = useCustomer();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {accountMessages.menuDashboard}
      </Title>
      <Card withBorder padding="lg">
        <Text data-testid="dashboard-greeting">
          {customer.data ? `Welcome, ${customer.data.fullname}.` : ''}
        </Text>
        <Text c="dimmed">Your passes will appear here.</Text>
      </Card>
    </Stack>
  );
}

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
