import { BENCH_REPORT_ID, DEFAULT_DATASET } from '../dataset';
import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

/**
 * The activity report's data call over 100,000 scans (tenant t0001): the size of the answer and
 * how long it takes, which the report page needs within 1.5 s (docs/enforcement.md).
 */
export const reportDataScenario: Scenario = {
  id: 'report-data',
  title: `Report data, ${DEFAULT_DATASET.reportScans.toLocaleString('en-US')} scans`,
  server: 'portal',
  async prepare() {
    return () => ({ path: `/api/v1/reports/${BENCH_REPORT_ID}/data`, host: 't0001.localhost' });
  },
  check(status, body) {
    const problem = expectOkJson(status, body);
    if (problem) return problem;
    const answer = JSON.parse(body) as { reportItems?: unknown[] };
    return answer.reportItems?.length === DEFAULT_DATASET.reportScans
      ? null
      : `expected ${DEFAULT_DATASET.reportScans} items, got ${answer.reportItems?.length}`;
  },
};
