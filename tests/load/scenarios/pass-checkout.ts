import http from 'node:http';
import type { Scenario } from '../scenario';

/** Products the load rotates through; each issue locks one of them, so concurrent issues queue. */
const PRODUCT_COUNT = 20;
/** Places per product under load: more than a run can sell, so every measured answer is a 200. */
const LOAD_CAPACITY = 50_000;
/** The sell-out burst: this many checkouts at once for a product with this many places. */
const BURST_REQUESTS = 300;
const BURST_CAPACITY = 25;
const NAME_PREFIX = 'Bench pass';

interface Product {
  id: string;
  subdomain: string;
}
let loadProducts: Product[] = [];
let burstProduct: Product | null = null;
let preparedAt = new Date();
let counter = 0;

const checkoutRequest = (product: Product) => {
  counter += 1;
  return {
    method: 'POST' as const,
    path: '/api/v1/permits/checkout/guest/free',
    host: `${product.subdomain}.localhost`,
    body: JSON.stringify({
      permitProductUUID: product.id,
      subdomain: product.subdomain,
      email: `bench${counter}@bench.example`,
      date: new Date().toISOString(),
      vehicle: { plate: `B${counter.toString(36).toUpperCase()}` },
    }),
  };
};

function post(port: number, request: ReturnType<typeof checkoutRequest>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: { host: request.host, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * A free pass issued through the guest checkout against capacity-limited products on
 * PostgreSQL: validation, the product row lock, the rules and capacity count, the pass, holder and
 * vehicle inserts and the issued email in the outbox. Afterwards a burst of 300 simultaneous
 * checkouts for a product with 25 places must sell exactly 25; the scenario reports passes issued
 * per second and the oversold count across every bench product, which must be 0.
 */
export const passCheckoutScenario: Scenario = {
  id: 'pass-checkout',
  title: 'Free pass issue, capacity-limited',
  server: 'portal',
  async prepare({ db }) {
    // Each run starts from fresh products, so its counts are its own.
    await db.query(
      `DELETE FROM issued_passes WHERE product_id IN (SELECT id FROM pass_products WHERE name LIKE $1)`,
      [`${NAME_PREFIX}%`],
    );
    await db.query(`DELETE FROM pass_products WHERE name LIKE $1`, [`${NAME_PREFIX}%`]);
    const { rows } = await db.query<{ id: string; subdomain: string; capacity: number }>(
      `INSERT INTO pass_products (tenant_id, name, amount, permit_duration, permit_duration_unit, capacity)
       SELECT t.id, $1 || ' ' || n, 0, 1, 'DAY', CASE WHEN n = 0 THEN $2::int ELSE $3::int END
       FROM (SELECT id, subdomain FROM tenants WHERE NOT is_citation_only ORDER BY subdomain LIMIT 1) AS t,
            generate_series(0, $4::int) AS n
       RETURNING id, (SELECT subdomain FROM tenants WHERE tenants.id = tenant_id) AS subdomain, capacity`,
      [NAME_PREFIX, BURST_CAPACITY, LOAD_CAPACITY, PRODUCT_COUNT],
    );
    burstProduct = rows.find((row) => row.capacity === BURST_CAPACITY) ?? null;
    loadProducts = rows.filter((row) => row.capacity === LOAD_CAPACITY);
    if (!burstProduct || loadProducts.length === 0)
      throw new Error('The bench database has no tenant for passes.');
    preparedAt = new Date();
    let next = 0;
    return () => checkoutRequest(loadProducts[next++ % loadProducts.length]!);
  },
  check(status, body) {
    if (status !== 200) return `expected 200, got ${status}: ${body.slice(0, 200)}`;
    return body.includes('"outcome":"issued"') ? null : `expected an issued pass, got: ${body.slice(0, 200)}`;
  },
  async summarise({ db, port }) {
    const product = burstProduct!;
    const statuses = await Promise.all(
      Array.from({ length: BURST_REQUESTS }, () => post(port, checkoutRequest(product))),
    );
    const { rows } = await db.query<{ issued: string; seconds: string; oversold: string }>(
      `WITH bench AS (SELECT id, capacity FROM pass_products WHERE name LIKE $1),
            held AS (SELECT p.product_id, count(*) AS n FROM issued_passes p JOIN bench b ON b.id = p.product_id
                     WHERE p.paid_status IN ('paid', 'waiting', 'incomplete') GROUP BY p.product_id)
       SELECT (SELECT count(*) FROM issued_passes p JOIN bench b ON b.id = p.product_id) AS issued,
              extract(epoch from (now() - $2::timestamptz)) AS seconds,
              (SELECT coalesce(sum(greatest(0, held.n - bench.capacity)), 0) FROM held JOIN bench ON bench.id = held.product_id) AS oversold`,
      [`${NAME_PREFIX}%`, preparedAt.toISOString()],
    );
    const issued = Number(rows[0]?.issued);
    const oversold = Number(rows[0]?.oversold);
    const burstSold = statuses.filter((status) => status === 200).length;
    const burstRefused = statuses.filter((status) => status === 409).length;
    return {
      figures: {
        passesIssued: issued,
        passesIssuedPerSecond: Math.round(issued / Math.max(1, Number(rows[0]?.seconds))),
        burstSold,
        burstSoldOut: burstRefused,
        oversold,
      },
      problem:
        oversold > 0 || burstSold !== BURST_CAPACITY || burstRefused !== BURST_REQUESTS - BURST_CAPACITY
          ? `oversold ${oversold}; the burst sold ${burstSold} of ${BURST_CAPACITY} places and refused ${burstRefused}`
          : null,
    };
  },
};
