import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format';
import { fillMessage, patrolMessages } from '../../../shared/messages';
import { listOutbox, type OutboxItem, type OutboxStatus, readMeta } from './patrol-store';

const STATUS = (): Record<OutboxStatus, { label: string; tone: string; mark: string }> => ({
  waiting: { label: patrolMessages.waiting, tone: 'patrol-tag-waiting', mark: '…' },
  sent: { label: patrolMessages.sent, tone: 'patrol-tag-good', mark: '✓' },
  duplicate: { label: patrolMessages.duplicate, tone: 'patrol-tag-good', mark: '✓' },
  refused: { label: patrolMessages.refused, tone: 'patrol-tag-bad', mark: '✕' },
});

/** My shift: what the officer did since signing in, what still waits to be sent, the last sync. */
export function ShiftPanel({
  version,
  timeZone,
  isOnline,
  onSync,
}: {
  version: number;
  timeZone: string;
  isOnline: boolean;
  onSync: () => void;
}) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [lastSync, setLastSync] = useState<string | null>(null);
  const [shiftStart, setShiftStart] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version tells that the store changed.
  useEffect(() => {
    void listOutbox().then(setItems);
    void readMeta<string>('lastSync').then((value) => setLastSync(value ?? null));
    void readMeta<string>('shiftStart').then((value) => setShiftStart(value ?? null));
  }, [version]);

  const waiting = items.filter((item) => item.status === 'waiting').length;
  const hasRefused = items.some((item) => item.status === 'refused');
  const time = (instant: string) => formatDate(instant, timeZone, 'time');

  return (
    <Stack gap="md">
      <Text component="h2" fw={700} size="xl">
        {patrolMessages.shiftTitle}
      </Text>
      <dl className="patrol-facts">
        {shiftStart && (
          <>
            <dt>{patrolMessages.shiftStarted}</dt>
            <dd>{time(shiftStart)}</dd>
          </>
        )}
        <dt>{patrolMessages.lastSync}</dt>
        <dd data-testid="patrol-last-sync">{lastSync ? time(lastSync) : patrolMessages.neverSynced}</dd>
        <dt>{patrolMessages.waiting}</dt>
        <dd data-testid="patrol-waiting">
          {waiting ? fillMessage(patrolMessages.pendingCount, { count: waiting }) : patrolMessages.allSent}
        </dd>
      </dl>
      <Button variant="default" onClick={onSync} disabled={!isOnline || waiting === 0}>
        {patrolMessages.syncNow}
      </Button>
      {hasRefused && (
        <Alert color="red" role="alert">
          {patrolMessages.refusedHelp}
        </Alert>
      )}
      {items.length === 0 ? (
        <Text c="dimmed">{patrolMessages.nothingYet}</Text>
      ) : (
        <ul className="patrol-list" aria-label={patrolMessages.shiftTitle}>
          {[...items].reverse().map((item) => {
            const status = STATUS()[item.status];
            return (
              <li key={item.clientId} className="patrol-list-item">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div>
                    <Text fw={700} ff="monospace" size="lg">
                      {item.plate}
                    </Text>
                    <Text size="sm">
                      {item.kind === 'scan' ? patrolMessages.scanKind : patrolMessages.noticeKind} ·{' '}
                      {time(item.createdAt)}
                    </Text>
                  </div>
                  <span className={`patrol-tag ${status.tone}`}>
                    {status.mark} {status.label}
                  </span>
                </Group>
                {item.message && (
                  <Text size="sm" c="red.9" mt={4}>
                    {item.message}
                  </Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
