import { z } from 'zod';
import {
  NOTICE_FIELD_LIMITS,
  NOTICE_IMPORT_MAX_ROWS,
  type NoticeImportProblem,
} from '../../../shared/contract';
import { fromLocalWallTime } from '../../../shared/format/zoned-time';
import {
  NOTICE_IMPORT_COLUMNS,
  type NoticeImportColumn,
  parseDollars,
} from '../../../shared/rules/notice-csv';
import { canonicalPlate, isWellFormedPlate } from '../../../shared/rules/plates';
import type { CitationCodeRow } from '../../db/schema';
import { parseCsv } from '../lists';

/** A row of an import as it will be written. */
export interface NoticeImportRow {
  line: number;
  citationNumber: string;
  plate: string;
  stateProv: string | null;
  createdOn: Date;
  code: CitationCodeRow;
  amount: number;
  location: string | null;
  make: string | null;
  color: string | null;
  comments: string | null;
}

export interface NoticeImportCheck {
  rows: NoticeImportRow[];
  problems: NoticeImportProblem[];
}

const isoInstant = z.iso.datetime({ offset: true });
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/** An issue time as the CSV may write it; null when it is not one. */
export function parseIssuedAt(value: string, timeZone: string): Date | null {
  if (isoInstant.safeParse(value).success) return new Date(value);
  const match = LOCAL_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00'] = match;
  const asUtc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // 2026-02-30 rolls over into March: refuse it rather than move the notice.
  if (asUtc.getUTCMonth() !== Number(month) - 1 || asUtc.getUTCDate() !== Number(day)) return null;
  if (Number(hour) > 23 || Number(minute) > 59) return null;
  return fromLocalWallTime(`${year}-${month}-${day}T${hour}:${minute}`, timeZone);
}

const TEXT_LIMITS: Partial<Record<NoticeImportColumn, number>> = {
  stateProv: NOTICE_FIELD_LIMITS.stateProv,
  location: NOTICE_FIELD_LIMITS.location,
  make: NOTICE_FIELD_LIMITS.make,
  color: NOTICE_FIELD_LIMITS.color,
  comments: NOTICE_FIELD_LIMITS.comments,
};

const KNOWN_COLUMNS = new Map<string, NoticeImportColumn>(
  NOTICE_IMPORT_COLUMNS.map((column) => [column.name.toLowerCase(), column.name]),
);

/** Which column each position of the header holds, or the header's problems. */
function readHeader(fields: string[]): {
  columns: (NoticeImportColumn | null)[];
  problems: NoticeImportProblem[];
} {
  const problems: NoticeImportProblem[] = [];
  const seen = new Set<NoticeImportColumn>();
  const columns = fields.map((raw) => {
    const column = KNOWN_COLUMNS.get(raw.trim().toLowerCase()) ?? null;
    if (!column) {
      problems.push({
        line: 1,
        field: raw,
        message: `Unknown column '${raw}': see the template for the columns.`,
      });
    } else if (seen.has(column)) {
      problems.push({ line: 1, field: column, message: `The column '${column}' appears twice.` });
    } else {
      seen.add(column);
    }
    return column;
  });
  for (const column of NOTICE_IMPORT_COLUMNS) {
    if (column.isRequired && !seen.has(column.name)) {
      problems.push({
        line: 1,
        field: column.name,
        message: `The required column '${column.name}' is missing.`,
      });
    }
  }
  return { columns, problems };
}

/**
 * Reads and checks every row of an import against everything but the database's existing numbers
 * (the caller checks those): each problem names its line and column, so an operator can fix the
 * file in one go. Nothing is written here.
 */
export function checkNoticeRows(options: {
  csv: string;
  timeZone: string;
  codes: CitationCodeRow[];
  now: Date;
}): NoticeImportCheck {
  const parsed = parseCsv(options.csv);
  if (parsed.error)
    return { rows: [], problems: [{ line: parsed.error.line, field: null, message: parsed.error.message }] };
  const [header, ...records] = parsed.records;
  if (!header) return { rows: [], problems: [{ line: 0, field: null, message: 'The file is empty.' }] };
  const { columns, problems } = readHeader(header.fields);
  if (problems.length > 0) return { rows: [], problems };
  if (records.length === 0)
    return {
      rows: [],
      problems: [{ line: 0, field: null, message: 'The file has no notices under its header.' }],
    };
  if (records.length > NOTICE_IMPORT_MAX_ROWS) {
    return {
      rows: [],
      problems: [
        {
          line: 0,
          field: null,
          message: `The file has ${records.length} notices; import at most ${NOTICE_IMPORT_MAX_ROWS} at a time.`,
        },
      ],
    };
  }

  const codesByName = new Map(options.codes.map((code) => [code.name.toUpperCase(), code]));
  const linesByNumber = new Map<string, number>();
  const rows: NoticeImportRow[] = [];
  const latest = options.now.getTime() + 5 * 60_000;

  for (const record of records) {
    const { line } = record;
    const rowProblems: NoticeImportProblem[] = [];
    const problem = (field: NoticeImportColumn | null, message: string) =>
      rowProblems.push({ line, field, message });
    if (record.fields.length !== header.fields.length) {
      problems.push({
        line,
        field: null,
        message: `The row has ${record.fields.length} fields; the header has ${header.fields.length}.`,
      });
      continue;
    }
    const value = (column: NoticeImportColumn) => {
      const index = columns.indexOf(column);
      return index === -1 ? '' : (record.fields[index] ?? '').trim();
    };
    const optionalText = (column: NoticeImportColumn) => {
      const text = value(column);
      const limit = TEXT_LIMITS[column] ?? 0;
      if (text.length > limit) problem(column, `must be at most ${limit} characters`);
      return text === '' ? null : text;
    };

    const citationNumber = value('citationNumber').replace(/\s+/g, '').toUpperCase();
    if (!citationNumber) problem('citationNumber', 'is required');
    else if (
      citationNumber.length > NOTICE_FIELD_LIMITS.citationNumber ||
      !/^[A-Z0-9-]+$/.test(citationNumber)
    )
      problem(
        'citationNumber',
        `must be letters, digits and hyphens, at most ${NOTICE_FIELD_LIMITS.citationNumber}`,
      );
    else if (linesByNumber.has(citationNumber))
      problem('citationNumber', `${citationNumber} is already on line ${linesByNumber.get(citationNumber)}`);
    else linesByNumber.set(citationNumber, line);

    const plate = canonicalPlate(value('plate'));
    if (!value('plate').trim()) problem('plate', 'is required');
    else if (plate.length > NOTICE_FIELD_LIMITS.plate || !isWellFormedPlate(value('plate')))
      problem('plate', `must be letters and digits, at most ${NOTICE_FIELD_LIMITS.plate}`);

    const issuedText = value('createdOn');
    const createdOn = issuedText ? parseIssuedAt(issuedText, options.timeZone) : null;
    if (!issuedText) problem('createdOn', 'is required');
    else if (!createdOn) problem('createdOn', `'${issuedText}' is not a date: write YYYY-MM-DD HH:mm`);
    else if (createdOn.getTime() > latest) problem('createdOn', 'must not be in the future');

    const codeName = value('violationCode');
    const code = codesByName.get(codeName.toUpperCase());
    if (!codeName) problem('violationCode', 'is required');
    else if (!code) problem('violationCode', `no violation code is named '${codeName}'`);
    else if (code.archivedAt) problem('violationCode', `the violation code '${code.name}' is archived`);

    const amountText = value('amount');
    let amount: number | null = null;
    if (amountText) {
      amount = parseDollars(amountText);
      if (amount === null)
        problem('amount', `'${amountText}' is not an amount: write dollars and cents, like 45.00`);
    } else if (code) {
      amount = code.amount;
      if (amount === null) problem('amount', `is required: the violation code '${code.name}' has no amount`);
    }

    const stateProv = optionalText('stateProv');
    const location = optionalText('location');
    const make = optionalText('make');
    const color = optionalText('color');
    const comments = optionalText('comments');

    if (rowProblems.length > 0 || !createdOn || !code || code.archivedAt || amount === null) {
      problems.push(...rowProblems);
      continue;
    }
    rows.push({
      line,
      citationNumber,
      plate,
      stateProv,
      createdOn,
      code,
      amount,
      location,
      make,
      color,
      comments,
    });
  }
  return { rows, problems };
}
