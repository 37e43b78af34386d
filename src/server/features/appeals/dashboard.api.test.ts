import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildAppealOf,
  buildCitation,
  buildCitations,
  buildOperator,
  buildTenant,
  TEST_OPERATOR_PASSWORD,
} from '../../../../tests/support/factories';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { signAccessToken } from '../auth/tokens';

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        citations: [
          ...buildCitations(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'DONE']),
          buildCitation({ citationNumber: 'PAIDX', paymentStatus: 'Paid', datePaid: '2026-11-19T00:00:00Z' }),
        ],
        appeals: [
          buildAppealOf('DONE', '2026-11-11T10:00:00Z', {
            isPending: false,
            isApproved: false,
            responseDate: '2026-11-12T10:00:00Z',
          }),
          buildAppealOf('P2', '2026-11-13T10:00:00Z'),
          buildAppealOf('P1', '2026-11-12T10:00:00Z'),
          buildAppealOf('P3', '2026-11-14T10:00:00Z'),
          buildAppealOf('P4', '2026-11-15T10:00:00Z'),
          buildAppealOf('P5', '2026-11-15T11:00:00Z'),
          buildAppealOf('P6', '2026-11-15T12:00:00Z'),
          buildAppealOf('PAIDX', '2026-11-16T10:00:00Z'),
        ],
        operators: [buildOperator({ email: 'ops@alpha.example', fullname: 'Alpha Ops' })],
      }),
      buildTenant({
        subdomain: 'beta',
        citations: [buildCitation({ citationNumber: 'B1' })],
        appeals: [buildAppealOf('B1', '2026-11-12T10:00:00Z')],
        operators: [buildOperator({ email: 'ops@beta.example' })],
      }),
    ],
  },
});

async function signIn(host: string, email: string, password = TEST_OPERATOR_PASSWORD) {
  return t.request(host, {
    method: 'POST',
    url: '/api/v1/dashboard/auth/login',
    payload: { email, password },
  });
}

async function tokenFor(host: string, email: string): Promise<string> {
  const response = await signIn(host, email);
  expect(response.statusCode).toBe(200);
  return `Bearer ${response.json().jwtToken}`;
}

const list = (host: string, authorization?: string) =>
  t.request(host, {
    method: 'GET',
    url: '/api/v1/dashboard/appeals',
    headers: authorization ? { authorization } : {},
  });

const answer = (host: string, authorization: string, uuid: string, payload: Record<string, unknown>) =>
  t.request(host, {
    method: 'PUT',
    url: `/api/v1/dashboard/appeals/${uuid}`,
    headers: { authorization },
    payload,
  });

async function appealUuid(host: string, authorization: string, number: string): Promise<string> {
  return (await list(host, authorization))
    .json()
    .find((a: { citationNumber: string }) => a.citationNumber === number).uuid;
}

describe('operator sign-in', () => {
  it('answers a token for the right password, case-insensitive email', async () => {
    const response = await signIn('alpha', 'OPS@alpha.example');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullname: 'Alpha Ops', jwtToken: expect.any(String) });
  });

  it('refuses a wrong password, an unknown email and another tenant’s operator with the same 401', async () => {
    for (const response of [
      await signIn('alpha', 'ops@alpha.example', 'wrong-password'),
      await signIn('alpha', 'nobody@alpha.example'),
      await signIn('alpha', 'ops@beta.example'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Email or password is incorrect.');
    }
  });
});

describe('operator sign-in rate limit', () => {
  const limited = useTestApp({
    env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '5' },
    seed: {
      tenants: [
        buildTenant({ subdomain: 'gamma', operators: [buildOperator({ email: 'ops@gamma.example' })] }),
      ],
    },
  });

  it('refuses a sixth attempt on one operator email within the window with a 429', async () => {
    const attempt = () =>
      limited.request('gamma', {
        method: 'POST',
        url: '/api/v1/dashboard/auth/login',
        payload: { email: 'ops@gamma.example', password: 'wrong-password' },
      });
    for (let n = 0; n < 5; n++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe('GET /dashboard/appeals', () => {
  it('lists pending appeals first, oldest first, then answered ones', async () => {
    const response = await list('alpha', await tokenFor('alpha', 'ops@alpha.example'));
    expect(response.statusCode).toBe(200);
    const numbers = response.json().map((a: { citationNumber: string }) => a.citationNumber);
    expect(numbers).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'PAIDX', 'DONE']);
    expect(response.json()[0]).toMatchObject({ plate: expect.any(String), isPending: true });
  });

  it('needs an operator token of this tenant: none, garbage, another tenant’s, a customer-role token', async () => {
    expect((await list('alpha')).statusCode).toBe(401);
    expect((await list('alpha', 'Bearer not.a.token')).statusCode).toBe(401);
    expect((await list('alpha', await tokenFor('beta', 'ops@beta.example'))).statusCode).toBe(401);
    const signedIn = (await signIn('alpha', 'ops@alpha.example')).json();
    const customerRole = await signAccessToken(
      t.config,
      { subject: signedIn.uuid, subdomain: 'alpha', role: 'customer', version: 0 },
      { now: t.clock.now() },
    );
    expect((await list('alpha', `Bearer ${customerRole}`)).statusCode).toBe(401);
    const betaOnBeta = await list('beta', await tokenFor('beta', 'ops@beta.example'));
    expect(betaOnBeta.json().map((a: { citationNumber: string }) => a.citationNumber)).toEqual(['B1']);
  });
});

describe('PUT /dashboard/appeals/{uuid}', () => {
  it('approves with no text and voids the notice by default: nothing is owed, the public appeal and notice say so, the appellant is emailed', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    const uuid = await appealUuid('alpha', token, 'P1');
    const response = await answer('alpha', token, uuid, { isApproved: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isPending: false,
      isApproved: true,
      is_approved: true,
      status: null,
      responseDate: TEST_NOW,
      voidDate: TEST_NOW,
      paymentStatus: 'Void',
      outcome: 'voided',
      reducedAmount: null,
    });
    const citationUuid = response.json().citationUUID;
    const publicAppeal = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${citationUuid}/n/P1`,
    });
    expect(publicAppeal.json()).toMatchObject({ isPending: false, is_approved: true, outcome: 'voided' });
    const notice = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/citation/${citationUuid}`,
    });
    expect(notice.json()).toMatchObject({
      amountDue: 0,
      totalCharge: 0,
      appeal: { outcome: 'approved', resolution: 'voided', reducedAmount: null },
    });
    const emails = await queryRows<{
      to_address: string;
      subject: string;
      content: { paragraphs: string[] };
    }>(t.db, sql`SELECT to_address, subject, content FROM email_outbox WHERE to_address = 'p1@example.com'`);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to_address: 'p1@example.com',
      subject: 'Your appeal of notice P1 was approved',
    });
    expect(emails[0]!.content.paragraphs).toContain('The notice has been voided: there is nothing to pay.');
  });

  it('approves and reduces to an amount in the same change: the notice owes that amount, without penalties', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    const uuid = await appealUuid('alpha', token, 'P5');
    const response = await answer('alpha', token, uuid, { isApproved: true, reduceTo: 2500 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isApproved: true,
      voidDate: null,
      paymentStatus: 'Open',
      outcome: 'reduced',
      reducedAmount: 2500,
    });
    const citationUuid = response.json().citationUUID;
    const notice = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/citation/${citationUuid}`,
    });
    expect(notice.json()).toMatchObject({
      amountOverride: 2500,
      amountDue: 2500,
      lateFee: 0,
      appeal: { outcome: 'approved', resolution: 'reduced', reducedAmount: 2500 },
    });
    const [email] = await queryRows<{ content: { paragraphs: string[] } }>(
      t.db,
      sql`SELECT content FROM email_outbox WHERE to_address = 'p5@example.com'`,
    );
    expect(email!.content.paragraphs.join(' ')).toContain('reduced to $25.00');
  });

  it('writes the answer and the change it made to the notice in the audit log, naming the operator', async () => {
    const rows = await queryRows<{
      action: string;
      entity_type: string;
      actor_label: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      t.db,
      sql`SELECT action, entity_type, actor_label, before, after FROM audit_log
          WHERE action IN ('appeal.approve', 'appeal.deny', 'notice.void', 'notice.override-amount')
          ORDER BY id`,
    );
    const p1 = rows.filter((row) => (row.after as { citationNumber?: string }).citationNumber === 'P1');
    expect(p1.map((row) => row.action)).toEqual(['notice.void', 'appeal.approve']);
    expect(p1[1]).toMatchObject({
      entity_type: 'appeal',
      actor_label: 'ops@alpha.example',
      before: { isPending: true, outcome: null },
      after: { isPending: false, isApproved: true, outcome: 'voided' },
    });
    expect(p1[0]).toMatchObject({
      entity_type: 'notice',
      before: { paymentStatus: 'Open', voidDate: null },
      after: { paymentStatus: 'Void', reason: 'Appeal approved' },
    });
    const p5 = rows.filter((row) => (row.after as { citationNumber?: string }).citationNumber === 'P5');
    expect(p5.map((row) => row.action)).toEqual(['notice.override-amount', 'appeal.approve']);
    expect(p5[0]).toMatchObject({ before: { amountOverride: null }, after: { amountOverride: 2500 } });
    expect(p5[1]).toMatchObject({ after: { outcome: 'reduced', reducedAmount: 2500 } });
  });

  it('denies with a status text, which the appellant sees; the notice stays owed and the denial is logged', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    const uuid = await appealUuid('alpha', token, 'P2');
    const response = await answer('alpha', token, uuid, {
      isApproved: false,
      status: '  Photos do not show the sign.  ',
    });
    expect(response.json()).toMatchObject({
      isApproved: false,
      status: 'Photos do not show the sign.',
      outcome: 'denied',
      voidDate: null,
      paymentStatus: 'Open',
    });
    const logged = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'appeal.deny' AND entity_id = ${uuid}`,
    );
    expect(logged).toEqual([{ n: 1 }]);
  });

  it('refuses to answer twice (409), to reduce on a denial (400), to reduce to the amount due or more (400), to approve a paid notice (409), bad input (400)', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    expect(
      (await answer('alpha', token, await appealUuid('alpha', token, 'DONE'), { isApproved: true }))
        .statusCode,
    ).toBe(409);
    const p4 = await appealUuid('alpha', token, 'P4');
    const denyReduce = await answer('alpha', token, p4, { isApproved: false, reduceTo: 1000 });
    expect(denyReduce.statusCode).toBe(400);
    expect(denyReduce.json().message).toBe('Only an approved appeal can reduce the notice.');
    const tooMuch = await answer('alpha', token, p4, { isApproved: true, reduceTo: 999_999 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^The reduced amount must be less than the \$[\d,.]+ due now\.$/);
    // The queue carries what the notice asks now, as the public notice does: the rule's bound.
    const queued = (await list('alpha', token)).json().find((a: { uuid: string }) => a.uuid === p4);
    const notice = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/citation/${queued.citationUUID}`,
    });
    expect(queued.amountDue).toBe(notice.json().amountDue);
    const equal = await answer('alpha', token, p4, { isApproved: true, reduceTo: queued.amountDue });
    expect(equal.statusCode).toBe(400);
    expect(equal.json().message).toBe(
      `The reduced amount must be less than the $${(queued.amountDue / 100).toFixed(2)} due now.`,
    );
    expect((await answer('alpha', token, p4, { isApproved: true, reduceTo: 0 })).statusCode).toBe(400);
    expect((await answer('alpha', token, p4, { isApproved: true, reduceTo: 12.5 })).statusCode).toBe(400);
    expect((await answer('alpha', token, p4, { isApproved: 'yes' })).statusCode).toBe(400);
    expect((await answer('alpha', token, p4, { isApproved: true, status: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    const paid = await appealUuid('alpha', token, 'PAIDX');
    const paidAnswer = await answer('alpha', token, paid, { isApproved: true });
    expect(paidAnswer.statusCode).toBe(409);
    expect(paidAnswer.json().message).toContain('This notice is paid');
    // Nothing was written by the refusals: P4 is still pending and owed, with no email or log entry.
    const p4Row = (await list('alpha', token)).json().find((a: { uuid: string }) => a.uuid === p4);
    expect(p4Row).toMatchObject({ isPending: true, paymentStatus: 'Open', outcome: null });
    const emails = await queryRows(
      t.db,
      sql`SELECT 1 FROM email_outbox WHERE to_address IN ('p4@example.com', 'paidx@example.com')`,
    );
    expect(emails).toEqual([]);
    const logged = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE entity_id IN (${p4}, ${paid})`);
    expect(logged).toEqual([]);
  });

  it('answers one of two simultaneous answers and refuses the other with 409, voiding once', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    const uuid = await appealUuid('alpha', token, 'P6');
    const [first, second] = await Promise.all([
      answer('alpha', token, uuid, { isApproved: true }),
      answer('alpha', token, uuid, { isApproved: true, reduceTo: 1000 }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const logged = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'appeal.approve' AND entity_id = ${uuid}`,
    );
    expect(logged).toEqual([{ n: 1 }]);
  });

  it("is a 404 for tenant B's appeal with tenant A's operator, and works for B's own operator", async () => {
    const betaToken = await tokenFor('beta', 'ops@beta.example');
    const b1 = await appealUuid('beta', betaToken, 'B1');
    const alphaToken = await tokenFor('alpha', 'ops@alpha.example');
    expect((await answer('alpha', alphaToken, b1, { isApproved: true })).statusCode).toBe(404);
    expect((await answer('beta', betaToken, b1, { isApproved: true })).statusCode).toBe(200);
  });
});
