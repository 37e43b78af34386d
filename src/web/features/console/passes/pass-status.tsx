import { Badge } from '@mantine/core';
import { PASS_STATUS_LABELS } from '../../../../shared/format/pass-status';
import type { PassPaidStatus } from '../../../../shared/rules/pass-values';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';

/** Each paid status's badge colour (dark text on light ones). */
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
