import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type AppealInput,
  buildAppeal,
  buildCitation,
  buildCitations,
  buildOperator,
  buildTenant,
  TEST_OPERATOR_PASSWORD,
} from '../../../../tests/support/factories';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { signAccessToken } from '../auth/tokens';

/** The appellant's email names the notice: the tests look for it in the outbox. */
const appealOf = (citationNumber: string, submissionDate: string, extra: Partial<AppealInput> = {}) =>
  buildAppeal({
    citationNumber,
    email: `${citationNumber.toLowerCase()}@example.com`,
    submissionDate,
    ...extra,
  });

const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        citations: [
          ...buildCitations(['P1', 'P2', 'P3', 'P4', 'DONE']),
          buildCitation({ citationNumber: 'PAIDX', paymentStatus: 'Paid', datePaid: '2026-11-19T00:00:00Z' }),
        ],
        appeals: [
          appealOf('DONE', '2026-11-11T10:00:00Z', {
            isPending: false,
            isApproved: false,
            responseDate: '2026-11-12T10:00:00Z',
          }),
          appealOf('P2', '2026-11-13T10:00:00Z'),
          appealOf('P1', '2026-11-12T10:00:00Z'),
          appealOf('P3', '2026-11-14T10:00:00Z'),
          appealOf('P4', '2026-11-15T10:00:00Z'),
          appealOf('PAIDX', '2026-11-16T10:00:00Z'),
        ],
        operators: [buildOperator({ email: 'ops@alpha.example', fullname: 'Alpha Ops' })],
      }),
      buildTenant({
        subdomain: 'beta',
        citations: [buildCitation({ citationNumber: 'B1' })],
        appeals: [appealOf('B1', '2026-11-12T10:00:00Z')],
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
    expect(numbers).toEqual(['P1', 'P2', 'P3', 'P4', 'PAIDX', 'DONE']);
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
  it('approves with no text; the public appeal reads approved; the appellant is emailed in the same change', async () => {
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
      voidDate: null,
    });
    const citationUuid = response.json().citationUUID;
    const publicAppeal = await t.request('alpha', {
      method: 'GET',
      url: `/api/v1/portal/appeal/id/${citationUuid}/n/P1`,
    });
    expect(publicAppeal.json()).toMatchObject({ isPending: false, is_approved: true });
    const emails = await queryRows<{ to_address: string; subject: string }>(
      t.db,
      sql`SELECT to_address, subject FROM email_outbox WHERE to_address = 'p1@example.com'`,
    );
    expect(emails).toEqual([
      { to_address: 'p1@example.com', subject: 'Your appeal of notice P1 was approved' },
    ]);
  });

  it('denies with a status text, which the appellant sees', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    const uuid = await appealUuid('alpha', token, 'P2');
    const response = await answer('alpha', token, uuid, {
      isApproved: false,
      status: '  Photos do not show the sign.  ',
    });
    expect(response.json()).toMatchObject({ isApproved: false, status: 'Photos do not show the sign.' });
  });

  it('approves and voids the notice in one change', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    const uuid = await appealUuid('alpha', token, 'P3');
    const response = await answer('alpha', token, uuid, { isApproved: true, voidNotice: true });
    expect(response.json()).toMatchObject({ isApproved: true, voidDate: TEST_NOW, paymentStatus: 'Void' });
  });

  it('refuses to answer twice (409), to void on a denial (400), to void a paid notice (409), bad input (400)', async () => {
    const token = await tokenFor('alpha', 'ops@alpha.example');
    expect(
      (await answer('alpha', token, await appealUuid('alpha', token, 'DONE'), { isApproved: true }))
        .statusCode,
    ).toBe(409);
    const p4 = await appealUuid('alpha', token, 'P4');
    expect((await answer('alpha', token, p4, { isApproved: false, voidNotice: true })).statusCode).toBe(400);
    expect((await answer('alpha', token, p4, { isApproved: 'yes' })).statusCode).toBe(400);
    expect((await answer('alpha', token, p4, { isApproved: true, status: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    const paid = await appealUuid('alpha', token, 'PAIDX');
    expect((await answer('alpha', token, paid, { isApproved: true, voidNotice: true })).statusCode).toBe(409);
    // Nothing was written by the refusals: P4 is still pending, with no email.
    const p4Row = (await list('alpha', token)).json().find((a: { uuid: string }) => a.uuid === p4);
    expect(p4Row.isPending).toBe(true);
    const emails = await queryRows(
      t.db,
      sql`SELECT 1 FROM email_outbox WHERE to_address IN ('p4@example.com', 'paidx@example.com')`,
    );
    expect(emails).toEqual([]);
  });

  it("is a 404 for tenant B's appeal with tenant A's operator, and works for B's own operator", async () => {
    const betaToken = await tokenFor('beta', 'ops@beta.example');
    const b1 = await appealUuid('beta', betaToken, 'B1');
    const alphaToken = await tokenFor('alpha', 'ops@alpha.example');
    expect((await answer('alpha', alphaToken, b1, { isApproved: true })).statusCode).toBe(404);
    expect((await answer('beta', betaToken, b1, { isApproved: true })).statusCode).toBe(200);
  });
});
