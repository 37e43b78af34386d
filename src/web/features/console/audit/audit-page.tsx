import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  type AuditEntryView,
  type AuditFilter,
  buildQuery,
  exportAuditContract,
  listAuditContract,
} from '../../../../shared/contract';
import {
  actionLabel,
  actorOf,
  describeAuditChanges,
  kindLabel,
} from '../../../../shared/format/audit-changes';
import { formatDate } from '../../../../shared/format/dates';
import { consoleMessages } from '../../../../shared/messages';
import { consoleAuditMessages as m } from '../../../../shared/messages/console-audit';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { API_BASE } from '../../../lib/api-client';
import { contractKey } from '../../../lib/contract-query';
import { downloadFile } from '../../../lib/download-file';
import { readOperatorToken } from '../../operator/operator-session';
import { ExportButton, ListBar, useListParams } from '../list-kit';
import { callAsOperator } from '../operator-call';
import { useOperators } from '../operators/operators-api';
import { QueryError } from '../query-state';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['operatorUuid', 'action', 'entityType', 'from', 'to'] as const;
/** The log reads newest first only. */
const SORT_KEYS = ['newest'] as const;

const ACTION_OPTIONS = () => [
  { value: '', label: m.anyAction },
  ...Object.entries(m.actions)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];
const KIND_OPTIONS = () => [
  { value: '', label: m.anyKind },
  ...Object.entries(m.kinds)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

/** The console page of a record the log names, when it has one. */
function recordPath(entry: AuditEntryView): string | null {
  switch (entry.entityType) {
    case 'notice':
      return paths.console.notice(entry.entityId);
    case 'pass':
      return paths.console.pass(entry.entityId);
    case 'customer':
      return paths.console.customer(entry.entityId);
    case 'product':
      return paths.console.product(entry.entityId);
    default:
      return null;
  }
}

function ChangesTable({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  const changes = describeAuditChanges(entry.before, entry.after, timeZone);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {consoleMessages.auditNoDiff}
      </Text>
    );
  }
  return (
    <div className="console-table-wrap">
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" className="audit-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{consoleMessages.auditField}</Table.Th>
            <Table.Th scope="col">{consoleMessages.auditBefore}</Table.Th>
            <Table.Th scope="col">{consoleMessages.auditAfter}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Th scope="row" fw={600} fz="sm">
                {change.label}
              </Table.Th>
              <Table.Td className="audit-value">{change.before || '—'}</Table.Td>
              <Table.Td className="audit-value">{change.after || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function AuditRow({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  const path = recordPath(entry);
  // A bulk action's entry is about many records (its changes name them), never one that was removed.
  const record = entry.entityLabel ?? (entry.entityType === 'batch' ? null : m.removedRecord);
  return (
    <Card withBorder padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{actionLabel(entry.action)}</Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, timeZone, 'dateTime')}</time>
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap" className="console-break">
          <Badge variant="light" color="gray" c="dark.9">
            {kindLabel(entry.entityType)}
          </Badge>
          {path && entry.entityLabel ? (
            <Anchor component={Link} to={path} size="sm" fw={600}>
              {record}
            </Anchor>
          ) : (
            record && (
              <Text size="sm" fw={600}>
                {record}
              </Text>
            )
          )}
          <Text size="sm" c="dimmed">
            {`${consoleMessages.auditWho}: ${actorOf(entry)}`}
          </Text>
        </Group>
        <ChangesTable entry={entry} timeZone={timeZone} />
      </Stack>
    </Card>
  );
}

function downloadAuditExport(filter: Partial<AuditFilter>) {
  return downloadFile({
    url: `${API_BASE}${exportAuditContract.path}${buildQuery(filter)}`,
    authorization: readOperatorToken() ?? '',
    fallbackName: 'audit.csv',
  });
}

/**
 * /dashboard/audit: every change operators made, newest first, read-only; filtered by operator,
 * kind of change, record and days (kept in the address), and exported as CSV as filtered.
 */
export function AuditPage() {
  const timeZone = useTenantTimeZone();
  const params = useListParams({ filters: FILTER_KEYS, sorts: SORT_KEYS, defaultSort: 'newest' });
  const { filters } = params;
  const operators = useOperators();
  const log = useInfiniteQuery({
    queryKey: contractKey(listAuditContract, { query: filters }),
    meta: { caller: callAsOperator },
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callAsOperator(
        listAuditContract,
        { query: { limit: PAGE_SIZE, ...filters, ...(pageParam ? { cursor: pageParam } : {}) } },
        signal,
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const firstPage = log.data?.pages[0];
  const operatorOptions = [
    { value: '', label: m.anyOperator },
    ...(operators.data ?? []).map((operator) => ({
      value: operator.uuid,
      label: operator.fullname || operator.email,
    })),
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{consoleMessages.auditTitle}</Title>
      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={consoleMessages.auditTitle}>
        <NativeSelect
          label={m.filterOperator}
          data={operatorOptions}
          value={filters.operatorUuid ?? ''}
          onChange={(event) => params.setFilters({ operatorUuid: event.currentTarget.value })}
          w={{ base: '100%', xs: 200 }}
        />
        <NativeSelect
          label={m.filterAction}
          data={ACTION_OPTIONS()}
          value={filters.action ?? ''}
          onChange={(event) => params.setFilters({ action: event.currentTarget.value })}
          w={{ base: '100%', xs: 220 }}
        />
        <NativeSelect
          label={m.filterKind}
          data={KIND_OPTIONS()}
          value={filters.entityType ?? ''}
          onChange={(event) => params.setFilters({ entityType: event.currentTarget.value })}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label={m.filterFrom}
          value={filters.from ?? ''}
          onChange={(event) => params.setFilters({ from: event.currentTarget.value })}
          w={{ base: '100%', xs: 160 }}
        />
        <TextInput
          type="date"
          label={m.filterTo}
          value={filters.to ?? ''}
          onChange={(event) => params.setFilters({ to: event.currentTarget.value })}
          w={{ base: '100%', xs: 160 }}
        />
        {params.hasFilters && (
          <Button variant="subtle" onClick={params.clearFilters}>
            {m.clearFilters}
          </Button>
        )}
      </Group>
      {log.isPending && <Skeleton height={240} radius="md" aria-label={consoleMessages.loading} />}
      <QueryError error={log.error} />
      {firstPage && (
        <ListBar
          total={firstPage}
          page={1}
          pageSize={entries.length}
          shown={entries.length}
          actions={<ExportButton onExport={() => downloadAuditExport(filters)} />}
        />
      )}
      {log.isSuccess && entries.length === 0 && (
        <Text role="status">{params.hasFilters ? m.emptyFiltered : consoleMessages.auditEmpty}</Text>
      )}
      {entries.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          className="plain-list"
          aria-busy={log.isFetching}
          style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}
        >
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </Stack>
      )}
      {log.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {consoleMessages.auditMore}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
