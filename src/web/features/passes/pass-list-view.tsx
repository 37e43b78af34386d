import { Anchor, Box, Button, Group, Table, Text } from '@mantine/core';
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
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';

/**
 * The dashboard's rows (part 2 section 2): the one responsive table (decision 182), a table on
 * wider screens and a card per pass on phones, one page of rows at a time so 2,000 passes stay quick to render, scroll and filter.
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

/** The dashboard's columns: the plate heads each card on a phone, the View link names itself. */
/** Read at each render, so the labels are in the page's language. */
const passColumns = (): readonly ResponsiveColumn[] => [
  { label: m.columnPlate, isUnlabelledOnPhone: true },
  { label: m.columnPermit },
  { label: m.columnStatus },
  { label: m.columnHolder },
  { label: m.columnIssuedAt },
  { label: m.columnExpiresAt },
  { label: m.columnAction, isLabelHidden: true },
];

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
    <ResponsiveTable
      columns={passColumns()}
      minWidth={860}
      verticalSpacing="sm"
      highlightOnHover
      aria-label={m.dashboardTitle}
    >
      {permits.map((permit) => (
        <PassRow key={permit.uuid} permit={permit} timeZone={timeZone} now={now} />
      ))}
    </ResponsiveTable>
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
