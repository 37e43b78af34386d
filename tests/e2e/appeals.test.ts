import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  tenantUrl,
} from './support/browser';
import { openEmail as openEmailOf } from './support/mailbox';

const TENANT = 'appealtest';
let browser: Browser;
let context: BrowserContext;
let page: Page;

openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

/** Draws a small real image with the page's canvas and returns its bytes. */
async function drawImage(target: Page, type: 'image/png' | 'image/jpeg', hue: number): Promise<Buffer> {
  const dataUrl = await target.evaluate(
    ({ type, hue }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d')!;
      context.fillStyle = `hsl(${hue}, 70%, 50%)`;
      context.fillRect(0, 0, 64, 48);
      context.fillStyle = '#fff';
      context.fillRect(8, 8, 20, 12);
      return canvas.toDataURL(type, 0.9);
    },
    { type, hue },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function attachPhoto(target: Page, name: string, mimeType: string, buffer: Buffer) {
  const chooser = target.waitForEvent('filechooser');
  await target.getByRole('button', { name: /^Attach Proof Photo/ }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

/** Waits for the appeal banner to read exactly this. */
function bannerReads(target: Page, text: string) {
  return target.getByTestId('appeal-banner').getByText(text, { exact: true }).waitFor();
}

/** The file's tenant's mailbox (tests/e2e/support/mailbox.ts). */
const openEmail = (target: Page, to: string, subject: string) => openEmailOf(target, TENANT, to, subject);

async function searchNotice(target: Page, number: string) {
  await target.getByLabel('Notice #').fill(number);
  await target.getByRole('button', { name: 'Search' }).click();
}

describe('notice appeal', () => {
  it('explains why a notice cannot be appealed: no record, expired, voided', async () => {
    await page.goto(tenantUrl(TENANT, '/'));
    await page.getByRole('link', { name: 'Dispute notice' }).click();
    await page.waitForURL(/\/noticeappeal$/);
    await page.getByRole('heading', { name: 'Parking notice appeal' }).waitFor();
    await expectAccessible(page);

    await searchNotice(page, 'NOSUCH1');
    await expect(page.getByTestId('appeal-search-error').textContent()).resolves.toBe(
      'Parking notice cannot be appealed because there is either no record for this violation, it has already been appealed, or the notice has been voided . Please confirm your Notice #.',
    );
    await searchNotice(page, 'ap 1003');
    await page
      .getByText('Appeal window has expired. This violation is no longer eligible for appeal.')
      .waitFor();
    await searchNotice(page, 'AP1004');
    await page.getByText(/Parking notice cannot be appealed/).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('files an appeal with photos: validation, four photos, a fifth refused, one removed, locked after submit', async () => {
    await page.goto(tenantUrl(TENANT, '/noticeappeal'));
    await searchNotice(page, 'ap1001');
    await page.waitForURL(/\/noticeappeal\/[0-9a-f-]{36}$/);
    const appealUrl = page.url();
    await bannerReads(page, 'Submit appeal for review');
    await page.getByText('Lot B').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Submit appeal' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByLabel('Name').fill('Jordan Appellant');
    await page.getByLabel('Email').fill('jordan@example');
    await page.getByRole('button', { name: 'Submit appeal' }).click();
    await page.getByText('Please enter a valid email.').waitFor();
    await page.getByLabel('Email').fill('jordan@example.com');
    await page.getByLabel('Phone number').fill('555-0199');
    await page.getByLabel('Address').fill('9 Birch Rd, Springfield');
    await page.getByRole('button', { name: 'Submit appeal' }).click();
    await page.getByText('Please enter an appeal reason.').waitFor();
    await page.getByLabel('Reason for appeal').fill('The permit was on the dashboard; photos attached.');

    const images = [
      await drawImage(page, 'image/jpeg', 10),
      await drawImage(page, 'image/png', 120),
      await drawImage(page, 'image/jpeg', 200),
      await drawImage(page, 'image/png', 300),
    ];
    for (const [index, buffer] of images.entries()) {
      const isPng = index % 2 === 1;
      await attachPhoto(
        page,
        `proof-${index + 1}.${isPng ? 'png' : 'jpg'}`,
        isPng ? 'image/png' : 'image/jpeg',
        buffer,
      );
      await page.getByRole('button', { name: `Attach Proof Photo (${index + 1}/4)` }).waitFor();
    }
    await page.getByRole('img', { name: 'Proof photo 4' }).waitFor();
    await expectAccessible(page);

    // A fifth attempt explains the limit and opens no file picker.
    let chooserOpened = false;
    page.once('filechooser', () => {
      chooserOpened = true;
    });
    await page.getByRole('button', { name: 'Attach Proof Photo (4/4)' }).click();
    await page
      .getByText(
        'The maximum number of proof images have already been attached. Delete an image to add a new image.',
      )
      .waitFor();
    expect(chooserOpened).toBe(false);

    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await page.getByRole('button', { name: 'Attach Proof Photo (3/4)' }).waitFor();

    await page.getByRole('button', { name: 'Submit appeal' }).click();
    // The appeal counts once its email is confirmed: the page says to check the inbox.
    const checkEmail = page.getByTestId('appeal-check-email');
    await checkEmail.getByText('Check your email').waitFor();
    await checkEmail.getByText(/We sent a link to jordan@example\.com/).waitFor();
    await expect(page.getByLabel('Name').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Reason for appeal').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Submit appeal' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Remove photo/ }).count()).resolves.toBe(0);
    await expectAccessible(page);

    // The link arrives through the mail outbox; following it confirms the appeal.
    await openEmail(page, 'jordan@example.com', 'Confirm your appeal of notice AP1001');
    await page.getByRole('link', { name: /\/noticeappeal\/[0-9a-f-]{36}\?confirm=/ }).click();
    await bannerReads(page, 'Appeal is pending review.');
    await page
      .getByText('Your appeal has been submitted. We will email you when it has been reviewed.')
      .waitFor();
    await page.waitForURL(/\/noticeappeal\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Jordan Appellant');
    await expectAccessible(page);

    // After a reload the stored appeal and its photos come from the server.
    await page.goto(appealUrl);
    await bannerReads(page, 'Appeal is pending review.');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Jordan Appellant');
    const photo = page.getByRole('img', { name: 'Proof photo 3' });
    await photo.waitFor();
    // Wait for the image to arrive (not a timing assumption): then it must be the 64-pixel photo.
    await photo.evaluate((img: HTMLImageElement) =>
      img.complete
        ? undefined
        : new Promise((resolve) => {
            // A broken image ends the wait too; its width (0) then fails the check below.
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
    );
    await expect(photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(64);
    await expect(page.getByRole('img', { name: 'Proof photo 4' }).count()).resolves.toBe(0);

    // Another browser, without the confirmation link, sees the appeal but not who filed it.
    const strangerContext = await newContext(browser);
    const stranger = await strangerContext.newPage();
    await stranger.goto(appealUrl);
    await bannerReads(stranger, 'Appeal is pending review.');
    await expect(stranger.getByLabel('Name').inputValue()).resolves.toBe('J*** A***');
    await expect(stranger.getByLabel('Address').inputValue()).resolves.toBe('***');
    await stranger.getByTestId('appeal-masked-notice').waitFor();
    await expect(stranger.getByRole('img', { name: /Proof photo/ }).count()).resolves.toBe(0);
    await strangerContext.close();

    // The notice is no longer offered for appeal.
    await page.goto(tenantUrl(TENANT, '/noticeappeal'));
    await searchNotice(page, 'AP1001');
    await page.getByText(/Parking notice cannot be appealed/).waitFor();
    expectNoPageErrors(page);

    // The operator signs in, finds the appeal in the queue and approves it.
    const operatorContext = await newContext(browser);
    const operator = await operatorContext.newPage();
    await operator.goto(tenantUrl(TENANT, '/dashboard/appeals'));
    await operator.waitForURL(/\/dashboard\/login$/);
    await operator.getByRole('heading', { name: 'Operator sign in' }).waitFor();
    await expectAccessible(operator);
    await operator.getByLabel('Email').fill('ops@appealtest.example');
    await operator.getByRole('textbox', { name: 'Password' }).fill('wrong password');
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.getByText('Email or password is incorrect.').waitFor();
    await operator.getByRole('textbox', { name: 'Password' }).fill('Operator#2026');
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL(/\/dashboard\/appeals$/);
    const card = operator.getByRole('listitem', { name: 'Appeal of notice AP1001' });
    await card.getByText('Jordan Appellant', { exact: false }).waitFor();
    await expectAccessible(operator);
    await operator.getByRole('button', { name: 'Approve AP1001' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Answer appeal for notice AP1001' });
    await dialog.waitFor();
    await expectAccessible(operator);
    // Approving voids the notice unless the operator chooses to reduce it (issue 33).
    await dialog.getByRole('radio', { name: 'Void the notice: nothing left to pay' }).waitFor();
    await dialog.getByRole('button', { name: 'Approve and void' }).click();
    // A decided appeal leaves the queue, and is found among the decided ones, approved and voided.
    await card.waitFor({ state: 'detached' });
    await operator.getByLabel('Show').selectOption('decided');
    await operator.waitForURL(/\/dashboard\/appeals\?state=decided$/);
    await operator
      .getByRole('listitem', { name: 'Appeal of notice AP1001' })
      .getByText('Approved · Voided', { exact: true })
      .waitFor();
    expectNoPageErrors(operator);
    await operatorContext.close();

    // The appellant's page follows: the notice is void, nothing is left to pay.
    await page.goto(appealUrl);
    await bannerReads(page, 'Violation Voided');
    await page
      .getByTestId('appeal-next-step')
      .getByText('The notice has been voided: there is nothing to pay.')
      .waitFor();
    expectNoPageErrors(page);
  });

  it("shows the operator's answer text on an answered appeal", async () => {
    await page.goto(tenantUrl(TENANT, '/citations?citationid=AP1005'));
    const href = await page.getByRole('link', { name: 'Select AP1005' }).getAttribute('href');
    await page.goto(tenantUrl(TENANT, href!.replace('/citations/', '/noticeappeal/')));
    await bannerReads(page, 'Reduced to a written warning.');
    await expect(page.getByLabel('Name').isDisabled()).resolves.toBe(true);
    // The decision: its date, the operator's words, and the way back to the notice and to paying.
    const decision = page.getByTestId('appeal-decision');
    await decision.getByRole('heading', { name: 'Decision: Denied' }).waitFor();
    await decision.getByText(/^Answered on [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} [AP]M$/).waitFor();
    await expect(decision.getByTestId('operator-message').textContent()).resolves.toBe(
      'Reduced to a written warning.',
    );
    await decision.getByRole('link', { name: 'View the notice' }).waitFor();
    await expectAccessible(page);
    await decision.getByRole('link', { name: 'Pay the notice' }).click();
    await page.waitForURL(/\/citations\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Pay now' }).waitFor();
  });

  it('opens the no-valid-appeal dialog for an expired notice and for an unknown one; Dismiss goes back', async () => {
    await page.goto(tenantUrl(TENANT, '/citations?citationid=AP1003'));
    const href = await page.getByRole('link', { name: 'Select AP1003' }).getAttribute('href');
    await page.goto(tenantUrl(TENANT, href!.replace('/citations/', '/noticeappeal/')));
    const dialog = page.getByRole('dialog', {
      name: 'There is no valid appeal for this violation notice #.',
    });
    await dialog.waitFor();
    // Nothing behind the dialog invites an appeal.
    await expect(page.getByTestId('appeal-banner').count()).resolves.toBe(0);
    await expect(page.getByText('Submit appeal for review').count()).resolves.toBe(0);
    await dialog
      .getByText(
        'This violation appeal has either already been addressed or more than 21 days have passed since the citation has been issued.',
      )
      .waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(/\/noticeappeal$/);

    await page.goto(tenantUrl(TENANT, '/noticeappeal/00000000-0000-4000-8000-000000000000'));
    await dialog.waitFor();
    expectNoPageErrors(page);
  });

  it('works on a phone-sized screen with the keyboard alone', async () => {
    await context.close();
    context = await newContext(browser, { phone: true });
    page = await context.newPage();
    await page.goto(tenantUrl(TENANT, '/noticeappeal'));
    await page.getByLabel('Notice #').focus();
    await page.keyboard.type('AP1002');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/noticeappeal\/[0-9a-f-]{36}$/);
    await page.getByLabel('Name').waitFor();
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Kim Keyboard');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).name)).resolves.toBe(
      'email',
    );
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
