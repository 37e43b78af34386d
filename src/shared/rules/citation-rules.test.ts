import { describe, expect, it } from 'vitest';
import type { Citation } from '../contract/citations';
import { CITATION_BANNER_TEXT, citationBannerKind } from './citation-banner';
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
    expect(CITATION_BANNER_TEXT).toEqual({
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
