import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { buildApp } from '../app';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$leakedhashvalue';
const EMAIL = 'leak.me@example.com';

let t: TestApp;
let lines: string[];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  // Request lines are what these tests read: on, as in production.
  t = await createTestApp({ env: { LOG_REQUESTS: 'true' } });
  await t.seed({ tenants: [buildTenant({ subdomain: 'logs' })] });
  lines = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = { ...t.config, LOG_LEVEL: 'info' as const };
  app = await buildApp({ ...t.app.deps, config }, { logStream: stream });
  // A query that fails with a password hash and an address among its parameters, as a failing
  // sign-up insert would.
  app.get('/test/failing-query', async () => {
    await app.deps.db.execute(sql`select ${HASH}::int as hash, ${EMAIL}::text as email`);
    return 'unreachable';
  });
  app.get('/test/log-secrets', async (request) => {
    request.log.info(
      {
        body: { email: EMAIL, password: 'Parking#2026' },
        customer: { passwordHash: HASH },
        token: 'eyJ.secret',
      },
      'a handler logs what it should not',
    );
    return 'ok';
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('log redaction', () => {
  it('logs a failed query without its parameters or the values the database quotes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/test/failing-query',
      headers: { host: 'logs.localhost' },
    });
    expect(response.statusCode).toBe(500);
    const errorLine = lines.find((line) => line.includes('unhandled error'));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain('Failed query: select $1::int as hash');
    expect(errorLine).toContain('22P02');
    const all = lines.join('\n');
    expect(all).not.toContain('leakedhashvalue');
    expect(all).not.toContain(EMAIL);
  });

  it('leaves query values, authorization and secret fields out of every line', async () => {
    await app.inject({
      method: 'GET',
      url: `/test/log-secrets?email=${encodeURIComponent(EMAIL)}&token=abc123secret`,
      headers: { host: 'logs.localhost', authorization: 'Bearer eyJ.secret' },
    });
    const all = lines.join('\n');
    expect(all).toContain('/test/log-secrets?email=[redacted]&token=[redacted]');
    expect(all).toContain('a handler logs what it should not');
    for (const secret of [EMAIL, 'Parking#2026', 'leakedhashvalue', 'eyJ.secret', 'abc123secret']) {
      expect(all).not.toContain(secret);
    }
  });

  it("leaves a pass's uuid, the capability in a guest's emailed links, out of logged paths", async () => {
    const passId = '0b5e7c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
    await app.inject({
      method: 'PUT',
      url: `/api/v1/permits/issued/${passId}/cancel`,
      headers: { host: 'logs.localhost' },
    });
    const all = lines.join('\n');
    expect(all).toContain('/api/v1/permits/issued/:id/cancel');
    expect(all).not.toContain(passId);
  });
});
