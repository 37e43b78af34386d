import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { type RedisServer, startRedisServer } from '../../../../tests/support/redis-server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { RATE_LIMITED_MESSAGE } from '../../plugins/rate-limit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_CLIENT: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '2' } });
  await t.seed({
    tenants: [
      buildTenant({
        subdomain: 'limits',
        customers: [
          { fullname: 'L', email: 'l@example.com', password: 'Parking#2026' },
          { fullname: 'Owner', email: 'owner@example.com', password: 'Parking#2026' },
          { fullname: 'Changer', email: 'change@example.com', password: 'Parking#2026' },
        ],
      }),
    ],
  });
});
afterAll(() => t.close());

const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/customer/login',
    headers: { host: 'limits.localhost' },
    remoteAddress,
    payload: { email, password: 'Wrong#Pass1', entitySubdomain: 'limits' },
  });

describe('rate limits (memory store)', () => {
  it('limits one client address, whatever the accounts it tries', async () => {
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await login(t.app, `client${index}@example.com`, '10.0.0.1')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await login(t.app, 'client9@example.com', '10.0.0.1');
    expect(limited.json()).toEqual({ code: 'too_many_requests', message: RATE_LIMITED_MESSAGE });
    // Another address is not affected.
    expect((await login(t.app, 'client9@example.com', '10.0.0.2')).statusCode).toBe(401);
  });

  it('limits one account per client, whatever Host label the attempts use', async () => {
    const attempt = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/customer/login',
        headers: { host },
        remoteAddress: '10.0.1.1',
        payload: { email: ' L@Example.com', password: 'Wrong#Pass1', entitySubdomain: 'limits' },
      });
    expect((await attempt('limits.localhost')).statusCode).toBe(401);
    // A bare host names the tenant through the body only: still the same account.
    expect((await attempt('localhost')).statusCode).toBe(401);
    expect((await attempt('www.localhost')).statusCode).toBe(429);
  });

  it('never locks the owner out: another client signs in, and a reset link is sent', async () => {
    for (let index = 0; index < 3; index += 1) await login(t.app, 'owner@example.com', '10.0.5.1');
    expect((await login(t.app, 'owner@example.com', '10.0.5.1')).statusCode).toBe(429);
    const fromOwner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/login',
      headers: { host: 'limits.localhost' },
      remoteAddress: '10.0.5.2',
      payload: { email: 'owner@example.com', password: 'Parking#2026', entitySubdomain: 'limits' },
    });
    expect(fromOwner.statusCode).toBe(200);
    const resetRequest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/customer/send_password_reset_email',
      headers: { host: 'limits.localhost' },
      remoteAddress: '10.0.5.2',
      payload: { email: 'owner@example.com', subdomain: 'limits' },
    });
    expect(resetRequest.statusCode).toBe(200);
  });

  it('counts failed sign-ins only: ten correct sign-ins lock nobody out', async () => {
    const signInAs = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/customer/login',
        headers: { host: 'limits.localhost' },
        remoteAddress: '10.0.7.1',
        payload: { email: 'l@example.com', password, entitySubdomain: 'limits' },
      });
    const statuses = [];
    for (let index = 0; index < 10; index += 1) statuses.push((await signInAs('Parking#2026')).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    // One failure, a success that clears the account's count, then the account's two failures.
    expect((await signInAs('Wrong#Pass1')).statusCode).toBe(401);
    expect((await signInAs('Parking#2026')).statusCode).toBe(200);
    expect((await signInAs('Wrong#Pass1')).statusCode).toBe(401);
    expect((await signInAs('Wrong#Pass1')).statusCode).toBe(401);
    // Guessing is still limited, and a locked account and client is refused even the right password.
    expect((await signInAs('Wrong#Pass1')).statusCode).toBe(429);
    expect((await signInAs('Parking#2026')).statusCode).toBe(429);
  });

  it("a success gives back only its own count: the client's failures stay counted", async () => {
    const attempt = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/customer/login',
        headers: { host: 'limits.localhost' },
        remoteAddress: '10.0.8.1',
        payload: { email, password, entitySubdomain: 'limits' },
      });
    expect((await attempt('guess1@example.com', 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt('guess2@example.com', 'Wrong#Pass1')).statusCode).toBe(401);
    // Signing in to one's own account between guesses does not buy more guesses from this client.
    expect((await attempt('owner@example.com', 'Parking#2026')).statusCode).toBe(200);
    expect((await attempt('guess3@example.com', 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt('guess4@example.com', 'Wrong#Pass1')).statusCode).toBe(429);
  });

  it('keys the password change by account, not by the spelling of the token', async () => {
    const session = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/customer/login',
        headers: { host: 'limits.localhost' },
        remoteAddress: '10.0.6.1',
        payload: { email: 'change@example.com', password: 'Parking#2026', entitySubdomain: 'limits' },
      });
      expect(response.statusCode).toBe(200);
      return `Bearer ${response.json().jwtToken}`;
    };
    const change = (authorization: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/customer/password',
        headers: { host: 'limits.localhost', authorization },
        remoteAddress: '10.0.6.2',
        payload: { oldPassword: 'Wrong#Pass1', newPassword: 'Parking#2027' },
      });
    const first = await session();
    expect((await change(first)).statusCode).toBe(403);
    expect((await change(first)).statusCode).toBe(403);
    // A second token of the same account is a new text, not a new bucket.
    t.clock.set(new Date(t.clock.now().getTime() + 1000));
    const second = await session();
    expect(second).not.toBe(first);
    expect((await change(second)).statusCode).toBe(429);
  });

  it('counts bad input against the client too', async () => {
    const bad = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/customer/signup',
        headers: { host: 'limits.localhost' },
        remoteAddress: '10.0.2.1',
        payload: {},
      });
    expect([
      (await bad()).statusCode,
      (await bad()).statusCode,
      (await bad()).statusCode,
      (await bad()).statusCode,
    ]).toEqual([400, 400, 400, 429]);
  });

  it('limits code checks and reset requests as well', async () => {
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/customer/checkcode?code=GUESS&subdomain=limits',
        headers: { host: 'limits.localhost' },
        remoteAddress: '10.0.3.1',
      });
    const results = [];
    for (let index = 0; index < 3; index += 1) results.push((await check()).statusCode);
    expect(results).toEqual([401, 401, 429]);
    const resetRequest = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/customer/send_password_reset_email',
        headers: { host: 'limits.localhost' },
        remoteAddress,
        payload: { email: 'l@example.com', subdomain: 'limits' },
      });
    expect((await resetRequest('10.0.4.1')).statusCode).toBe(200);
    expect((await resetRequest('10.0.4.1')).statusCode).toBe(200);
    expect((await resetRequest('10.0.4.1')).statusCode).toBe(429);
  });
});

describe('rate limits shared through Redis', () => {
  // A Redis of this test's own (Debian's redis-server, installed by `npm test`), not one that
  // happens to run on the machine.
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('two instances count against the same limits', async () => {
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: t.config.JWT_SECRET ?? '',
      REDIS_URL: redis.url,
      // A namespace of its own, so parallel runs and other tests do not share counters.
      RATE_LIMIT_NAMESPACE: `test-${randomBytes(6).toString('hex')}`,
      AUTH_RATE_LIMIT_PER_CLIENT: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    };
    const config = loadConfig(env);
    const first = await buildApp({ ...t.app.deps, config }, { logger: false });
    const second = await buildApp({ ...t.app.deps, config }, { logger: false });
    try {
      await Promise.all([first.ready(), second.ready()]);
      expect((await login(first, 'shared@example.com', '10.1.0.1')).statusCode).toBe(401);
      expect((await login(second, 'shared@example.com', '10.1.0.1')).statusCode).toBe(401);
      expect((await login(first, 'shared@example.com', '10.1.0.1')).statusCode).toBe(401);
      expect((await login(second, 'shared@example.com', '10.1.0.1')).statusCode).toBe(429);
      // Successes on either instance are given back in the shared store.
      const correct = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/customer/login',
          headers: { host: 'limits.localhost' },
          remoteAddress: '10.1.0.2',
          payload: { email: 'l@example.com', password: 'Parking#2026', entitySubdomain: 'limits' },
        });
      for (let index = 0; index < 5; index += 1) {
        expect((await correct(index % 2 ? first : second)).statusCode).toBe(200);
      }
      for (let index = 0; index < 3; index += 1) {
        expect((await login(first, 'l@example.com', '10.1.0.2')).statusCode).toBe(401);
      }
      expect((await login(second, 'l@example.com', '10.1.0.2')).statusCode).toBe(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
