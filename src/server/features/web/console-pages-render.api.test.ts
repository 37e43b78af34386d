import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/contract/brand-element';
import { paths } from '../../../web/app/page-paths';
import { CONSOLE_NAV_ITEMS } from '../../../web/features/console/nav-items';
import { buildApp } from '../../app';

/**
 * Every console page loads without an error in the server's log, and is rendered where it should
 * be: the sign-in page on the server, its form in the HTML (decision 245), every page behind it in
 * the browser (decision 158), the server answering the app with no page data for it. Issue 28,
 * finding 6: the overview, an index route, was once taken for the home page and rendered on the
 * server, which failed on `window` at every load. The app's own log stream is read at error level
 * while each page is requested as a browser would. The API projects' global setup builds the app
 * (and its server renderer) first when it has not been.
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

const PAGE_DATA = `id="${PAGE_DATA_ELEMENT_ID}"`;
const browserRenderedPaths = [...CONSOLE_NAV_ITEMS.map((item) => item.path), '/dashboard/reports?page=2'];

function requestPage(url: string) {
  errors.length = 0;
  return app.inject({ method: 'GET', url, headers: { host: 'console-ssr.localhost' } });
}

describe('console pages', () => {
  it('renders the sign-in page on the server, its form in the HTML, and logs no error', async () => {
    const answer = await requestPage(paths.console.login());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.body).toContain(PAGE_DATA);
    expect(answer.body).toMatch(/<input[^>]+type="password"/);
    expect(errors).toEqual([]);
  });

  it.each(browserRenderedPaths)(
    '%s answers the app for the browser to render, and logs no error',
    async (url) => {
      const answer = await requestPage(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.body).not.toContain(PAGE_DATA);
      expect(errors).toEqual([]);
    },
  );
});
