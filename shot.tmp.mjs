import { chromium } from 'playwright-core';

const [url, out, w, h] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: Number(w || 1280), height: Number(h || 900) } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: true });
console.log(page.url());
await browser.close();
