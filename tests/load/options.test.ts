import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from './options';
import { scenarios, selectScenarios } from './scenarios';

describe('parseBenchOptions', () => {
  it('uses the defaults when nothing is given', () => {
    expect(parseBenchOptions([], {})).toEqual({
      serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      database: 'portal_bench',
      notices: 1_000_000,
      cpuProf: false,
      help: false,
      fresh: false,
      skipBuild: false,
      duration: 10,
      connections: 10,
      rateFraction: 0.5,
      lighthouseRuns: 3,
      only: [],
    });
  });

  it('prefers flags over the environment', () => {
    const options = parseBenchOptions(['--fresh', '--duration', '3', '--only', 'brand, notice-lookup'], {
      BENCH_DURATION: '20',
      BENCH_LIGHTHOUSE_RUNS: '5',
      BENCH_CONNECTIONS: '4',
      BENCH_DATABASE_URL: 'postgres://bench@db:5433/postgres',
    });
    expect(options).toMatchObject({
      fresh: true,
      duration: 3,
      connections: 4,
      lighthouseRuns: 5,
      serverUrl: 'postgres://bench@db:5433/postgres',
      only: ['brand', 'notice-lookup'],
    });
  });

  it('rejects bad values with a message naming the setting', () => {
    expect(() => parseBenchOptions(['--duration', '0'], {})).toThrow(/duration/);
    expect(() => parseBenchOptions(['--connections', '2.5'], {})).toThrow(/connections/);
    expect(() => parseBenchOptions(['--rate-fraction', '1.5'], {})).toThrow(/rate-fraction/);
    expect(() => parseBenchOptions(['--lighthouse-runs', '0'], {})).toThrow(/lighthouse-runs/);
    expect(() => parseBenchOptions(['--database', 'bench; DROP'], {})).toThrow(/database name/);
    expect(() => parseBenchOptions(['--bogus'], {})).toThrow(/bogus/);
  });
});

describe('selectScenarios', () => {
  it('runs every registered scenario by default, with unique ids', () => {
    const ids = selectScenarios([]).map((scenario) => scenario.id);
    expect(ids).toEqual([
      'bare-route',
      'baseline-lookup-pg',
      'baseline-lookup-postgresjs',
      'plate-check',
      'notice-lookup',
      'brand',
      'checkout-session',
      'pass-checkout',
      'report-data',
      'console-notice-search',
      'console-pass-search',
      'console-customer-search',
      'console-trends',
      'console-plate-lookup',
      'report-summary',
      'report-scans',
      'report-scans-deep',
    ]);
    expect(new Set(scenarios.map((scenario) => scenario.id)).size).toBe(scenarios.length);
  });

  it('keeps the registry order for --only and refuses unknown ids', () => {
    expect(selectScenarios(['brand', 'bare-route']).map((scenario) => scenario.id)).toEqual([
      'bare-route',
      'brand',
    ]);
    expect(() => selectScenarios(['checkout'])).toThrow(/Unknown scenario checkout; known: bare-route/);
  });
});
