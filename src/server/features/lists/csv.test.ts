import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../../shared/format/csv';
import { parseDollars } from '../../../shared/rules/notice-csv';
import { parseCsv } from './parse-csv';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF, a BOM and blank lines', () => {
    const { records, error } = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\n');
    expect(error).toBeNull();
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('reports an unclosed quote with its line', () => {
    expect(parseCsv('a\n"open,b\nc').error).toEqual({ line: 2, message: 'A quoted field is never closed.' });
  });

  it('defuses cells a spreadsheet would run as formulas, and round-trips what it writes', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell(-5)).toBe('-5');
    const line = csvLine(['a,b', 'q"q', null, 'x\ny']);
    expect(parseCsv(line).records[0]?.fields).toEqual(['a,b', 'q"q', '', 'x\ny']);
  });

  it('reads dollars exactly', () => {
    expect(['45', '45.5', '45.05', '$1,045.50', '0.99'].map(parseDollars)).toEqual([
      4500, 4550, 4505, 104550, 99,
    ]);
    expect(['4.555', '-1', '1,00', 'abc', ''].map(parseDollars)).toEqual([null, null, null, null, null]);
  });
});
