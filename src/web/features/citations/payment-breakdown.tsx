import { Stack, Table, Text } from '@mantine/core';
import type { Citation } from '../../../shared/contract';
import { formatCalendarDate, formatMoney } from '../../../shared/format';
import { citationMessages, paymentMessages } from '../../../shared/messages';
import { baseAmount, isAmountAdjusted } from '../../../shared/rules';

type BreakdownFields = Pick<
  Citation,
  'amount' | 'amountOverride' | 'amountDue' | 'latePenalties' | 'processingFee' | 'serviceFee' | 'totalCharge'
>;

/**
 * What paying now charges, line by line, before the payer leaves for the checkout: the notice's
 * amount and each late penalty with its date (when any applies), the amount due, each fee the
 * tenant charges with what it is for (part 1 section 9), and the total. Every figure comes from
 * the server, which charges exactly these (docs/decisions/100). Nothing to explain, no table.
 */
export function PaymentBreakdown({ citation }: { citation: BreakdownFields }) {
  const penalties = citation.latePenalties.filter((step) => step.isApplied);
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
  if (fees.length === 0 && penalties.length === 0) return null;
  return (
    <Table
      layout="fixed"
      withTableBorder
      data-testid="payment-breakdown"
      aria-label={paymentMessages.feeBreakdownTitle}
    >
      <Table.Caption>{paymentMessages.feeBreakdownTitle}</Table.Caption>
      <Table.Tbody>
        {penalties.length > 0 && (
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {isAmountAdjusted(citation) ? citationMessages.adjustedAmount : citationMessages.noticeAmount}
            </Table.Th>
            <Table.Td ta="right">{formatMoney(baseAmount(citation))}</Table.Td>
          </Table.Tr>
        )}
        {penalties.map((step) => (
          <Table.Tr key={step.days} data-testid="penalty-line">
            <Table.Th scope="row" fw={400}>
              {`${citationMessages.latePenaltyFrom} ${formatCalendarDate(step.appliesOn)}`}
            </Table.Th>
            <Table.Td ta="right">{formatMoney(step.amount)}</Table.Td>
          </Table.Tr>
        ))}
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
        {fees.length > 0 && (
          <Table.Tr>
            <Table.Th scope="row">{paymentMessages.breakdownTotal}</Table.Th>
            <Table.Td ta="right" fw={700} data-testid="total-charge">
              {formatMoney(citation.totalCharge)}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
