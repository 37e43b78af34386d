import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { CONSOLE_NAV_ITEMS } from '../../../web/features/console/nav-items';
import { buildApp } from '../../app';

/**
 * The console renders in the browser (decision 158): loading any of its pages logs no error on
 * the server (issue 28, finding 6: the overview, an index route, was taken for the home page and
 * rendered on the server, which failed on `window`). The app's own log stream is read at error
 * level while every console page is requested as a browser would.
 */
const ERROR_LEVEL = 50;
let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const errors: Array<{ level: number; msg: string; url?: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ tenants: [buildTenant({ subdomain: 'console-ssr' })] });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level >= ERROR_LEVEL) errors.push(entry);
      }
      done();
    },
  });
  app = await buildApp({ ...t.app.deps, config: { ...t.config, LOG_LEVEL: 'info' } }, { logStream: stream });
  await app.ready();
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const consolePaths = [
  '/dashboard/login',
  ...CONSOLE_NAV_ITEMS.map((item) => item.path),
  '/dashboard/reports?page=2',
];

describe('console pages', () => {
  it.each(consolePaths)('%s answers the app for the browser to render, and logs no error', async (url) => {
    errors.length = 0;
    const answer = await app.inject({ method: 'GET', url, headers: { host: 'console-ssr.localhost' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(errors).toEqual([]);
  });
});
