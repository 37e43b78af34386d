import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase, testDriver } from '../../../tests/support/test-database';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { loadFixtureDocument } from '../db/fixtures/loader';
import { WROTE_COOKIE } from './read-your-writes';

// Two databases with one tenant whose notice differs: what the lookup answers says which one it
// read. On PostgreSQL the app's pools are opened from the two URLs, as READ_DATABASE_URL does.
const tenant = buildTenant({ subdomain: 'alpha' });
const onPrimary = {
  ...tenant,
  citations: [buildCitation({ citationNumber: 'R100', plate: 'RPL1', amount: 4000 })],
};
const onReplica = {
  ...tenant,
  citations: [buildCitation({ citationNumber: 'R100', plate: 'RPL1', amount: 9900 })],
};

let t: TestApp;

beforeAll(async () => {
  const primary = await createTestDatabase();
  const replica = await createTestDatabase();
  await loadFixtureDocument(replica.db, { tenants: [onReplica] }, new Date());
  if (testDriver() === 'postgres') {
    const both = await openDatabase({ databaseUrl: primary.url, readDatabaseUrl: replica.url, poolSize: 4 });
    const database: DatabaseHandle = {
      ...both,
      close: async () => {
        await both.close();
        await primary.close();
        await replica.close();
      },
    };
    t = await createTestApp({ database });
  } else {
    t = await createTestApp({ database: primary, readDatabase: replica });
  }
  await t.seed({ tenants: [onPrimary] });
});
afterAll(() => t.close());

const lookUp = (cookie?: string) =>
  t.request('alpha', {
    method: 'GET',
    url: '/api/v1/portal/citation/p/RPL1/n/blank/o/alpha',
    headers: cookie ? { cookie } : {},
  });

describe('reads that tolerate lag, with a replica configured (READ_DATABASE_URL)', () => {
  it('answers the public notice lookup from the replica, setting no cookie', async () => {
    const response = await lookUp();
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ citationNumber: 'R100', amount: 9900 });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("reads from the primary for a caller who has just written, and keeps other callers' reads on the replica", async () => {
    const signUp = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/auth/customer/signup',
      payload: {
        email: 'writer@example.com',
        password: 'Replica#Parking2026',
        fullname: 'Rita Writer',
        entitySubdomain: 'alpha',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const setCookie = [signUp.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith(`${WROTE_COOKIE}=`));
    expect(setCookie).toMatch(/Max-Age=10; HttpOnly; SameSite=Lax/);
    const cookie = (setCookie as string).split(';')[0] as string;

    const afterWrite = await lookUp(`lang=en; ${cookie}`);
    expect(afterWrite.json()[0]).toMatchObject({ citationNumber: 'R100', amount: 4000 });
    expect((await lookUp()).json()[0]).toMatchObject({ amount: 9900 });
  });

  it('sets no cookie for a write that was refused', async () => {
    const refused = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/auth/customer/signup',
      payload: { email: 'not an address', password: 'x', fullname: '', entitySubdomain: 'alpha' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
