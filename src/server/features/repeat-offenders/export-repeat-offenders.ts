import { Readable } from 'node:stream';
import { csvLine } from '../../../shared/format/csv';
import { formatDollars } from '../../../shared/rules/notice-csv';
import type { Database } from '../../db/client';
import type { TenantRow } from '../../db/schema';
import { allRepeatOffenders } from './list-repeat-offenders';

/** The export's columns, in order (docs/enforcement.md, "Repeat offenders"). */
export const REPEAT_OFFENDER_EXPORT_COLUMNS = [
  'plate',
  'stateProv',
  'unpaidNotices',
  'totalOwed',
  'oldestUnpaidOn',
  'daysUnpaid',
  'newestUnpaidOn',
  'reason',
] as const;

async function* exportLines(options: { db: Database; tenant: TenantRow; now: Date }) {
  yield csvLine(REPEAT_OFFENDER_EXPORT_COLUMNS);
  for await (const offender of allRepeatOffenders(options)) {
    yield csvLine([
      offender.plate,
      offender.stateProv,
      offender.unpaidNoticeCount,
      formatDollars(offender.unpaidTotal),
      offender.oldestUnpaidOn,
      offender.oldestUnpaidDays,
      offender.newestUnpaidOn,
      offender.repeatOffenderMessage,
    ]);
  }
}

/**
 * The repeat offenders as CSV, streamed a batch of plates at a time. Cells are written
 * CSV-injection safe (src/shared/format/csv.ts): a state typed as "=HYPERLINK(...)" stays text.
 */
export function exportRepeatOffenders(options: { db: Database; tenant: TenantRow; now: Date }): Readable {
  return Readable.from(exportLines(options));
}
