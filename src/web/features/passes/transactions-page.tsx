import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { Transaction } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passDashboardMessages as m, passMessages } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { useDocumentTitle } from '../../app/use-document-title';
import { usePaymentHistory } from './living-api';

const dateOf = (transaction: Transaction, timeZone: string) =>
  formatDate(new Date(transaction.createdAtUnix * 1000), timeZone, 'dateTime');

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

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
        <>
          <Stack component="ul" gap="sm" hiddenFrom="sm" className="plain-list">
            {rows.map((transaction) => (
              <Card
                key={transaction.key}
                withBorder
                padding="sm"
                component="li"
                data-testid="transaction-card"
              >
                <Stack gap={2}>
                  <Text fw={700}>
                    {formatMoney(transaction.amount)} {transaction.currency.toUpperCase()}
                  </Text>
                  <Text size="sm" className="break-anywhere">
                    {transaction.description}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {capitalise(transaction.status)} · {dateOf(transaction, timeZone)}
                  </Text>
                  <ReceiptLink transaction={transaction} />
                </Stack>
              </Card>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table verticalSpacing="sm" data-testid="transactions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columnAmount}</Table.Th>
                  <Table.Th>{m.columnCurrency}</Table.Th>
                  <Table.Th>{m.columnTxStatus}</Table.Th>
                  <Table.Th>{m.columnDescription}</Table.Th>
                  <Table.Th>{m.columnDate}</Table.Th>
                  <Table.Th>{m.columnReceipt}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((transaction) => (
                  <Table.Tr key={transaction.key}>
                    <Table.Td>{formatMoney(transaction.amount)}</Table.Td>
                    <Table.Td>{transaction.currency.toUpperCase()}</Table.Td>
                    <Table.Td>{capitalise(transaction.status)}</Table.Td>
                    <Table.Td>{transaction.description}</Table.Td>
                    <Table.Td>{dateOf(transaction, timeZone)}</Table.Td>
                    <Table.Td>
                      <ReceiptLink transaction={transaction} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
