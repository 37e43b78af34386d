import { formatMs, formatTable } from './stats';

/** What the comparison needs of one scenario's result in a bench report (latest-*.json). */
export interface ComparableResult {
  id: string;
  title: string;
  /** The database's CPU is absent from reports written before it was measured. */
  max: {
    requestsPerSecond: number;
    serverCpuMsPerRequest: number | null;
    databaseCpuMsPerRequest?: number | null;
  };
  /** p99 is null when a previous run had no successful response (NaN written as JSON). */
  fixedRate: { p99: number | null; overallRate: number | null };
}

/** '+12 %' / '-3 %' from the previous figure to this one; '' when there is nothing to compare. */
export function change(previous: number | null | undefined, current: number | null | undefined): string {
  if (previous === null || previous === undefined || current === null || current === undefined) return '';
  if (!Number.isFinite(previous) || !Number.isFinite(current) || previous === 0) return '';
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : ''}${percent} %`;
}

/**
 * Every scenario's headline figures beside the previous run's (same data-set size), so a change
 * that slows a hot path shows in the next run: max req/s, the server's and the database's CPU per
 * request, and the fixed-rate p99. A scenario the previous run did not measure (or measured at another rate) has
 * blank previous columns.
 */
export function comparisonTable(
  current: readonly ComparableResult[],
  previous: readonly ComparableResult[] | null,
): string {
  const rows = current.map((result) => {
    const before = previous?.find((candidate) => candidate.id === result.id);
    const sameRate = before && before.fixedRate.overallRate === result.fixedRate.overallRate;
    const cpu = (value: number | null | undefined) =>
      value === null || value === undefined ? '-' : value.toFixed(2);
    return [
      result.title,
      String(result.max.requestsPerSecond),
      before ? String(before.max.requestsPerSecond) : '',
      change(before?.max.requestsPerSecond, result.max.requestsPerSecond),
      cpu(result.max.serverCpuMsPerRequest),
      before ? cpu(before.max.serverCpuMsPerRequest) : '',
      change(before?.max.serverCpuMsPerRequest, result.max.serverCpuMsPerRequest),
      cpu(result.max.databaseCpuMsPerRequest),
      before ? cpu(before.max.databaseCpuMsPerRequest) : '',
      change(before?.max.databaseCpuMsPerRequest, result.max.databaseCpuMsPerRequest),
      formatMs(result.fixedRate.p99),
      sameRate ? formatMs(before.fixedRate.p99) : '',
      sameRate ? change(before.fixedRate.p99, result.fixedRate.p99) : '',
    ];
  });
  return formatTable(
    [
      'Scenario',
      'max req/s',
      'prev',
      'change',
      'CPU ms/req',
      'prev',
      'change',
      'DB CPU ms/req',
      'prev',
      'change',
      'fixed p99 ms',
      'prev',
      'change',
    ],
    rows,
  );
}
