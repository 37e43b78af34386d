import pg from 'pg';
import { chromium } from 'playwright-core';
import { startPortal } from './servers';

const url = 'postgres://postgres@127.0.0.1:5432/perf_bench';
const db = new pg.Client({ connectionString: url });
await db.connect();
const { rows } = await db.query(
  `SELECT c.id FROM citations c JOIN tenants t ON t.id=c.tenant_id WHERE t.subdomain='t0001' LIMIT 1`,
);
const server = await startPortal(url);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
for (const path of [`/citations/${rows[0].id}`, '/permits/choose', '/']) {
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (/Content Security|CSP|Refused/i.test(m.text())) console.log(path, 'console:', m.text().slice(0, 300));
  });
  await page.exposeFunction('reportCsp', (s: string) => console.log(path, 'violation:', s));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).reportCsp(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      ),
    ),
  );
  await page.goto(`http://t0001.localhost:${server.port}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await page.close();
}
await browser.close();
await server.stop();
await db.end();
