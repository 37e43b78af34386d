import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createMailTransport, type MailTransport } from '../../src/server/adapters/mail';
import { createPaymentGateway } from '../../src/server/adapters/payments/create-payment-gateway';
import type { PaymentGateway } from '../../src/server/adapters/payments/port';
import { createStorage } from '../../src/server/adapters/storage/create-storage';
import type { StoragePort } from '../../src/server/adapters/storage/storage-port';
import { buildApp } from '../../src/server/app';
import { type Clock, fixedClock } from '../../src/server/clock';
import { type Config, loadConfig } from '../../src/server/config';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import type { FixtureDocumentInput } from '../../src/server/db/fixtures/document';
import { loadFixtureDocument } from '../../src/server/db/fixtures/loader';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  storage: StoragePort;
  /** This app's DATA_DIR (local uploads), removed on close. */
  dataDir: string;
  /** The mail port the app uses: the development outbox unless the test passed its own. */
  mail: MailTransport;
  /** Imports a fixture document through the same loader as `npm run seed`. */
  seed(document: FixtureDocumentInput): Promise<void>;
  /** app.inject with the Host header of a tenant ('www' or null for a bare host). */
  request(subdomain: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_NOW = '2026-11-20T15:00:00.000Z';

export interface TestAppOptions {
  /** Settings on top of the test defaults below (as environment variables, validated as at boot). */
  env?: Record<string, string>;
  /** The app's clock; by default `clock`, fixed at TEST_NOW until the test moves it. */
  clock?: Clock;
  /** Ports to replace; by default those the configuration chooses (sandbox payments, dev outbox). */
  payments?: PaymentGateway;
  mail?: MailTransport;
  /** A built web app to serve instead of dist/web. */
  webDistDir?: string;
  /** The database to serve, closed with the app; by default a fresh one (createTestDatabase). */
  database?: DatabaseHandle;
  /** A second database as the replica of lag-tolerant reads (READ_DATABASE_URL), closed with the app. */
  readDatabase?: DatabaseHandle;
  /**
   * Where the app writes its log (JSON lines, as in production); without it the app logs nothing.
   * Set LOG_LEVEL (and LOG_REQUESTS) in `env` for what to write.
   */
  logStream?: NodeJS.WritableStream;
}

export interface UseTestAppOptions extends TestAppOptions {
  /** A fixture document loaded once the app is up, through the same loader as `npm run seed`. */
  seed?: FixtureDocumentInput;
}

/**
 * The usual way to get an app in an API test: one app on its own fresh database for the test file
 * (or the describe block it is called in), created in beforeAll and closed in afterAll.
 *
 *   const t = useTestApp({ seed: { tenants: [buildTenant({ subdomain: 'alpha' })] } });
 *   it('...', async () => {
 *     const response = await t.request('alpha', { method: 'GET', url: '/api/v1/...' });
 *   });
 *
 * The answer is an accessor: each member reads through to the app of the running test file, and
 * throws when used before its beforeAll has run (at module level, say). Options known only once
 * other hooks have run (a stand-in's address) come from a function, called in beforeAll:
 * `useTestApp(() => ({ env: stripeEnv(stripe) }))`. Further setup (signing in, looking up ids) goes
 * in a beforeAll after this call: hooks run in the order they are registered. Tests that need
 * several apps at once call createTestApp themselves and close them.
 */
export function useTestApp(
  options: UseTestAppOptions | (() => UseTestAppOptions | Promise<UseTestAppOptions>) = {},
): TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    const { seed, ...appOptions } = typeof options === 'function' ? await options() : options;
    testApp = await createTestApp(appOptions);
    if (seed) await testApp.seed(seed);
  });
  afterAll(() => testApp?.close());
  const current = (): TestApp => {
    if (!testApp)
      throw new Error('useTestApp: the app exists only inside tests and hooks, after its beforeAll.');
    return testApp;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get clock() {
      return current().clock;
    },
    get storage() {
      return current().storage;
    },
    get dataDir() {
      return current().dataDir;
    },
    get mail() {
      return current().mail;
    },
    seed: (document) => current().seed(document),
    request: (subdomain, injectOptions) => current().request(subdomain, injectOptions),
    close: () => current().close(),
  };
}

/** The app in-process on a fresh database, with a clock that stays at TEST_NOW until moved. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle: DatabaseHandle = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    // A key per app: nothing is written to DATA_DIR, and tokens of one test app fail on another.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // Test files sign in many times from one address; the rate-limit tests set their own limits.
    AUTH_RATE_LIMIT_PER_CLIENT: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    ...options.env,
  });
  const clock = fixedClock(TEST_NOW);
  const appClock = options.clock ?? clock;
  const payments = options.payments ?? createPaymentGateway(config, { db: handle.db, clock: appClock });
  const storage = createStorage(config, appClock);
  const mail = options.mail ?? createMailTransport(config, handle.db);
  const app = await buildApp(
    {
      config,
      db: handle.db,
      readDb: options.readDatabase?.db ?? handle.readDb,
      clock: appClock,
      payments,
      storage,
      mail,
    },
    options.logStream
      ? { logStream: options.logStream, webDistDir: options.webDistDir }
      : { logger: false, webDistDir: options.webDistDir },
  );
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    clock,
    storage,
    dataDir,
    mail,
    seed: async (document) => {
      await loadFixtureDocument(handle.db, document, clock.now(), config.publicBaseUrl);
      app.tenants.clear();
    },
    request: (subdomain, injectOptions) =>
      app.inject({
        ...injectOptions,
        headers: { host: subdomain ? `${subdomain}.localhost` : 'localhost', ...injectOptions.headers },
      }),
    close: async () => {
      await app.close();
      await handle.close();
      await options.readDatabase?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
