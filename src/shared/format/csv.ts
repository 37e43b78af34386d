/**
 * CSV as RFC 4180 writes it: comma separated, fields with commas, quotes or line breaks in
 * double quotes, a quote inside doubled. Both ends use it: the console builds its template with
 * it, the server parses imports and writes exports.
 */

export interface CsvParseResult {
  /** Each record's fields, with the 1-based line of the file the record starts on. */
  records: { line: number; fields: string[] }[];
  /** Set when the text cannot be read as CSV (an unclosed quote); no records are answered then. */
  error: { line: number; message: string } | null;
}

/** Reads CSV text; blank lines are skipped, a leading byte-order mark is ignored. */
export function parseCsv(text: string): CsvParseResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvParseResult['records'] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let isQuoted = false;
  let quoteLine = 0;
  let index = 0;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  while (index < source.length) {
    const char = source[index]!;
    if (isQuoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        isQuoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      isQuoted = true;
      quoteLine = line;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (isQuoted) {
    return { records: [], error: { line: quoteLine, message: 'A quoted field is never closed.' } };
  }
  endRecord();
  return { records, error: null };
}

/**
 * One cell, quoted when needed. A cell a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading apostrophe first: a plate or a comment
 * typed by someone on the street must never execute in an operator's spreadsheet (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of CSV, with its line break. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
