import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { Transaction } from '../../../shared/contract';
import { formatMoney, paymentSessionStatusLabel } from '../../../shared/format';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passDashboardMessages as m, passMessages } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { useDocumentTitle } from '../../app/use-document-title';
import { ResponsiveTable } from '../../components/responsive-table';
import { usePaymentHistory } from './living-api';

const dateOf = (transaction: Transaction, timeZone: string) =>
  formatDate(new Date(transaction.createdAtUnix * 1000), timeZone, 'dateTime');

function ReceiptLink({ transaction }: { transaction: Transaction }) {
  if (!transaction.receiptUrl) return <Text size="sm">—</Text>;
  return (
    <Anchor
      href={transaction.receiptUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={fillMessage(m.receiptFor, { description: transaction.description })}
    >
      {m.receipt}
    </Anchor>
  );
}

/** /permits/transactions (part 2 section 2): 'Paid Transactions', newest first, a receipt each. */
export function TransactionsPage() {
  const history = usePaymentHistory();
  const timeZone = useTenantTimeZone();
  useDocumentTitle(m.transactionsTitle);
  // A transaction has no id of its own; the list is read-only and never reordered, so its place
  // in the answer is a stable key.
  const rows = (history.data ?? []).map((transaction, index) => ({
    ...transaction,
    key: `transaction-${index}`,
  }));
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.transactionsTitle}
      </Title>
      {history.isPending && <Text role="status">{m.loading}</Text>}
      {history.isError && <Text role="alert">{m.loadFailed}</Text>}
      {history.isSuccess && rows.length === 0 && (
        <Card withBorder padding="xl">
          <Text ta="center" data-testid="no-transactions">
            {passMessages.noTransactions}
          </Text>
        </Card>
      )}
      {rows.length > 0 && (
        <ResponsiveTable
          minWidth={640}
          verticalSpacing="sm"
          data-testid="transactions-table"
          columns={[
            { label: m.columnAmount },
            { label: m.columnCurrency },
            { label: m.columnTxStatus },
            { label: m.columnDescription },
            { label: m.columnDate },
            { label: m.columnReceipt, isUnlabelledOnPhone: true },
          ]}
        >
          {rows.map((transaction) => (
            <Table.Tr key={transaction.key}>
              <Table.Td>{formatMoney(transaction.amount)}</Table.Td>
              <Table.Td>{transaction.currency.toUpperCase()}</Table.Td>
              <Table.Td>{paymentSessionStatusLabel(transaction.status)}</Table.Td>
              <Table.Td>{transaction.description}</Table.Td>
              <Table.Td>{dateOf(transaction, timeZone)}</Table.Td>
              <Table.Td>
                <ReceiptLink transaction={transaction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
    </Stack>
  );
}
