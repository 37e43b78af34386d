import type { Scenario, ScenarioContext } from '../scenario';
import { expectOkJson } from '../scenario';
import { signInBenchOperators } from './console-notice-search';

const PLATES_PER_TENANT = 250;

/**
 * The overview's trends (issue 33, decision 204): GET /dashboard/overview/trends, the default 30
 * days and the 30 before, for twenty tenants of the bench's notices, payments, passes and appeals.
 */
export const consoleTrendsScenario: Scenario = {
  id: 'console-trends',
  title: 'Console overview trends, 30 days and the 30 before (operator)',
  server: 'portal',
  async prepare(context: ScenarioContext) {
    const operators = await signInBenchOperators(context);
    let next = 0;
    return () => {
      const operator = operators[next++ % operators.length]!;
      return {
        path: '/api/v1/dashboard/overview/trends',
        host: `${operator.subdomain}.localhost`,
        headers: { authorization: operator.authorization },
      };
    };
  },
  check(status, body) {
    const problem = expectOkJson(status, body);
    if (problem) return problem;
    const trends = JSON.parse(body) as { days?: unknown[]; previousDays?: unknown[] };
    return trends.days?.length === 30 && trends.previousDays?.length === 30
      ? null
      : `expected 30 days and 30 before, got: ${body.slice(0, 200)}`;
  },
};

/**
 * The console's plate lookup (issue 33): GET /dashboard/plates/{plate} over real plates of twenty
 * tenants — cover now, passes, open notices and recent scans, each an index read by plate.
 */
export const consolePlateLookupScenario: Scenario = {
  id: 'console-plate-lookup',
  title: 'Console plate lookup (operator)',
  server: 'portal',
  async prepare(context: ScenarioContext) {
    const operators = await signInBenchOperators(context);
    const requests: { subdomain: string; plate: string; authorization: string }[] = [];
    for (const operator of operators) {
      const { rows } = await context.db.query<{ plate: string }>(
        'SELECT DISTINCT plate FROM citations WHERE tenant_id = $1 ORDER BY plate LIMIT $2',
        [operator.id, PLATES_PER_TENANT],
      );
      for (const { plate } of rows) requests.push({ ...operator, plate });
    }
    requests.sort((a, b) => (a.plate + a.subdomain).localeCompare(b.plate + b.subdomain));
    let next = 0;
    return () => {
      const request = requests[next++ % requests.length]!;
      return {
        path: `/api/v1/dashboard/plates/${encodeURIComponent(request.plate)}`,
        host: `${request.subdomain}.localhost`,
        headers: { authorization: request.authorization },
      };
    };
  },
  check(status, body) {
    const problem = expectOkJson(status, body);
    if (problem) return problem;
    const lookup = JSON.parse(body) as { openNoticeCount?: number; passes?: unknown[] };
    return typeof lookup.openNoticeCount === 'number' && Array.isArray(lookup.passes)
      ? null
      : `expected a plate lookup, got: ${body.slice(0, 200)}`;
  },
};
