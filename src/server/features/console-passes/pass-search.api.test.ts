import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { planUnderTenantPolicy } from '../../../../tests/support/query-plan';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { issuedPasses, tenants } from '../../db/schema';
import { matchesTerm } from './pass-search';

/**
 * The pass search by holder reads its kept terms (migration 1270, decision 238): the passes the
 * text search found — every word typed begins a word of the name, or the email begins with what
 * was typed, in any case, accents kept — read by index under row-level security, one tenant only.
 */
const holder = (name: string, email: string) => ({ permitHolder: { name, email } });
const alpha = buildTenant({
  subdomain: 'alpha',
  customers: [buildCustomer({ fullname: 'Dana Whitfield', email: 'Dana.W@Alpha.example' })],
  products: [buildProduct({ name: 'Resident' })],
  passes: [
    buildPass('Resident', { customerPermitId: '800001', customerEmail: 'Dana.W@Alpha.example' }),
    buildPass('Resident', { customerPermitId: '800002', ...holder('José Núñez', 'jn@visitors.example') }),
    buildPass('Resident', {
      customerPermitId: '800003',
      ...holder("Zoë O'Brien-Smith", 'zoe@visitors.example'),
      vehicle: buildVehicle({ plate: 'ZOE1234' }),
    }),
  ],
  operators: [buildOperator({ email: 'staff@alpha.example', role: 'staff' })],
});
const beta = buildTenant({
  subdomain: 'beta',
  products: [buildProduct({ name: 'Resident' })],
  passes: [
    buildPass('Resident', { customerPermitId: '800009', ...holder('José Beta', 'jose@beta.example') }),
  ],
  operators: [buildOperator({ email: 'admin@beta.example' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.alpha = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.beta = await signInOperator(t, 'beta', 'admin@beta.example');
});

async function numbers(q: string, subdomain: 'alpha' | 'beta' = 'alpha'): Promise<string[]> {
  const response = await t.request(subdomain, {
    method: 'GET',
    url: `/api/v1/dashboard/passes?sort=number&order=asc&q=${encodeURIComponent(q)}`,
    headers: { authorization: tokens[subdomain] ?? '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((item: { customerPermitId: string }) => item.customerPermitId);
}

describe('the pass search by holder', () => {
  it('matches words of the name and the start of the email, in any case and with accents', async () => {
    expect(await numbers('WHITF')).toEqual(['800001']);
    expect(await numbers('whit dan')).toEqual(['800001']);
    expect(await numbers('dana.w@alpha')).toEqual(['800001']);
    expect(await numbers('NÚÑ')).toEqual(['800002']);
    expect(await numbers('nunez')).toEqual([]);
    expect(await numbers('jos nú')).toEqual(['800002']);
    expect(await numbers('brien')).toEqual(['800003']);
    expect(await numbers("o'brien-smith")).toEqual(['800003']);
    expect(await numbers('smith zoë')).toEqual(['800003']);
    expect(await numbers('smith dana')).toEqual([]);
    expect(await numbers('zoe1')).toEqual(['800003']);
    expect(await numbers('800002')).toEqual(['800002']);
    expect(await numbers('%')).toEqual([]);
  });

  it("never reads another tenant's passes", async () => {
    expect(await numbers('josé')).toEqual(['800002']);
    expect(await numbers('josé', 'beta')).toEqual(['800009']);
    expect(await numbers('800009')).toEqual([]);
  });

  it('follows a changed holder', async () => {
    await t.db
      .update(issuedPasses)
      .set({ customerName: 'Vera Visitor', customerEmail: 'vera@visitors.example' })
      .where(eq(issuedPasses.customerPermitId, '800002'));
    expect(await numbers('josé')).toEqual([]);
    expect(await numbers('jn@')).toEqual([]);
    expect(await numbers('vera vis')).toEqual(['800002']);
    expect(await numbers('VERA@')).toEqual(['800002']);
  });

  it('is read from the terms index under row-level security', async () => {
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.subdomain, 'alpha'));
    const query = t.db
      .select({ id: issuedPasses.id })
      .from(issuedPasses)
      .where(matchesTerm(tenant!.id, 'dana whi'));
    const plan = await planUnderTenantPolicy(t.db, tenant!.id, query);
    // `^@` is planned as the range it names: `term ~>=~ 'whi' AND term ~<~ 'whj'`, one read per word.
    expect(plan).toMatch(
      /pass_search_terms_prefix_id_idx[\s\S]*?Index Cond: [^\n]*kind = 'name'[^\n]*term ~>=~ 'dana'/,
    );
    expect(plan).toMatch(
      /pass_search_terms_prefix_id_idx[\s\S]*?Index Cond: [^\n]*kind = 'name'[^\n]*term ~>=~ 'whi'/,
    );
    expect(plan).not.toMatch(/Filter: .*(~~|lower\()/);
    // The ids are an InitPlan, read once; the rows are then taken by them (by key on a large
    // tenant), not probed one by one against the search as a semi-join or a hashed subplan.
    expect(plan).toMatch(/InitPlan/);
    expect(plan).toMatch(/\bid = ANY \(/);
    expect(plan).not.toMatch(/Semi Join|hashed SubPlan/);
  });
});
