// Decision 245: the console's pass and customer searches, the query shape before (`IN (...)`, a
// join to the products) and after (`= ANY(ARRAY(...))`, the ids first), timed in one database
// backend each as the app runs them (portal_app under the tenant policy, the tenant's searches of
// the bench's console scenarios), beside the public lookup's query. The CPU is the backend's own
// (/proc), so other work on a shared server does not count. Run on the bench database:
//   npx tsx tests/load/search-plans.ts [postgres://postgres@127.0.0.1:5432/portal_bench]
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client';
import {
  customerSearchTerms,
  customers,
  issuedPasses,
  passProducts,
  type TenantRow,
} from '../../src/server/db/schema';
import { enterTenant, runInRequestScope } from '../../src/server/db/tenant-scope';
import { listCustomers } from '../../src/server/features/console-customers/customer-search';
import {
  passIdsMatching,
  primaryPlateOfPass,
  searchConsolePasses,
} from '../../src/server/features/console-passes/pass-search';
import { countUpTo, searchTermOf } from '../../src/server/features/lists';
import { benchSubdomain } from './dataset';
import { personSearches } from './scenarios/console-searches';
import { readCpuSeconds } from './servers';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const ROUNDS = Number(process.env.ROUNDS ?? 3);

type Search = (db: Database, tenantId: string, q: string) => Promise<unknown>;

/** The pass search as it was before decision 245: `IN (...)`, the products joined, a count beside. */
const passSearchBefore: Search = async (db, tenantId, q) => {
  const where = and(
    eq(issuedPasses.tenantId, tenantId),
    inArray(issuedPasses.id, sql`(${passIdsMatching(tenantId, q)})`),
  );
  await db
    .select({ pass: issuedPasses, permitName: passProducts.name, plate: primaryPlateOfPass() })
    .from(issuedPasses)
    .innerJoin(
      passProducts,
      and(eq(passProducts.tenantId, issuedPasses.tenantId), eq(passProducts.id, issuedPasses.productId)),
    )
    .where(where)
    .orderBy(desc(issuedPasses.createdAt), desc(issuedPasses.id))
    .limit(25);
  await countUpTo({ db, table: issuedPasses, where });
};

/** The app's pass search, as GET /dashboard/passes?q= runs it. */
const passSearchAfter: Search = (db, tenantId, q) =>
  searchConsolePasses({
    db,
    tenantId,
    term: q,
    status: 'all',
    sort: 'created',
    order: 'desc',
    page: 1,
    now: new Date(),
  });

/** The customer search as it was before decision 245: `IN (...)`, a count beside. */
const customerSearchBefore: Search = async (db, tenantId, q) => {
  const where = and(
    eq(customers.tenantId, tenantId),
    inArray(
      customers.id,
      sql`(SELECT ${customerSearchTerms.customerId} FROM ${customerSearchTerms} WHERE ${customerSearchTerms.tenantId} = ${tenantId} AND ${customerSearchTerms.term} ^@ ${searchTermOf(q)})`,
    ),
  );
  await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(asc(sql`lower(${customers.fullname})`), asc(customers.id))
    .limit(26);
  await countUpTo({ db, table: customers, where });
};

/** The app's customer search, as GET /dashboard/customers?q=&pageSize=25 runs it. */
const customerSearchAfter: Search = (db, tenantId, q) =>
  listCustomers({ db, tenant: { id: tenantId } as TenantRow, query: { q, page: 1, pageSize: 25 } });

async function main() {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const db = handle.db;
  const subdomains = Array.from({ length: 20 }, (_, index) => benchSubdomain(index));
  const tenants = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM tenants WHERE subdomain IN (${sql.join(
      subdomains.map((subdomain) => sql`${subdomain}`),
      sql`, `,
    )}) ORDER BY subdomain`,
  );
  const [backend] = await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`);
  const pid = backend!.pid;
  const searches = personSearches();
  const variants: [string, Search][] = [
    ['pass search, before', passSearchBefore],
    ['pass search, after', passSearchAfter],
    ['customer search, before', customerSearchBefore],
    ['customer search, after', customerSearchAfter],
  ];
  const run = async (search: Search) => {
    let count = 0;
    const before = readCpuSeconds(pid)!;
    const started = performance.now();
    for (const tenant of tenants)
      for (const q of searches) {
        await runInRequestScope(async () => {
          enterTenant(tenant.id);
          await search(db, tenant.id, q);
        });
        count += 1;
      }
    return {
      ms: ((readCpuSeconds(pid)! - before) * 1000) / count,
      wallMs: (performance.now() - started) / count,
      count,
    };
  };
  for (const [, search] of variants) await run(search); // warm the caches and the catalogue
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, search] of variants) {
      const { ms, wallMs, count } = await run(search);
      console.log(
        `round ${round}  ${name.padEnd(26)} backend CPU ${ms.toFixed(3)} ms/search (wall ${wallMs.toFixed(2)} ms, ${count} searches)`,
      );
    }
  }
  await handle.close();
}

await main();
