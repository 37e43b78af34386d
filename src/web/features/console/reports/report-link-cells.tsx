import { Badge, Button, Table } from '@mantine/core';
import type { ConsoleReport } from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { consoleReportMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';

/** Whether the report's public link still opens at `now` (the server's rule: not revoked, not expired). */
export function isLinkOpen(report: ConsoleReport, now: Date): boolean {
  return !report.revokedAt && new Date(report.expiresAt) > now;
}

/** The link's state in the console's list: open until its expiry, expired, or revoked. */
export function ReportLinkCell(props: { report: ConsoleReport; timeZone: string; now: Date }) {
  const { report, timeZone } = props;
  const date = (value: string) => formatDate(value, timeZone, 'date');
  if (report.revokedAt) {
    return (
      <Badge color="gray.3" c="dark.9">
        {fillMessage(m.linkRevoked, { date: date(report.revokedAt) })}
      </Badge>
    );
  }
  if (!isLinkOpen(report, props.now)) {
    return (
      <Badge color="gray.3" c="dark.9">
        {fillMessage(m.linkExpired, { date: date(report.expiresAt) })}
      </Badge>
    );
  }
  return (
    <Badge color={APPROVE_GREEN}>{fillMessage(m.linkOpenUntil, { date: date(report.expiresAt) })}</Badge>
  );
}

/** The revoke button of a report whose link still opens; nothing once it does not. */
export function RevokeLinkCell(props: {
  report: ConsoleReport;
  range: string;
  now: Date;
  onRevoke: () => void;
}) {
  return (
    <Table.Td>
      {isLinkOpen(props.report, props.now) && (
        <Button
          size="compact-sm"
          variant="subtle"
          color={DENY_RED}
          aria-label={fillMessage(m.revokeLabel, { range: props.range })}
          onClick={props.onRevoke}
        >
          {m.revoke}
        </Button>
      )}
    </Table.Td>
  );
}
