import { z } from 'zod';

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
