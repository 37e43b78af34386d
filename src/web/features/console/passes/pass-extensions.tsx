import { Card, Table, Text, Title } from '@mantine/core';
import type { ConsolePassExtension } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../../../shared/format';
import { fillMessage, passExtensionMessages as m } from '../../../../shared/messages';
import { DataTable } from '../data-table';

/** When what the status says happened: refunded, else paid (a refused one was paid, then given back). */
const dateOf = (extension: ConsolePassExtension) =>
  extension.refundedAt ?? extension.paidAt ?? extension.createdAt;

/**
 * The pass page's extensions (issue 31, decision 243): each window bought after the pass's end,
 * its price and what became of it. Their payments are among the pass's payments, so the refund
 * sentence tells an operator how a refund reaches them.
 */
export function PassExtensions(props: {
  extensions: readonly ConsolePassExtension[];
  timeZone: string;
  canRefund: boolean;
}) {
  const { extensions, timeZone } = props;
  if (extensions.length === 0) return null;
  const hasPaid = extensions.some((extension) => extension.status === 'paid' && extension.amount > 0);
  return (
    <Card withBorder padding="md" data-testid="console-pass-extensions">
      <Title order={2} size="h4" mb="sm">
        {m.consoleTitle}
      </Title>
      <DataTable
        minWidth={560}
        columns={[m.consoleColumnWindow, m.consoleColumnAmount, m.consoleColumnStatus, m.consoleColumnDate]}
      >
        {extensions.map((extension) => (
          <Table.Tr key={extension.uuid} data-testid="console-extension-row">
            <Table.Td>
              {fillMessage(m.consoleWindow, {
                start: formatDate(extension.startsAt, timeZone, 'dateTime'),
                end: formatDate(extension.endsAt, timeZone, 'dateTime'),
              })}
            </Table.Td>
            <Table.Td>{formatMoney(extension.amount)}</Table.Td>
            <Table.Td>{m.consoleStatus[extension.status]}</Table.Td>
            <Table.Td>{formatDate(dateOf(extension), timeZone, 'dateTime')}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {props.canRefund && hasPaid && (
        <Text size="sm" c="dimmed" mt="sm">
          {m.consoleRefundHelp}
        </Text>
      )}
    </Card>
  );
}
