import { Badge } from '@mantine/core';
import { consolePassMessages as m } from '../../../../shared/messages';
import type { PassPaidStatus } from '../../../../shared/rules/pass-values';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';

/** What each paid status is called in the console, and its badge colour (dark text on light ones). */
export const PASS_STATUS_LABELS = (): Record<PassPaidStatus, string> => ({
  paid: m.filterPaid,
  waiting: m.filterWaiting,
  incomplete: m.filterIncomplete,
  expired: m.filterExpired,
  rejected: m.filterRejected,
  canceled: m.filterCanceled,
});

const COLORS: Record<PassPaidStatus, { color: string; c: string }> = {
  paid: { color: APPROVE_GREEN, c: 'white' },
  waiting: { color: 'yellow.3', c: 'dark.9' },
  incomplete: { color: 'orange.2', c: 'dark.9' },
  expired: { color: 'gray.3', c: 'dark.9' },
  rejected: { color: DENY_RED, c: 'white' },
  canceled: { color: 'gray.7', c: 'white' },
};

export function PassStatusBadge({ status }: { status: PassPaidStatus }) {
  return (
    // Never cut short in a narrow table column: the whole status is the point of the badge.
    <Badge
      color={COLORS[status].color}
      c={COLORS[status].c}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {PASS_STATUS_LABELS()[status]}
    </Badge>
  );
}
