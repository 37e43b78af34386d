import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../tests/support/factories';
import { startRedisServer } from '../../../tests/support/redis-server';
import { createTestApp, type TestApp, useTestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { queryRows } from '../db/client';

const seed = { tenants: [buildTenant({ subdomain: 'alpha' })] };

describe('GET /healthz and GET /readyz', () => {
  const t = useTestApp({ seed });

  it('answers 200 on the bare host and on a tenant host, with nothing cached', async () => {
    for (const host of [null, 'alpha', 'no-such-tenant']) {
      const health = await t.request(host, { method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['cache-control']).toBe('no-store');
      const ready = await t.request(host, { method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    }
  });

  it('is never rate-limited', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        t.request(null, { method: 'GET', url: i % 2 ? '/readyz' : '/healthz' }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
  });

  it('leaks no configuration: no address, folder or secret in either answer', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const body = (await t.request(null, { method: 'GET', url })).body;
      expect(body).not.toMatch(/postgres|\/tmp|secret|redis:|:\d{2,5}/i);
      expect(body).not.toContain(t.config.DATA_DIR);
    }
  });

  it('answers 503 naming the migrations while one this code knows is not applied', async () => {
    const [last] = await queryRows<{ name: string }>(
      t.db,
      sql`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`,
    );
    const name = last?.name as string;
    await t.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${name}`);
    try {
      const ready = await t.request(null, { method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'migrations pending' } });
    } finally {
      await t.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${name})`);
    }
    expect((await t.request(null, { method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('from the moment a shutdown starts', () => {
  const t = useTestApp({ seed });

  it('readiness answers 503 naming the process, while health and the API still answer', async () => {
    expect((await t.request(null, { method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.app.lifecycle.beginShutdown();
    const ready = await t.request(null, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { process: 'shutting down' } });
    expect((await t.request(null, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Requests already routed here are still served while the load balancer takes it out, each
    // closing its connection, so no kept-alive connection holds the process open after the drain.
    const served = await t.request('alpha', { method: 'GET', url: '/api/v1/portal/brand/alpha' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');
  });
});

describe('when the database is gone', () => {
  let t: TestApp;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const handle = await createTestDatabase();
    let closing: Promise<void> | null = null;
    closeDatabase = () => {
      closing ??= handle.close();
      return closing;
    };
    t = await createTestApp({ database: { ...handle, close: closeDatabase } });
    await t.seed(seed);
  });
  afterAll(() => t.close());

  it('health stays 200, readiness is 503 naming the database, and the API answers 503 with Retry-After', async () => {
    expect((await t.request('alpha', { method: 'GET', url: '/api/v1/portal/brand/alpha' })).statusCode).toBe(
      200,
    );
    await closeDatabase();
    t.app.tenants.clear();
    expect((await t.request(null, { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.request(null, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable' } });
    const call = await t.request('alpha', { method: 'GET', url: '/api/v1/portal/brand/alpha' });
    expect(call.statusCode).toBe(503);
    expect(call.headers['retry-after']).toBe('5');
    expect(call.json()).toEqual({
      code: 'service_unavailable',
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    });
  });
});

describe('with Redis configured', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('readiness checks it, and answers 503 naming it once it stops answering', async () => {
    const ready = await t.request(null, { method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    await redis.stop();
    const down = await t.request(null, { method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'unreachable' } });
  });
});
