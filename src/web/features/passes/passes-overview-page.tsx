import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { IssuedPermit } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { passesOverviewMessages as m, passMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { matchesPassFilter, plateText } from '../../../shared/rules/pass-display';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { useCustomer } from '../accounts/api';
import { useDashboardPermits } from './living-api';
import { PassStatus, receiptPath } from './pass-list-view';

/** Which of the three groups a pass is shown in: in force (or starting), waiting on someone, or over. */
function groupOf(permit: IssuedPermit, now: Date): 'current' | 'waiting' | 'past' {
  if (matchesPassFilter(permit, 'active', now)) return 'current';
  if (permit.paidStatus === 'waiting' || permit.paidStatus === 'incomplete') return 'waiting';
  return 'past';
}

function PassOverviewCard({ permit, timeZone, now }: { permit: IssuedPermit; timeZone: string; now: Date }) {
  const plates = [permit.vehicle, ...permit.secondaryVehicles]
    .filter((vehicle) => vehicle !== null)
    .map((vehicle) => vehicle.plate);
  return (
    <Card withBorder padding="md" component="li" data-testid="pass-overview-card">
      <Stack gap={6}>
        <Text fw={700} className="break-anywhere">
          {permit.permitName}
        </Text>
        <Text size="sm">#{permit.customerPermitId}</Text>
        <Text size="sm" fw={600}>
          {plates.length > 0 ? plates.join(', ') : plateText(null)}
        </Text>
        <Text size="sm" c="dimmed">
          {fillMessage(m.validity, {
            from: formatDate(permit.issuedOn, timeZone, 'dateTime'),
            to: formatDate(permit.expiresAt, timeZone, 'dateTime'),
          })}
        </Text>
        <PassStatus permit={permit} timeZone={timeZone} now={now} />
        <Group gap="md" mt={4}>
          <Anchor component={Link} to={paths.passes.pass(permit.uuid)}>
            {fillMessage(m.details, { id: permit.customerPermitId })}
          </Anchor>
          <Anchor component={Link} to={receiptPath(permit)}>
            {fillMessage(m.receipt, { id: permit.customerPermitId })}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

function PassGroup(props: { title: string; permits: IssuedPermit[]; timeZone: string; now: Date }) {
  if (props.permits.length === 0) return null;
  const id = `passes-${props.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {props.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" className="plain-list">
        {props.permits.map((permit) => (
          <PassOverviewCard key={permit.uuid} permit={permit} timeZone={props.timeZone} now={props.now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /permits/view (the side menu's 'Passes'): the customer's own passes as cards, in force first,
 * then those waiting for approval or payment, then the ended ones; each links to its details and to
 * its receipt and proof. The dashboard keeps the full table with filters.
 */
export function PassesOverviewPage() {
  useDocumentTitle(m.title);
  const brand = useBrand();
  const timeZone = useTenantTimeZone();
  const customer = useCustomer();
  const permits = useDashboardPermits(customer.data ? false : undefined);
  const now = new Date();
  const registerPath = brand?.isPermitCodeNeeded
    ? paths.passes.accessCode()
    : paths.passes.chooseForAccount();
  const groups = { current: [] as IssuedPermit[], waiting: [] as IssuedPermit[], past: [] as IssuedPermit[] };
  for (const permit of permits.data ?? []) groups[groupOf(permit, now)].push(permit);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {m.title}
        </Title>
        <Button component={Link} to={registerPath}>
          {passMessages.registerNewPass}
        </Button>
      </Group>
      <Text>{m.intro}</Text>
      {permits.isLoading && <Loader aria-label={m.title} />}
      {permits.isError && (
        <Alert color="red" role="alert">
          {(permits.error as Error).message}
        </Alert>
      )}
      {permits.data?.length === 0 && (
        <Card withBorder padding="lg">
          <Text>{m.none}</Text>
        </Card>
      )}
      <PassGroup title={m.current} permits={groups.current} timeZone={timeZone} now={now} />
      <PassGroup title={m.waiting} permits={groups.waiting} timeZone={timeZone} now={now} />
      <PassGroup title={m.past} permits={groups.past} timeZone={timeZone} now={now} />
      <Anchor component={Link} to={paths.account.dashboard()}>
        {m.toDashboard}
      </Anchor>
    </Stack>
  );
}
