import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

/** The call every page makes first: a tenant's brand details, over every tenant in turn. */
export const brandScenario: Scenario = {
  id: 'brand',
  title: 'Brand details',
  server: 'portal',
  async prepare({ db }) {
    const { rows } = await db.query<{ subdomain: string }>(
      'SELECT subdomain FROM tenants ORDER BY subdomain',
    );
    if (rows.length === 0) throw new Error('The bench database has no tenants.');
    let next = 0;
    return () => {
      const { subdomain } = rows[next++ % rows.length]!;
      return { path: `/api/v1/portal/brand/${subdomain}`, host: `${subdomain}.localhost` };
    };
  },
  check: expectOkJson,
};
