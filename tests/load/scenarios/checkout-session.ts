import type { Scenario } from '../scenario';

/** How many payable notices the checkout rotates through. */
const SAMPLE_SIZE = 2_000;

/**
 * Opening a hosted checkout for a notice: the notice read with its late penalties, the provider
 * call (the built-in sandbox, so the figure is the portal's own cost, not Stripe's latency) and
 * one payment_sessions insert per call. Only notices the page would offer to pay are used.
 */
export const checkoutSessionScenario: Scenario = {
  id: 'checkout-session',
  title: 'Checkout session creation for a notice',
  server: 'portal',
  async prepare({ db }) {
    const { rows } = await db.query<{ subdomain: string; id: string }>(
      `SELECT t.subdomain, c.id
       FROM citations c TABLESAMPLE SYSTEM (2) REPEATABLE (7)
       JOIN tenants t ON t.id = c.tenant_id
       WHERE c.date_paid IS NULL AND c.void_date IS NULL
         AND c.payment_status NOT IN ('Paid', 'Paid off platform', 'Archived', 'Void')
         AND coalesce(c.amount_override, c.amount) > 0
       ORDER BY md5(c.id::text)
       LIMIT $1`,
      [SAMPLE_SIZE],
    );
    if (rows.length === 0) throw new Error('The bench database has no payable notices.');
    let next = 0;
    return () => {
      const row = rows[next++ % rows.length]!;
      return {
        path: `/api/v1/citation/checkout/${row.id}/subdomain/${row.subdomain}`,
        host: `${row.subdomain}.localhost`,
      };
    };
  },
  check(status, body) {
    if (status !== 200) return `expected 200, got ${status}: ${body.slice(0, 200)}`;
    try {
      const { checkoutURL } = JSON.parse(body) as { checkoutURL?: unknown };
      return typeof checkoutURL === 'string' && checkoutURL.includes('/sandbox/checkout/')
        ? null
        : `expected a sandbox checkoutURL, got: ${body.slice(0, 200)}`;
    } catch {
      return `expected JSON, got: ${body.slice(0, 200)}`;
    }
  },
};
