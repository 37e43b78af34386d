import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngBytes } from '../support/files';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';

let browser: Browser;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, page } = opened);
});

const TENANT = 'darklot';
const APPELLANT_TOKEN = '5d0c8a52-3f7e-4b8a-9c1d-2e6f4a7b8c90';

describe('appeal thread', () => {
  it('lets the appellant and the operator write to each other until the decision', async () => {
    await page.goto(tenantUrl(TENANT, '/citations?citationid=DA2002'));
    const href = await page.getByRole('link', { name: 'Select DA2002' }).getAttribute('href');
    const appealUrl = tenantUrl(TENANT, href!.replace('/citations/', '/noticeappeal/'));
    // The thread is the appellant's: this browser holds the appeal's token, as after following the
    // emailed confirmation link (tests/e2e/fixtures/brands.json).
    const citationUUID = new URL(appealUrl).pathname.split('/').at(-1)!;
    await page.goto(appealUrl);
    await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [
      `appealToken:${citationUUID}`,
      APPELLANT_TOKEN,
    ] as const);
    await page.reload();
    const thread = page.getByTestId('message-thread');
    await thread.getByText('No messages yet.').waitFor();
    await thread.getByRole('button', { name: 'Send message' }).click();
    await thread.getByText('Write a message first.').waitFor();
    await thread.getByLabel('Your message').fill('The meter was broken; I have a photo.');
    await thread.getByRole('button', { name: 'Send message' }).click();
    await thread.getByTestId('thread-message').filter({ hasText: 'The meter was broken' }).waitFor();
    await expect(thread.getByLabel('Your message').inputValue()).resolves.toBe('');
    await expectAccessible(page);

    const operatorContext = await newContext(browser);
    const operator = await operatorContext.newPage();
    await operator.goto(tenantUrl(TENANT, '/dashboard/login'));
    await operator.getByLabel('Email').fill(`ops@${TENANT}.example`);
    await operator.getByRole('textbox', { name: 'Password' }).fill('Operator#2026');
    await operator.getByRole('button', { name: 'Sign in' }).click();
    // Sign-in lands on the console's overview; the appeals queue is in its menu.
    await operator.waitForURL(/\/dashboard$/);
    await operator.getByRole('link', { name: 'Appeals' }).first().click();
    await operator.waitForURL(/\/dashboard\/appeals$/);
    const card = operator.getByRole('listitem', { name: 'Appeal of notice DA2002' });
    await card.getByTestId('thread-message').filter({ hasText: 'The meter was broken' }).waitFor();
    await card.getByLabel('Your message').fill('Please send the photo of the meter.');
    await card.getByRole('button', { name: 'Send message' }).click();
    await card.getByTestId('thread-message').filter({ hasText: 'Please send the photo' }).waitFor();
    await expectAccessible(operator);
    expectNoPageErrors(operator);
    await operatorContext.close();

    await page.reload();
    const messages = page.getByTestId('message-thread').getByTestId('thread-message');
    await messages.filter({ hasText: 'Please send the photo' }).waitFor();
    await expect(messages.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^You · .*The meter was broken; I have a photo\.$/),
      expect.stringMatching(/^Operator · .*Please send the photo of the meter\.$/),
    ]);

    // The evidence goes with the next message: uploaded when picked, shown in the thread once sent.
    await thread
      .getByTestId('proof-photo-input')
      .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: pngBytes(40, 30) });
    await thread.getByRole('img', { name: 'Proof photo 1' }).waitFor();
    await thread.getByLabel('Your message').fill('Here is the broken meter.');
    await thread.getByRole('button', { name: 'Send message' }).click();
    const withPhoto = messages.filter({ hasText: 'Here is the broken meter.' });
    await withPhoto.getByRole('button', { name: 'Open photo 1 full size' }).waitFor();
    await expect(thread.getByTestId('proof-photos').count()).resolves.toBe(0);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });
});
