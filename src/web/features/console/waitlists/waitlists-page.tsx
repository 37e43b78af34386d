import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ConsoleWaitlist,
  type ConsoleWaitlistEntry,
  listConsoleWaitlistsContract,
  moveWaitlistEntryContract,
  removeWaitlistEntryContract,
} from '../../../../shared/contract';
import { formatDate, formatNumber } from '../../../../shared/format';
import { consoleProductMessages, fillMessage, waitlistMessages as m } from '../../../../shared/messages';
import { useTenantTimeZone } from '../../../app/brand';
import { useDocumentTitle } from '../../../app/use-document-title';
import { contractKey, contractMutation, contractQuery } from '../../../lib/contract-query';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { QueryState } from '../query-state';

const waitlistsKey = contractKey(listConsoleWaitlistsContract);

function StatusBadge({ entry, timeZone }: { entry: ConsoleWaitlistEntry; timeZone: string }) {
  if (entry.status === 'offered' && entry.offerExpiresAt) {
    return (
      // The deadline is long: the badge wraps inside a phone's card instead of running past it.
      <Badge
        color="blue.1"
        c="blue.9"
        maw="100%"
        styles={{ root: { height: 'auto' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
      >
        {fillMessage(m.statusOffered, { deadline: formatDate(entry.offerExpiresAt, timeZone, 'dateTime') })}
      </Badge>
    );
  }
  return (
    <Badge color="gray.2" c="dark.9">
      {m.statusWaiting}
    </Badge>
  );
}

/** One product's line: offers running first, then people waiting by rank, with move and remove. */
function WaitlistCard({ line, canManage }: { line: ConsoleWaitlist; canManage: boolean }) {
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ConsoleWaitlistEntry | null>(null);
  const waitingCount = line.entries.filter((entry) => entry.status === 'waiting').length;
  const titleId = `waitlist-${line.productUUID}`;

  const replaceLine = (updated: ConsoleWaitlist) =>
    queryClient.setQueryData(waitlistsKey, (old: { items: ConsoleWaitlist[] } | undefined) =>
      old
        ? { items: old.items.map((item) => (item.productUUID === updated.productUUID ? updated : item)) }
        : old,
    );

  const moving = useMutation({
    ...contractMutation(moveWaitlistEntryContract, callAsOperator),
    onSuccess: replaceLine,
  });
  const move = (entry: ConsoleWaitlistEntry, rank: number) =>
    moving.mutate({ params: { uuid: entry.uuid }, body: { rank } });
  const problem = moving.error?.message;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {line.productName}
          </Title>
          <Badge variant="outline">
            {fillMessage(m.consoleWaitingCount, { count: formatNumber(waitingCount) })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {fillMessage(m.consoleCapacity, {
            held: line.heldCount,
            capacity: line.capacity ?? consoleProductMessages.unlimited,
            hours: line.offerHours,
          })}
        </Text>
        {problem && (
          <Text c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <DataTable
          minWidth={560}
          verticalSpacing="xs"
          isEmpty={line.entries.length === 0}
          emptyText={m.consoleNobody}
          columns={[
            m.columnRank,
            m.columnPerson,
            m.columnStatus,
            m.columnJoined,
            ...(canManage ? [m.columnActions] : []),
          ]}
        >
          {line.entries.map((entry) => (
            <Table.Tr key={entry.uuid} data-testid="waitlist-entry">
              <Table.Td>{entry.rank ?? '—'}</Table.Td>
              <Table.Td>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.email}
                </Text>
                {entry.customerName && (
                  <Text size="xs" c="dimmed">
                    {entry.customerName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge entry={entry} timeZone={timeZone} />
              </Table.Td>
              <Table.Td>{formatDate(entry.joinedAt, timeZone, 'dateTime')}</Table.Td>
              {canManage && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {entry.rank !== null && (
                      <>
                        <ActionIcon
                          variant="default"
                          disabled={entry.rank === 1}
                          aria-label={fillMessage(m.moveUp, { email: entry.email })}
                          onClick={() => move(entry, (entry.rank ?? 1) - 1)}
                        >
                          <span aria-hidden>↑</span>
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          disabled={entry.rank === waitingCount}
                          aria-label={fillMessage(m.moveDown, { email: entry.email })}
                          onClick={() => move(entry, (entry.rank ?? 1) + 1)}
                        >
                          <span aria-hidden>↓</span>
                        </ActionIcon>
                      </>
                    )}
                    <ActionIcon
                      variant="default"
                      color="red"
                      aria-label={fillMessage(m.remove, { email: entry.email })}
                      onClick={() => setRemoving(entry)}
                    >
                      <span aria-hidden>✕</span>
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      </Stack>
      {removing && (
        <ConfirmDialog
          title={fillMessage(m.remove, { email: removing.email })}
          body={fillMessage(m.removeConfirm, { email: removing.email })}
          confirmLabel={fillMessage(m.remove, { email: removing.email })}
          cancelLabel={m.cancel}
          onConfirm={async () => {
            replaceLine(
              await callAsOperator(removeWaitlistEntryContract, { params: { uuid: removing.uuid } }),
            );
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}

/** /dashboard/waitlists: each waitlisted product's line (issue 31); tenant admins move and remove people. */
export function WaitlistsPage() {
  useDocumentTitle(m.consoleTitle);
  const query = useQuery({
    ...contractQuery(listConsoleWaitlistsContract, {}, callAsOperator),
  });
  const items = query.data?.items ?? [];
  // Moving and removing people share one permission: the buttons show when the session holds it.
  const canManage = useOperatorCan(moveWaitlistEntryContract.permission);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{m.consoleTitle}</Title>
        <Text c="dimmed">{m.consoleIntro}</Text>
      </Stack>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        loadingLabel={m.consoleLoading}
        emptyText={m.consoleEmpty}
      >
        <Stack gap="md">
          {items.map((line) => (
            <WaitlistCard key={line.productUUID} line={line} canManage={canManage} />
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}
