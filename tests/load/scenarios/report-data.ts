import { BENCH_REPORT_ID, DEFAULT_DATASET } from '../dataset';
import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

const SCANS = DEFAULT_DATASET.reportScans;

/**
 * The activity report's data over 100,000 scans (tenant t0001), in the spec's form (22 MB) and
 * in the columns the report page reads (decision 124): how long each takes, which the page
 * needs within 1.5 s (issue 12). One connection: at ten, answers of this size queue past
 * autocannon's timeout and say nothing more.
 */
function reportScenario(id: string, suffix: string, form: string): Scenario {
  return {
    id,
    title: `Report data, ${SCANS.toLocaleString('en-US')} scans (${form})`,
    server: 'portal',
    connections: 1,
    async prepare() {
      return () => ({ path: `/api/v1/reports/${BENCH_REPORT_ID}/data${suffix}`, host: 't0001.localhost' });
    },
    check(status, body) {
      const problem = expectOkJson(status, body);
      if (problem) return problem;
      const answer = JSON.parse(body) as { reportItems?: unknown[] | { plate?: unknown[] } };
      const count = Array.isArray(answer.reportItems)
        ? answer.reportItems.length
        : answer.reportItems?.plate?.length;
      return count === SCANS ? null : `expected ${SCANS} items, got ${count}`;
    },
  };
}

export const reportDataScenario = reportScenario('report-data', '', 'spec list');
export const reportColumnsScenario = reportScenario('report-columns', '/columns', 'columns');
