import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { signIn } from '../../../../tests/support/sessions';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { emailOutbox } from '../../db/schema';
import { passwords } from './password-hash';
import { signAccessToken } from './tokens';

let t: TestApp;
const PASSWORD = 'Parking#2026';

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      buildTenant({
        subdomain: 'harden',
        customers: [{ fullname: 'Hana', email: 'hana@example.com', password: PASSWORD }],
      }),
    ],
  });
});
afterAll(() => t.close());

const me = (authorization: string) =>
  t.request('harden', { method: 'GET', url: '/api/v1/portal/customer', headers: { authorization } });

describe('bearer tokens', () => {
  it('answers 401, not 500, for a token signed with the real key whose subject is not a UUID', async () => {
    const token = await signAccessToken(
      t.config,
      { subject: "1' or '1'='1", subdomain: 'harden', role: 'customer', version: 0 },
      { now: t.clock.now() },
    );
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
  });

  it('accepts the scheme in any case, and only the canonical spelling of the token', async () => {
    const authorization = await signIn(t, 'harden', 'hana@example.com', PASSWORD);
    const token = authorization.slice('Bearer '.length);
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect((await me(`${scheme} ${token}`)).statusCode).toBe(200);
    }
    for (const respelled of [`Bearer  ${token}`, `Bearer ${token}=`, `Bearer ${token}, Bearer ${token}`]) {
      expect((await me(respelled)).statusCode).toBe(401);
    }
  });
});

describe('answers that carry a session or an account', () => {
  it('are never stored by a cache', async () => {
    const login = await t.request('harden', {
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      payload: { email: 'hana@example.com', password: PASSWORD, entitySubdomain: 'harden' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const signup = await t.request('harden', {
      method: 'POST',
      url: '/api/v1/auth/customer/signup',
      payload: { email: 'nostore@example.com', password: PASSWORD, fullname: 'N', entitySubdomain: 'harden' },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.headers['cache-control']).toBe('no-store');
    const account = await me(`Bearer ${login.json().jwtToken}`);
    expect(account.headers['cache-control']).toBe('no-store');
    // A route with its own policy keeps it.
    const brand = await t.request('harden', { method: 'GET', url: '/api/v1/portal/brand/harden' });
    expect(brand.headers['cache-control']).toBe('public, max-age=60');
    // Refusals too: a failed sign-in or an unknown call is as much about one caller.
    const refused = await t.request('harden', {
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      payload: { email: 'hana@example.com', password: 'not the password', entitySubdomain: 'harden' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.request('harden', { method: 'GET', url: '/api/v1/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('sign-up', () => {
  it('puts nothing the sign-up typed into the welcome email', async () => {
    const fullname = 'Click https://evil.example now <b>urgent</b>';
    const response = await t.request('harden', {
      method: 'POST',
      url: '/api/v1/auth/customer/signup',
      payload: { email: 'victim@example.com', password: PASSWORD, fullname, entitySubdomain: 'harden' },
    });
    expect(response.statusCode).toBe(200);
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'victim@example.com'));
    expect(JSON.stringify(email?.content)).not.toContain('evil.example');
    expect(email?.content.heading).toBe('Welcome');
  });

  it('hashes the password for a known address too, so its timing reveals nothing', async () => {
    // Counts the argon2 hashes the request computes, without changing them.
    const hashes = vi.spyOn(passwords, 'hash');
    const response = await t.request('harden', {
      method: 'POST',
      url: '/api/v1/auth/customer/signup',
      payload: {
        email: 'HANA@example.com',
        password: 'Other#Pass9',
        fullname: 'H',
        entitySubdomain: 'harden',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockRestore();
  });
});
