/**
 * CSV as RFC 4180 writes it: comma separated, fields with commas, quotes or line breaks in double
 * quotes, a quote inside doubled. The console builds its import template with it in the browser
 * and the server writes its exports with it; reading CSV is the server's (csv-parse, in
 * features/lists/parse-csv.ts): the CSV libraries need Node's Buffer, which a browser lacks.
 */

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
