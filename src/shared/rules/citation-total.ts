import type { Citation } from '../contract/citations';
import { baseAmount, isCitationOutstanding } from './citation-status';

/**
 * 'Total amount due' under the list: only Open and Past due notices count, each at its override
 * when one is in force, else its amount (part 1 section 4).
 */
export function citationsTotalDue(
  citations: ReadonlyArray<Pick<Citation, 'paymentStatus' | 'amount' | 'amountOverride'>>,
): number {
  return citations.filter(isCitationOutstanding).reduce((sum, citation) => sum + baseAmount(citation), 0);
}
