import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCitation,
  buildCustomer,
  buildOperator,
  buildTenant,
  TEST_OPERATOR_PASSWORD,
} from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../tests/support/test-app';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/contract/brand-element';
import { CONSOLE_PAGE_COOKIE } from '../operators';

/**
 * The console's overview rendered on the server for the operator of the console pages' cookie
 * (decision 252), and for nobody else: another tenant's cookie, an expired or revoked session, a
 * customer's token, a signed-out browser all get the page the browser renders, with nothing of
 * anyone in it. The API never reads the cookie. The API projects' global setup builds the app
 * (and its server renderer) first when it has not been.
 */
const alpha = buildTenant({
  subdomain: 'ovr-alpha',
  brandTitle: 'Alpha Harbour Parking',
  citations: [buildCitation({ citationNumber: 'OVRA0001', createdOn: TEST_NOW })],
  operators: [
    buildOperator({ email: 'admin@ovr-alpha.example', fullname: 'Ada Alphaop', role: 'tenant_admin' }),
  ],
  customers: [buildCustomer({ email: 'driver@ovr-alpha.example' })],
});
const beta = buildTenant({
  subdomain: 'ovr-beta',
  brandTitle: 'Beta Bay Parking',
  operators: [
    buildOperator({ email: 'admin@ovr-beta.example', fullname: 'Bo Betaop', role: 'tenant_admin' }),
  ],
});
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ tenants: [alpha, beta] });
}, 180_000);
afterAll(() => t?.close());

const PAGE_DATA = `id="${PAGE_DATA_ELEMENT_ID}"`;

/** The console pages' cookie a sign-in answered, as `name=value` for a Cookie header. */
function pageCookieOf(answer: LightMyRequestResponse): string {
  const header = [answer.headers['set-cookie'] ?? []]
    .flat()
    .find((each) => each.startsWith(`${CONSOLE_PAGE_COOKIE}=`));
  if (!header) throw new Error(`no ${CONSOLE_PAGE_COOKIE} cookie in ${JSON.stringify(answer.headers)}`);
  return header.split(';')[0]!;
}

async function signInAdmin(subdomain: string) {
  const answer = await t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/dashboard/auth/login',
    payload: { email: `admin@${subdomain}.example`, password: TEST_OPERATOR_PASSWORD },
  });
  expect(answer.statusCode).toBe(200);
  return { answer, cookie: pageCookieOf(answer), bearer: `Bearer ${answer.json().jwtToken}` };
}

function overview(subdomain: string, cookie?: string) {
  return t.request(subdomain, { method: 'GET', url: '/dashboard', headers: cookie ? { cookie } : {} });
}

/** The overview as the browser renders it: no page data, its chunks named, and no one's name. */
function expectBrowserRendered(answer: LightMyRequestResponse) {
  expect(answer.statusCode).toBe(200);
  expect(answer.body).not.toContain(PAGE_DATA);
  expect(answer.body).not.toContain('Ada Alphaop');
  expect(answer.body).not.toContain('Bo Betaop');
  // The root holds at most the brand's header (brand-head.ts), none of the console's frame.
  expect(answer.body).not.toContain('console__bar');
  expect(answer.body).not.toContain('Notices issued today');
  expect(answer.headers['cache-control']).toBe('no-cache');
}

describe('the console pages cookie', () => {
  it('is set on sign-in: the session token, HttpOnly, SameSite=Strict, on the console pages only, for the token lifetime', async () => {
    const { answer, cookie } = await signInAdmin('ovr-alpha');
    const header = [answer.headers['set-cookie']].flat().join('\n');
    expect(cookie).toBe(`${CONSOLE_PAGE_COOKIE}=${answer.json().jwtToken}`);
    expect(header).toContain('Path=/dashboard;');
    expect(header).toContain(`Max-Age=${t.config.JWT_TTL_SECONDS}`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    // The tests run over plain HTTP, as development does; production adds Secure (below).
    expect(header).not.toContain('Secure');
  });

  it('is not set by a failed sign-in', async () => {
    const answer = await t.request('ovr-alpha', {
      method: 'POST',
      url: '/api/v1/dashboard/auth/login',
      payload: { email: 'admin@ovr-alpha.example', password: 'wrong password' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('is never read by the API: a console call with the cookie and no bearer token is a 401', async () => {
    const { cookie } = await signInAdmin('ovr-alpha');
    const answer = await t.request('ovr-alpha', {
      method: 'GET',
      url: '/api/v1/dashboard/me',
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('is cleared by signing out, on any tenant host, and 404 on the bare host', async () => {
    const answer = await t.request('ovr-alpha', { method: 'POST', url: '/api/v1/dashboard/auth/sign-out' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toBe(
      `${CONSOLE_PAGE_COOKIE}=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Strict`,
    );
    const bare = await t.request(null, { method: 'POST', url: '/api/v1/dashboard/auth/sign-out' });
    expect(bare.statusCode).toBe(404);
  });
});

describe('the console overview rendered on the server (decision 252)', () => {
  it("renders the frame and the day's tiles for the cookie's operator, with the page data, never cached", async () => {
    const { cookie } = await signInAdmin('ovr-alpha');
    const answer = await overview('ovr-alpha', cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(PAGE_DATA);
    expect(answer.body).toContain('Ada Alphaop');
    expect(answer.body).toContain('class="console__bar"');
    expect(answer.body).toContain('Alpha Harbour Parking · Console');
    // The tiles: today's notice (TEST_NOW) is counted in the first.
    expect(answer.body).toMatch(/Notices issued today<\/h2><p[^>]*>1<\/p>/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('renders without a cookie the page the browser renders, as before', async () => {
    expectBrowserRendered(await overview('ovr-alpha'));
  });

  it("renders nothing of tenant A's for A's cookie on B's host, and B's own cookie shows B", async () => {
    const { cookie } = await signInAdmin('ovr-alpha');
    expectBrowserRendered(await overview('ovr-beta', cookie));
    const own = await overview('ovr-beta', (await signInAdmin('ovr-beta')).cookie);
    expect(own.body).toContain('Bo Betaop');
    expect(own.body).not.toContain('Ada Alphaop');
  });

  it("takes no customer's token for an operator's", async () => {
    const customer = await signIn(t, 'ovr-alpha', 'driver@ovr-alpha.example');
    expectBrowserRendered(
      await overview('ovr-alpha', `${CONSOLE_PAGE_COOKIE}=${customer.slice('Bearer '.length)}`),
    );
  });

  it('renders nothing for a malformed cookie', async () => {
    expectBrowserRendered(await overview('ovr-alpha', `${CONSOLE_PAGE_COOKIE}=not-a-token`));
    expectBrowserRendered(await overview('ovr-alpha', `${CONSOLE_PAGE_COOKIE}=a%ZZ.b.c`));
  });

  it('renders nothing once the session has expired', async () => {
    const { cookie } = await signInAdmin('ovr-alpha');
    try {
      t.clock.set(new Date(Date.parse(TEST_NOW) + (t.config.JWT_TTL_SECONDS + 60) * 1000));
      expectBrowserRendered(await overview('ovr-alpha', cookie));
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('renders nothing after "sign out everywhere" revoked the session, whose answer clears the cookie too', async () => {
    const { cookie, bearer } = await signInAdmin('ovr-alpha');
    expect((await overview('ovr-alpha', cookie)).body).toContain('Ada Alphaop');
    const signOut = await t.request('ovr-alpha', {
      method: 'POST',
      url: '/api/v1/dashboard/auth/sign-out-everywhere',
      headers: { authorization: bearer },
    });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.headers['set-cookie']).toContain(`${CONSOLE_PAGE_COOKIE}=; Path=/dashboard; Max-Age=0`);
    expectBrowserRendered(await overview('ovr-alpha', cookie));
  });

  it('renders the other console pages in the browser, cookie or not', async () => {
    const { cookie } = await signInAdmin('ovr-alpha');
    const answer = await t.request('ovr-alpha', {
      method: 'GET',
      url: '/dashboard/notices',
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(PAGE_DATA);
    expect(answer.body).not.toContain('Ada Alphaop');
  });
});
