import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectNoPageErrors,
  newContext,
  openFreshPagePerTest,
  screenshot,
  tenantUrl,
} from './support/browser';
import { openEmail } from './support/mailbox';
import { writeSession } from './support/sessions';

/**
 * Living with a pass, the edit half (issue 10), on the tenants of tests/e2e/fixtures/passes-edit.json:
 * a light brand (passedit, a business account's pass) and a dark one (passeditdark, a guest's).
 */
const LIGHT = 'passedit';
const DARK = 'passeditdark';
const LIGHT_PASS = 'e2ed0001-5a1e-4c0d-9e1a-0000000000a1';
const DARK_PASS = 'e2ed0001-5a1e-4c0d-9e1a-0000000000b2';
const PASSWORD = 'Parking#2026';
/** A saved change reloads the pass: allow for a busy machine. */
const POLL = { timeout: 15_000, interval: 200 };

let browser: Parameters<typeof newContext>[0];
let context: BrowserContext;
let page: Page;

const { openPhonePage } = openFreshPagePerTest((opened) => {
  ({ browser, context, page } = opened);
});

/** Tabs until the element is focused (at most `limit` presses): proves it is reachable by keyboard. */
async function tabTo(target: Page, locator: ReturnType<Page['getByRole']>, limit = 60) {
  for (let press = 0; press < limit; press += 1) {
    await target.keyboard.press('Tab');
    if (await locator.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('The element was not reached with the Tab key.');
}

/** Screenshots for review, when SCREENSHOT_DIR names a folder (they are looked at, not compared). */
async function shoot(target: Page, name: string) {
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await screenshot(target, `${name}`);
}

const dialog = (target: Page, name: string) => target.getByRole('dialog', { name });

describe('the pass edit page', () => {
  it("a business account edits its pass's vehicles on a phone with the keyboard, then cancels it", async () => {
    page = await openPhonePage();
    await writeSession(page, LIGHT, 'bea@passedit.example', PASSWORD);
    await page.goto(tenantUrl(LIGHT, `/permit/issued/${LIGHT_PASS}/edit`));
    await page.getByRole('heading', { name: 'Edit your pass' }).waitFor();
    await page.getByText('HARB1').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await shoot(page, 'edit-phone');

    // Add a vehicle with the keyboard only: it joins inactive (one active place, taken).
    await tabTo(page, page.getByRole('button', { name: 'Add vehicle' }));
    await page.keyboard.press('Enter');
    const add = dialog(page, 'Add Vehicle');
    await add.waitFor();
    await expectAccessible(page);
    await page.keyboard.type('harb 2');
    await page.keyboard.press('Enter');
    await page.getByText('Successfully updated vehicle info.').waitFor();
    await add.waitFor({ state: 'detached' });
    const second = page.getByRole('switch', { name: 'HARB 2 active' });
    await expect(second.isChecked()).resolves.toBe(false);

    // Activating it is blocked with the spec's modal.
    await second.focus();
    await page.keyboard.press('Space');
    const blocked = dialog(page, 'You are at the maximum allowed active vehicles.');
    await blocked.waitFor();
    await shoot(page, 'edit-phone-max-active');
    await expect(blocked.textContent()).resolves.toContain(
      'Please deactivate a vehicle before activating another vehicle.',
    );
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await blocked.waitFor({ state: 'detached' });

    // Deactivate the primary, then the second may be active.
    await page.getByRole('switch', { name: 'HARB1 active' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'HARB1 active' }).isChecked(), POLL).toBe(false);
    await second.click();
    await expect.poll(() => second.isChecked(), POLL).toBe(true);

    // Edit the primary in its dialog.
    await page.getByRole('button', { name: 'Edit HARB1' }).click();
    const edit = dialog(page, 'Edit vehicle');
    await edit.waitFor();
    const plate = edit.getByLabel('License plate');
    await plate.fill('harb 1x');
    await edit.getByRole('button', { name: 'Save vehicle' }).click();
    await page.getByText('HARB 1X').waitFor();

    // Delete the second vehicle, confirming.
    await page.getByRole('button', { name: 'Delete HARB 2' }).click();
    const remove = dialog(page, 'Delete this vehicle?');
    await remove.waitFor();
    await expectAccessible(page);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('pass-vehicle').count(), POLL).toBe(1);

    // Custom fields: all required.
    const unit = page.getByLabel('Unit');
    await unit.fill(' ');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Please fill out all fields before updating.').waitFor();
    await unit.fill('14B');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your registration details were updated.').waitFor();

    // Cancel Permit, with the confirmation; the button is gone afterwards.
    await page.getByRole('button', { name: 'Cancel Permit' }).click();
    const confirm = dialog(page, 'Are you sure you want to cancel your permit?');
    await confirm.waitFor();
    await expect(confirm.textContent()).resolves.toContain(
      'This action cannot be undone, and you will lose your parking permit for the chosen time.',
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Your permit has been canceled or voided. We hope to see you again!').waitFor();
    await expect(page.getByRole('button', { name: 'Cancel Permit' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    expectNoPageErrors(page);
  });

  it('a guest edits the holder and times on a dark brand, and may cancel with the link (issue 27)', async () => {
    await page.goto(tenantUrl(DARK, `/permit/issued/${DARK_PASS}/edit`));
    await page.getByRole('heading', { name: 'Edit your pass' }).waitFor();
    await page.getByText('NIGHT1').waitFor();
    await expectAccessible(page);
    await shoot(page, 'edit-dark-desktop');
    await expect(page.getByRole('button', { name: 'Cancel Permit' }).count()).resolves.toBe(1);

    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Save passholder' }).click();
    await page.getByText('Please enter a valid email.').first().waitFor();
    await email.fill('nia@example.com');
    await page.getByRole('button', { name: 'Save passholder' }).click();
    await page.getByText('The passholder information was updated.').waitFor();

    await page.getByRole('textbox', { name: 'End', exact: true }).fill('2026-10-01T09:00');
    await page.getByRole('button', { name: 'Save times' }).click();
    await page.getByText('The end must be after the start.').waitFor();
    await page.getByRole('textbox', { name: 'End', exact: true }).fill('2027-12-01T09:00');
    await page.getByRole('button', { name: 'Save times' }).click();
    await page.getByText('The start and end were updated.').waitFor();

    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await dialog(page, 'Add Vehicle').waitFor();
    await expectAccessible(page);
    await shoot(page, 'edit-dark-add-vehicle');
    expectNoPageErrors(page);
  });
});

describe('invite by email', () => {
  it('a business account invites a visitor, who sets their password and vehicle through the emailed link', async () => {
    await writeSession(page, LIGHT, 'bea@passedit.example', PASSWORD);
    await page.goto(tenantUrl(LIGHT, '/permits/visitors'));
    await page.getByRole('heading', { name: 'My visitors' }).waitFor();
    await page.getByText('Available visitors passes for the month: 6').waitFor();
    const form = page.getByRole('region', { name: 'Invite a visitor by email' });
    await form.waitFor();
    await shoot(page, 'visitors-desktop');
    await expectAccessible(page);

    await form.getByLabel(/^Pass/).first().click();
    await page.getByRole('option', { name: 'Harbor Visitor' }).click();
    await form.getByLabel('Visitor email').fill('Vic.Visitor@Example.com');
    await form.getByLabel('Password for a new account').fill('weak');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Your password needs to be stronger.').first().waitFor();
    await form.getByLabel('Password for a new account').fill('Visitor#2026');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to vic.visitor@example.com.').waitFor();

    // The visitor, in a fresh browser on a phone, opens the email and sets the pass up through its
    // link: their own password and their vehicle (decision 216).
    await context.close();
    context = await newContext(browser, { phone: true });
    page = await context.newPage();
    await openEmail(page, LIGHT, 'vic.visitor@example.com', 'You have been issued a parking permit');
    await page.getByRole('link', { name: /\/permits\/invitation\// }).click();
    await page.getByRole('heading', { name: 'Set up your parking pass' }).waitFor();
    const invitationUrl = page.url();
    await page.getByText('Harbor Offices issued you a parking pass: Harbor Visitor.').waitFor();
    await page.getByText('Your account: vic.visitor@example.com').waitFor();
    await page.getByRole('button', { name: 'Save and open my pass' }).click();
    await page.getByText('Please choose a password.').waitFor();
    await page.getByText('Please add your vehicle info.').waitFor();
    await page.getByLabel(/^New password/).fill('MyOwn#2026x');
    await page.getByLabel(/^Repeat new password/).fill('MyOwn#2026x');
    await page.getByLabel(/^License plate/).fill('vic 77');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, 'invitation-phone');
    await page.getByRole('button', { name: 'Save and open my pass' }).click();
    await page.waitForURL(/\/permit\/issued\/[0-9a-f-]{36}\/receipt$/);
    await page.getByText('VIC 77').first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    expect(token).toMatch(/^Bearer /);
    expectNoPageErrors(page);

    // The link worked once; the business sees its visitor under My visitors.
    await page.goto(invitationUrl);
    await page.getByText(/This invitation link is no longer valid/).waitFor();
    await context.close();
    context = await newContext(browser);
    page = await context.newPage();
    await writeSession(page, LIGHT, 'bea@passedit.example', PASSWORD);
    await page.goto(tenantUrl(LIGHT, '/permits/visitors'));
    await page.getByRole('heading', { name: 'My visitors' }).waitFor();
    await page.getByText('VIC 77').first().waitFor();
    expectNoPageErrors(page);
  });

  it('an invitation link that is not valid says so on a dark brand', async () => {
    await page.goto(tenantUrl(DARK, '/permits/invitation/e2ed0001-5a1e-4c0d-9e1a-00000000ffff'));
    await page.getByRole('heading', { name: 'Set up your parking pass' }).waitFor();
    await page.getByText(/This invitation link is no longer valid/).waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).waitFor();
    await expectAccessible(page);
    expectNoPageErrors(page);
  });
});

describe('the vehicles screen', () => {
  it('adds a vehicle, then updates it through the Vehicle information dialog, on a phone', async () => {
    page = await openPhonePage();
    await writeSession(page, LIGHT, 'bea@passedit.example', PASSWORD);
    await page.goto(tenantUrl(LIGHT, '/permits/vehicles'));
    await page.getByRole('heading', { name: 'Vehicles' }).waitFor();
    const update = page.getByRole('button', { name: 'Choose a vehicle' });
    await expect(update.isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: '+ Add a new vehicle' }).click();
    const add = dialog(page, 'Add Vehicle');
    await add.waitFor();
    await page.keyboard.type('bea 77');
    await page.keyboard.press('Enter');
    // Every field is required on this screen (section 5), when adding as when updating.
    await add.getByText('Please enter the plate, state, make, model and color.').first().waitFor();
    await add.getByRole('combobox', { name: 'State / province' }).fill('New York');
    await page.getByRole('option', { name: 'New York (NY)' }).click();
    await add.getByRole('combobox', { name: 'Make' }).fill('honda');
    await add.getByLabel('Model').fill('accord');
    await add.getByRole('combobox', { name: 'Color' }).fill('Blue');
    await page.getByRole('option', { name: 'BLUE', exact: true }).click();
    await add.getByRole('button', { name: 'Save vehicle' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByText('ACCORD').waitFor();
    await page.getByRole('button', { name: 'Update vehicle' }).click();
    const info = dialog(page, 'Vehicle information');
    await info.waitFor();
    await expectAccessible(page);
    await shoot(page, 'vehicles-phone-dialog');
    await info.getByLabel('Model').fill('');
    await info.getByRole('button', { name: 'Save', exact: true }).click();
    await info.getByText('Please enter the plate, state, make, model and color.').first().waitFor();
    await info.getByLabel('Model').fill('civic');
    await info.getByRole('button', { name: 'Save', exact: true }).click();
    await info.waitFor({ state: 'detached' });
    await page.getByText('CIVIC').waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await shoot(page, 'vehicles-phone');
    expectNoPageErrors(page);
  });
});
