import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { buildApp } from '../app';
import { logHash } from './request-log-serializer';

/**
 * Issue 28, finding 4: pass uuids are edit keys, and report ids, checkout-session ids and plates
 * arrive in paths too. Request logs carry the route pattern and short keyed hashes, never these.
 */
const PASS_UUID = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f';
const REPORT_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const PLATE = 'SECRET42';

let t: TestApp;
let lines: string[];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  // Request lines are what these tests read: on, as in production.
  t = await createTestApp({ env: { LOG_REQUESTS: 'true' } });
  await t.seed({ tenants: [buildTenant({ subdomain: 'quiet' })] });
  lines = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ ...t.app.deps, config: { ...t.config, LOG_LEVEL: 'info' } }, { logStream: stream });
  await app.ready();
}, 300_000);
afterAll(async () => {
  await app.close();
  await t.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'quiet.localhost' } });

describe('request log lines', () => {
  it('carry route patterns and hashes, never the ids or plates of the path', async () => {
    await get(`/api/v1/portal/permit/product/${PASS_UUID}?token=abc`);
    await get(`/api/v1/reports/${REPORT_ID}/data`);
    await get(`/api/v1/portal/citation/p/${PLATE}/n/blank/o/quiet`);
    await get(`/api/v1/nowhere/${PASS_UUID}`);
    const logged = lines.join('\n');
    expect(logged).not.toBe('');
    for (const secret of [PASS_UUID, REPORT_ID, PLATE, 'token=abc']) expect(logged).not.toContain(secret);

    const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requests.map((line) => line.req.url).slice(0, 3)).toEqual([
      '/api/v1/portal/permit/product/:id?token=[redacted]',
      '/api/v1/reports/:id/data',
      '/api/v1/portal/citation/p/:plate/n/:number/o/:subdomain',
    ]);
    // The same id gives the same hash within the process, so its lines can be followed.
    expect(requests[0].req.paramHashes).toEqual({ id: logHash(PASS_UUID) });
    expect(requests[2].req.paramHashes.plate).toBe(logHash(PLATE));
    // An unknown path: the catch-all's pattern and the hash of its rest, or, unmatched, its hash.
    const unknown = requests[3].req;
    expect(unknown.pathHash ?? unknown.paramHashes['*']).toBe(
      unknown.pathHash
        ? logHash(`/api/v1/nowhere/${PASS_UUID}`)
        : logHash(unknown.url === '/api/*' ? `v1/nowhere/${PASS_UUID}` : `api/v1/nowhere/${PASS_UUID}`),
    );
  });
});
