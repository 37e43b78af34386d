import { Table } from '@mantine/core';
import type { Citation } from '../../shared/contract';
import { formatDate, formatMoney } from '../../shared/format';
import { citationMessages } from '../../shared/messages';
import { citationBannerKind } from '../../shared/rules';

export type Fact = readonly [label: string, value: string | null];

/** A two-column table of labelled facts; facts without a value are left out. */
export function FactsTable({ facts, label }: { facts: ReadonlyArray<Fact>; label?: string }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
      <Table.Tbody>
        {facts
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={130}>{name}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

/** What identifies a notice, shown alike wherever a notice is summarised. */
export function citationFacts(citation: Citation, timeZone: string): Fact[] {
  return [
    [citationMessages.factNotice, citation.citationNumber],
    [citationMessages.factPlate, [citation.plate, citation.stateProv].filter(Boolean).join(' · ')],
    [citationMessages.factIssued, formatDate(citation.createdOn, timeZone, 'dateTime')],
    [
      citationMessages.factViolation,
      [citation.citationName, citation.citationDescription].filter(Boolean).join(' — ') || null,
    ],
    [citationMessages.factLocation, citation.location],
  ];
}

/** The headline figure of a notice wherever it is summarised: owed today, paid, or nothing. */
export function headlineAmount(citation: Citation): { label: string; amount: string } {
  const kind = citationBannerKind(citation);
  if (kind === 'paid') {
    return { label: citationMessages.amountPaid, amount: formatMoney(citation.amountPaid ?? 0) };
  }
  if (kind === 'voided') return { label: citationMessages.bannerVoided, amount: formatMoney(0) };
  return { label: citationMessages.amountDue, amount: formatMoney(citation.amountDue) };
}

/** The notice's headline figure as a fact: 'Amount due', 'Amount paid' or voided. */
export function citationAmountFact(citation: Citation): Fact {
  const { label, amount } = headlineAmount(citation);
  return [label, amount];
}
