import { csvLine } from '../format/csv';

/**
 * The columns of a notice import, in the template's order (docs/console-notices.md). Required
 * columns must be present in the header and filled on every row; others may be left out.
 */
export const NOTICE_IMPORT_COLUMNS = [
  { name: 'citationNumber', isRequired: true, example: 'A100234', help: 'Unique notice number' },
  { name: 'plate', isRequired: true, example: 'ABC1234', help: 'License plate' },
  { name: 'stateProv', isRequired: false, example: 'NY', help: 'State or province' },
  {
    name: 'createdOn',
    isRequired: true,
    example: '2026-11-10 14:30',
    help: "Issued at: YYYY-MM-DD HH:mm or YYYY-MM-DD in the portal's time zone, or ISO 8601 with an offset",
  },
  { name: 'violationCode', isRequired: true, example: 'EXPIRED METER', help: 'Name of a violation code' },
  {
    name: 'amount',
    isRequired: false,
    example: '45.00',
    help: "Dollars and cents; blank takes the violation code's amount and late tiers",
  },
  { name: 'location', isRequired: false, example: 'Lot A, row 3', help: 'Where' },
  { name: 'make', isRequired: false, example: 'Toyota', help: 'Vehicle make' },
  { name: 'color', isRequired: false, example: 'Blue', help: 'Vehicle colour' },
  { name: 'comments', isRequired: false, example: 'Meter 14', help: 'Officer comments' },
] as const;

export type NoticeImportColumn = (typeof NOTICE_IMPORT_COLUMNS)[number]['name'];

/** The columns of an export: the import's, then what only the system knows. */
export const NOTICE_EXPORT_COLUMNS = [
  'citationNumber',
  'plate',
  'stateProv',
  'createdOn',
  'violationCode',
  'amount',
  'location',
  'make',
  'color',
  'comments',
  'paymentStatus',
  'datePaid',
  'voidDate',
  'paidTotal',
  'uuid',
] as const;

/** The downloadable template: the header and one example row. */
export function noticeImportTemplate(): string {
  return (
    csvLine(NOTICE_IMPORT_COLUMNS.map((column) => column.name)) +
    csvLine(NOTICE_IMPORT_COLUMNS.map((column) => column.example))
  );
}

/** '45', '45.5', '45.50', '$1,045.50' as cents; null when it is not an amount of money. */
export function parseDollars(value: string): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(',', ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Cents as the CSV writes them: '45.00'. */
export function formatDollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
