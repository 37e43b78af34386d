import type { Scenario } from '../scenario';
import { expectNotices, LOOKUP_FIXED_RATE, sampleLookupTargets } from './lookup-sample';

/**
 * The public search by plate, on the tenant's own host, over thousands of real plates of many
 * tenants, so neither the database nor the tenant cache sees one hot row.
 */
export const noticeLookupScenario: Scenario = {
  id: 'notice-lookup',
  title: 'Notice lookup by plate',
  server: 'portal',
  fixedRate: LOOKUP_FIXED_RATE,
  async prepare({ db }) {
    const targets = await sampleLookupTargets(db);
    let next = 0;
    return () => {
      const target = targets[next++ % targets.length]!;
      return {
        path: `/api/v1/portal/citation/p/${encodeURIComponent(target.plate)}/n/blank/o/${target.subdomain}`,
        host: `${target.subdomain}.localhost`,
      };
    };
  },
  check: expectNotices,
};
