import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Citation, PAYMENT_STATUSES } from '../contract/citations';
import { calendarDateAfter } from '../format/dates';
import { computeCitationAmounts } from './citation-amounts';
import { citationBannerKind, citationBannerText } from './citation-banner';
import { displayPaymentStatus, isCitationPaid, isCitationVoided } from './citation-status';
import { citationsTotalDue } from './citation-total';
import { computeAmountDue } from './late-penalties';

const base = {
  paymentStatus: 'Open' as Citation['paymentStatus'],
  datePaid: null as string | null,
  voidDate: null as string | null,
  amount: 5000,
  amountOverride: null as number | null,
  amountDue: 5000,
};

describe('citation banner, in the spec priority order', () => {
  it('says paid when datePaid is set, even if also voided', () => {
    expect(
      citationBannerKind({ ...base, datePaid: '2026-11-01T00:00:00Z', voidDate: '2026-11-02T00:00:00Z' }),
    ).toBe('paid');
  });
  it("says paid for 'Paid off platform' without a date", () => {
    expect(citationBannerKind({ ...base, paymentStatus: 'Paid off platform' })).toBe('paid');
  });
  it('says voided for a void date, Archived or Void, before any amount', () => {
    expect(citationBannerKind({ ...base, voidDate: '2026-11-02T00:00:00Z' })).toBe('voided');
    expect(citationBannerKind({ ...base, paymentStatus: 'Archived' })).toBe('voided');
    expect(citationBannerKind({ ...base, paymentStatus: 'Void' })).toBe('voided');
  });
  it('offers payment above 0 and warns at 0', () => {
    expect(citationBannerKind(base)).toBe('payable');
    expect(citationBannerKind({ ...base, amountDue: 0 })).toBe('warning');
  });
  it('uses the exact spec texts', () => {
    expect(citationBannerText()).toEqual({
      paid: 'Successfully paid.',
      voided: 'Notice voided',
      payable: 'Proceed to secure payment',
      warning: 'WARNING NOTICE',
    });
  });
});

describe('status display', () => {
  it("shows 'Uncollectable' as 'Open' and every other status as it is", () => {
    expect(displayPaymentStatus('Uncollectable')).toBe('Open');
    for (const status of [
      'Paid off platform',
      'Paid',
      'Open',
      'Archived',
      'Past due',
      'Void',
      'Reopen',
    ] as const) {
      expect(displayPaymentStatus(status)).toBe(status);
    }
  });
  it('knows paid and voided notices', () => {
    expect(isCitationPaid({ ...base, paymentStatus: 'Paid' })).toBe(true);
    expect(isCitationPaid(base)).toBe(false);
    expect(isCitationVoided(base)).toBe(false);
  });
});

describe('list total', () => {
  it("adds up the rows' amounts due, whatever their status", () => {
    expect(citationsTotalDue([{ amountDue: 3500 }, { amountDue: 2000 }, { amountDue: 0 }])).toBe(5500);
  });
  it('is 0 for no notices', () => {
    expect(citationsTotalDue([])).toBe(0);
  });
});

describe('late penalties', () => {
  const notice = {
    amount: 5000,
    amountOverride: null,
    // 23:30 on Nov 1 in New York is already Nov 2 in UTC.
    createdOn: '2026-11-02T04:30:00Z',
    lateDays1: 14,
    lateAmount1: 1500,
    lateDays2: 30,
    lateAmount2: 2500,
  };
  const zone = 'America/New_York';

  it('adds nothing before the first tier', () => {
    expect(computeAmountDue(notice, new Date('2026-11-14T12:00:00Z'), zone)).toEqual({
      lateFee: 0,
      amountDue: 5000,
    });
  });
  it('counts days from the issue date in the tenant time zone', () => {
    // Issued Nov 1 local: day 14 is Nov 15 local, which starts at 05:00 UTC.
    expect(computeAmountDue(notice, new Date('2026-11-15T04:59:00Z'), zone).lateFee).toBe(0);
    expect(computeAmountDue(notice, new Date('2026-11-15T05:00:00Z'), zone).lateFee).toBe(1500);
  });
  it('adds the tiers up once both are reached', () => {
    expect(computeAmountDue(notice, new Date('2026-12-02T12:00:00Z'), zone)).toEqual({
      lateFee: 4000,
      amountDue: 9000,
    });
  });
  it('ignores a tier with a missing day count or amount', () => {
    const partial = { ...notice, lateAmount2: null };
    expect(computeAmountDue(partial, new Date('2026-12-30T12:00:00Z'), zone).lateFee).toBe(1500);
  });
  it('charges exactly the override, without penalties, when one is in force', () => {
    expect(
      computeAmountDue({ ...notice, amountOverride: 2000 }, new Date('2026-12-30T12:00:00Z'), zone),
    ).toEqual({
      lateFee: 0,
      amountDue: 2000,
    });
  });
});

describe('one notice, two ways to its penalties', () => {
  // computeAmountDue counts the notice's age in days; the listed tiers compare local dates. Both
  // must agree for any notice, zone and moment, or the list would show a penalty the total leaves out.
  const zones = [
    'UTC',
    'America/New_York',
    'America/St_Johns',
    'Europe/London',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
  ];
  const moment = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
  const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null, freq: 3 });
  // Mostly unset: a notice still owed, and without an override, is where penalties apply.
  const rarely = <T>(value: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: value, weight: 1 });
  const notice = fc.record({
    paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
    datePaid: rarely(moment.map((time) => new Date(time).toISOString())),
    voidDate: rarely(moment.map((time) => new Date(time).toISOString())),
    amount: fc.integer({ min: 0, max: 100_000 }),
    amountOverride: rarely(fc.integer({ min: 0, max: 100_000 })),
    paidTotal: maybe(fc.integer({ min: 0, max: 100_000 })),
    createdOn: moment.map((time) => new Date(time).toISOString()),
    lateDays1: maybe(fc.integer({ min: 0, max: 400 })),
    lateAmount1: maybe(fc.integer({ min: 0, max: 10_000 })),
    lateDays2: maybe(fc.integer({ min: 0, max: 400 })),
    lateAmount2: maybe(fc.integer({ min: 0, max: 10_000 })),
  });
  const fees = { processingFeeBasisPoints: 290, processingFeeFixedCents: 30, serviceFeeCents: 100 };

  it('lists exactly the tiers whose amounts make up the late fee', () => {
    fc.assert(
      fc.property(
        notice,
        // Within two days of a tier's day, either side: where the two ways could part.
        fc.record({ tier: fc.constantFrom(1, 2), hours: fc.integer({ min: -48, max: 48 }) }),
        fc.constantFrom(...zones),
        (stored, { tier, hours }, zone) => {
          const days = (tier === 1 ? stored.lateDays1 : stored.lateDays2) ?? 30;
          const now = new Date(Date.parse(stored.createdOn) + days * 86_400_000 + hours * 3_600_000);
          const amounts = computeCitationAmounts(stored, now, zone, fees);
          const due = computeAmountDue(stored, now, zone);
          const tiers = [
            [stored.lateDays1, stored.lateAmount1],
            [stored.lateDays2, stored.lateAmount2],
          ].filter((tier): tier is [number, number] => tier[0] !== null && tier[1] !== null);
          expect(
            amounts.latePenalties.map(({ days, amount, appliesOn }) => [days, amount, appliesOn]),
          ).toEqual(
            tiers.map(([days, amount]) => [days, amount, calendarDateAfter(stored.createdOn, zone, days)]),
          );
          const applied = amounts.latePenalties.filter((step) => step.isApplied);
          expect(applied.reduce((sum, step) => sum + step.amount, 0)).toBe(amounts.lateFee);
          if (amounts.lateFee > 0) expect(amounts.lateFee).toBe(due.lateFee);
          const today = calendarDateAfter(now, zone, 0);
          const owedWithoutOverride = amounts.amountDue > 0 && stored.amountOverride === null;
          for (const step of amounts.latePenalties) {
            if (owedWithoutOverride) expect(step.isApplied).toBe(step.appliesOn <= today);
          }
          expect(amounts.amountDue === 0 || amounts.amountDue === due.amountDue).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
