import { describe, expect, it } from 'vitest';
import { repeatOffenderLine, repeatOffenderRule, repeatOffenderTests } from './repeat-offenders';

const both = { repeatOffenderNoticeCount: 3, repeatOffenderOverdueDays: 60 };
const off = { repeatOffenderNoticeCount: null, repeatOffenderOverdueDays: null };

describe('repeat offenders', () => {
  it('flags at the count and past the age, never at the age itself', () => {
    expect(repeatOffenderTests(both, { unpaidNoticeCount: 3, oldestUnpaidDays: 1 })).toEqual({
      byCount: true,
      byOverdue: false,
      isRepeatOffender: true,
    });
    expect(repeatOffenderTests(both, { unpaidNoticeCount: 1, oldestUnpaidDays: 60 }).isRepeatOffender).toBe(
      false,
    );
    expect(repeatOffenderTests(both, { unpaidNoticeCount: 1, oldestUnpaidDays: 61 }).byOverdue).toBe(true);
    expect(repeatOffenderTests(off, { unpaidNoticeCount: 99, oldestUnpaidDays: 999 }).isRepeatOffender).toBe(
      false,
    );
    expect(repeatOffenderTests(both, { unpaidNoticeCount: 0, oldestUnpaidDays: null }).isRepeatOffender).toBe(
      false,
    );
  });

  it('says why in one plain line', () => {
    expect(repeatOffenderLine(both, { unpaidNoticeCount: 4, oldestUnpaidDays: 70 })).toBe(
      'Repeat offender: 4 unpaid notices, one unpaid for 70 days.',
    );
    expect(repeatOffenderLine(both, { unpaidNoticeCount: 1, oldestUnpaidDays: 70 })).toBe(
      'Repeat offender: a notice unpaid for 70 days.',
    );
    const one = { repeatOffenderNoticeCount: 1, repeatOffenderOverdueDays: null };
    expect(repeatOffenderLine(one, { unpaidNoticeCount: 1, oldestUnpaidDays: 2 })).toBe(
      'Repeat offender: 1 unpaid notice.',
    );
    expect(repeatOffenderLine(both, { unpaidNoticeCount: 2, oldestUnpaidDays: 5 })).toBeNull();
  });

  it('names the rule, or none when it is off', () => {
    expect(repeatOffenderRule(both)).toBe(
      '3 or more unpaid notices or a notice unpaid for more than 60 days',
    );
    expect(repeatOffenderRule({ ...both, repeatOffenderNoticeCount: null })).toBe(
      'a notice unpaid for more than 60 days',
    );
    expect(repeatOffenderRule(off)).toBeNull();
  });
});
