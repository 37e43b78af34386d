import { type Options as ParseOptions, parse } from 'csv-parse/sync';

/**
 * CSV read through csv-parse, with the lines a person needs to find a problem: each record's
 * first line, and an unclosed quote's opening line.
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
