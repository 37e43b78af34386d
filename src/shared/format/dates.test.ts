import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatViaIntl } from '../../../tests/support/intl-dates';
import { setPageLocale } from '../i18n/current';
import {
  calendarDayNumberFromIntl,
  calendarDayNumberIn,
  calendarDaysBetween,
  formatCalendarDate,
  formatDate,
  formatDayMonth,
  formatNaturalDate,
  isoDateOfDay,
  isoStringOf,
} from './dates';

describe('calendarDaysBetween', () => {
  it('is 0 within one calendar day of the zone, and counts days, not 24-hour spans', () => {
    expect(calendarDaysBetween('2026-03-10T05:00:00Z', '2026-03-11T03:59:00Z', 'America/New_York')).toBe(0);
    expect(calendarDaysBetween('2026-03-10T03:59:00Z', '2026-03-10T05:00:00Z', 'America/New_York')).toBe(1);
  });

  it('counts in the given zone rather than in UTC', () => {
    const from = '2026-06-01T23:30:00Z';
    const to = '2026-06-02T00:30:00Z';
    expect(calendarDaysBetween(from, to, 'UTC')).toBe(1);
    expect(calendarDaysBetween(from, to, 'America/Los_Angeles')).toBe(0);
    expect(calendarDaysBetween(from, to, 'Asia/Kolkata')).toBe(0);
  });

  it('is not thrown off by daylight-saving changes or year ends', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(calendarDaysBetween('2026-03-07T17:00:00Z', '2026-03-09T16:00:00Z', 'America/New_York')).toBe(2);
    expect(calendarDaysBetween('2026-10-31T04:30:00Z', '2026-11-02T04:29:00Z', 'America/New_York')).toBe(1);
    expect(calendarDaysBetween('2026-10-31T04:30:00Z', '2026-11-02T05:00:00Z', 'America/New_York')).toBe(2);
    expect(calendarDaysBetween('2025-12-31T10:59:00Z', '2025-12-31T11:00:00Z', 'Pacific/Auckland')).toBe(1);
  });

  it('is negative when the second instant is earlier, and accepts Date objects', () => {
    expect(
      calendarDaysBetween(new Date('2026-01-10T12:00:00Z'), new Date('2026-01-01T12:00:00Z'), 'UTC'),
    ).toBe(-9);
  });

  it('rejects an unknown time zone', () => {
    expect(() => calendarDaysBetween('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 'Mars/Olympus')).toThrow(
      RangeError,
    );
  });
});

describe('calendarDayNumberIn (cached day starts)', () => {
  // Zones with DST changes at midnight (Beirut, Havana, Santiago), half-hour and 45-minute
  // offsets (Lord Howe, Kathmandu, Chatham), far from UTC (Kiritimati, Pago Pago), and US zones.
  const zones = [
    'America/New_York',
    'America/Los_Angeles',
    'Asia/Beirut',
    'America/Havana',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'UTC',
  ];
  const from = Date.UTC(2015, 0, 1);
  const to = Date.UTC(2035, 0, 1);

  it('equals the Intl answer on random instants over twenty years', () => {
    let seed = 20_261_121;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const zone of zones) {
      for (let i = 0; i < 400; i++) {
        const instant = new Date(from + Math.floor(random() * (to - from)));
        expect(calendarDayNumberIn(instant, zone), `${zone} ${instant.toISOString()}`).toBe(
          calendarDayNumberFromIntl(instant, zone),
        );
      }
    }
  }, 60_000);

  it('equals the Intl answer every 30 minutes (and 1 ms before) through the 2026 DST changes', () => {
    const dstZones = [
      'America/New_York',
      'Asia/Beirut',
      'America/Havana',
      'America/Santiago',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ];
    const windows = [
      [Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 15)],
      [Date.UTC(2026, 8, 1), Date.UTC(2026, 10, 10)],
    ] as const;
    for (const zone of dstZones) {
      for (const [start, end] of windows) {
        for (let time = start; time < end; time += 30 * 60_000) {
          for (const instant of [time - 1, time]) {
            if (
              calendarDayNumberIn(new Date(instant), zone) !==
              calendarDayNumberFromIntl(new Date(instant), zone)
            ) {
              expect.fail(`${zone} ${new Date(instant).toISOString()}`);
            }
          }
        }
      }
    }
  }, 120_000);

  it('rejects an unknown zone and an invalid instant, as Intl does', () => {
    expect(() => calendarDayNumberIn(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => calendarDayNumberIn('not a date', 'UTC')).toThrow(RangeError);
  });
});

describe('formatDate matches Intl', () => {
  const zones = [
    'America/New_York',
    'America/Los_Angeles',
    'Pacific/Honolulu',
    'Europe/London',
    'Asia/Kolkata',
    'Australia/Adelaide',
    'Asia/Kathmandu',
    'UTC',
  ];
  const formats = ['date', 'time', 'longDate', 'dateTime'] as const;

  it('on random instants over twenty years, in every format and zone', () => {
    const start = Date.parse('2015-01-01T00:00:00Z');
    const span = 20 * 365 * 86_400_000;
    for (let n = 0; n < 3000; n++) {
      const instant = new Date(start + Math.floor(Math.random() * span));
      const zone = zones[n % zones.length]!;
      for (const format of formats) {
        expect(formatDate(instant, zone, format), `${instant.toISOString()} ${zone}`).toBe(
          formatViaIntl(instant, zone, format),
        );
      }
    }
    // The oracle builds an Intl formatter per call: seconds of work, more on a slow or shared machine.
  }, 60_000);

  it('at midnight, noon, across daylight saving changes, from ISO strings, and for a bad instant', () => {
    const instants = [
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:59:59.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-11-20T17:00:00.000Z',
      '2026-11-20T05:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
    ];
    for (const instant of instants) {
      for (const zone of zones) {
        for (const format of formats)
          expect(formatDate(instant, zone, format)).toBe(formatViaIntl(instant, zone, format));
      }
    }
    expect(formatDate('not a date', 'UTC', 'date')).toBe(formatViaIntl('not a date', 'UTC', 'date'));
  });
});

describe('isoDateOfDay and isoStringOf write what toISOString writes', () => {
  let seed = 20_261_122;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const firstInstant = new Date('0000-01-01T00:00:00.000Z').getTime();
  const lastInstant = new Date('9999-12-31T23:59:59.999Z').getTime();

  // Thousands of generated instants: a generous limit, never a measure of speed.
  it('on random instants from year 0 to 9999, and around the epoch', { timeout: 60_000 }, () => {
    const instants = [firstInstant, lastInstant, 0, -1, 1, 951_782_400_000 /* 2000-02-29 */];
    for (let i = 0; i < 20_000; i++)
      instants.push(firstInstant + Math.floor(random() * (lastInstant - firstInstant)));
    for (let i = 0; i < 2_000; i++) instants.push(Math.floor((random() - 0.5) * 4 * 86_400_000));
    for (const time of instants) {
      const date = new Date(time);
      expect(isoStringOf(date), String(time)).toBe(date.toISOString());
      expect(isoDateOfDay(Math.floor(time / 86_400_000)), String(time)).toBe(date.toISOString().slice(0, 10));
    }
  });

  it('outside years 0 to 9999 and for an invalid date, as toISOString does', () => {
    for (const time of [lastInstant + 1, firstInstant - 1, 8.64e15, -8.64e15]) {
      expect(isoStringOf(new Date(time))).toBe(new Date(time).toISOString());
    }
    expect(() => isoStringOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatDate in French and Spanish (issue 30)', () => {
  afterEach(() => setPageLocale('en'));
  const zones = ['America/Toronto', 'America/Mexico_City', 'America/Los_Angeles', 'Pacific/Honolulu'];

  it('writes what Intl writes for fr-CA and es-419, without Intl', () => {
    for (const [language, tag] of [
      ['fr', 'fr-CA'],
      ['es', 'es-419'],
    ] as const) {
      setPageLocale(language);
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 4_102_444_800_000 }),
          fc.constantFrom(...zones),
          (time, zone) => {
            const instant = new Date(time);
            const intl = (options: Intl.DateTimeFormatOptions) =>
              new Intl.DateTimeFormat(tag, { ...options, timeZone: zone }).format(instant);
            expect(formatDate(instant, zone, 'longDate')).toBe(intl({ dateStyle: 'medium' }));
            expect(formatDate(instant, zone, 'dateTime')).toBe(
              intl({ dateStyle: 'medium', timeStyle: 'short' }),
            );
          },
        ),
        { numRuns: 200 },
      );
    }
  }, 60_000);

  it('writes short dates as each language reads them', () => {
    const instant = '2026-11-05T15:00:00Z';
    setPageLocale('fr');
    expect(formatDate(instant, 'America/Toronto')).toBe('2026-11-05');
    expect(formatDate(instant, 'America/Toronto', 'time')).toBe('10 h 00');
    setPageLocale('es');
    expect(formatDate(instant, 'America/Toronto')).toBe('05/11/2026');
    expect(formatDate(instant, 'America/Toronto', 'time')).toBe('10:00 a.m.');
  });

  it("writes calendar dates (a due date, a late fee's day) in the language too", () => {
    expect(formatCalendarDate('2026-11-05')).toBe('Nov 05, 2026');
    expect(formatCalendarDate('2026-11-05', 'date')).toBe('11/05/2026');
    expect(formatDayMonth('2026-11-05')).toBe('11/05');
    setPageLocale('fr');
    expect(formatCalendarDate('2026-11-05')).toBe('5 nov. 2026');
    expect(formatCalendarDate('2026-11-05', 'date')).toBe('2026-11-05');
    expect(formatDayMonth('2026-11-05')).toBe('11-05');
    setPageLocale('es');
    expect(formatCalendarDate('2026-11-05')).toBe('5 nov 2026');
    expect(formatCalendarDate('2026-11-05', 'date')).toBe('05/11/2026');
    expect(formatDayMonth('2026-11-05')).toBe('05/11');
  });
});

describe('formatNaturalDate (the quota line\'s "until Dec 3", issue 31)', () => {
  afterEach(() => setPageLocale('en'));
  const now = new Date('2026-11-20T15:00:00Z');

  it('writes day and month without the year of now, in each language', () => {
    const instant = '2026-12-03T17:00:00Z';
    expect(formatNaturalDate(instant, 'America/New_York', now)).toBe('Dec 3');
    setPageLocale('fr');
    expect(formatNaturalDate(instant, 'America/New_York', now)).toBe('3 déc.');
    setPageLocale('es');
    expect(formatNaturalDate(instant, 'America/New_York', now)).toBe('3 dic.');
  });

  it("adds the year when it is not the current year in the tenant's zone", () => {
    expect(formatNaturalDate('2027-01-04T17:00:00Z', 'America/New_York', now)).toBe('Jan 4, 2027');
    setPageLocale('fr');
    expect(formatNaturalDate('2027-01-04T17:00:00Z', 'America/New_York', now)).toBe('4 janv. 2027');
    setPageLocale('es');
    expect(formatNaturalDate('2027-01-04T17:00:00Z', 'America/New_York', now)).toBe('4 ene. 2027');
  });

  it("counts the day and the year in the zone: New Year's Eve in Honolulu is already Jan 1 in UTC", () => {
    const newYearsEve = new Date('2026-12-31T20:00:00Z'); // 10:00 Dec 31 in Honolulu
    expect(formatNaturalDate('2027-01-01T05:00:00Z', 'Pacific/Honolulu', newYearsEve)).toBe('Dec 31');
    expect(formatNaturalDate('2027-01-01T05:00:00Z', 'UTC', newYearsEve)).toBe('Jan 1, 2027');
  });
});
