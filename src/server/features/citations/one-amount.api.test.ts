import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { citationsTotalDue } from '../../../shared/rules';
import { paymentSessions } from '../../db/schema';

// TEST_NOW is 2026-11-20 15:00 UTC. 2.9% + $0.30 processing and $1.95 service on each payment.
const tenant = buildTenant({
  subdomain: 'oneamount',
  timezone: 'America/New_York',
  processingFeeBasisPoints: 290,
  processingFeeFixedCents: 30,
  serviceFeeCents: 195,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...tenant,
        citations: [
          // $45.00 plus a $15.00 penalty from Oct 15: $60.00 due today.
          buildCitation({
            citationNumber: 'ONE1',
            plate: 'SAME1',
            amount: 4500,
            createdOn: '2026-10-01T12:00:00Z',
            lateDays1: 14,
            lateAmount1: 1500,
            lateDays2: 60,
            lateAmount2: 2500,
          }),
          buildCitation({
            citationNumber: 'ONE2',
            plate: 'SAME1',
            amount: 7000,
            paymentStatus: 'Uncollectable',
          }),
          buildCitation({
            citationNumber: 'ONE3',
            plate: 'SAME1',
            amount: 6000,
            createdOn: '2026-09-01T12:00:00Z',
            lateDays1: 14,
            lateAmount1: 1500,
            paymentStatus: 'Paid off platform',
            datePaid: '2026-09-03T12:00:00Z',
          }),
          buildCitation({
            citationNumber: 'ONE4',
            plate: 'SAME1',
            amount: 6000,
            createdOn: '2026-09-01T12:00:00Z',
            lateDays1: 14,
            lateAmount1: 1500,
            paymentStatus: 'Void',
            voidDate: '2026-09-02T12:00:00Z',
          }),
          buildCitation({ citationNumber: 'ONE5', plate: 'SAME1', amount: 3000, paymentStatus: 'Archived' }),
          buildCitation({
            citationNumber: 'ONE6',
            plate: 'SAME1',
            amount: 5000,
            paymentStatus: 'Paid',
            datePaid: '2026-11-12T10:00:00Z',
            paidTotal: 5335,
          }),
        ],
      },
    ],
  });
});
afterAll(() => t.close());

const list = async () =>
  (
    await t.request('oneamount', {
      method: 'GET',
      url: '/api/v1/portal/citation/p/SAME1/n/blank/o/oneamount',
    })
  ).json();

describe('one amount everywhere (docs/decisions/100)', () => {
  it('answers the same amount due in the list, on the detail and at the checkout', async () => {
    const row = (await list()).find((c: { citationNumber: string }) => c.citationNumber === 'ONE1');
    expect(row).toMatchObject({
      amountDue: 6000,
      lateFee: 1500,
      processingFee: 204,
      serviceFee: 195,
      totalCharge: 6399,
    });
    const detail = (
      await t.request('oneamount', { method: 'GET', url: `/api/v1/portal/citation/${row.uuid}` })
    ).json();
    expect(detail).toMatchObject({ amountDue: 6000, totalCharge: 6399 });
    expect(detail.latePenalties).toEqual([
      { days: 14, amount: 1500, appliesOn: '2026-10-15', isApplied: true },
      { days: 60, amount: 2500, appliesOn: '2026-11-30', isApplied: false },
    ]);

    const checkout = await t.request('oneamount', {
      method: 'GET',
      url: `/api/v1/citation/checkout/${row.uuid}/subdomain/oneamount`,
    });
    const sessionId = new URL(checkout.json().checkoutURL).pathname.split('/').pop()!;
    const [session] = await t.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.providerSessionId, sessionId));
    expect(session!.amount - session!.processingFee - session!.serviceFee).toBe(detail.amountDue);
    expect(session!.amount).toBe(detail.totalCharge);
  });

  it('makes the list total the sum of its rows, counting an Uncollectable notice shown as Open', async () => {
    const rows = await list();
    const due = Object.fromEntries(
      rows.map((c: { citationNumber: string; amountDue: number }) => [c.citationNumber, c.amountDue]),
    );
    expect(due).toEqual({ ONE1: 6000, ONE2: 7000, ONE3: 0, ONE4: 0, ONE5: 0, ONE6: 0 });
    expect(citationsTotalDue(rows)).toBe(13000);
  });

  it('gives paid notices what was paid and when, and no amount due or penalties', async () => {
    const rows = await list();
    const byNumber = (number: string) =>
      rows.find((c: { citationNumber: string }) => c.citationNumber === number);
    expect(byNumber('ONE3')).toMatchObject({
      amountDue: 0,
      lateFee: 0,
      amountPaid: 6000,
      datePaid: '2026-09-03T12:00:00.000Z',
      totalCharge: 0,
    });
    expect(byNumber('ONE3').latePenalties.every((step: { isApplied: boolean }) => !step.isApplied)).toBe(
      true,
    );
    expect(byNumber('ONE6')).toMatchObject({ amountDue: 0, amountPaid: 5335 });
    expect(byNumber('ONE4')).toMatchObject({ amountDue: 0, lateFee: 0, amountPaid: null, totalCharge: 0 });
  });

  it("refuses a 'Paid off platform' notice without a paid date in a fixture", async () => {
    await expect(
      t.seed({
        tenants: [
          {
            ...buildTenant({ subdomain: 'nodate' }),
            citations: [buildCitation({ paymentStatus: 'Paid off platform' })],
          },
        ],
      }),
    ).rejects.toThrow(/datePaid/);
  });
});
