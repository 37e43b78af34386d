/**
 * `npm run screens`: screenshots of every screen at 1280 and 390 pixels wide, on a light and a
 * dark brand, into screens/ (git-ignored), so anyone can review the whole product in a minute.
 * Builds the app, loads the demo data and the browser tests' brand fixture into a temporary
 * database, starts the server on a free port, and drives Debian's Chromium headless.
 * `npm run screens -- WORD[,WORD...]` shoots only the screens whose file name contains a WORD.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { openDatabase } from '../src/server/db/client';
import { readDemoData } from '../src/server/db/fixtures/demo';
import { loadFixtureDocument } from '../src/server/db/fixtures/loader';
import { migrate } from '../src/server/db/migrate';
import { upsertPlatformAdmin } from '../src/server/features/platform-admin/platform-admins';
import { findFreePort } from './free-port.mjs';

const OUTPUT_DIR = path.resolve('screens');
const WIDTHS = [1280, 390] as const;
const PASSWORD = 'Parking#2026';
const PLATFORM_ADMIN = 'screens@platform.example';
/** Only the screens whose file name contains one of these (the first argument, comma-separated). */
const ONLY = (process.argv[2] ?? '').split(',');
const isWanted = (file: string) => ONLY.some((word) => path.basename(file).includes(word));
/** The browser tests' light (yellow) and dark (navy) brands, each with notices, an appeal and a business customer. */
const BRANDS = [
  { label: 'light', subdomain: 'brightlot', prefix: 'BR', plate: 'BRI' },
  { label: 'dark', subdomain: 'darklot', prefix: 'DA', plate: 'DAR' },
] as const;

async function prepareDatabase(dataDir: string, port: number) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await migrate(database.db);
  // The demo's paid checkouts return (and show their receipts) on the server started below.
  await loadFixtureDocument(database.db, readDemoData(), new Date(), new URL(`http://localhost:${port}`));
  await loadFixtureDocument(database.db, JSON.parse(readFileSync('tests/e2e/fixtures/brands.json', 'utf8')));
  await loadFixtureDocument(
    database.db,
    JSON.parse(readFileSync('tests/e2e/fixtures/waitlists.json', 'utf8')),
  );
  await loadFixtureDocument(database.db, JSON.parse(readFileSync('tests/e2e/fixtures/patrol.json', 'utf8')));
  // Repeat offenders on a light and a dark brand, for the patrol app's flag online and offline.
  await loadFixtureDocument(
    database.db,
    JSON.parse(readFileSync('tests/e2e/fixtures/repeat-offenders.json', 'utf8')),
  );
  // The phone tables' brands: a sold-out product with a waitlist, a resident at the maximum.
  await loadFixtureDocument(
    database.db,
    JSON.parse(readFileSync('tests/e2e/fixtures/phone-tables.json', 'utf8')),
  );
  // Issue 31's other screens: a guest quota (passes), a payment plan, a short pass to extend;
  // issue 33's bulk work: a light and a dark tenant with 60 access codes each.
  for (const fixture of ['passes', 'payment-plans', 'extensions', 'bulk-work']) {
    await loadFixtureDocument(
      database.db,
      JSON.parse(readFileSync(`tests/e2e/fixtures/${fixture}.json`, 'utf8')),
    );
  }
  await upsertPlatformAdmin(database.db, PLATFORM_ADMIN, PASSWORD);
  await database.close();
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A shared machine under load can take more than a minute to start the server.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/portal/brand/demo`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error('The server did not start within 180 s');
}

/** A screen: where to go, and what to do there before the picture (open a dialog). */
/** The printed notice's QR code, fetched on the tenant's host and decoded as a phone would: its signed 'verify' path. */
async function verifyPath(browser: Browser, base: string, uuid: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/privacy`);
  const base64 = await page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, `/api/v1/portal/citation/${uuid}/qrcode.png`);
  await context.close();
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return new URL(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '').pathname;
}

type Step = { name: string; path: string; signedIn?: boolean; act?: (page: Page) => Promise<void> };

/** Node cannot resolve *.localhost: the search is asked on the bare host, which names the tenant in the path. */
async function noticeUuid(port: number, subdomain: string, number: string): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${port}/api/v1/portal/citation/p/blank/n/${number}/o/${subdomain}`,
  );
  return ((await response.json()) as Array<{ uuid: string }>)[0]!.uuid;
}

async function signIn(page: Page, base: string, subdomain: string, email = `business@${subdomain}.example`) {
  await page.goto(`${base}/privacy`);
  await page.evaluate(
    async ({ subdomain, password, email }) => {
      const response = await fetch('/api/v1/auth/customer/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, entitySubdomain: subdomain }),
      });
      const session = await response.json();
      localStorage.setItem('jwt', `Bearer ${session.jwtToken}`);
      localStorage.setItem('userUUID', session.uuid);
      localStorage.setItem('customerPublicId', session.customerPublicId);
    },
    { subdomain, password: PASSWORD, email },
  );
}

/** Waits for the page to settle: no requests in flight, fonts and images drawn, no animations. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Goes to each step's page and takes its picture, named `{prefix}-{step}.png`. */
async function shootSteps(page: Page, base: string, prefix: string, steps: Step[]) {
  for (const step of steps) {
    const file = path.join(OUTPUT_DIR, `${prefix}-${step.name}.png`);
    if (!isWanted(file)) continue;
    await page.goto(`${base}${step.path}`);
    await settle(page);
    await step.act?.(page);
    await settle(page);
    await page.screenshot({ path: file, fullPage: true });
    console.log(path.relative(process.cwd(), file));
  }
}

/** The uuid of a pass of the demo tenant, looked up by plate in a customer's list. */
async function demoPassUuid(page: Page, plate: string): Promise<string> {
  return page.evaluate(async (plate) => {
    const response = await fetch('/api/v1/portal/customer/permits', {
      headers: { authorization: localStorage.getItem('jwt') ?? '' },
    });
    const permits = (await response.json()) as Array<{ uuid: string; vehicle: { plate: string } | null }>;
    return permits.find((permit) => permit.vehicle?.plate === plate)?.uuid ?? '';
  }, plate);
}

/**
 * Every list of the portal on the demo tenant, which has rows to show (issue 27): a resident's,
 * a business account's and an operator's, each at both widths.
 */
async function shootLists(browser: Browser, port: number) {
  const base = `http://demo.localhost:${port}`;
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
    const page = await context.newPage();
    await signIn(page, base, 'demo', 'dana@example.com');
    const visitorPass = await demoPassUuid(page, 'VIS5521');
    await shootSteps(page, base, `lists-${width}-resident`, [
      // Issue 33: the activity report's heat map, with its note when no map style is set.
      { name: 'activity-report', path: '/reports/a11ce5ca-2026-4c0d-9e1a-5ca11ed0d3a0' },
      { name: 'dashboard', path: '/permits/dashboard' },
      { name: 'vehicles', path: '/permits/vehicles' },
      { name: 'visitors', path: '/permits/visitors' },
      { name: 'transactions', path: '/permits/transactions' },
      { name: 'visitor-pass-detail', path: `/permits/view/${visitorPass}` },
    ]);
    await context.clearCookies();
    await signIn(page, base, 'demo', 'fleet@acme.example');
    await shootSteps(page, base, `lists-${width}-business`, [
      { name: 'dashboard', path: '/permits/dashboard' },
      { name: 'visitors', path: '/permits/visitors' },
    ]);
    await page.goto(`${base}/dashboard/login`);
    // Signed in through the API, stored as the sign-in page stores it (its form is shot above).
    await signInOperator(page, 'operator@demo.example', PASSWORD);
    // A customer (its Personal data card), a product with access codes and a notice with photos.
    const ids = await page.evaluate(async () => {
      // No named function inside: tsx would wrap it in a helper the page does not have.
      const headers = { authorization: localStorage.getItem('operatorJwt') ?? '' };
      const [customers, products, notices] = (await Promise.all(
        [
          '/api/v1/dashboard/customers?q=dana',
          '/api/v1/dashboard/products',
          '/api/v1/dashboard/notices?q=ABC1234',
        ].map(async (url) => (await fetch(url, { headers })).json()),
      )) as Array<{ items: Array<{ uuid: string }> }>;
      return {
        customer: customers?.items[0]?.uuid ?? '',
        product: products?.items[0]?.uuid ?? '',
        notice: notices?.items[0]?.uuid ?? '',
      };
    });
    await shootSteps(page, base, `lists-${width}-console`, [
      // Issue 33: the Personal data card, the tenant export card, access codes, a new notice's photos.
      { name: 'customer-detail', path: `/dashboard/customers/${ids.customer}` },
      { name: 'settings', path: '/dashboard/settings' },
      { name: 'access-codes', path: `/dashboard/products/${ids.product}/codes` },
      { name: 'notice-new', path: '/dashboard/notices/new' },
      { name: 'notice-detail', path: `/dashboard/notices/${ids.notice}` },
      { name: 'waitlists', path: '/dashboard/waitlists' },
      { name: 'signup-codes', path: '/dashboard/customers/signup-codes' },
      { name: 'notice-import', path: '/dashboard/notices/import' },
      // Issue 33: the overview's trends, the plate lookup and the codes with an archive button.
      { name: 'overview', path: '/dashboard' },
      { name: 'overview-90-days', path: '/dashboard?range=90' },
      { name: 'plate-lookup', path: '/dashboard/plates/ABC1234' },
      { name: 'violation-codes', path: '/dashboard/notices/codes' },
      ...[
        'passes',
        'notices',
        'repeat-offenders',
        'customers',
        'products',
        'reports',
        'operators',
        'audit',
        'appeals',
      ].map((name) => ({ name, path: `/dashboard/${name}` })),
      // Issue 33: a list's filters and page in its address, decided appeals, the filtered log.
      { name: 'notices-filtered-page-2', path: '/dashboard/notices?status=Open&sort=amount&page=2' },
      { name: 'appeals-decided', path: '/dashboard/appeals?state=decided' },
      { name: 'audit-filtered', path: '/dashboard/audit?entityType=notice' },
    ]);
    await context.close();
  }
}

/** The Hawaii residents' application (parkview), whose questions each come once (issue 27). */
async function shootHawaiiForm(browser: Browser, port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/portal/permit/products/subdomain/parkview`);
  const products = (await response.json()) as Array<{ uuid: string; name: string }>;
  const hawaii = products.find((product) => product.name === 'Hawaii Resident Pass');
  if (!hawaii) throw new Error('The demo data has no Hawaii Resident Pass');
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
    const page = await context.newPage();
    await shootSteps(page, `http://parkview.localhost:${port}`, `hawaii-${width}`, [
      { name: 'guest-checkout', path: `/permit/${hawaii.uuid}/guestcheckout` },
    ]);
    await context.close();
  }
}

/**
 * Opens the newest email whose link matches `subject` in the development mailbox at `url`. The
 * outbox worker sends an email a moment after the request that queued it, so the mailbox is read
 * again until it is there (at most 30 s), as the browser tests' `openEmail` does.
 */
async function openMailboxEmail(page: Page, url: string, subject: RegExp) {
  const link = page.getByRole('link', { name: subject }).first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(url);
    if ((await link.count()) > 0) break;
    if (Date.now() > deadline) throw new Error(`No email ${subject} in ${url} within 30 s`);
    await page.waitForTimeout(500);
  }
  await link.click();
}

/**
 * Waitlists (issue 31) on the browser tests' light and dark waitlist tenants: joining a sold-out
 * product, the place in line, the offer's page once the place frees, and the console's line.
 */
async function shootWaitlists(browser: Browser, port: number) {
  // Its steps change the data (a join, a freed place): run them only when one of its shots is wanted.
  const shots = ['waitlist-join', 'waitlist-place', 'waitlist-offer', 'console-waitlists'];
  if (!shots.some((shot) => WIDTHS.some((width) => isWanted(`light-${width}-${shot}.png`)))) return;
  const tenants = [
    { label: 'light', subdomain: 'waitlight', heldPass: '6f1c2d3e-0000-4000-8000-00000000a001' },
    { label: 'dark', subdomain: 'waitdark', heldPass: '6f1c2d3e-0000-4000-8000-00000000a002' },
  ] as const;
  for (const tenant of tenants) {
    const base = `http://${tenant.subdomain}.localhost:${port}`;
    const shot = async (page: Page, name: string) => {
      const file = path.join(OUTPUT_DIR, `${tenant.label}-${name}.png`);
      if (!isWanted(file)) return;
      await settle(page);
      await page.screenshot({ path: file, fullPage: true });
    };
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
      const page = await context.newPage();
      await page.goto(`${base}/permits/choose`);
      const card = page.getByRole('article', { name: 'Residents Garage' });
      await card.getByRole('button', { name: 'Join the waitlist: Residents Garage' }).click();
      await shot(page, `${width}-waitlist-join`);
      await card.getByLabel('Email').fill(`person${width}@${tenant.subdomain}.example`);
      await card.getByRole('button', { name: 'Join the waitlist' }).click();
      await card.getByTestId('waitlist-place').waitFor();
      await shot(page, `${width}-waitlist-place`);
      await context.close();
    }
    // The place frees: the first to join (at the first width) is offered it by email.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/privacy`);
    const canceled = await page.evaluate(
      async (passId) => (await fetch(`/api/v1/permits/issued/${passId}/cancel`, { method: 'PUT' })).status,
      tenant.heldPass,
    );
    if (canceled !== 200) throw new Error(`Freeing the held place answered ${canceled}`);
    const first = `person${WIDTHS[0]}@${tenant.subdomain}.example`;
    await openMailboxEmail(
      page,
      `${base}/dev/mailbox?to=${encodeURIComponent(first)}`,
      /A place on Residents Garage/,
    );
    const offerLink = page.getByRole('link', { name: /\/waitlist\/offer\// }).first();
    await offerLink.waitFor();
    const offerUrl = new URL((await offerLink.getAttribute('href')) ?? '');
    await context.close();
    for (const width of WIDTHS) {
      const shotContext = await browser.newContext({
        viewport: { width, height: 900 },
        isMobile: width < 500,
      });
      const shotPage = await shotContext.newPage();
      await shotPage.goto(`${base}${offerUrl.pathname}`);
      await shotPage.getByTestId('waitlist-offer-status').waitFor();
      await shot(shotPage, `${width}-waitlist-offer`);
      await shotPage.getByRole('link', { name: 'Buy your pass' }).click();
      await shotPage.getByTestId('waitlist-offer-banner').waitFor();
      await shot(shotPage, `${width}-waitlist-offer-checkout`);
      await shotPage.goto(`${base}/dashboard/login`);
      await signInOperator(shotPage, `admin@${tenant.subdomain}.example`, 'Console#2026');
      await shotPage.goto(`${base}/dashboard/waitlists`);
      await shotPage.getByTestId('waitlist-entry').first().waitFor();
      await shot(shotPage, `${width}-console-waitlists`);
      await shotContext.close();
    }
  }
}

/** A phone or desktop context where the patrol app may read its position (a notice's location). */
async function patrolContext(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: width < 500 });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 41.88, longitude: -87.63 });
  return context;
}

/** The patrol app (issue 29) on the patrol fixture's light and dark brands, signed in as their officer. */
async function shootPatrol(browser: Browser, port: number) {
  // Its steps sign in on the page of its first shot: run them only when a patrol shot is wanted.
  if (
    !['light', 'dark'].some((label) => WIDTHS.some((width) => isWanted(`${label}-${width}-patrol-check.png`)))
  )
    return;
  const checkPlate = (plate: string) => async (page: Page) => {
    await page.getByRole('textbox', { name: 'Plate' }).fill(plate);
    await page.getByRole('textbox', { name: 'Plate' }).press('Enter');
    await page.getByTestId('patrol-answer').waitFor();
  };
  for (const [label, subdomain] of [
    ['light', 'patrolbright'],
    ['dark', 'patroldark'],
  ] as const) {
    for (const width of WIDTHS) {
      const context = await patrolContext(browser, width);
      const page = await context.newPage();
      const base = `http://${subdomain}.localhost:${port}`;
      await shootSteps(page, base, `${label}-${width}`, [{ name: 'patrol-sign-in', path: '/patrol' }]);
      await signInOperator(page, `officer@${subdomain}.example`);
      await shootSteps(page, base, `${label}-${width}`, [
        { name: 'patrol-check', path: '/patrol' },
        { name: 'patrol-covered', path: '/patrol', act: checkPlate('PAT100') },
        { name: 'patrol-not-covered', path: '/patrol', act: checkPlate('OWE300') },
        {
          name: 'patrol-notice',
          path: '/patrol',
          act: (page) => page.getByRole('tab', { name: 'Notice' }).click(),
        },
        {
          name: 'patrol-shift',
          path: '/patrol',
          act: (page) => page.getByRole('tab', { name: /My shift/ }).click(),
        },
      ]);
      await context.close();
    }
  }
}

/**
 * Issue 31 on the patrol app: a repeat offender checked online, then offline from the snapshot,
 * on the repeat-offender fixture's light and dark brands.
 */
async function shootPatrolRepeatOffender(browser: Browser, port: number) {
  const check = async (page: Page, plate: string) => {
    await page.getByRole('textbox', { name: 'Plate' }).fill(plate);
    await page.getByRole('textbox', { name: 'Plate' }).press('Enter');
    await page.getByTestId('patrol-repeat-offender').waitFor();
  };
  for (const [label, subdomain, plate] of [
    ['light', 'repeatlight', 'RLREP1'],
    ['dark', 'repeatdark', 'RDREP1'],
  ] as const) {
    for (const width of WIDTHS) {
      const names = ['patrol-repeat-offender', 'patrol-repeat-offender-offline'];
      if (!names.some((name) => isWanted(`${label}-${width}-${name}.png`))) continue;
      const context = await patrolContext(browser, width);
      const page = await context.newPage();
      const base = `http://${subdomain}.localhost:${port}`;
      await page.goto(`${base}/patrol`);
      await signInOperator(page, `officer@${subdomain}.example`);
      await shootSteps(page, base, `${label}-${width}`, [
        { name: 'patrol-repeat-offender', path: '/patrol', act: (page) => check(page, plate) },
        {
          name: 'patrol-repeat-offender-offline',
          path: '/patrol',
          act: async (page) => {
            await page.getByTestId('patrol-snapshot').getByText(/from/).waitFor();
            await context.setOffline(true);
            await page.getByTestId('patrol-network').getByText('Offline').waitFor();
            await check(page, plate);
            await page
              .getByTestId('patrol-answer-source')
              .getByText(/snapshot/)
              .waitFor();
          },
        },
      ]);
      await context.setOffline(false);
      await context.close();
    }
  }
}

/**
 * Issue 31 on the demo tenant, as an operator trying the demo sees it: the open offer of the sold-out
 * Reserved Garage Space, Dana's household quota at the visitor pass's checkout, and the tenant's
 * guest quota in Settings.
 */
async function shootDemoBeyondTheSpec(browser: Browser, port: number) {
  const base = `http://demo.localhost:${port}`;
  for (const width of WIDTHS) {
    const names = ['waitlist-offer', 'quota-household', 'guest-quota-settings'];
    if (!names.some((name) => isWanted(`demo-${width}-${name}.png`))) continue;
    const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
    const page = await context.newPage();
    await shootSteps(page, base, `demo-${width}`, [
      {
        name: 'waitlist-offer',
        path: '/waitlist/offer/demo-offer-jordan-lee-reserved',
        act: (page) => page.getByTestId('waitlist-offer-status').waitFor(),
      },
    ]);
    await signIn(page, base, 'demo', 'dana@example.com');
    const visitorProduct = await page.evaluate(async () => {
      const response = await fetch('/api/v1/portal/permit/products?visitor_only=true', {
        headers: { authorization: localStorage.getItem('jwt') ?? '' },
      });
      const products = (await response.json()) as Array<{ uuid: string; name: string }>;
      return products.find((product) => product.name === 'Daily Visitor Pass')?.uuid ?? '';
    });
    await shootSteps(page, base, `demo-${width}`, [
      {
        name: 'quota-household',
        path: `/permits/view/apply/${visitorProduct}`,
        act: (page) => page.getByTestId('quota-notice').waitFor(),
      },
    ]);
    await signInOperator(page, 'operator@demo.example', PASSWORD);
    await shootSteps(page, base, `demo-${width}`, [
      {
        name: 'guest-quota-settings',
        path: '/dashboard/settings',
        act: (page) => page.getByRole('region', { name: 'Guest quota' }).scrollIntoViewIfNeeded(),
      },
    ]);
    await context.close();
  }
}

/**
 * Issue 27: a sold-out product opened by its URL (rendered by the server, with its waitlist), a
 * resident at the maximum number of passes opening a product, and the platform's tenants list.
 */
async function shootPhoneTables(browser: Browser, port: number) {
  const base = `http://tablelight.localhost:${port}`;
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/portal/permit/products/subdomain/tablelight`);
  const products = (await response.json()) as Array<{ uuid: string; name: string }>;
  const resident = products.find((product) => product.name === 'Resident');
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
    const page = await context.newPage();
    await shootSteps(page, base, `tables-${width}`, [
      { name: 'sold-out-checkout', path: '/permit/7ab1e5d0-0000-4000-8000-000000000501/guestcheckout' },
    ]);
    await signIn(page, base, 'tablelight', 'resident@tablelight.example');
    await shootSteps(page, base, `tables-${width}`, [
      { name: 'passes-dashboard', path: '/permits/dashboard' },
      { name: 'apply-at-maximum', path: `/permits/view/apply/${resident?.uuid ?? ''}` },
    ]);
    await page.goto(`http://localhost:${port}/admin/login`);
    await page.evaluate(
      async ({ email, password }) => {
        const answer = await fetch('/api/v1/admin/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        localStorage.setItem('platformAdminJwt', `Bearer ${(await answer.json()).jwtToken}`);
      },
      { email: PLATFORM_ADMIN, password: PASSWORD },
    );
    await shootSteps(page, `http://localhost:${port}`, `tables-${width}`, [
      { name: 'platform-tenants', path: '/admin/tenants' },
    ]);
    await context.close();
  }
}

/** Pays the sandbox's checkout the page is on, with the test card. */
async function paySandbox(page: Page) {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * A guest's two-hour pass of the tenant's first product for `plate`, bought and paid: answers its
 * uuid. (The same plate again within a minute would be answered as a double click.)
 */
async function buyShortPass(page: Page, base: string, subdomain: string, plate: string): Promise<string> {
  await page.goto(`${base}/permits/choose`);
  const { passId, checkoutURL } = await page.evaluate(
    async ({ subdomain, plate }) => {
      const products = (await (await fetch('/api/v1/portal/permit/products')).json()) as Array<{
        uuid: string;
      }>;
      const issued = await fetch('/api/v1/permits/checkout/guest/paid/incomplete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          permitProductUUID: products[0]?.uuid,
          subdomain,
          email: `sam@${subdomain}.example`,
          fullname: 'Sam Short',
          date: new Date().toISOString(),
          vehicle: { plate, state: 'NY', make: 'KIA', model: 'RIO', color: 'RED' },
        }),
      });
      const { permitIssuedUUID } = (await issued.json()) as { permitIssuedUUID: string };
      const checkout = await fetch(
        `/api/v1/portal/permit/guestcheckout/${permitIssuedUUID}/subdomain/${subdomain}`,
      );
      return {
        passId: permitIssuedUUID,
        checkoutURL: ((await checkout.json()) as { checkoutURL: string }).checkoutURL,
      };
    },
    { subdomain, plate },
  );
  await page.goto(checkoutURL);
  await paySandbox(page);
  await page.waitForURL(/\/success\?checkout=success/);
  return passId;
}

/**
 * Issue 31's screens beside the waitlists: a notice's payment plan chosen (the schedule before
 * checkout), a resident's guest quota at the checkout, a short pass's "Extend this pass" panel,
 * and the console's pass page with the paid extension (decision 243).
 */
async function shootBeyondTheSpec(browser: Browser, port: number) {
  const brands = [
    {
      label: 'light',
      plans: 'plantest',
      notice: '5a1e0000-0000-4000-8000-000000000501',
      extend: 'extendlight',
    },
    {
      label: 'dark',
      plans: 'plandark',
      notice: '5a1e0000-0000-4000-8000-000000000502',
      extend: 'extenddark',
    },
  ] as const;
  for (const brand of brands) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
      const page = await context.newPage();
      await shootSteps(page, `http://${brand.plans}.localhost:${port}`, `${brand.label}-${width}`, [
        {
          name: 'plan-choice',
          path: `/citations/${brand.notice}`,
          act: async (page) => {
            await page.getByRole('button', { name: 'Pay in instalments' }).click();
            await page.getByLabel('Number of monthly instalments').selectOption('3');
            await page.getByTestId('plan-schedule').waitFor();
          },
        },
      ]);
      if (brand.label === 'light') {
        // The browser tests' quota product: 24 hours of guest parking per 14 days.
        const quotaBase = `http://passtest.localhost:${port}`;
        await signIn(page, quotaBase, 'passtest', 'quota@passtest.example');
        await shootSteps(page, quotaBase, `${brand.label}-${width}`, [
          {
            name: 'quota-message',
            path: '/permits/view/apply/5a0e31f7-3c1d-4c55-9a61-2b0b7c2f0a31',
            act: (page) => page.getByTestId('quota-notice').waitFor(),
          },
        ]);
      }
      // Buying and extending a pass changes the data: only when one of its shots is wanted.
      const extensionShots = ['extension-panel', 'console-pass-extension'].map((name) =>
        path.join(OUTPUT_DIR, `${brand.label}-${width}-${name}.png`),
      );
      if (extensionShots.some(isWanted)) {
        const base = `http://${brand.extend}.localhost:${port}`;
        const passId = await buyShortPass(page, base, brand.extend, `EXT${width}`);
        await shootSteps(page, base, `${brand.label}-${width}`, [
          {
            name: 'extension-panel',
            path: `/permit/issued/${passId}/receipt?extend=1`,
            act: (page) => page.getByTestId('extend-pass').waitFor(),
          },
        ]);
        await page.goto(`${base}/permit/issued/${passId}/receipt?extend=1`);
        await page.getByTestId('extend-pass').click();
        await paySandbox(page);
        await page.waitForURL(/\/receipt\?extension=paid$/);
        await signInOperator(page, `admin@${brand.extend}.example`);
        await shootSteps(page, base, `${brand.label}-${width}`, [
          {
            name: 'console-pass-extension',
            path: `/dashboard/passes/${passId}`,
            act: (page) => page.getByTestId('console-pass-extensions').waitFor(),
          },
        ]);
      }
      await context.close();
    }
  }
}

/** Signs the page's origin in as an operator, stored as the console's sign-in stores it. */
async function signInOperator(page: Page, email: string, password = 'Operator#2026') {
  await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/v1/dashboard/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      localStorage.setItem('operatorJwt', `Bearer ${(await response.json()).jwtToken}`);
    },
    { email, password },
  );
}

/**
 * Issue 33's console desk on a light and a dark brand (the browser tests' bulk-work tenants, 60
 * unused codes each): the access codes searched, then a search's page selected with the bulk bar
 * and "all N matching", and the settings with their currency section.
 */
async function shootConsoleDesk(browser: Browser, port: number) {
  const brands = [
    { label: 'light', subdomain: 'bulklight', product: 'Bulk Sunny Visitor Codes', tag: 'L' },
    { label: 'dark', subdomain: 'bulkdark', product: 'Bulk Night Visitor Codes', tag: 'D' },
  ] as const;
  for (const brand of brands) {
    const base = `http://${brand.subdomain}.localhost:${port}`;
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
      const page = await context.newPage();
      await page.goto(`${base}/dashboard/login`);
      await signInOperator(page, `ops@${brand.subdomain}.example`);
      const product = await page.evaluate(async (name) => {
        const headers = { authorization: localStorage.getItem('operatorJwt') ?? '' };
        const products = (await (await fetch('/api/v1/dashboard/products', { headers })).json()) as {
          items: Array<{ uuid: string; name: string }>;
        };
        return products.items.find((item) => item.name === name)?.uuid ?? '';
      }, brand.product);
      const codes = `/dashboard/products/${product}/codes`;
      await shootSteps(page, base, `${brand.label}-${width}-operator`, [
        {
          name: 'access-codes-search',
          path: `${codes}?q=${brand.tag}C-05`,
          act: (page) => page.getByText('1–10 of 10', { exact: true }).waitFor(),
        },
        {
          name: 'access-codes-selected',
          path: `${codes}?q=${brand.tag}C-0`,
          act: async (page) => {
            const bar = page.getByRole('region', { name: 'Bulk actions' });
            await bar.getByRole('checkbox', { name: 'Select every row on this page' }).check();
            await bar.getByRole('button', { name: /^Select all \d+ matching$/ }).click();
            await bar.getByText('60 selected', { exact: true }).waitFor();
          },
        },
        {
          name: 'settings-currency',
          path: '/dashboard/settings',
          act: (page) => page.getByRole('heading', { name: 'Currency' }).waitFor(),
        },
      ]);
      await context.close();
    }
  }
}

async function shoot(browser: Browser, port: number) {
  await shootConsoleDesk(browser, port);
  await shootBeyondTheSpec(browser, port);
  await shootPhoneTables(browser, port);
  await shootWaitlists(browser, port);
  await shootPatrol(browser, port);
  await shootPatrolRepeatOffender(browser, port);
  await shootDemoBeyondTheSpec(browser, port);
  await shootLists(browser, port);
  await shootHawaiiForm(browser, port);
  for (const brand of BRANDS) {
    const base = `http://${brand.subdomain}.localhost:${port}`;
    const payable = await noticeUuid(port, brand.subdomain, `${brand.prefix}2001`);
    const appealed = await noticeUuid(port, brand.subdomain, `${brand.prefix}2002`);
    const paid = await noticeUuid(port, brand.subdomain, `${brand.prefix}2003`);
    const verify = await verifyPath(browser, base, payable);
    const steps: Step[] = [
      { name: 'home', path: '/' },
      { name: 'notice-list', path: `/citations?plate=${brand.plate}2001` },
      { name: 'notice-search-misread', path: `/citations?plate=${brand.plate}2OO1` },
      { name: 'notice-detail', path: `/citations/${payable}` },
      {
        name: 'notice-photo',
        path: `/citations/${payable}`,
        act: (page) => page.getByRole('button', { name: 'Open photo 1 full size' }).click(),
      },
      { name: 'notice-paid', path: `/citations/${paid}` },
      { name: 'printable-notice', path: `/citations/${payable}/ticketview` },
      { name: 'verify-notice', path: verify },
      { name: 'verify-notice-forged', path: `${verify.slice(0, -4)}AAAA` },
      { name: 'appeal-search', path: '/noticeappeal' },
      { name: 'appeal-form', path: `/noticeappeal/${payable}` },
      { name: 'appeal-pending', path: `/noticeappeal/${appealed}` },
      { name: 'login', path: '/permits/login' },
      { name: 'signup', path: '/permits/signup' },
      { name: 'find-account', path: '/permits/send_password_reset' },
      { name: 'privacy', path: '/privacy' },
      // Issue 27: the success page with no pass, and a rejected request.
      { name: 'pass-success-no-pass', path: '/permits/issued/success' },
      { name: 'pass-rejected', path: '/permits/issued/invalid?reason=rejected' },
      // A used or expired invitation link (decision 216); a live one comes from an email only.
      { name: 'invitation-used', path: '/permits/invitation/00000000-0000-4000-8000-000000000000' },
      { name: 'dashboard', path: '/permits/dashboard', signedIn: true },
      { name: 'passes', path: '/permits/view', signedIn: true },
      { name: 'account', path: '/permits/account', signedIn: true },
      {
        name: 'account-password-dialog',
        path: '/permits/account',
        signedIn: true,
        act: (page) => page.getByRole('button', { name: 'Change password' }).click(),
      },
    ];
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
      const page = await context.newPage();
      await signIn(page, base, brand.subdomain);
      await shootSteps(page, base, `${brand.label}-${width}`, steps);
      await page.goto(`${base}/dashboard/login`);
      await settle(page);
      await page.screenshot({
        path: path.join(OUTPUT_DIR, `${brand.label}-${width}-operator-login.png`),
        fullPage: true,
      });
      await page.getByLabel('Email').fill(`ops@${brand.subdomain}.example`);
      await page.getByRole('textbox', { name: 'Password' }).fill('Operator#2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Sign-in lands on the console's overview, shot on its own below; the appeals queue next.
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${base}/dashboard/appeals`);
      await settle(page);
      await page.screenshot({
        path: path.join(OUTPUT_DIR, `${brand.label}-${width}-operator-appeals.png`),
        fullPage: true,
      });
      // Issue 33: the answer dialog with "reduce" chosen, and the approvals queue with its page selected.
      const approve = page.getByRole('button', { name: /^Approve / }).first();
      if ((await approve.count()) > 0) {
        await approve.click();
        await page.getByRole('radio', { name: 'Reduce the amount to pay' }).check();
        await settle(page);
        await page.screenshot({
          path: path.join(OUTPUT_DIR, `${brand.label}-${width}-operator-appeal-reduce.png`),
        });
        await page.keyboard.press('Escape');
      }
      await page.goto(`${base}/dashboard/passes?status=waiting`);
      await settle(page);
      const selectPage = page.getByRole('checkbox', { name: 'Select every row on this page' });
      if ((await selectPage.count()) > 0) await selectPage.check();
      await settle(page);
      await page.screenshot({
        path: path.join(OUTPUT_DIR, `${brand.label}-${width}-operator-approvals-selected.png`),
        fullPage: true,
      });
      // Issue 33: bulk cancel on the passes list, its dialog saying how many passes it touches.
      await page.goto(`${base}/dashboard/passes`);
      await settle(page);
      if ((await selectPage.count()) > 0) {
        await selectPage.check();
        await page.getByRole('button', { name: 'Cancel passes' }).click();
        await settle(page);
        await page.screenshot({
          path: path.join(OUTPUT_DIR, `${brand.label}-${width}-operator-passes-bulk-cancel.png`),
        });
        await page.keyboard.press('Escape');
      }
      // Issue 33: the console's first page with its charts, and a plate at the desk, on each brand.
      await shootSteps(page, base, `${brand.label}-${width}-operator`, [
        { name: 'overview', path: '/dashboard' },
        { name: 'plate-lookup', path: `/dashboard/plates/${brand.plate}2001` },
      ]);
      if (width < 500) {
        await page.goto(`${base}/permits/account`);
        await settle(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await settle(page);
        await page.screenshot({ path: path.join(OUTPUT_DIR, `${brand.label}-${width}-phone-menu.png`) });
      }
      await context.close();
    }
  }
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/404`);
    await settle(page);
    await page.getByLabel('Parking operator name').fill('park');
    await page.getByRole('button', { name: 'Find portal' }).click();
    await settle(page);
    await page.screenshot({
      path: path.join(OUTPUT_DIR, `bare-${width}-404-find-portal.png`),
      fullPage: true,
    });
    await context.close();
  }
}

async function main() {
  // SCREENS_SKIP_BUILD=1 reuses a build already made (dist/), as E2E_SKIP_BUILD does for the browser tests.
  if (!process.env.SCREENS_SKIP_BUILD) {
    const { buildAll } = await import('./build.mjs');
    await buildAll();
  }
  rmSync(OUTPUT_DIR, { recursive: true, force: true });
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-screens-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const port = await findFreePort();
    await prepareDatabase(dataDir, port);
    server = await startServer(dataDir, port);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
    });
    await shoot(browser, port);
    console.log(`Screenshots in ${path.relative(process.cwd(), OUTPUT_DIR)}/`);
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
