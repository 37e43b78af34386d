import { describe, expect, it } from 'vitest';
import { type ComparableResult, change, comparisonTable } from './compare';

const result = (
  id: string,
  rps: number,
  cpu: number | null,
  p99: number,
  rate: number | null,
  databaseCpu?: number | null,
): ComparableResult => ({
  id,
  title: id,
  max: {
    requestsPerSecond: rps,
    serverCpuMsPerRequest: cpu,
    ...(databaseCpu === undefined ? {} : { databaseCpuMsPerRequest: databaseCpu }),
  },
  fixedRate: { p99, overallRate: rate },
});

describe('change', () => {
  it('gives the signed rounded percentage, and nothing without both figures', () => {
    expect(change(100, 112)).toBe('+12 %');
    expect(change(200, 150)).toBe('-25 %');
    expect(change(100, 100)).toBe('0 %');
    expect(change(null, 5)).toBe('');
    expect(change(0, 5)).toBe('');
    expect(change(5, Number.NaN)).toBe('');
  });
});

describe('comparisonTable', () => {
  it('puts the previous run beside each scenario, leaving new ones and changed rates blank', () => {
    const table = comparisonTable(
      [
        result('lookup', 1500, 0.5, 12, 1000, 0.12),
        result('brand', 3000, 0.2, 4, 1500, 0),
        result('new', 10, 1, 100, 5, 0.3),
      ],
      [result('lookup', 1000, 1.0, 20, 1000, 0.16), result('brand', 2000, 0.25, 9, 1000, 0)],
    );
    const lines = table.split('\n');
    expect(lines[2]).toMatch(
      /^lookup\s+1500\s+1000\s+\+50 %\s+0\.50\s+1\.00\s+-50 %\s+0\.12\s+0\.16\s+-25 %\s+12\.0\s+20\.0\s+-40 %$/,
    );
    // The brand's fixed rate changed, so its p99s are not compared; no database time, no change.
    expect(lines[3]).toMatch(
      /^brand\s+3000\s+2000\s+\+50 %\s+0\.20\s+0\.25\s+-20 %\s+0\.00\s+0\.00\s+4\.00$/,
    );
    expect(lines[4]).toMatch(/^new\s+10\s+1\.00\s+0\.30\s+100$/);
  });

  it('shows a figure the previous run could not take (null in its JSON) as a dash', () => {
    const previous = [{ ...result('report', 1, 5, 1, 1), fixedRate: { p99: null, overallRate: 1 } }];
    expect(comparisonTable([result('report', 1, 5, 800, 1)], previous).split('\n')[2]).toMatch(
      /^report\s+1\s+1\s+0 %\s+5\.00\s+5\.00\s+0 %\s+-\s+-\s+800\s+-$/,
    );
  });

  it('leaves the database columns blank for a previous run that did not measure them', () => {
    const line = comparisonTable(
      [result('lookup', 1, 0.3, 9, 1, 0.1)],
      [result('lookup', 1, 0.3, 9, 1)],
    ).split('\n')[2];
    expect(line).toMatch(/^lookup\s+1\s+1\s+0 %\s+0\.30\s+0\.30\s+0 %\s+0\.10\s+-\s+9\.00\s+9\.00\s+0 %$/);
  });

  it('works with no previous run', () => {
    expect(comparisonTable([result('lookup', 1, null, 1, 1)], null).split('\n')[2]).toMatch(
      /^lookup\s+1\s+-\s+-\s+1\.00$/,
    );
  });
});
