import { describe, expect, it } from 'vitest';
import { addCalendarMonths, isPlanOffered, planFeeShare, planSchedule } from './payment-plans';

describe('planSchedule', () => {
  it('puts the cents that do not divide on the first instalment, summing exactly', () => {
    const lines = planSchedule({
      noticeAmount: 10_000,
      fee: 150,
      count: 3,
      start: new Date('2026-11-26T15:00:00Z'),
      timeZone: 'America/New_York',
    });
    expect(lines.map((line) => line.amount)).toEqual([3384, 3383, 3383]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(10_150);
    expect(lines.map((line) => line.dueOn)).toEqual(['2026-11-26', '2026-12-26', '2027-01-26']);
  });

  it("dates the first on the tenant's local date, not UTC's", () => {
    // 03:30 UTC on Jan 31 is still Jan 30 in Los Angeles.
    const lines = planSchedule({
      noticeAmount: 600,
      fee: 0,
      count: 2,
      start: new Date('2026-01-31T03:30:00Z'),
      timeZone: 'America/Los_Angeles',
    });
    expect(lines.map((line) => line.dueOn)).toEqual(['2026-01-30', '2026-02-28']);
  });

  it('keeps to the last day of shorter months and returns to the 31st', () => {
    const lines = planSchedule({
      noticeAmount: 60_001,
      fee: 0,
      count: 6,
      start: new Date('2027-12-31T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(lines.map((line) => line.dueOn)).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
    expect(lines.map((line) => line.amount)).toEqual([10_001, 10_000, 10_000, 10_000, 10_000, 10_000]);
  });
});

describe('addCalendarMonths', () => {
  it('clamps to the month end and crosses years', () => {
    expect(addCalendarMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-08-15', 5)).toBe('2027-01-15');
  });
});

describe('isPlanOffered', () => {
  const terms = { paymentPlanThreshold: 10_000, paymentPlanMaxInstalments: 4, paymentPlanFee: 0 };
  it('offers a plan from the threshold up, never without one', () => {
    expect(isPlanOffered(terms, 10_000)).toBe(true);
    expect(isPlanOffered(terms, 9_999)).toBe(false);
    expect(isPlanOffered({ ...terms, paymentPlanThreshold: null }, 50_000)).toBe(false);
  });
});

describe('planFeeShare', () => {
  it('puts the fee on the first instalments until it is covered, the shares adding up to the fee', () => {
    const fee = 150;
    const amounts = planSchedule({
      noticeAmount: 24_001,
      fee,
      count: 3,
      start: new Date(),
      timeZone: 'UTC',
    }).map((line) => line.amount);
    const shares = amounts.map((amount, index) =>
      planFeeShare({ fee, paidBefore: amounts.slice(0, index).reduce((sum, each) => sum + each, 0), amount }),
    );
    expect(shares).toEqual([150, 0, 0]);
    // A fee larger than an instalment spills onto the next.
    expect(planFeeShare({ fee: 500, paidBefore: 0, amount: 300 })).toBe(300);
    expect(planFeeShare({ fee: 500, paidBefore: 300, amount: 300 })).toBe(200);
    expect(planFeeShare({ fee: 0, paidBefore: 0, amount: 300 })).toBe(0);
  });
});
