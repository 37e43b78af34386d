import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platePhoto } from '../support/plate-photo';
import {
  expectAccessible,
  expectNoPageErrors,
  launchBrowser,
  newContext,
  screenshot,
  tenantUrl,
} from './support/browser';

/**
 * The patrol app (issue 29) on a 390 × 844 phone: an officer of tests/e2e/fixtures/patrol.json
 * signs in, checks plates online, then offline from the snapshot, and what was recorded offline
 * reaches the activity report and the public lookup exactly once.
 */
const BRIGHT = 'patrolbright';
const DARK = 'patroldark';
const REPORT = '9a7d0125-2026-4c0d-9e1a-00000000b001';
const PASSWORD = 'Operator#2026';
/** Plates unique to this run, so a rerun on the same server still counts one of each. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const OFFLINE_PLATES = [`OFA${RUN}`, `OFB${RUN}`, `OFC${RUN}`];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openPatrol(subdomain: string) {
  await context?.close();
  context = await newContext(browser, { phone: true });
  // A phone that lets the app know where it is (scans carry GPS).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 41.88, longitude: -87.63 });
  page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl(subdomain, '/patrol'));
  await page.getByLabel('Email', { exact: true }).fill(`officer@${subdomain}.example`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'Plate' }).waitFor();
  await page.getByText(/^Offline list of covered plates from /).waitFor();
}

/** Types a plate and checks it by keyboard; answers the answer panel's text. */
/** Waits until the service worker keeps the plate reader's script, core and data (decision 234). */
async function waitForReaderKept() {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept = await (await caches.open('patrol-ocr')).keys();
          const paths = kept.map((request) => new URL(request.url).pathname);
          return ['/worker.min.js', '-lstm.js', '-lstm.wasm', '/eng.traineddata'].every((end) =>
            paths.some((path) => path.endsWith(end)),
          );
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
}

async function checkPlate(plate: string): Promise<string> {
  const field = page.getByRole('textbox', { name: 'Plate' });
  await field.fill(plate);
  await field.press('Enter');
  const answer = page.getByTestId('patrol-answer');
  await answer.waitFor();
  await page.getByText(/^(Scan recorded|Scan saved)/).waitFor();
  const text = (await answer.textContent()) ?? '';
  await page.getByRole('button', { name: 'Check another plate' }).click();
  return text;
}

function photoPng(): Buffer {
  const png = new PNG({ width: 64, height: 48 });
  for (let offset = 0; offset < png.data.length; offset += 4) png.data.set([40, 90, 160, 255], offset);
  return PNG.sync.write(png);
}

/** An answer of the API asked from the page (Node cannot resolve *.localhost), with its status. */
const pageJson = (path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }, path) as Promise<unknown>;

describe('the patrol app', () => {
  it('signs an officer in and answers a covered and an uncovered plate in words and shapes', async () => {
    await openPatrol(BRIGHT);
    await expectAccessible(page);
    const covered = await checkPlate('pat-100');
    expect(covered).toContain('PAT100');
    expect(covered).toContain('Covered');
    expect(covered).toContain('Patrol Resident Pass');
    expect(covered).toMatch(/Checked online at \d\d:\d\d [AP]M/);

    const field = page.getByRole('textbox', { name: 'Plate' });
    await field.fill('owe 300');
    await field.press('Enter');
    await page.getByTestId('patrol-answer').waitFor();
    await expect.poll(() => page.getByTestId('patrol-answer').textContent()).toContain('Not covered');
    expect(await page.getByTestId('patrol-answer').textContent()).toContain('1 outstanding notice');
    await page.getByText(/^Scan recorded/).waitFor();
    await expectAccessible(page);
    await screenshot(page, `not-covered-bright`);

    // A photo of the plate is read on the phone into the field, for the officer to confirm.
    await page.getByRole('button', { name: 'Check another plate' }).click();
    await page.getByLabel('Photo of the plate').setInputFiles({
      name: 'plate.png',
      mimeType: 'image/png',
      buffer: await platePhoto(page, 'PAT 100'),
    });
    await expect.poll(() => field.inputValue(), { timeout: 60_000 }).toBe('PAT100');
    expect(await page.getByTestId('patrol-reading').textContent()).toContain('Read PAT100.');
    // Read, not checked: the check stays the officer's to start.
    expect(await page.getByTestId('patrol-answer').count()).toBe(0);
    await expectAccessible(page);
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('patrol-answer').textContent()).toContain('Covered');
    await page.getByRole('button', { name: 'Check another plate' }).click();

    // This browser has no camera: the camera sends the officer to the photo input, saying why.
    await page.getByRole('button', { name: 'Camera' }).click();
    await expect
      .poll(() => page.getByTestId('patrol-reading').textContent())
      .toMatch(/(No camera could be opened|The camera is not allowed)/);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('file');

    await page.getByRole('tab', { name: /My shift/ }).click();
    await expect.poll(() => page.getByTestId('patrol-waiting').textContent()).toBe('Everything is sent');
    await expectAccessible(page);
    await screenshot(page, `shift-bright`);
    expectNoPageErrors(page);
  });

  it('records three scans and a notice with a photo offline and sends each exactly once', async () => {
    await openPatrol(BRIGHT);
    // The service worker has taken the page and kept /patrol for offline use.
    await expect
      .poll(
        () =>
          page.evaluate(
            async () => (await caches.has('patrol-page')) && navigator.serviceWorker.controller !== null,
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    // An officer goes out with the app prepared: the reader started while it was online.
    await waitForReaderKept();
    await context.setOffline(true);
    await page.getByText('Offline', { exact: false }).first().waitFor();

    const answers = [];
    // The first scan carries a photo of the plate, uploaded when the phone is online again.
    await page.getByLabel('Photo of the plate').setInputFiles({
      name: 'plate.png',
      mimeType: 'image/png',
      buffer: photoPng(),
    });
    await page.getByTestId('patrol-plate-photo').waitFor();
    for (const plate of OFFLINE_PLATES) answers.push(await checkPlate(plate));
    for (const answer of answers) {
      expect(answer).toContain('Not covered');
      expect(answer).toMatch(/From the snapshot of \d\d:\d\d [AP]M/);
    }
    expect(await checkPlate('PAT 100')).toContain('Covered');

    await page.getByRole('tab', { name: 'Notice' }).click();
    await page.getByRole('textbox', { name: 'Plate' }).fill(OFFLINE_PLATES[0]!);
    await page.getByRole('textbox', { name: 'Violation code' }).fill('EXPIRED METER');
    await page.getByRole('textbox', { name: 'Location' }).fill('Lot C, row 4');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'plate.png',
      mimeType: 'image/png',
      buffer: photoPng(),
    });
    await page.getByText('1 of 4 photos').waitFor();
    await page.getByRole('button', { name: 'Save notice' }).click();

    await expect.poll(() => page.getByTestId('patrol-waiting').textContent()).toBe('5 waiting to send');
    await expectAccessible(page);
    await screenshot(page, `offline-queue`);

    // With no network the app opens again from its service worker, the queue still on the phone.
    await page.reload();
    await page.getByRole('textbox', { name: 'Plate' }).waitFor();
    await page.getByRole('tab', { name: /My shift/ }).click();
    await expect.poll(() => page.getByTestId('patrol-waiting').textContent()).toBe('5 waiting to send');

    await context.setOffline(false);
    await expect
      .poll(() => page.getByTestId('patrol-waiting').textContent(), { timeout: 20_000 })
      .toBe('Everything is sent');
    // Coming back again sends nothing twice.
    await page.reload();
    await page.getByRole('tab', { name: /My shift/ }).click();
    await expect.poll(() => page.getByTestId('patrol-waiting').textContent()).toBe('Everything is sent');

    const report = (await pageJson(`/api/v1/reports/${REPORT}/data`)) as {
      reportItems: { plate: string; fullImageURL: string | null }[];
    };
    for (const plate of OFFLINE_PLATES) {
      expect(report.reportItems.filter((item) => item.plate === plate)).toHaveLength(1);
    }
    expect(report.reportItems.find((item) => item.plate === OFFLINE_PLATES[0])?.fullImageURL).toBeTruthy();
    expect(report.reportItems.find((item) => item.plate === OFFLINE_PLATES[1])?.fullImageURL).toBeNull();
    const lookup = (await pageJson(`/api/v1/portal/citation/p/${OFFLINE_PLATES[0]}/n/blank/o/${BRIGHT}`)) as {
      plate: string;
      citationName: string;
    }[];
    expect(lookup).toHaveLength(1);
    expect(lookup[0]).toMatchObject({ plate: OFFLINE_PLATES[0] });
    expectNoPageErrors(page);
  });

  it('reads a plate from a photo offline, its code and data kept by the service worker', async () => {
    await openPatrol(BRIGHT);
    // Online once: the reader starts while the app is idle, through the service worker, which keeps
    // its worker script, WebAssembly core and English data (decision 234).
    await waitForReaderKept();
    // Nothing from the browser's own cache either: offline, only the service worker can answer.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page.reload();
    const field = page.getByRole('textbox', { name: 'Plate' });
    await field.waitFor();
    await page.getByText('Offline', { exact: false }).first().waitFor();
    await page.getByLabel('Photo of the plate').setInputFiles({
      name: 'plate.png',
      mimeType: 'image/png',
      buffer: await platePhoto(page, 'KXT 702'),
    });
    await expect.poll(() => field.inputValue(), { timeout: 60_000 }).toBe('KXT702');
    expect(await page.getByTestId('patrol-reading').textContent()).toContain('Read KXT702.');
    await expectAccessible(page);
    await screenshot(page, 'read-offline');
    await context.setOffline(false);
    expectNoPageErrors(page);
  });

  it('is accessible on a dark brand and signs out clearing the phone', async () => {
    await openPatrol(DARK);
    expect(await checkPlate('DARK 1')).toContain('Not covered');
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Notice' }).click();
    await expectAccessible(page);
    await screenshot(page, `notice-dark`);
    await page.getByRole('tab', { name: /My shift/ }).click();
    await expect.poll(() => page.getByTestId('patrol-waiting').textContent()).toBe('Everything is sent');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').waitFor();
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
    expect(databases).not.toContain('patrol');
    expect(await page.evaluate(() => localStorage.getItem('operatorJwt'))).toBeNull();
    expectNoPageErrors(page);
  });
});
