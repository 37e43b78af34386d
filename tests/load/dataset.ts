import { createHash } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/** The shape of the generated data set; changing any of it (or the generator) rebuilds the database. */
export interface DatasetShape {
  tenants: number;
  noticesPerTenant: number;
  /** Distinct plates per tenant: fewer plates than notices, so several notices share a plate. */
  platesPerTenant: number;
  /** Issued passes per tenant, each with one active vehicle (the plate check's data). */
  passesPerTenant: number;
  /** Patrol scans of the one big activity report (tenant t0001, report BENCH_REPORT_ID). */
  reportScans: number;
  /** Customer accounts per tenant, with the same kind of names as the passes' holders (console searches). */
  customersPerTenant: number;
}

export const DEFAULT_DATASET: DatasetShape = {
  tenants: 200,
  noticesPerTenant: 5_000,
  platesPerTenant: 2_000,
  passesPerTenant: 1_000,
  reportScans: 100_000,
  customersPerTenant: 1_000,
};

/** The data-set sizes the bench is meant to compare (issue 14: flat from 10 k to 10 M). */
export const NOTICE_COUNTS = [10_000, 1_000_000, 10_000_000] as const;

/**
 * The data set with `notices` notices over the same 200 tenants, and plates in the same proportion
 * (two and a half notices per plate, as in the default), so a plate's lookup returns about as many
 * rows at every size and only the table and its indexes grow. Passes and customers grow with the
 * notices above the million (one per ten notices of a tenant: 5,000 each per tenant at 10 M), so
 * the console's pass and customer searches are measured on large tenants too.
 */
export function datasetWithNotices(notices: number): DatasetShape {
  const noticesPerTenant = Math.max(1, Math.round(notices / DEFAULT_DATASET.tenants));
  const perTenant = Math.max(DEFAULT_DATASET.passesPerTenant, Math.round(noticesPerTenant / 10));
  return {
    ...DEFAULT_DATASET,
    noticesPerTenant,
    platesPerTenant: Math.max(5, Math.round(noticesPerTenant * 0.4)),
    passesPerTenant: perTenant,
    customersPerTenant: perTenant,
  };
}

/** 10000 -> '10k', 1000000 -> '1m': a short label for database and file names. */
export function noticeCountLabel(notices: number): string {
  if (notices >= 1_000_000 && notices % 1_000_000 === 0) return `${notices / 1_000_000}m`;
  if (notices >= 1_000 && notices % 1_000 === 0) return `${notices / 1_000}k`;
  return String(notices);
}

/**
 * Each size has a database of its own, so 10 M rows are generated once and kept beside the others;
 * the default million keeps the plain name.
 */
export function databaseForSize(database: string, notices: number): string {
  return notices === DEFAULT_DATASET.tenants * DEFAULT_DATASET.noticesPerTenant
    ? database
    : `${database}_${noticeCountLabel(notices)}`;
}

/** The big report's uuid, on tenant t0001. */
export const BENCH_REPORT_ID = 'b3c4e9a0-2026-4000-8000-00000000b001';

/** Each bench tenant's enforcement API key, derived from its subdomain (the bench database only). */
export function benchApiKey(subdomain: string): string {
  return `ppk_${createHash('sha256').update(`bench-${subdomain}`).digest('base64url')}`;
}

/** Bump when the generator SQL below changes, so old bench databases are rebuilt, not reused. */
const GENERATOR_VERSION = 3;

export function datasetMarker(shape: DatasetShape): string {
  return `v${GENERATOR_VERSION}:${shape.tenants}t:${shape.noticesPerTenant}n:${shape.platesPerTenant}p:${shape.passesPerTenant}pp:${shape.reportScans}s:${shape.customersPerTenant}c`;
}

/** The tenant subdomain of index i: t0000, t0001, ... */
export function benchSubdomain(index: number): string {
  return `t${String(index).padStart(4, '0')}`;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl: string, name: string, fresh: boolean): Promise<void> {
  await withClient(adminUrl, async (client) => {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  });
}

async function readMarker(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ marker: string }>(
    `SELECT marker FROM bench_dataset WHERE EXISTS (SELECT 1 FROM pg_tables WHERE tablename = 'bench_dataset')`,
  );
  return rows[0]?.marker ?? null;
}

export const FIRST_NAMES = [
  'Ana',
  'Bob',
  'Carla',
  'Dana',
  'José',
  'Zoë',
  'Émile',
  'Li',
  'Noor',
  'Sam',
  'Ingrid',
  'Mateo',
  'Chloé',
  'Ravi',
  'Aoife',
  'Kwame',
  'Olga',
  'Pedro',
  'Hana',
  'Yusuf',
  'Marta',
  'Tomás',
  'Eve',
  'Kenji',
  'Lucía',
  'Omar',
  'Priya',
  'Sven',
  'Fatima',
  'Jean-Luc',
  'Björn',
  'Nadia',
];
export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Núñez',
  'García',
  "O'Brien",
  'Smithers',
  'Nguyen',
  'Müller',
  'Kowalski',
  'Dubois',
  'Okafor',
  'Larsen',
  'Rossi',
  'Tanaka',
  'Haddad',
  'Fischer-Lee',
  'Martin',
  'Silva',
  'Cohen',
  'Novak',
  'Ivanova',
  'Park',
  'Moreau',
  'Ahmed',
  'Walsh',
  'Berg',
  'Costa',
  'Yilmaz',
  'Patel',
  'Lindqvist',
  'Álvarez',
  'Chen',
];
const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;
/** A person's name for row number `n`: 32 × 32 first and last names, some accented or hyphenated. */
const personName = (n: string) =>
  `(${sqlArray(FIRST_NAMES)})[1 + (${n}) % 32] || ' ' || (${sqlArray(LAST_NAMES)})[1 + ((${n}) / 32 * 7) % 32]`;
/** An email unique per row: first.last.n@bench.example (names as typed, so lower-casing matters). */
const personEmail = (n: string) =>
  `replace((${sqlArray(FIRST_NAMES)})[1 + (${n}) % 32] || '.' || (${sqlArray(LAST_NAMES)})[1 + ((${n}) / 32 * 7) % 32], ' ', '') || '.' || (${n}) || '@bench.example'`;

/**
 * The whole data set in a handful of set-based statements. Plates are drawn from a per-tenant pool
 * (LLL9999 shapes), one notice in fifty goes to one of five "fleet" plates so some plates carry many
 * notices, statuses follow a rough real-world mix, and some notices carry late-penalty tiers.
 */
function generatorStatements(shape: DatasetShape): string[] {
  const { tenants, noticesPerTenant, platesPerTenant, passesPerTenant, reportScans, customersPerTenant } =
    shape;
  // The same plate shapes as the notices', so plate checks meet plates that carry notices.
  const plateOf = (expression: string) => {
    const pick = `((${expression})::int)`;
    return `chr(65 + ${pick} % 26) || chr(65 + (${pick} / 26) % 26) || chr(65 + (${pick} / 676) % 26)
       || lpad(((${pick} * 7919) % 10000)::text, 4, '0')`;
  };
  return [
    `INSERT INTO tenants (subdomain, brand_title, brand_color, header1, header2, contact_email,
       contact_number, is_private, is_citation_only, timezone)
     SELECT 't' || lpad(i::text, 4, '0'),
            'Bench Parking ' || i,
            lpad(to_hex((i * 2654435761::bigint) % 16777216), 6, '0'),
            'Welcome to Bench Parking ' || i,
            'Questions? Call us.',
            'support' || i || '@bench.example',
            '555-' || lpad(i::text, 4, '0'),
            i % 7 = 0,
            i % 11 = 0,
            (ARRAY['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + i % 4]
     FROM generate_series(0, ${tenants - 1}) AS i`,
    `INSERT INTO citation_codes (tenant_id, name, description)
     SELECT t.id, code.name, code.description
     FROM tenants t
     CROSS JOIN (VALUES ('P01', 'Expired meter'), ('P02', 'No permit displayed'),
                        ('P03', 'Fire lane'), ('P04', 'Reserved space'), ('P05', 'Overtime parking'))
       AS code(name, description)`,
    `INSERT INTO citations (tenant_id, citation_number, plate, state_prov, created_on, date_paid,
       void_date, payment_status, amount, amount_override, paid_total, late_amount1, late_days1,
       late_amount2, late_days2, citation_code_id, location, make, color)
     SELECT t.id,
            'N' || lpad(t.idx::text, 4, '0') || lpad(n::text, 7, '0'),
            chr(65 + plate_pick.p % 26) || chr(65 + (plate_pick.p / 26) % 26) || chr(65 + (plate_pick.p / 676) % 26)
              || lpad(((plate_pick.p * 7919) % 10000)::text, 4, '0'),
            (ARRAY['NY','NJ','CT','PA','MA'])[1 + n % 5],
            timestamptz '2026-11-01 12:00:00+00' - make_interval(days => n % 730, secs => (n * 37) % 86400),
            CASE WHEN s.status IN ('Paid', 'Paid off platform')
                 THEN timestamptz '2026-11-01 12:00:00+00' - make_interval(days => n % 730 - 3) END,
            CASE WHEN s.status = 'Void' THEN timestamptz '2026-11-01 12:00:00+00' - make_interval(days => n % 730 - 2) END,
            s.status,
            2500 + (n % 26) * 500,
            CASE WHEN n % 97 = 0 THEN 1500 END,
            CASE WHEN s.status IN ('Paid', 'Paid off platform') THEN 2500 + (n % 26) * 500 END,
            CASE WHEN n % 3 = 0 THEN 1000 END,
            CASE WHEN n % 3 = 0 THEN 14 END,
            CASE WHEN n % 6 = 0 THEN 2500 END,
            CASE WHEN n % 6 = 0 THEN 30 END,
            t.code_ids[1 + n % 5],
            'Lot ' || chr(65 + n % 8) || ', space ' || (n % 300),
            (ARRAY['Toyota','Honda','Ford','Chevrolet','Nissan','Tesla'])[1 + n % 6],
            (ARRAY['Black','White','Silver','Blue','Red'])[1 + n % 5]
     FROM (SELECT tenants.id, substring(tenants.subdomain FROM 2)::int AS idx,
                  array_agg(c.id ORDER BY c.name) AS code_ids
           FROM tenants JOIN citation_codes c ON c.tenant_id = tenants.id
           GROUP BY tenants.id) AS t
     CROSS JOIN generate_series(1, ${noticesPerTenant}) AS n
     CROSS JOIN LATERAL (SELECT CASE WHEN n % 50 = 0 THEN (n / 50) % 5
                                     ELSE ((n::bigint * 2654435761) % ${platesPerTenant})::int + 5 END
                                  + t.idx * 13 AS p) AS plate_pick
     CROSS JOIN LATERAL (SELECT CASE
                           WHEN n % 100 < 40 THEN 'Open'
                           WHEN n % 100 < 70 THEN 'Paid'
                           WHEN n % 100 < 82 THEN 'Past due'
                           WHEN n % 100 < 87 THEN 'Void'
                           WHEN n % 100 < 92 THEN 'Paid off platform'
                           WHEN n % 100 < 95 THEN 'Archived'
                           WHEN n % 100 < 98 THEN 'Uncollectable'
                           ELSE 'Reopen' END AS status) AS s`,
    // Enforcement (docs/enforcement.md): a product, passes with one active vehicle each (nine in
    // ten valid until 2099, the rest expired), an API key per tenant, and one big report.
    `INSERT INTO pass_products (tenant_id, name) SELECT id, 'Bench resident' FROM tenants`,
    `INSERT INTO issued_passes (tenant_id, customer_permit_id, product_id, paid_status, issued_on, expires_at, amount,
       customer_name, customer_email, created_at)
     SELECT p.tenant_id, 'B' || n, p.id, 'paid', timestamptz '2026-01-01 00:00:00+00',
            CASE WHEN n % 10 = 0 THEN timestamptz '2026-06-01 00:00:00+00' ELSE timestamptz '2099-01-01 00:00:00+00' END,
            5000, ${personName('n')}, ${personEmail('n')},
            timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => n)
     FROM pass_products p CROSS JOIN generate_series(1, ${passesPerTenant}) AS n`,
    `INSERT INTO pass_vehicles (tenant_id, pass_id, plate, is_primary, is_active)
     SELECT ip.tenant_id, ip.id,
            ${plateOf(`((substring(ip.customer_permit_id FROM 2)::bigint * 2654435761) % ${platesPerTenant})::int + 5 + substring(t.subdomain FROM 2)::int * 13`)},
            true, true
     FROM issued_passes ip JOIN tenants t ON t.id = ip.tenant_id`,
    // Customer accounts for the console's customer search, as guests (no password: none can sign in).
    `INSERT INTO customers (tenant_id, customer_public_id, fullname, email, created_via, created_at)
     SELECT t.id, 'C' || n, ${personName('n + 7')}, ${personEmail('n + 7')}, 'guest',
            timestamptz '2025-01-01 00:00:00+00' + make_interval(mins => n)
     FROM tenants t CROSS JOIN generate_series(1, ${customersPerTenant}) AS n`,
    // The searches' kept terms (migration 1270): its triggers do not fire while the load skips triggers.
    `INSERT INTO customer_search_terms (tenant_id, customer_id, term)
     SELECT c.tenant_id, c.id, term FROM customers c CROSS JOIN customer_search_terms_of(c.fullname, c.email) AS term`,
    `INSERT INTO pass_search_terms (tenant_id, pass_id, kind, term)
     SELECT p.tenant_id, p.id, t.kind, t.term
     FROM issued_passes p CROSS JOIN pass_search_terms_of(p.customer_name, p.customer_email) AS t`,
    `INSERT INTO api_keys (tenant_id, name, key_hash, key_prefix)
     SELECT id, 'Bench device', encode(sha256(convert_to(k.key, 'UTF8')), 'hex'), left(k.key, 10)
     FROM tenants
     CROSS JOIN LATERAL (SELECT 'ppk_' || rtrim(translate(encode(sha256(convert_to('bench-' || subdomain, 'UTF8')), 'base64'), '+/', '-_'), '=') AS key) AS k`,
    `INSERT INTO patrol_scans (tenant_id, client_id, captured_at, plate, fullname, user_email, alert_message,
       full_image_url, latitude, longitude)
     SELECT t.id, 'bench-' || n,
            timestamptz '2026-11-01 00:00:00+00' - make_interval(secs => n * 9),
            ${plateOf('(n::bigint * 2654435761) % 2000 + 18')},
            (ARRAY['Officer Chen','Officer Patel','Officer Reyes','Officer Kim'])[1 + n % 4],
            (ARRAY['chen','patel','reyes','kim'])[1 + n % 4] || '@bench.example',
            CASE WHEN n % 11 = 0 THEN 'No valid permit found for this plate' END,
            '/bench/scan-' || (n % 50) || '.jpg',
            40.75 + ((n::bigint * 7919) % 2000) / 100000.0,
            -73.99 + ((n::bigint * 104729) % 2000) / 100000.0
     FROM tenants t CROSS JOIN generate_series(1, ${reportScans}) AS n
     WHERE t.subdomain = 't0001'`,
    // Its link never runs out during a bench (report links expire since migration 1052).
    `INSERT INTO patrol_reports (id, tenant_id, start_date, end_date, expires_at)
     SELECT '${BENCH_REPORT_ID}', id, timestamptz '2026-10-01 00:00:00+00', timestamptz '2026-11-01 00:00:00+00',
            timestamptz '2099-01-01 00:00:00+00'
     FROM tenants WHERE subdomain = 't0001'`,
  ];
}

/**
 * Loads a million rows in about half the time: the citations indexes that back no constraint are
 * dropped and rebuilt once after the insert (one sorted build instead of a million insertions), and
 * on a superuser connection the per-row foreign-key triggers are skipped, since every generated row
 * points at a tenant and a code inserted just before it. The index definitions are read back from
 * the database, so indexes that later migrations add are rebuilt too. Runs inside the caller's
 * transaction: a failure leaves the indexes as they were.
 */
async function withBulkLoadSettings(client: pg.Client, load: () => Promise<void>): Promise<void> {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = 'citations'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
  );
  const { rows } = await client.query<{ superuser: boolean }>(
    'SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
  );
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  if (rows[0]?.superuser) await client.query(`SET LOCAL session_replication_role = replica`);
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  await load();
  await client.query('SET LOCAL session_replication_role = origin');
  for (const index of indexes) await client.query(index.definition);
}

export interface PreparedDataset {
  databaseUrl: string;
  reused: boolean;
  notices: number;
  tenants: number;
  seconds: number;
}

/**
 * Creates (or reuses) the bench database: the project's own migrations, then the generated rows,
 * then VACUUM (ANALYZE). A database whose marker matches the requested shape is reused as it is, after
 * applying any migrations that landed since; --fresh drops and rebuilds it.
 */
export async function prepareDataset(options: {
  serverUrl: string;
  database: string;
  shape: DatasetShape;
  fresh: boolean;
  log: (line: string) => void;
}): Promise<PreparedDataset> {
  const started = performance.now();
  const { serverUrl, database, shape, fresh, log } = options;
  await createDatabase(serverUrl, database, fresh);
  const databaseUrl = databaseUrlFor(serverUrl, database);

  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await migrate(handle.db);
  } finally {
    await handle.close();
  }

  const marker = datasetMarker(shape);
  const reused = await withClient(databaseUrl, async (client) => {
    await client.query(
      'CREATE TABLE IF NOT EXISTS bench_dataset (marker text NOT NULL, built_at timestamptz NOT NULL)',
    );
    const existing = await readMarker(client);
    if (existing === marker) return true;
    log(`Generating ${shape.tenants * shape.noticesPerTenant} notices over ${shape.tenants} tenants ...`);
    // A stale or partial data set is replaced whole, inside one transaction.
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query('TRUNCATE tenants, bench_dataset CASCADE');
    await withBulkLoadSettings(client, async () => {
      for (const statement of generatorStatements(shape)) await client.query(statement);
    });
    await client.query('INSERT INTO bench_dataset (marker, built_at) VALUES ($1, now())', [marker]);
    await client.query('COMMIT');
    // VACUUM too, as autovacuum would on a database in service (it may be off on a bench server):
    // without the visibility map no index-only scan skips the heap (decision 245).
    await client.query('VACUUM (ANALYZE)');
    return false;
  });

  const counts = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ notices: string; tenants: string }>(
      'SELECT (SELECT count(*) FROM citations) AS notices, (SELECT count(*) FROM tenants) AS tenants',
    );
    return { notices: Number(rows[0]?.notices), tenants: Number(rows[0]?.tenants) };
  });
  return { databaseUrl, reused, ...counts, seconds: (performance.now() - started) / 1000 };
}
