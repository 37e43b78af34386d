import type { Citation } from '../contract/citations';

/**
 * 'Total amount due' under the list: the sum of each row's amount due as the server computed it.
 * Every notice that can be paid counts (Open, Past due, Reopen and Uncollectable, which the public
 * sees as Open), with its override or late penalties; paid, voided and archived notices owe 0.
 * So the total always equals the rows above it (docs/decisions/100, superseding the list-total
 * rule of 004).
 */
export function citationsTotalDue(citations: ReadonlyArray<Pick<Citation, 'amountDue'>>): number {
  return citations.reduce((sum, citation) => sum + citation.amountDue, 0);
}
