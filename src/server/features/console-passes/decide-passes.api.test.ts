import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOperator,
  buildPass,
  buildProduct,
  buildTenant,
  buildVehicle,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { issuedPasses } from '../../db/schema';

/**
 * The approvals queue decided in bulk (issue 33): one call approves or rejects many waiting
 * passes, emails each registrant, logs each change and the batch, and names the rows it could not
 * change; roles, the tenant wall and bad input.
 */
const waiting = (number: string, email: string) =>
  buildPass('Visitor day', {
    customerPermitId: number,
    paidStatus: 'waiting',
    vehicle: buildVehicle({ plate: `W${number}` }),
    permitHolder: { name: `Holder ${number}`, email },
  });

const alpha = buildTenant({
  subdomain: 'alpha',
  operators: [
    buildOperator({ email: 'admin@alpha.example' }),
    buildOperator({ email: 'staff@alpha.example', role: 'staff' }),
    buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
  ],
  products: [
    buildProduct({ name: 'Visitor day', isAutoApproved: false }),
    buildProduct({ name: 'Paid visitor', amount: 1500, isAutoApproved: false }),
  ],
  passes: [
    waiting('810001', 'w1@visitors.example'),
    waiting('810002', 'w2@visitors.example'),
    waiting('810003', 'w3@visitors.example'),
    buildPass('Visitor day', { customerPermitId: '810004', paidStatus: 'paid' }),
    waiting('810005', 'w5@visitors.example'),
    waiting('810006', 'w6@visitors.example'),
    buildPass('Paid visitor', {
      customerPermitId: '810007',
      paidStatus: 'waiting',
      amount: 1500,
      permitHolder: { name: 'Holder 810007', email: 'w7@visitors.example' },
    }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  operators: [buildOperator({ email: 'admin@beta.example' })],
  products: [buildProduct({ name: 'Visitor day', isAutoApproved: false })],
  passes: [waiting('820001', 'b1@visitors.example')],
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await signInOperator(t, 'alpha', 'admin@alpha.example');
  tokens.staff = await signInOperator(t, 'alpha', 'staff@alpha.example');
  tokens.officer = await signInOperator(t, 'alpha', 'officer@alpha.example');
  tokens.betaAdmin = await signInOperator(t, 'beta', 'admin@beta.example');
});

const decide = (who: string, payload: unknown, host = 'alpha') =>
  t.request(host, {
    method: 'POST',
    url: '/api/v1/dashboard/passes/bulk/decision',
    headers: { authorization: tokens[who] ?? '' },
    payload: payload as Record<string, unknown>,
  });

async function idsOf(tenantId: string, numbers: string[]) {
  const rows = await t.db
    .select({ id: issuedPasses.id, number: issuedPasses.customerPermitId })
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, tenantId), inArray(issuedPasses.customerPermitId, numbers)));
  return numbers.map((number) => rows.find((row) => row.number === number)!.id);
}

async function statusOf(numbers: string[]) {
  const rows = await t.db
    .select({ number: issuedPasses.customerPermitId, status: issuedPasses.paidStatus })
    .from(issuedPasses)
    .where(inArray(issuedPasses.customerPermitId, numbers));
  return Object.fromEntries(rows.map((row) => [row.number, row.status]));
}

describe('POST /dashboard/passes/bulk/decision', () => {
  it('refuses the enforcement role (403) and bad input (400) without changing anything', async () => {
    const [w1] = await idsOf(alpha.uuid, ['810001']);
    const body = { selection: { uuids: [w1] }, status: 'paid' };
    expect((await decide('officer', body)).statusCode).toBe(403);
    expect((await decide('', body)).statusCode).toBe(401);
    expect((await decide('admin', { selection: { uuids: [] }, status: 'paid' })).statusCode).toBe(400);
    expect((await decide('admin', { selection: { uuids: ['not-a-uuid'] }, status: 'paid' })).statusCode).toBe(
      400,
    );
    expect((await decide('admin', { selection: { uuids: [w1] }, status: 'void' })).statusCode).toBe(400);
    expect((await decide('admin', { status: 'paid' })).statusCode).toBe(400);
    expect(await statusOf(['810001'])).toEqual({ '810001': 'waiting' });
  });

  it("approves the chosen passes in one call, names the row that cannot change and B's pass as not found", async () => {
    const [w1, w2, paid] = await idsOf(alpha.uuid, ['810001', '810002', '810004']);
    const [b1] = await idsOf(beta.uuid, ['820001']);
    const response = await decide('staff', {
      selection: { uuids: [w1, w2, paid, b1] },
      status: 'paid',
      message: 'Welcome to the visitor lot.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      changed: [
        { uuid: w1, label: '810001' },
        { uuid: w2, label: '810002' },
      ],
      notChanged: [
        { uuid: paid, label: '810004', reason: 'This pass is no longer waiting for approval.' },
        { uuid: b1, label: b1, reason: 'This record was not found.' },
      ],
    });
    expect(await statusOf(['810001', '810002', '810004', '820001'])).toEqual({
      '810001': 'paid',
      '810002': 'paid',
      '810004': 'paid',
      '820001': 'waiting',
    });
    // Each registrant is told, with the message; nobody else.
    const emails = await queryRows<{ to_address: string }>(
      t.db,
      sql`SELECT to_address FROM email_outbox WHERE to_address LIKE '%@visitors.example' ORDER BY to_address`,
    );
    expect(emails.map((row) => row.to_address)).toEqual(['w1@visitors.example', 'w2@visitors.example']);
    // One entry per pass changed and one for the batch, naming the operator.
    const entries = await queryRows<{
      action: string;
      entity_type: string;
      actor_label: string;
      after: unknown;
    }>(
      t.db,
      sql`SELECT action, entity_type, actor_label, after FROM audit_log WHERE tenant_id = ${alpha.uuid} ORDER BY id`,
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      'pass.approve',
      'pass.approve',
      'pass.bulk-approve',
    ]);
    expect(entries[2]).toMatchObject({
      entity_type: 'batch',
      actor_label: 'staff@alpha.example',
      after: {
        count: 2,
        passes: ['810001', '810002'],
        notChanged: [
          { pass: '810004', reason: 'This pass is no longer waiting for approval.' },
          { pass: b1, reason: 'This record was not found.' },
        ],
        message: 'Welcome to the visitor lot.',
      },
    });
  });

  it('rejects every pass matching a search ("select all N matching"), this tenant\'s only', async () => {
    const response = await decide('admin', {
      selection: { matching: { q: '', status: 'waiting' } },
      status: 'rejected',
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .changed.map((row: { label: string }) => row.label)
        .sort(),
    ).toEqual(['810003', '810005', '810006', '810007']);
    expect(response.json().notChanged).toEqual([]);
    expect(await statusOf(['810003', '810005', '810006', '810007', '820001'])).toMatchObject({
      '810003': 'rejected',
      '810007': 'rejected',
      '820001': 'waiting',
    });
    const [batch] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pass.bulk-reject' AND tenant_id = ${alpha.uuid}`,
    );
    expect(batch).toEqual({ n: 1 });
  });

  it('changes nothing and logs nothing when no row can change; two clicks at once decide each pass once', async () => {
    const [w1] = await idsOf(alpha.uuid, ['810001']);
    const again = await decide('admin', { selection: { uuids: [w1] }, status: 'rejected' });
    expect(again.json()).toEqual({
      changed: [],
      notChanged: [{ uuid: w1, label: '810001', reason: 'This pass is no longer waiting for approval.' }],
    });
    const [b1] = await idsOf(beta.uuid, ['820001']);
    const [first, second] = await Promise.all([
      decide('betaAdmin', { selection: { uuids: [b1] }, status: 'paid' }, 'beta'),
      decide('betaAdmin', { selection: { uuids: [b1] }, status: 'paid' }, 'beta'),
    ]);
    const changed = [...first.json().changed, ...second.json().changed];
    expect(changed).toEqual([{ uuid: b1, label: '820001' }]);
    const [approvals] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pass.approve' AND tenant_id = ${beta.uuid}`,
    );
    expect(approvals).toEqual({ n: 1 });
  });
});
