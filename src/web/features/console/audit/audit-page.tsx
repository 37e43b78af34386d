import { Button, Card, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AuditEntryView, listAuditContract } from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { consoleMessages } from '../../../../shared/messages';
import { useTenantTimeZone } from '../../../app/brand';
import { CONSOLE_QUERY_ROOT } from '../console-api';
import { callAsOperator } from '../operator-call';
import { QueryError } from '../query-state';
import { diffAuditValues } from './audit-diff';

const PAGE_SIZE = 25;

/** The record kinds the filter offers; other sections' kinds show under 'All records'. */
const KIND_OPTIONS = [
  { value: '', label: consoleMessages.auditFilterAll },
  ...Object.entries(consoleMessages.auditKinds).map(([value, label]) => ({ value, label })),
];

function ChangesTable({ entry }: { entry: AuditEntryView }) {
  const changes = diffAuditValues(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {consoleMessages.auditNoDiff}
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs">
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
            <Table.Td className="audit-value">{change.field}</Table.Td>
            <Table.Td className="audit-value">{change.before}</Table.Td>
            <Table.Td className="audit-value">{change.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AuditRow({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  return (
    <Card withBorder padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{entry.action}</Text>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, timeZone, 'dateTime')}</time>
          </Text>
        </Group>
        <Text size="sm" className="console-break">
          {`${consoleMessages.auditWho}: ${entry.actorLabel} · ${entry.entityType} ${entry.entityId}`}
        </Text>
        <ChangesTable entry={entry} />
      </Stack>
    </Card>
  );
}

/** /dashboard/audit: every change operators made, newest first, read-only. */
export function AuditPage() {
  const timeZone = useTenantTimeZone();
  const [entityType, setEntityType] = useState('');
  const log = useInfiniteQuery({
    queryKey: [CONSOLE_QUERY_ROOT, 'audit', entityType],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callAsOperator(
        listAuditContract,
        {
          query: {
            limit: PAGE_SIZE,
            ...(entityType ? { entityType } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        signal,
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Stack gap="lg">
      <Title order={1}>{consoleMessages.auditTitle}</Title>
      <NativeSelect
        label={consoleMessages.auditFilterLabel}
        data={KIND_OPTIONS}
        value={entityType}
        onChange={(event) => setEntityType(event.currentTarget.value)}
        maw={280}
      />
      {log.isPending && <Skeleton height={240} radius="md" aria-label={consoleMessages.loading} />}
      <QueryError error={log.error} />
      {log.isSuccess && entries.length === 0 && <Text>{consoleMessages.auditEmpty}</Text>}
      {entries.length > 0 && (
        <Stack component="ul" gap="sm" className="plain-list">
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
