import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The spec's display formats. */
export const DATE_FORMATS = {
  date: 'MM/DD/YYYY',
  time: 'hh:mm A',
  longDate: 'MMM DD, YYYY',
  dateTime: 'MMM DD, YYYY hh:mm A',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

/** The one way an instant is shown: in the tenant's time zone, in one of the spec's formats. */
export function formatDate(
  instant: string | Date,
  timeZone: string,
  format: DateFormatName = 'date',
): string {
  return dayjs(instant).tz(timeZone).format(DATE_FORMATS[format]);
}

/** Whole calendar days from one instant to another, counted in the given time zone. */
export function calendarDaysBetween(from: string | Date, to: string | Date, timeZone: string): number {
  const start = dayjs(from).tz(timeZone).format('YYYY-MM-DD');
  const end = dayjs(to).tz(timeZone).format('YYYY-MM-DD');
  return dayjs.utc(end).diff(dayjs.utc(start), 'day');
}

export { dayjs };
