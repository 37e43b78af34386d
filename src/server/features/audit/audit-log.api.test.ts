import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperator, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { listAuditLog, recordAudit } from './record-audit';

let t: TestApp;
const alpha = buildTenant({ subdomain: 'alpha' });
const beta = buildTenant({ subdomain: 'beta' });
const admin = buildOperator({ email: 'admin@alpha.example' });

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ tenants: [{ ...alpha, operators: [admin] }, beta] });
});
afterAll(() => t.close());

async function tenantId(subdomain: string) {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`SELECT id FROM tenants WHERE subdomain = ${subdomain}`,
  );
  return row?.id ?? '';
}

describe('the audit log', () => {
  it('keeps who, what, before and after, without secrets, newest first, per tenant', async () => {
    const alphaId = await tenantId('alpha');
    const betaId = await tenantId('beta');
    const actor = { operatorId: null, label: 'admin@alpha.example' };
    await recordAudit(t.db, {
      tenantId: alphaId,
      actor,
      action: 'operator.create',
      entityType: 'operator',
      entityId: 'op-1',
      after: { email: 'new@alpha.example', passwordHash: 'argon2id$secret' },
    });
    await recordAudit(t.db, {
      tenantId: alphaId,
      actor,
      action: 'settings.update',
      entityType: 'settings',
      entityId: alphaId,
      before: { title: 'Old', updatedAt: new Date('2026-11-01T00:00:00Z') },
      after: { title: 'New' },
    });
    await recordAudit(t.db, {
      tenantId: betaId,
      actor,
      action: 'notice.void',
      entityType: 'notice',
      entityId: 'n-1',
    });

    const page = await listAuditLog(t.db, alphaId, { limit: 10 });
    expect(page.map((row) => row.action)).toEqual(['settings.update', 'operator.create']);
    expect(page[0]?.before).toEqual({ title: 'Old', updatedAt: '2026-11-01T00:00:00.000Z' });
    expect(page[1]?.after).toEqual({ email: 'new@alpha.example', passwordHash: '[redacted]' });

    const next = await listAuditLog(t.db, alphaId, { limit: 10, before: page[0] as (typeof page)[number] });
    expect(next.map((row) => row.action)).toEqual(['operator.create']);
    const forEntity = await listAuditLog(t.db, alphaId, {
      limit: 10,
      entityType: 'operator',
      entityId: 'op-1',
    });
    expect(forEntity).toHaveLength(1);
  });

  it('refuses to change or delete an entry', async () => {
    await expect(t.db.execute(sql`UPDATE audit_log SET action = 'x.y'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const [count] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(count?.n).toBeGreaterThan(0);
  });
});
