import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import type { IssuedPermit } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passDashboardMessages as m } from '../../../shared/messages';
import { passStatusText, plateText } from '../../../shared/rules/pass-display';
import { useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { usePageMenuEntry } from '../accounts/menu-entry';
import { useIssuedPermit } from './api';
import { describeDailyWindow } from './pass-presenters';

/** The disabled status button of section 2 (Permit detail): its three named texts, else the status. */
export function detailStatusLabel(permit: IssuedPermit, timeZone: string): string {
  switch (permit.status) {
    case 'Valid':
      return m.permitIsActive;
    case 'Expired':
      return m.permitIsExpired;
    case '':
      return m.permitIsInvalid;
    default:
      return passStatusText(permit, { now: new Date(), timeZone, surface: 'receipt' });
  }
}

/** /permits/view/{permituuid} (part 2 section 2, Permit detail). */
export function PermitDetailPage() {
  const { permituuid = '' } = useParams();
  const permit = useIssuedPermit(permituuid);
  const timeZone = useTenantTimeZone();
  const data = permit.data;
  // Section 2: the side-menu tab is 'visitors' when the pass is visitor-only.
  usePageMenuEntry(data?.isVisitorOnly ? paths.passes.visitors() : null);
  useDocumentTitle(data ? fillMessage(m.detailTitle, { id: data.customerPermitId }) : m.passCard);
  if (permit.isError) return <Navigate to={paths.notFound()} replace />;
  if (!data) return <Loader aria-label={m.loading} />;
  const vehicle = data.vehicle;
  return (
    <Card withBorder padding="xl" maw={720} component="section" aria-labelledby="detail-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2" id="detail-title">
            {fillMessage(m.detailTitle, { id: data.customerPermitId })}
          </Title>
          <Text size="lg" fw={600}>
            {data.permitName}
          </Text>
          {data.permitDescription && <Text c="dimmed">{data.permitDescription}</Text>}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {m.detailIssued}
            </Text>
            <Text>{formatDate(data.issuedOn, timeZone, 'dateTime')}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {m.detailExpires}
            </Text>
            <Text>{formatDate(data.expiresAt, timeZone, 'dateTime')}</Text>
          </Stack>
          {data.dailyWindow && (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {m.dailyWindow}
              </Text>
              <Text data-testid="detail-daily-window">{describeDailyWindow(data.dailyWindow)}</Text>
            </Stack>
          )}
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {m.detailVehicle}
            </Text>
            <Text fw={600}>
              {plateText(vehicle?.plate)}
              {vehicle?.state ? ` · ${vehicle.state}` : ''}
            </Text>
            {vehicle && (
              <Text size="sm" c="dimmed">
                {[vehicle.make, vehicle.model, vehicle.color].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {m.detailPrice}
            </Text>
            {/* The amount carries its currency ('CA$12.00', '12,00 $ US'): no code after it. */}
            <Text>{formatMoney(data.amount)}</Text>
          </Stack>
        </SimpleGrid>
        <Group gap="sm">
          {/* Section 2: a disabled button that states the pass's status. */}
          <Button disabled data-testid="detail-status">
            {detailStatusLabel(data, timeZone)}
          </Button>
          <Anchor component={Link} to={paths.passes.receipt(data.uuid)}>
            {m.view}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
