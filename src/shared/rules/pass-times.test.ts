import { describe, expect, it } from 'vitest';
import { findCheckoutProblem } from './pass-checkout';
import { findClosedRule } from './pass-sales-rules';
import { addPassDuration, computePassWindow, findDailyWindowOccurrence } from './pass-times';

const NY = 'America/New_York';

describe('addPassDuration', () => {
  it('adds calendar days in the zone across DST, exact hours otherwise', () => {
    expect(addPassDuration(new Date('2026-03-07T14:00:00Z'), 1, 'DAY', NY).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(addPassDuration(new Date('2026-03-07T14:00:00Z'), 24, 'HOUR', NY).toISOString()).toBe(
      '2026-03-08T14:00:00.000Z',
    );
    expect(addPassDuration(new Date('2026-10-31T13:00:00Z'), 1, 'DAY', NY).toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
    expect(addPassDuration(new Date('2026-01-31T15:00:00Z'), 1, 'MONTH', NY).toISOString()).toBe(
      '2026-02-28T15:00:00.000Z',
    );
    expect(addPassDuration(new Date('2026-11-20T15:00:00Z'), -1, 'MONTH', NY).toISOString()).toBe(
      '2026-10-20T14:00:00.000Z',
    );
  });
});

describe('computePassWindow', () => {
  const product = {
    permitDuration: 2,
    permitDurationUnit: 'HOUR' as const,
    chosenDate: null,
    chosenEndDate: null,
  };
  const now = new Date('2026-11-20T15:00:00Z');
  it('runs type 1 from now for the duration, type 2 on its preset dates', () => {
    expect(
      computePassWindow({ ...product, timeSelectionType: 1 }, { date: null, endDate: null }, now, NY),
    ).toEqual({
      ok: true,
      start: now,
      end: new Date('2026-11-20T17:00:00Z'),
    });
    const preset = {
      ...product,
      timeSelectionType: 2 as const,
      chosenDate: '2026-12-01T05:00:00Z',
      chosenEndDate: '2026-12-02T05:00:00Z',
    };
    expect(computePassWindow(preset, { date: null, endDate: null }, now, NY)).toMatchObject({
      start: new Date('2026-12-01T05:00:00Z'),
      end: new Date('2026-12-02T05:00:00Z'),
    });
  });
  it('checks type 3: order and longest duration', () => {
    const manual = { ...product, timeSelectionType: 3 as const };
    expect(
      computePassWindow(manual, { date: '2026-11-20T16:00:00Z', endDate: '2026-11-20T16:00:00Z' }, now, NY),
    ).toEqual({ ok: false, reason: 'order' });
    expect(
      computePassWindow(manual, { date: '2026-11-20T16:00:00Z', endDate: '2026-11-20T18:00:01Z' }, now, NY),
    ).toEqual({ ok: false, reason: 'too-long' });
    expect(computePassWindow(manual, { date: '2026-11-20T14:00:00Z', endDate: null }, now, NY)).toEqual({
      ok: false,
      reason: 'past',
    });
  });
  it('refuses a later start for type 1: it starts now', () => {
    const startsNow = { ...product, timeSelectionType: 1 as const };
    expect(computePassWindow(startsNow, { date: '2026-11-21T15:00:00Z', endDate: null }, now, NY)).toEqual({
      ok: false,
      reason: 'starts-now',
    });
    expect(
      computePassWindow(startsNow, { date: '2026-11-20T15:10:00Z', endDate: null }, now, NY),
    ).toMatchObject({ ok: true });
  });
});

describe('findClosedRule', () => {
  const none = {
    salesStart: null,
    salesEnd: null,
    weekdays: null,
    hoursFrom: null,
    hoursTo: null,
    blackoutDates: [],
  };
  it('opens hours at their local start and skips closed weekdays and blackout days', () => {
    const rules = {
      ...none,
      weekdays: [1],
      hoursFrom: '09:00',
      hoursTo: '17:00',
      blackoutDates: ['2026-11-23'],
    };
    // Friday 10:00 New York: next Monday is a blackout day, so the Monday after.
    expect(findClosedRule(rules, new Date('2026-11-20T15:00:00Z'), NY)).toEqual({
      rule: 'weekday',
      opensAt: new Date('2026-11-30T14:00:00Z'),
    });
    expect(findClosedRule({ ...none, hoursTo: '24:00', hoursFrom: '00:00' }, new Date(), NY)).toBeNull();
    expect(
      findClosedRule(
        { ...none, salesEnd: new Date('2026-01-01T00:00:00Z') },
        new Date('2026-11-20T15:00:00Z'),
        NY,
      ),
    ).toEqual({
      rule: 'salesEnd',
      opensAt: null,
    });
  });
});

describe('findCheckoutProblem', () => {
  const product = {
    needsGuestCode: true,
    timeSelectionType: 1 as const,
    advancedType: 0 as const,
    isAutoApproved: true,
    isRegImgRequired: false,
    residencyRule: null,
    guestNeedsPermitHolderInfo: false,
    isMinPermitHolderInfo: false,
    formFields: [],
  };
  const blankHolder = Object.fromEntries(
    [
      'name',
      'label',
      'email',
      'address1',
      'city',
      'state',
      'zip',
      'country',
      'phone',
      'buildingBusiness',
      'lotName',
      'emergencyName',
      'emergencyEmail',
      'emergencyNumber',
    ].map((key) => [key, null]),
  ) as never;
  it('answers the first broken rule in the spec’s order', () => {
    const input = {
      isGuest: true,
      guestCode: null,
      email: 'x',
      isEmailVerified: false,
      date: null,
      endDate: null,
      hasVehicle: false,
      holder: blankHolder,
      formFields: [],
      proofCount: 0,
    };
    expect(findCheckoutProblem(product, input)?.message).toBe('Please add your guest code.');
    expect(findCheckoutProblem(product, { ...input, guestCode: 'A' })?.message).toBe(
      'Please enter a valid email.',
    );
    expect(findCheckoutProblem(product, { ...input, guestCode: 'A', isEmailVerified: true })?.message).toBe(
      'Please choose a date.',
    );
    expect(
      findCheckoutProblem(product, { ...input, guestCode: 'A', isEmailVerified: true, date: 'x' })?.message,
    ).toBe('Please add your vehicle info.');
    expect(
      findCheckoutProblem(product, {
        ...input,
        guestCode: 'A',
        isEmailVerified: true,
        date: 'x',
        hasVehicle: true,
      }),
    ).toBeNull();
  });
});

describe('daily windows (time-of-day products)', () => {
  const overnight = { from: '18:00', to: '08:00' };
  const product = {
    timeSelectionType: 1 as const,
    permitDuration: 14,
    permitDurationUnit: 'HOUR' as const,
    chosenDate: null,
    chosenEndDate: null,
    dailyWindow: overnight,
  };
  const sell = (now: string) => computePassWindow(product, { date: now, endDate: null }, new Date(now), NY);

  it('sells the next window before it opens, not "from now for 14 hours"', () => {
    // Friday 10:00 in New York: tonight 18:00 to Saturday 08:00.
    expect(sell('2026-11-20T15:00:00.000Z')).toEqual({
      ok: true,
      start: new Date('2026-11-20T23:00:00.000Z'),
      end: new Date('2026-11-21T13:00:00.000Z'),
    });
  });

  it('sells the window under way from now, after midnight too', () => {
    // 21:00 and 02:00 (the night before's window) in New York.
    expect(sell('2026-11-21T02:00:00.000Z')).toMatchObject({ end: new Date('2026-11-21T13:00:00.000Z') });
    expect(sell('2026-11-21T07:00:00.000Z')).toEqual({
      ok: true,
      start: new Date('2026-11-21T07:00:00.000Z'),
      end: new Date('2026-11-21T13:00:00.000Z'),
    });
  });

  it('keeps the clock times across DST: 15 hours in November, 13 in March', () => {
    // DST ends at 02:00 on Sunday 2026-11-01: Saturday 18:00 EDT to Sunday 08:00 EST.
    expect(findDailyWindowOccurrence(overnight, new Date('2026-10-31T16:00:00Z'), NY)).toEqual({
      start: new Date('2026-10-31T22:00:00.000Z'),
      end: new Date('2026-11-01T13:00:00.000Z'),
    });
    // DST starts at 02:00 on Sunday 2026-03-08: Saturday 18:00 EST to Sunday 08:00 EDT.
    expect(findDailyWindowOccurrence(overnight, new Date('2026-03-07T16:00:00Z'), NY)).toEqual({
      start: new Date('2026-03-07T23:00:00.000Z'),
      end: new Date('2026-03-08T12:00:00.000Z'),
    });
  });

  it('a same-day window moves to tomorrow once it has closed', () => {
    const daytime = { from: '09:00', to: '17:00' };
    expect(findDailyWindowOccurrence(daytime, new Date('2026-11-20T23:00:00Z'), NY)).toEqual({
      start: new Date('2026-11-21T14:00:00.000Z'),
      end: new Date('2026-11-21T22:00:00.000Z'),
    });
  });
});
