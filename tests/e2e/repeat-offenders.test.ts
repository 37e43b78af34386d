import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { writeOperatorSession } from './support/sessions';

// Two tenants of tests/e2e/fixtures/repeat-offenders.json (a light brand colour and a dark one),
// each flagging 3 or more unpaid notices, or one unpaid for more than 60 days.
const LIGHT = 'repeatlight';
const DARK = 'repeatdark';

let browser: Browser;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, page } = opened);
});

/** Signs in the tenant's admin or officer of the fixture. */
const signInOperator = (target: Page, subdomain: string, who: 'admin' | 'officer') =>
  writeOperatorSession(target, subdomain, `${who}@${subdomain}.example`);

describe('console repeat offenders', () => {
  it('lists the flagged plates with their totals and exports them as CSV', async () => {
    await signInOperator(page, LIGHT, 'admin');
    await page.goto(tenantUrl(LIGHT, '/dashboard'));
    await page.getByRole('link', { name: 'Repeat offenders' }).first().click();
    await page.getByRole('heading', { name: 'Repeat offenders', level: 1 }).waitFor();
    await page
      .getByText('Plates with 3 or more unpaid notices or a notice unpaid for more than 60 days.')
      .waitFor();
    const rows = page.getByRole('table', { name: 'Repeat offenders' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    // 45.00 + (45.00 + its 15.00 late tier) + 75.00; then one notice of 75 days.
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/RLREP1 \(IL\)[\s\S]*3[\s\S]*\$180\.00/);
    await expect.poll(() => rows.nth(2).textContent()).toMatch(/RLOLD1[\s\S]*\$60\.00[\s\S]*75 days/);
    expect(await page.getByText('RLOK1').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'repeat-offenders-light-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^repeat-offenders-repeatlight-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'plate,stateProv,unpaidNotices,totalOwed,oldestUnpaidOn,daysUnpaid,newestUnpaidOn,reason',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      'RLREP1,IL,3,180.00',
      'RLOLD1,IL,1,60.00',
    ]);

    // The plate leads to its notices.
    await page.getByRole('link', { name: 'Notices of RLREP1' }).click();
    await page.waitForURL(/\/dashboard\/notices\?q=RLREP1$/);
    await page.getByRole('link', { name: 'RL001' }).waitFor();

    // The console's plate lookup says it as plainly.
    await page.goto(tenantUrl(LIGHT, '/dashboard/plates/RLREP1'));
    await expect(page.getByTestId('plate-repeat-offender').textContent()).resolves.toBe(
      'Repeat offender: 3 unpaid notices.',
    );
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('serves a patrol officer on a phone: axe-clean on a dark brand, nothing scrolls sideways', async () => {
    const context = await newContext(browser, { phone: true });
    const phone = await context.newPage();
    await signInOperator(phone, DARK, 'officer');
    await phone.goto(tenantUrl(DARK, '/dashboard/repeat-offenders'));
    await phone.getByRole('heading', { name: 'Repeat offenders', level: 1 }).waitFor();
    await phone.getByRole('link', { name: 'Notices of RDREP1' }).waitFor();
    await phone.getByText('Repeat offender: 3 unpaid notices.').waitFor();
    await phone.getByText('Repeat offender: a notice unpaid for 75 days.').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone);
    await screenshot(phone, 'repeat-offenders-dark-phone');
    expectNoPageErrors(phone);
    await context.close();
  });

  it('tells a patrol officer plainly that a plate is a repeat offender, on a light and a dark brand', async () => {
    for (const [subdomain, plate] of [
      [LIGHT, 'RLREP1'],
      [DARK, 'RDREP1'],
    ] as const) {
      const context = await newContext(browser, { phone: true });
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 41.88, longitude: -87.63 });
      const phone = await context.newPage();
      await signInOperator(phone, subdomain, 'officer');
      await phone.goto(tenantUrl(subdomain, '/patrol'));
      const field = phone.getByRole('textbox', { name: 'Plate' });
      await field.fill(plate);
      await field.press('Enter');
      await phone
        .getByTestId('patrol-repeat-offender')
        .getByText('Repeat offender: 3 unpaid notices.')
        .waitFor();
      expect(await phone.getByTestId('patrol-answer').textContent()).toContain('3 outstanding notices');
      await expectAccessible(phone);
      await screenshot(phone, `patrol-repeat-offender-${subdomain}`);

      // Offline, the snapshot says it as plainly, with what the plate owes (issue 31).
      await phone.getByTestId('patrol-snapshot').getByText(/from/).waitFor();
      await context.setOffline(true);
      await phone.getByTestId('patrol-network').getByText('Offline').waitFor();
      await phone.getByRole('button', { name: 'Check another plate' }).click();
      await field.fill(plate);
      await field.press('Enter');
      const offline = phone.getByTestId('patrol-repeat-offender');
      await offline.getByText('Repeat offender: 3 unpaid notices.').waitFor();
      expect(await offline.textContent()).toMatch(/\$[\d,]+\.\d\d unpaid/);
      await phone
        .getByTestId('patrol-answer-source')
        .getByText(/From the snapshot of/)
        .waitFor();
      await expectAccessible(phone);
      await screenshot(phone, `patrol-repeat-offender-offline-${subdomain}`);
      await context.setOffline(false);
      expectNoPageErrors(phone);
      await context.close();
    }
  });

  it('follows the rule the admin sets in Settings, and says when it is off', async () => {
    await signInOperator(page, DARK, 'admin');
    await page.goto(tenantUrl(DARK, '/dashboard/settings'));
    const count = page.getByLabel('Unpaid notices that make a repeat offender');
    await count.waitFor();
    expect(await count.inputValue()).toBe('3');
    await count.fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: /saved/i }).waitFor();
    await page.goto(tenantUrl(DARK, '/dashboard/repeat-offenders'));
    await page.getByRole('link', { name: 'Notices of RDOK1' }).waitFor();
    await page.getByText('3 plates').waitFor();

    await page.goto(tenantUrl(DARK, '/dashboard/settings'));
    await count.waitFor();
    await count.fill('');
    await page.getByLabel('Or any notice unpaid for more than (days)').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: /saved/i }).waitFor();
    await expectAccessible(page);
    await page.goto(tenantUrl(DARK, '/dashboard/repeat-offenders'));
    await page.getByText('Repeat offenders are not flagged on this portal.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'repeat-offenders-dark-off');
    expectNoPageErrors(page);
  });
});
