import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant } from '../../../../tests/support/factories';
import { planUnderTenantPolicy } from '../../../../tests/support/query-plan';
import { useTestApp } from '../../../../tests/support/test-app';
import { customers, tenants } from '../../db/schema';
import { emailFormatting } from '../mail/outbox';
import { customerEmailIs, findCustomerByEmail } from './queries';

/**
 * A customer is found by email through the kept lower-cased `email_key` (migration 1310, decision
 * 246): in any case, never another tenant's, following a changed address, and read by index under
 * row-level security rather than by filtering every customer of the tenant.
 */
const alpha = buildTenant({
  subdomain: 'alpha',
  customers: [
    buildCustomer({ fullname: 'José Núñez', email: 'Jose.Nunez@Alpha.example', language: 'fr' }),
    buildCustomer({ fullname: 'Ana Smith', email: 'ana@alpha.example' }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  customers: [buildCustomer({ fullname: 'José Beta', email: 'jose@beta.example', language: 'es' })],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

async function tenantId(subdomain: string): Promise<string> {
  const [tenant] = await t.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.subdomain, subdomain));
  return tenant!.id;
}

describe('finding a customer by email', () => {
  it('matches the address in any case, in its own tenant only', async () => {
    const alphaId = await tenantId('alpha');
    expect((await findCustomerByEmail(t.db, alphaId, 'JOSE.nunez@alpha.EXAMPLE'))?.fullname).toBe(
      'José Núñez',
    );
    expect(await findCustomerByEmail(t.db, alphaId, 'jose@beta.example')).toBeNull();
    expect(await findCustomerByEmail(t.db, await tenantId('beta'), 'JOSE@BETA.EXAMPLE')).not.toBeNull();
  });

  it('follows a changed address', async () => {
    const alphaId = await tenantId('alpha');
    await t.db
      .update(customers)
      .set({ email: 'Ana.New@Alpha.example' })
      .where(customerEmailIs(alphaId, 'ana@alpha.example'));
    expect(await findCustomerByEmail(t.db, alphaId, 'ana@alpha.example')).toBeNull();
    expect((await findCustomerByEmail(t.db, alphaId, 'ana.new@alpha.example'))?.fullname).toBe('Ana Smith');
  });

  it("gives an email the recipient's saved language, whatever the address's case", async () => {
    expect((await emailFormatting(t.db, await tenantId('alpha'), 'jose.NUNEZ@alpha.example')).language).toBe(
      'fr',
    );
    expect((await emailFormatting(t.db, await tenantId('beta'), 'Jose@Beta.example')).language).toBe('es');
  });

  it('is an index read under row-level security', async () => {
    const alphaId = await tenantId('alpha');
    const query = t.db
      .select({ id: customers.id })
      .from(customers)
      .where(customerEmailIs(alphaId, 'Ana@alpha.example'));
    const plan = await planUnderTenantPolicy(t.db, alphaId, query);
    // lower() of the typed address is folded to a constant: 'ana@alpha.example'.
    expect(plan).toMatch(
      /customers_tenant_email_key[\s\S]*?Index Cond: [^\n]*email_key = 'ana@alpha.example'/,
    );
    expect(plan).not.toMatch(/Filter: [^\n]*lower\(/);
  });
});
