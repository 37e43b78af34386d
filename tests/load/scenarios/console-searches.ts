import { FIRST_NAMES, LAST_NAMES } from '../dataset';
import type { Scenario, ScenarioContext } from '../scenario';
import { expectOkJson } from '../scenario';
import { signInBenchOperators } from './console-notice-search';

/**
 * What an operator types to find a person: half of the searches a first name and the start of a
 * last name ('dana smi': a handful of rows), half the start of a last name alone ('kowa': a
 * sixteenth to a thirty-second of the tenant's rows, sorted for the first page).
 */
export function personSearches(): string[] {
  const searches: string[] = [];
  LAST_NAMES.forEach((last, index) => {
    const start = last.toLowerCase().slice(0, 4);
    searches.push(
      `${FIRST_NAMES[(index * 5) % FIRST_NAMES.length]!.toLowerCase()} ${start.slice(0, 3)}`,
      start,
    );
  });
  return searches;
}

/** A search scenario over twenty tenants' consoles: each search on each tenant in turn. */
function personSearchScenario(options: { id: string; title: string; path: (q: string) => string }): Scenario {
  return {
    id: options.id,
    title: options.title,
    server: 'portal',
    async prepare(context: ScenarioContext) {
      const operators = await signInBenchOperators(context);
      const searches = personSearches();
      let next = 0;
      return () => {
        const operator = operators[next % operators.length]!;
        const q = searches[Math.floor(next / operators.length) % searches.length]!;
        next += 1;
        return {
          path: options.path(q),
          host: `${operator.subdomain}.localhost`,
          headers: { authorization: operator.authorization },
        };
      };
    },
    check(status, body) {
      const problem = expectOkJson(status, body);
      if (problem) return problem;
      const page = JSON.parse(body) as { items?: unknown[] };
      return Array.isArray(page.items) && page.items.length > 0
        ? null
        : `expected matches, got: ${body.slice(0, 200)}`;
    },
  };
}

/** The console's pass search by holder (GET /dashboard/passes?q=), newest first (decision 238). */
export const consolePassSearchScenario = personSearchScenario({
  id: 'console-pass-search',
  title: 'Console pass search by holder name (operator)',
  path: (q) => `/api/v1/dashboard/passes?q=${encodeURIComponent(q)}&sort=created&order=desc`,
});

/** The console's customer search (GET /dashboard/customers?q=), in name order (decision 238). */
export const consoleCustomerSearchScenario = personSearchScenario({
  id: 'console-customer-search',
  title: 'Console customer search by name (operator)',
  path: (q) => `/api/v1/dashboard/customers?q=${encodeURIComponent(q)}&pageSize=25`,
});
