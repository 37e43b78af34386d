import { type Options as ParseOptions, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV as RFC 4180 writes it, through csv-parse and csv-stringify: comma separated, fields with commas, quotes or line breaks in
 * double quotes, a quote inside doubled. Both ends use it: the console builds its template with
 * it, the server parses imports and writes exports.
 */

export interface CsvParseResult {
  /** Each record's fields, with the 1-based line of the file the record starts on. */
  records: { line: number; fields: string[] }[];
  /** Set when the text cannot be read as CSV (an unclosed quote); no records are answered then. */
  error: { line: number; message: string } | null;
}

const PARSE_OPTIONS: ParseOptions = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  // Files edited by hand mix line endings; each of them ends a record.
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** Line breaks inside a record's quoted fields, to find the line it starts on. */
const lineBreaksIn = (fields: string[]) =>
  fields.reduce((count, field) => count + (field.match(/\r\n|\n|\r/g)?.length ?? 0), 0);

/** Reads CSV text (csv-parse); blank lines are skipped, a leading byte-order mark is ignored. */
export function parseCsv(text: string): CsvParseResult {
  const records: CsvParseResult['records'] = [];
  let lastLine = 0;
  try {
    parse(text, {
      ...PARSE_OPTIONS,
      on_record: (fields: string[], context) => {
        records.push({ line: context.lines - lineBreaksIn(fields), fields });
        lastLine = context.lines;
        return null;
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'CSV_QUOTE_NOT_CLOSED') throw error;
    // csv-parse names the line it stopped on (the end of the file); a person needs the line the
    // quote opened on: the first line with text after the last whole record.
    const lines = text.split(/\r\n|\n|\r/);
    let line = lastLine + 1;
    while (line < lines.length && lines[line - 1]!.trim() === '') line += 1;
    return { records: [], error: { line, message: 'A quoted field is never closed.' } };
  }
  return { records, error: null };
}

/**
 * One cell, quoted when needed. A cell a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading apostrophe first: a plate or a comment
 * typed by someone on the street must never execute in an operator's spreadsheet (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  return csvLine([value]).slice(0, -2);
}

/** A string a spreadsheet would run as a formula, made inert with a leading apostrophe. */
const defuseFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One line of CSV, with its line break. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return stringify([values.map((value) => value ?? '')], {
    record_delimiter: '\r\n',
    // A line break of any kind is quoted, not only the record delimiter: readers split on each.
    quoted_match: /[\r\n]/,
    cast: { string: defuseFormula },
  });
}
