// Two builds of the portal issue free passes turn about on one bench database: the CPU each
// server and the database spend per pass, and the statements each server sends per pass.
//
//   npx tsx tests/load/issuing-turnabout.ts --before scratch/dist-before/server/main.js \
//       --database portal_bench_10k [--rounds 6] [--passes 300] [--connections 10]
//
// On a shared machine two bench runs minutes apart differ by the machine alone; rounds of a few
// seconds, alternated (A B, B A, ...), share its moment. CPU time, not wall time, is the figure
// to read: it barely moves with the load (docs/benchmarks.md). The statements are counted in the
// server by count-statements.mjs (the email worker's included: each round waits for the outbox
// to drain; both servers' figures are summed, as either's email worker may send them). `--before` is a copy of an earlier dist/ placed inside the project (e.g. scratch/,
// git-ignored), so it finds the project's migrations and web build like dist/ does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { databaseBackendsCpu, type RunningServer, startPortal } from './servers';
import { formatTable } from './stats';

const PRODUCT_COUNT = 20;
const NAME_PREFIX = 'Turnabout pass';

const { values: flags } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'dist/server/main.js' },
    database: { type: 'string', default: 'portal_bench_10k' },
    rounds: { type: 'string', default: '6' },
    passes: { type: 'string', default: '300' },
    connections: { type: 'string', default: '10' },
  },
});
if (!flags.before) throw new Error('--before <path to an earlier build of dist/server/main.js> is required.');
const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${flags.database}` }).toString();

interface Product {
  id: string;
  subdomain: string;
}

let counter = 0;
async function checkout(port: number, product: Product): Promise<boolean> {
  counter += 1;
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/permits/checkout/guest/free`, {
    method: 'POST',
    headers: { host: `${product.subdomain}.localhost`, 'content-type': 'application/json' },
    body: JSON.stringify({
      permitProductUUID: product.id,
      subdomain: product.subdomain,
      email: `turn${counter}-${Date.now()}@bench.example`,
      date: new Date().toISOString(),
      vehicle: { plate: `T${counter.toString(36).toUpperCase()}` },
    }),
  });
  const body = await response.text();
  return response.status === 200 && body.includes('"outcome":"issued"');
}

/** `count` checkouts, `connections` at a time, spread over the products. */
async function issue(port: number, products: Product[], count: number, connections: number) {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const product = products[next++ % products.length]!;
      if (!(await checkout(port, product))) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return failed;
}

async function outboxDrained(db: pg.Client) {
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM email_outbox WHERE status = 'pending' AND to_address LIKE 'turn%@bench.example'`,
    );
    if (Number(rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Side {
  label: string;
  server: RunningServer;
  countFile: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statementsOf = (side: Side) => Number(readFileSync(side.countFile, 'utf8'));

/**
 * Both servers' CPU and statements are summed: each runs an email worker on the same outbox, and
 * the idle one's worker sends some of the loaded one's emails (FOR UPDATE SKIP LOCKED). Summed,
 * a round counts all the work of its passes whichever process did it.
 */
function readings(sides: Side[], databaseCpu: () => number | null) {
  let server: number | null = 0;
  for (const side of sides) {
    const seconds = side.server.cpuSeconds();
    server = server === null || seconds === null ? null : server + seconds;
  }
  return { server, db: databaseCpu(), statements: sides.reduce((sum, side) => sum + statementsOf(side), 0) };
}

async function measure(
  side: Side,
  sides: Side[],
  db: pg.Client,
  products: Product[],
  passes: number,
  connections: number,
) {
  const databaseCpu = databaseBackendsCpu(flags.database!);
  await outboxDrained(db);
  await sleep(300);
  const before = readings(sides, databaseCpu);
  const started = performance.now();
  const failed = await issue(side.server.port, products, passes, connections);
  const seconds = (performance.now() - started) / 1000;
  await outboxDrained(db);
  await sleep(300);
  const after = readings(sides, databaseCpu);
  const perPass = (a: number | null, b: number | null) =>
    a === null || b === null ? NaN : (1000 * (b - a)) / passes;
  return {
    label: side.label,
    passesPerSecond: passes / seconds,
    serverMs: perPass(before.server, after.server),
    databaseMs: perPass(before.db, after.db),
    statements: (after.statements - before.statements) / passes,
    failed,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `DELETE FROM issued_passes WHERE product_id IN (SELECT id FROM pass_products WHERE name LIKE $1)`,
    [`${NAME_PREFIX}%`],
  );
  await db.query(`DELETE FROM pass_products WHERE name LIKE $1`, [`${NAME_PREFIX}%`]);
  const { rows: products } = await db.query<Product>(
    `INSERT INTO pass_products (tenant_id, name, amount, permit_duration, permit_duration_unit, capacity)
     SELECT t.id, $1 || ' ' || n, 0, 1, 'DAY', 1000000
     FROM (SELECT id FROM tenants WHERE NOT is_citation_only ORDER BY subdomain LIMIT 1) AS t,
          generate_series(1, $2::int) AS n
     RETURNING id, (SELECT subdomain FROM tenants WHERE tenants.id = tenant_id) AS subdomain`,
    [NAME_PREFIX, PRODUCT_COUNT],
  );
  const preload = path.resolve('tests/load/count-statements.mjs');
  const start = async (label: string, entry: string): Promise<Side> => {
    const countFile = `/tmp/issuing-turnabout-${process.pid}-${label}.count`;
    const server = await startPortal(databaseUrl, {
      entry,
      nodeFlags: ['--import', preload],
      env: { STATEMENT_COUNT_FILE: countFile },
    });
    return { label, server, countFile };
  };
  const sides = [await start('before', flags.before!), await start('after', flags.after!)];
  const passes = Number(flags.passes);
  const connections = Number(flags.connections);
  try {
    for (const side of sides) await issue(side.server.port, products, 100, connections); // warm-up
    const results: Array<Awaited<ReturnType<typeof measure>>> = [];
    for (let round = 0; round < Number(flags.rounds); round += 1) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const result = await measure(side, sides, db, products, passes, connections);
        results.push(result);
        console.log(
          `round ${round + 1} ${result.label}: ${result.passesPerSecond.toFixed(0)} passes/s, server ${result.serverMs.toFixed(2)} ms, database ${result.databaseMs.toFixed(2)} ms, ${result.statements.toFixed(2)} statements a pass, ${result.failed} failed`,
        );
      }
    }
    const rows = sides.map((side) => {
      const own = results.filter((result) => result.label === side.label);
      return [
        side.label,
        median(own.map((result) => result.passesPerSecond)).toFixed(0),
        median(own.map((result) => result.serverMs)).toFixed(2),
        median(own.map((result) => result.databaseMs)).toFixed(2),
        median(own.map((result) => result.serverMs + result.databaseMs)).toFixed(2),
        median(own.map((result) => result.statements)).toFixed(2),
        String(own.reduce((sum, result) => sum + result.failed, 0)),
      ];
    });
    console.log(
      formatTable(
        [
          'build',
          'passes/s (median)',
          'server CPU ms/pass',
          'DB CPU ms/pass',
          'both ms/pass',
          'statements/pass',
          'failed',
        ],
        rows,
      ),
    );
  } finally {
    for (const side of sides) await side.server.stop();
    await db.end();
  }
}

await main();
