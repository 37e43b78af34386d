import { Anchor, Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { IssuedPermit } from '../../../shared/contract';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passDashboardMessages as m } from '../../../shared/messages';
import {
  passStatusText,
  passStatusTone,
  plateText,
  type StatusTone,
} from '../../../shared/rules/pass-display';
import { paths } from '../../app/page-paths';

/**
 * The dashboard's rows (part 2 section 2): a table on wider screens, a card per pass on phones,
 * one page of rows at a time so 2,000 passes stay quick to render, scroll and filter.
 */

export const receiptPath = (permit: Pick<IssuedPermit, 'uuid'>) => paths.passes.receipt(permit.uuid);

/** The dot beside a status: a second cue besides the text, never the only one. */
const TONE_COLOURS: Record<StatusTone, string> = {
  valid: 'var(--mantine-color-green-7)',
  upcoming: 'var(--mantine-color-blue-6)',
  attention: 'var(--mantine-color-orange-6)',
  ended: 'var(--mantine-color-gray-5)',
};

interface RowProps {
  permit: IssuedPermit;
  timeZone: string;
  now: Date;
}

const holderOf = (permit: IssuedPermit) =>
  permit.permitHolder?.name || permit.customerName || permit.permitHolder?.email || '—';

export function PassStatus({ permit, timeZone, now }: RowProps) {
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{ borderRadius: '50%', flexShrink: 0, background: TONE_COLOURS[passStatusTone(permit, now)] }}
      />
      <Text size="sm" fw={600} data-testid="pass-status">
        {passStatusText(permit, { now, timeZone, surface: 'dashboard' })}
      </Text>
    </Group>
  );
}

function ViewLink({ permit }: { permit: IssuedPermit }) {
  return (
    <Anchor
      component={Link}
      to={receiptPath(permit)}
      onClick={(event) => event.stopPropagation()}
      aria-label={fillMessage(m.viewPass, {
        id: permit.customerPermitId,
        plate: plateText(permit.vehicle?.plate),
      })}
    >
      {m.view}
    </Anchor>
  );
}

function PassRow({ permit, timeZone, now }: RowProps) {
  const navigate = useNavigate();
  return (
    <Table.Tr className="clickable-row" onClick={() => navigate(receiptPath(permit))} data-testid="pass-row">
      <Table.Td>
        <Text fw={600} size="sm">
          {plateText(permit.vehicle?.plate)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{permit.permitName}</Text>
        <Text size="xs" c="dimmed">
          #{permit.customerPermitId}
        </Text>
      </Table.Td>
      <Table.Td>
        <PassStatus permit={permit} timeZone={timeZone} now={now} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" className="break-anywhere">
          {holderOf(permit)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(permit.issuedOn, timeZone, 'dateTime')}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(permit.expiresAt, timeZone, 'dateTime')}</Text>
      </Table.Td>
      <Table.Td>
        <ViewLink permit={permit} />
      </Table.Td>
    </Table.Tr>
  );
}

function PassCard({ permit, timeZone, now }: RowProps) {
  const navigate = useNavigate();
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      className="clickable-row"
      onClick={() => navigate(receiptPath(permit))}
      data-testid="pass-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0} className="break-anywhere">
          <Text fw={700}>{plateText(permit.vehicle?.plate)}</Text>
          <Text size="sm">
            {permit.permitName} · #{permit.customerPermitId}
          </Text>
          <Text size="sm" c="dimmed">
            {holderOf(permit)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDate(permit.issuedOn, timeZone, 'dateTime')} –{' '}
            {formatDate(permit.expiresAt, timeZone, 'dateTime')}
          </Text>
          <PassStatus permit={permit} timeZone={timeZone} now={now} />
        </Stack>
        <Box style={{ flexShrink: 0 }}>
          <ViewLink permit={permit} />
        </Box>
      </Group>
    </Card>
  );
}

export function PassTable({
  permits,
  timeZone,
  now,
}: {
  permits: IssuedPermit[];
  timeZone: string;
  now: Date;
}) {
  return (
    <>
      <Stack component="ul" gap="sm" hiddenFrom="md" className="plain-list" aria-label={m.dashboardTitle}>
        {permits.map((permit) => (
          <PassCard key={permit.uuid} permit={permit} timeZone={timeZone} now={now} />
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={860} visibleFrom="md">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.columnPlate}</Table.Th>
              <Table.Th>{m.columnPermit}</Table.Th>
              <Table.Th>{m.columnStatus}</Table.Th>
              <Table.Th>{m.columnHolder}</Table.Th>
              <Table.Th>{m.columnIssuedAt}</Table.Th>
              <Table.Th>{m.columnExpiresAt}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{m.columnAction}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {permits.map((permit) => (
              <PassRow key={permit.uuid} permit={permit} timeZone={timeZone} now={now} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Previous / 'Page 2 of 40' / Next: plain buttons, so a keyboard and a screen reader both follow. */
export function Pager(props: {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPage(page: number): void;
}) {
  const { page, pages, total, pageSize } = props;
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label={m.pagesLabel}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {fillMessage(m.showingRange, { from, to, total })}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
          {m.previousPage}
        </Button>
        <Text size="sm" data-testid="page-of">
          {fillMessage(m.pageOf, { page, pages })}
        </Text>
        <Button variant="default" size="sm" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
          {m.nextPage}
        </Button>
      </Group>
    </Group>
  );
}
