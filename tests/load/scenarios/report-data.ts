import { REPORT_SCANS_PAGE_SIZE } from '../../../src/shared/contract';
import { BENCH_REPORT_ID, DEFAULT_DATASET } from '../dataset';
import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

const SCANS = DEFAULT_DATASET.reportScans;
const REPORT_PATH = `/api/v1/reports/${BENCH_REPORT_ID}`;
const HOST = 't0001.localhost';

/** The answer's JSON, or why it is not a 200 with JSON. */
function okJson<T>(status: number, body: string): { answer: T } | { problem: string } {
  const problem = expectOkJson(status, body);
  return problem ? { problem } : { answer: JSON.parse(body) as T };
}

/**
 * The activity report's data over 100,000 scans (tenant t0001) in the spec's form (22 MB). One
 * connection: at ten, answers of this size queue past autocannon's timeout and say nothing more.
 */
export const reportDataScenario: Scenario = {
  id: 'report-data',
  title: `Report data, ${SCANS.toLocaleString('en-US')} scans (spec list)`,
  server: 'portal',
  connections: 1,
  async prepare() {
    return () => ({ path: `${REPORT_PATH}/data`, host: HOST });
  },
  check(status, body) {
    const parsed = okJson<{ reportItems?: unknown[] }>(status, body);
    if ('problem' in parsed) return parsed.problem;
    const count = parsed.answer.reportItems?.length;
    return count === SCANS ? null : `expected ${SCANS} items, got ${count}`;
  },
};

/**
 * What the report page's first screen reads (decision 155): the totals and the heat map cells,
 * aggregated in PostgreSQL over the same 100,000 scans on the first call, then the summary the
 * server keeps until scans of the tenant arrive (decision 165). The pass itself is measured by
 * the report page's first load and `EXPLAIN ANALYZE` (docs/benchmarks.md: 52 ms).
 */
export const reportSummaryScenario: Scenario = {
  id: 'report-summary',
  title: `Report summary, ${SCANS.toLocaleString('en-US')} scans (kept after the first call)`,
  server: 'portal',
  async prepare() {
    return () => ({ path: `${REPORT_PATH}/summary`, host: HOST });
  },
  check(status, body) {
    const parsed = okJson<{ reportDetails?: { totalScans?: number }; heatMap?: { count?: number[] } }>(
      status,
      body,
    );
    if ('problem' in parsed) return parsed.problem;
    const { reportDetails, heatMap } = parsed.answer;
    const cellScans = heatMap?.count?.reduce((sum, count) => sum + count, 0);
    if (reportDetails?.totalScans !== SCANS)
      return `expected ${SCANS} scans, got ${reportDetails?.totalScans}`;
    return cellScans === SCANS ? null : `the heat map's cells hold ${cellScans} scans, not ${SCANS}`;
  },
};

/** One page of the scan list, spread over all the report's pages (the deepest ones skip the most rows). */
export const reportScansScenario: Scenario = {
  id: 'report-scans',
  title: `Report scan list, one page of ${REPORT_SCANS_PAGE_SIZE} of ${SCANS.toLocaleString('en-US')} scans`,
  server: 'portal',
  async prepare() {
    const pages = Math.ceil(SCANS / REPORT_SCANS_PAGE_SIZE);
    let next = 0;
    return () => {
      // A stride prime to the page count visits every page, shallow and deep alternately.
      next = (next + 1_009) % pages;
      return { path: `${REPORT_PATH}/scans?page=${next + 1}`, host: HOST };
    };
  },
  check(status, body) {
    const parsed = okJson<{ reportItems?: unknown[]; total?: number }>(status, body);
    if ('problem' in parsed) return parsed.problem;
    const { reportItems, total } = parsed.answer;
    if (total !== SCANS) return `expected a total of ${SCANS}, got ${total}`;
    return reportItems?.length === REPORT_SCANS_PAGE_SIZE
      ? null
      : `expected ${REPORT_SCANS_PAGE_SIZE} items, got ${reportItems?.length}`;
  },
};

/**
 * The scan list's "next page" deep in the report (decision 231): the page after a scan taken from
 * the last fifth of the report, by cursor (`after`), so no scan is skipped to reach it. Read beside
 * 'report-scans' (the same pages by number, offset) and 'notice-lookup'.
 */
export const reportScansDeepScenario: Scenario = {
  id: 'report-scans-deep',
  title: `Report scan list, a deep page by cursor (last fifth of ${SCANS.toLocaleString('en-US')} scans)`,
  server: 'portal',
  async prepare({ db }) {
    // The cursors of every 25th scan of the report's last fifth, as the server writes them.
    const { rows } = await db.query<{ cursor: string; position: string }>(
      `SELECT cursor, position FROM (
         SELECT to_char(s.captured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || s.id AS cursor,
                row_number() OVER (ORDER BY s.captured_at DESC, s.id DESC) AS position
         FROM patrol_scans s JOIN patrol_reports r ON r.id = $1 AND s.tenant_id = r.tenant_id
         WHERE s.captured_at BETWEEN r.start_date AND r.end_date) ranked
       WHERE position > $2 AND position <= $3 AND position % $4 = 0`,
      [BENCH_REPORT_ID, Math.floor(SCANS * 0.8), SCANS - REPORT_SCANS_PAGE_SIZE, REPORT_SCANS_PAGE_SIZE],
    );
    if (!rows.length) throw new Error('report-scans-deep: the bench report has no deep scans.');
    let next = 0;
    return () => {
      const { cursor, position } = rows[next++ % rows.length]!;
      const page = Number(position) / REPORT_SCANS_PAGE_SIZE + 1;
      return { path: `${REPORT_PATH}/scans?page=${page}&after=${encodeURIComponent(cursor)}`, host: HOST };
    };
  },
  check(status, body) {
    const parsed = okJson<{ reportItems?: unknown[]; total?: number; page?: number }>(status, body);
    if ('problem' in parsed) return parsed.problem;
    const { reportItems, total, page } = parsed.answer;
    if (total !== SCANS) return `expected a total of ${SCANS}, got ${total}`;
    if (!page || page * REPORT_SCANS_PAGE_SIZE <= SCANS * 0.8)
      return `expected a deep page, got page ${page}`;
    return reportItems?.length === REPORT_SCANS_PAGE_SIZE
      ? null
      : `expected ${REPORT_SCANS_PAGE_SIZE} items, got ${reportItems?.length}`;
  },
};
