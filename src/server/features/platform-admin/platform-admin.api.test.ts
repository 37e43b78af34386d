import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { auditLog, emailOutbox, operators, tenants } from '../../db/schema';
import { upsertPlatformAdmin } from './platform-admins';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({ subdomain: 'alpha', operators: [buildOperator({ email: 'admin@alpha.example' })] }),
    ],
  },
});

const ADMIN_PASSWORD = 'Platform#2026-long';
let token = '';
beforeAll(async () => {
  await upsertPlatformAdmin(t.db, 'root@platform.example', ADMIN_PASSWORD);
  const response = await t.request(null, {
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { email: 'ROOT@platform.example', password: ADMIN_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  token = `Bearer ${response.json().jwtToken}`;
});

const newTenant = {
  subdomain: 'New-Lot',
  brandTitle: 'New Lot Parking',
  timezone: 'America/Denver',
  adminEmail: 'first@newlot.example',
  adminName: 'Fiona First',
};

const createTenant = (payload: unknown, authorization = token, subdomain: string | null = null) =>
  t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/admin/tenants',
    headers: { authorization },
    payload: payload as Record<string, unknown>,
  });

describe('the platform admin', () => {
  it('signs in on the bare host only, with the right password', async () => {
    const wrong = await t.request(null, {
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { email: 'root@platform.example', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const onTenant = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { email: 'root@platform.example', password: ADMIN_PASSWORD },
    });
    expect(onTenant.statusCode).toBe(404);
  });

  it('creates a tenant whose first admin is invited, sets a password and signs in', async () => {
    const response = await createTenant(newTenant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      subdomain: 'new-lot',
      brandTitle: 'New Lot Parking',
      operatorCount: 1,
    });
    const brand = await t.request('new-lot', { method: 'GET', url: '/api/v1/portal/brand/new-lot' });
    expect(brand.json()).toMatchObject({ brandTitle: 'New Lot Parking', timezone: 'America/Denver' });

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'first@newlot.example'));
    const url = mail?.content.action?.url ?? '';
    expect(url).toMatch(/^http:\/\/new-lot\.[^/]+\/dashboard\/set-password\//);
    const set = await t.request('new-lot', {
      method: 'POST',
      url: '/api/v1/dashboard/auth/set-password',
      payload: { token: url.split('/').at(-1), password: 'FirstAdmin#2026' },
    });
    expect(set.statusCode).toBe(200);
    const firstAdmin = await signInOperator(t, 'new-lot', 'first@newlot.example', 'FirstAdmin#2026');
    const me = await t.request('new-lot', {
      method: 'GET',
      url: '/api/v1/dashboard/me',
      headers: { authorization: firstAdmin },
    });
    expect(me.json()).toMatchObject({ role: 'tenant_admin', tenant: { subdomain: 'new-lot' } });

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tenant.create'));
    expect(entry?.actorLabel).toBe('platform admin root@platform.example');

    const list = await t.request(null, {
      method: 'GET',
      url: '/api/v1/admin/tenants',
      headers: { authorization: token },
    });
    // Newest first; the seeded tenant's creation time is the real clock's, the new one the test clock's.
    expect(
      list
        .json()
        .map((tenant: { subdomain: string }) => tenant.subdomain)
        .sort(),
    ).toEqual(['alpha', 'new-lot']);
  });

  it('refuses a taken or reserved subdomain and bad input, writing nothing', async () => {
    const count = async () => ({
      tenants: (await t.db.select().from(tenants)).length,
      operators: (await t.db.select().from(operators)).length,
    });
    const before = await count();
    expect(
      (await createTenant({ ...newTenant, subdomain: 'alpha', adminEmail: 'x@y.example' })).statusCode,
    ).toBe(409);
    for (const bad of [
      { subdomain: 'www' },
      { subdomain: '-edge' },
      { subdomain: 'has space' },
      { subdomain: 'a'.repeat(64) },
      { timezone: 'Nowhere/City' },
      { adminEmail: 'not-an-email' },
      { brandTitle: '' },
    ]) {
      const response = await createTenant({ ...newTenant, subdomain: 'fresh', ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await count()).toEqual(before);
  });

  it('is refused to operators and anonymous callers, and does not exist on a tenant host', async () => {
    const operator = await signInOperator(t, 'alpha', 'admin@alpha.example');
    expect((await createTenant({ ...newTenant, subdomain: 'other' }, operator)).statusCode).toBe(401);
    expect((await t.request(null, { method: 'GET', url: '/api/v1/admin/tenants' })).statusCode).toBe(401);
    const onTenant = await t.request('alpha', {
      method: 'GET',
      url: '/api/v1/admin/tenants',
      headers: { authorization: token },
    });
    expect(onTenant.statusCode).toBe(404);
  });
});
