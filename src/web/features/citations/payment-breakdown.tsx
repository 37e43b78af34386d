import { Stack, Table, Text } from '@mantine/core';
import type { Citation } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { paymentMessages } from '../../../shared/messages';

type BreakdownFields = Pick<Citation, 'amountDue' | 'processingFee' | 'serviceFee' | 'totalCharge'>;

/**
 * What paying now charges, line by line, before the payer leaves for the checkout: the amount due,
 * each fee the tenant charges with what it is for (part 1 section 9), and the total. The figures
 * come from the server, which charges exactly these.
 */
export function PaymentBreakdown({ citation }: { citation: BreakdownFields }) {
  const fees = [
    {
      label: paymentMessages.processingFeeLineItem,
      info: paymentMessages.processingFeeInfo,
      amount: citation.processingFee,
      id: 'processing-fee',
    },
    {
      label: paymentMessages.serviceFeeLineItem,
      info: paymentMessages.serviceFeeInfo,
      amount: citation.serviceFee,
      id: 'service-fee',
    },
  ].filter((fee) => fee.amount > 0);
  if (fees.length === 0) return null;
  return (
    <Table
      layout="fixed"
      withTableBorder
      data-testid="payment-breakdown"
      aria-label={paymentMessages.feeBreakdownTitle}
    >
      <Table.Caption>{paymentMessages.feeBreakdownTitle}</Table.Caption>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{paymentMessages.breakdownAmountDue}</Table.Th>
          <Table.Td ta="right">{formatMoney(citation.amountDue)}</Table.Td>
        </Table.Tr>
        {fees.map((fee) => (
          <Table.Tr key={fee.id} data-testid={fee.id}>
            <Table.Th scope="row" fw={400}>
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {fee.label}
                </Text>
                <Text size="xs" c="dimmed" id={`${fee.id}-info`}>
                  {fee.info}
                </Text>
              </Stack>
            </Table.Th>
            <Table.Td ta="right" valign="top" aria-describedby={`${fee.id}-info`}>
              {formatMoney(fee.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{paymentMessages.breakdownTotal}</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="total-charge">
            {formatMoney(citation.totalCharge)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
