import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { planUnderTenantPolicy } from '../../../../tests/support/query-plan';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { customers, type TenantRow, tenants } from '../../db/schema';
import { customerSearchWhere } from './customer-search';

/**
 * The customer search reads its kept terms (migration 1270, decision 238): the same customers as
 * the LIKE search it replaced — the start of the email, of the name or of a later word, in any
 * case, accents kept — read by index under row-level security, and never another tenant's.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  customers: [
    buildCustomer({ fullname: 'José Núñez', email: 'Jose.Nunez@Alpha.example' }),
    buildCustomer({ fullname: "Zoë O'Brien-Smith", email: 'zoe@alpha.example' }),
    buildCustomer({ fullname: 'Ana Smith', email: 'ana@alpha.example' }),
    buildCustomer({ fullname: 'Émile Dubois Smithers', email: 'emile@work.example' }),
  ],
  operators: [buildOperator({ email: 'staff@alpha.example', role: 'staff' })],
});
const beta = buildTenant({
  subdomain: 'beta',
  customers: [buildCustomer({ fullname: 'José Beta', email: 'jose@beta.example' })],
  operators: [buildOperator({ email: 'admin@beta.example' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.alpha = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
});

async function names(q: string, subdomain: 'alpha' | 'beta' = 'alpha'): Promise<string[]> {
  const response = await t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/dashboard/customers?q=${encodeURIComponent(q)}`,
    headers: { authorization: tokens[subdomain] ?? '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((item: { fullname: string }) => item.fullname);
}

describe('the customer search', () => {
  it('matches the start of the email, the name or a later word, in any case and with accents', async () => {
    expect(await names('JOSÉ')).toEqual(['José Núñez']);
    expect(await names('núñ')).toEqual(['José Núñez']);
    // Accents are kept, not folded: "nun" is the start of no word of "José Núñez", only of its email.
    expect(await names('nunez')).toEqual([]);
    expect(await names('JOSE.N')).toEqual(['José Núñez']);
    expect(await names('smith')).toEqual(['Ana Smith', 'Émile Dubois Smithers']);
    expect(await names("o'brien-s")).toEqual(["Zoë O'Brien-Smith"]);
    expect(await names('brien')).toEqual([]);
    expect(await names('dubois smi')).toEqual(['Émile Dubois Smithers']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it("never reads another tenant's customers", async () => {
    expect(await names('jos')).toEqual(['José Núñez']);
    expect(await names('jos', 'beta')).toEqual(['José Beta']);
    expect(await names('smith', 'beta')).toEqual([]);
  });

  it('follows a changed name or email', async () => {
    await t.db
      .update(customers)
      .set({ fullname: 'Ana Renamed' })
      .where(eq(customers.email, 'ana@alpha.example'));
    await t.db
      .update(customers)
      .set({ email: 'carla@alpha.example' })
      .where(eq(customers.email, 'emile@work.example'));
    expect(await names('smith')).toEqual(['Émile Dubois Smithers']);
    expect(await names('renam')).toEqual(['Ana Renamed']);
    expect(await names('emile@')).toEqual([]);
    expect(await names('CARLA')).toEqual(['Émile Dubois Smithers']);
  });

  it('is read from the terms index under row-level security', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const query = t.db
      .select({ id: customers.id })
      .from(customers)
      .where(customerSearchWhere(tenant as TenantRow, 'smi'));
    const plan = await planUnderTenantPolicy(t.db, tenant!.id, query);
    // `^@` is planned as the range it names: `term ~>=~ 'smi' AND term ~<~ 'smj'`.
    expect(plan).toMatch(/customer_search_terms_prefix_id_idx[\s\S]*?Index Cond: [^\n]*term ~>=~ 'smi'/);
    expect(plan).not.toMatch(/Filter: .*(~~|lower\()/);
    // The ids are an InitPlan, read once; the rows are then taken by them (by key on a large
    // tenant), not probed one by one against the search as a semi-join or a hashed subplan.
    expect(plan).toMatch(/InitPlan/);
    expect(plan).toMatch(/\bid = ANY \(/);
    expect(plan).not.toMatch(/Semi Join|hashed SubPlan/);
    const [terms] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM customer_search_terms WHERE tenant_id = ${tenant!.id}`,
    );
    expect(terms!.n).toBeGreaterThan(0);
  });
});
