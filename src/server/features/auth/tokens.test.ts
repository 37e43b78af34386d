import { base64url, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../../errors';
import { bearerTokenFrom, signAccessToken, verifyAccessToken } from './tokens';

const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
const otherConfig = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'y'.repeat(40) });
const claims = {
  subject: '4b0c3c1e-95a6-4c63-9b3a-1a2b3c4d5e6f',
  subdomain: 'demo',
  role: 'customer',
  version: 3,
} as const;

async function expectUnauthorized(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(401);
}

describe('access tokens', () => {
  it('round-trips subject, tenant, role and version', async () => {
    const token = await signAccessToken(config, claims);
    const verified = await verifyAccessToken(config, token, { subdomain: 'demo', role: 'customer' });
    expect(verified).toMatchObject({
      subject: claims.subject,
      subdomain: 'demo',
      role: 'customer',
      version: 3,
    });
    expect(verified.expiresAt.getTime() - verified.issuedAt.getTime()).toBe(config.JWT_TTL_SECONDS * 1000);
  });

  it('refuses another tenant, another role and another key', async () => {
    const token = await signAccessToken(config, claims);
    await expectUnauthorized(verifyAccessToken(config, token, { subdomain: 'other', role: 'customer' }));
    await expectUnauthorized(verifyAccessToken(config, token, { subdomain: 'demo', role: 'operator' }));
    await expectUnauthorized(verifyAccessToken(otherConfig, token, { subdomain: 'demo', role: 'customer' }));
  });

  it('refuses an expired token and accepts it just before expiry', async () => {
    const now = new Date('2026-11-20T15:00:00Z');
    const token = await signAccessToken(config, claims, { now });
    const justBefore = new Date(now.getTime() + (config.JWT_TTL_SECONDS - 1) * 1000);
    await expect(
      verifyAccessToken(config, token, { subdomain: 'demo', role: 'customer' }, { now: justBefore }),
    ).resolves.toBeTruthy();
    const after = new Date(now.getTime() + (config.JWT_TTL_SECONDS + 1) * 1000);
    await expectUnauthorized(
      verifyAccessToken(config, token, { subdomain: 'demo', role: 'customer' }, { now: after }),
    );
  });

  it('refuses alg none, a tampered payload and a garbage string', async () => {
    const token = await signAccessToken(config, claims);
    const [header, payload, signature] = token.split('.');
    const decoded = JSON.parse(new TextDecoder().decode(base64url.decode(payload ?? '')));
    const forged = base64url.encode(
      JSON.stringify({ ...decoded, sub: '00000000-0000-4000-8000-000000000000' }),
    );
    await expectUnauthorized(
      verifyAccessToken(config, `${header}.${forged}.${signature}`, { subdomain: 'demo', role: 'customer' }),
    );
    const noneHeader = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    await expectUnauthorized(
      verifyAccessToken(config, `${noneHeader}.${payload}.`, { subdomain: 'demo', role: 'customer' }),
    );
    await expectUnauthorized(
      verifyAccessToken(config, 'not-a-token', { subdomain: 'demo', role: 'customer' }),
    );
  });

  it('refuses a token signed with the right key but another algorithm', async () => {
    const key = new TextEncoder().encode(config.JWT_SECRET);
    const hs512 = await new SignJWT({ role: 'customer', ver: 3 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.subject)
      .setAudience('demo')
      .setIssuer('parking-portal')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    await expectUnauthorized(verifyAccessToken(config, hs512, { subdomain: 'demo', role: 'customer' }));
  });

  it('reads bearer tokens from the Authorization header only in the Bearer form', () => {
    // The scheme is case-insensitive (RFC 9110); the token is not respelled.
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect(bearerTokenFrom(`${scheme} abc.def.ghi`)).toBe('abc.def.ghi');
    }
    // One canonical spelling of the token: no other spacing, padding, list or trailing text.
    for (const respelled of [
      'Bearer  abc.def.ghi',
      'Bearerabc.def.ghi',
      'Bearer abc.def.ghi=',
      'Bearer abc.def.ghi ',
      'Bearer abc.def.ghi, Bearer abc.def.ghi',
      'Bearer abc.def',
    ]) {
      expect(bearerTokenFrom(respelled)).toBeNull();
    }
    expect(bearerTokenFrom('Basic abc')).toBeNull();
    expect(bearerTokenFrom(undefined)).toBeNull();
    expect(bearerTokenFrom('Bearer ')).toBeNull();
  });
});

describe('JWT_SECRET configuration', () => {
  it('is required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    const stagingSite = {
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
    };
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), ...stagingSite }).JWT_SECRET,
    ).toBe('z'.repeat(32));
  });
});
