import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildPass, buildProduct, buildTenant } from '../../../../tests/support/factories';
import { TEST_NOW, useTestApp } from '../../../../tests/support/test-app';
import { emailOutbox, issuedPasses, passExpiryReminders } from '../../db/schema';
import { sendExpiryReminders } from './expiry-reminders';

/**
 * Short-pass reminders (issue 31, decision 223): a pass of a day or less is emailed its product's
 * `shortReminderMinutes` (15 by default) before it ends, once, in the holder's language. The test
 * clock is TEST_NOW, 2026-11-20 15:00Z.
 */
const shortPass = (product: string, email: string, issuedOn: string, expiresAt: string, extra = {}) =>
  buildPass(product, {
    issuedOn,
    expiresAt,
    permitHolder: { name: 'Sam Short', email },
    ...extra,
  });

const tenant = buildTenant({
  subdomain: 'shortstay',
  customers: [buildCustomer({ email: 'french@short.example', language: 'fr' })],
  products: [
    buildProduct({ name: 'Two hours', permitDuration: 2, permitDurationUnit: 'HOUR' }),
    buildProduct({
      name: 'Quiet',
      permitDuration: 2,
      permitDurationUnit: 'HOUR',
      shortReminderMinutes: null,
    }),
    buildProduct({
      name: 'Half hour notice',
      permitDuration: 1,
      permitDurationUnit: 'DAY',
      shortReminderMinutes: 30,
    }),
  ],
  passes: [
    // Ends in 10 minutes: reminded now.
    shortPass('Two hours', 'soon@short.example', '2026-11-20T13:10:00Z', '2026-11-20T15:10:00Z'),
    // Ends in 30 minutes: not yet; at 15:15 it is.
    shortPass('Two hours', 'later@short.example', '2026-11-20T13:30:00Z', '2026-11-20T15:30:00Z'),
    // A product without the reminder, an unpaid pass, a pass longer than a day: never.
    shortPass('Quiet', 'quiet@short.example', '2026-11-20T13:10:00Z', '2026-11-20T15:10:00Z'),
    shortPass('Two hours', 'waiting@short.example', '2026-11-20T13:10:00Z', '2026-11-20T15:10:00Z', {
      paidStatus: 'waiting',
    }),
    shortPass('Two hours', 'long@short.example', '2026-11-18T15:00:00Z', '2026-11-20T15:10:00Z'),
    // 30 minutes' notice, to a holder who reads French.
    shortPass('Half hour notice', 'french@short.example', '2026-11-19T15:25:00Z', '2026-11-20T15:25:00Z'),
  ],
});
const t = useTestApp({ seed: { tenants: [tenant] } });

const sweep = () => sendExpiryReminders({ db: t.db, clock: t.clock, config: t.app.deps.config });
const emailsTo = (address: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
let passIds: string[] = [];
beforeAll(async () => {
  passIds = (await t.db.select({ id: issuedPasses.id }).from(issuedPasses)).map((row) => row.id);
});

describe('short-pass reminders', () => {
  it('are sent once, the set minutes before the end, even with sweeps racing', async () => {
    await Promise.all([sweep(), sweep(), sweep()]);
    await sweep();
    const [email, ...more] = await emailsTo('soon@short.example');
    expect(more).toEqual([]);
    expect(email?.subject).toBe('Your parking pass ends in 10 minutes');
    const content = JSON.stringify(email?.content);
    expect(content).toContain('ends at Nov 20, 2026 10:10 AM');
    expect(content).toMatch(/\/permit\/issued\/[0-9a-f-]+\/receipt/);
    expect(await emailsTo('later@short.example')).toEqual([]);

    t.clock.set('2026-11-20T15:15:00Z');
    await Promise.all([sweep(), sweep()]);
    expect((await emailsTo('later@short.example')).map((row) => row.subject)).toEqual([
      'Your parking pass ends in 15 minutes',
    ]);
    expect(await emailsTo('soon@short.example')).toHaveLength(1);
    t.clock.set(TEST_NOW);
  });

  it('follow the product’s minutes and the holder’s language', async () => {
    const [email] = await emailsTo('french@short.example');
    expect(email?.subject).toBe('Votre permis de stationnement se termine dans 25 minutes');
  });

  it('skip a product without the reminder, an unpaid pass and a pass longer than a day', async () => {
    for (const address of ['quiet@short.example', 'waiting@short.example']) {
      expect(await emailsTo(address)).toEqual([]);
    }
    // The two-day pass gets the 1-day reminder of longer passes, not the short one.
    expect((await emailsTo('long@short.example')).map((row) => row.subject)).toEqual([
      'Your parking permit expires tomorrow',
    ]);
    const markers = await t.db
      .select()
      .from(passExpiryReminders)
      .where(inArray(passExpiryReminders.passId, passIds));
    expect(markers.map((row) => row.daysBefore).sort()).toEqual([0, 0, 0, 1]);
  });
});
