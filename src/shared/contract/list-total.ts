import { z } from 'zod';
import { formatNumber } from '../format/numbers';
import { consoleListMessages } from '../messages/console-lists';
import { fillMessage } from '../messages/fill';

/**
 * How many rows a console list matches (issue 33): counted up to LIST_COUNT_CAP and no further,
 * so a list over ten million notices costs a bounded count, never a scan of them all
 * (docs/decisions/201). Past the cap the list says "of more than 10,000", and paging stops at the
 * same depth anyway (each list's deepest offset is the cap).
 */
export const LIST_COUNT_CAP = 10_000;

export const listTotalShape = {
  /** Rows matching the filters, or LIST_COUNT_CAP when there are more. */
  total: z.number().int(),
  /** False when more rows match than were counted (total is then LIST_COUNT_CAP). */
  isTotalExact: z.boolean(),
};

export interface ListTotal {
  total: number;
  isTotalExact: boolean;
}

type PagesReachKey = 'pagesReachPasses' | 'pagesReachCustomers' | 'pagesReachAppeals' | 'pagesReachNotices';

/**
 * A list's "pages reach the first N rows" message as a zod error, written when the page is
 * refused, so it answers in the caller's language with N grouped for it (issue 30); a message
 * filled when the module loaded would stay English.
 */
export function pagesReachError(key: PagesReachKey, max: number): { error: () => string } {
  return { error: () => fillMessage(consoleListMessages[key], { max: formatNumber(max) }) };
}
