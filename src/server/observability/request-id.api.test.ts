import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildOperator, buildTenant } from '../../../tests/support/factories';
import { signInOperator } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, emailOutbox } from '../db/schema';
import { recordAudit } from '../features/audit/record-audit';

const alpha = buildTenant({
  subdomain: 'alpha',
  operators: [buildOperator({ email: 'admin@alpha.example', role: 'tenant_admin' })],
});

/** The load balancer in front of the portal, as TRUST_PROXY names it, and a client elsewhere. */
const BALANCER = '10.0.0.7';
const CLIENT = '203.0.113.9';

describe('the request id carried into the audit log and the outbox', () => {
  const t = useTestApp({ seed: { tenants: [alpha] }, env: { TRUST_PROXY: '10.0.0.0/8' } });

  /** Invites an operator (one audit entry, one invitation email) from `peer`, sending `id`. */
  async function invite(email: string, peer: string, id: string) {
    const authorization = await signInOperator(t, 'alpha', 'admin@alpha.example');
    const response = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/dashboard/operators',
      remoteAddress: peer,
      headers: { authorization, 'x-request-id': id },
      payload: { email, fullname: 'New Colleague', role: 'staff' },
    });
    expect(response.statusCode).toBe(200);
    const operatorId = response.json().uuid as string;
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, operatorId));
    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return { answered: response.headers['x-request-id'], audit: entry?.requestId, outbox: queued?.requestId };
  }

  it('is the id the trusted load balancer sent, on the answer, the audit entry and the queued email', async () => {
    const ids = await invite('via-balancer@alpha.example', BALANCER, 'lb-invite-0001');
    expect(ids).toEqual({ answered: 'lb-invite-0001', audit: 'lb-invite-0001', outbox: 'lb-invite-0001' });
  });

  it('is a fresh one when a client that is not a trusted proxy sends its own', async () => {
    const ids = await invite('direct@alpha.example', CLIENT, 'client-planted-0001');
    expect(ids.answered).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids).toEqual({ answered: ids.answered, audit: ids.answered, outbox: ids.answered });
  });

  it('is absent on rows written outside a request', async () => {
    // A sweep's or a worker's entry: no request, so no id.
    const [tenant] = await t.db.select({ tenantId: emailOutbox.tenantId }).from(emailOutbox).limit(1);
    await recordAudit(t.db, {
      tenantId: tenant?.tenantId ?? '',
      actor: { operatorId: null, label: 'system' },
      action: 'sweep.test',
      entityType: 'sweep',
      entityId: 'outside-a-request',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'outside-a-request'));
    expect(entry?.requestId).toBeNull();
  });
});
