import type { DateFormatName } from '../../src/shared/format/dates';

/**
 * Intl's own reading of a wall clock and the spec's date formats built from it: the oracle the
 * date module's tests compare with (a formatter of the test's, built per call).
 */
export function intlReading(time: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(time);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** An instant in one of the spec's formats ('MM/DD/YYYY', 'hh:mm A', 'MMM DD, YYYY', both), read by Intl. */
export function formatViaIntl(instant: string | Date, timeZone: string, format: DateFormatName): string {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) return 'Invalid Date';
  const { year, month, day, hour, minute } = intlReading(time, timeZone);
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2000, month - 1, 1),
  );
  const longDate = `${monthName} ${pad(day)}, ${pad(year, 4)}`;
  const clock = `${pad(hour % 12 || 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  if (format === 'date') return `${pad(month)}/${pad(day)}/${pad(year, 4)}`;
  if (format === 'longDate') return longDate;
  return format === 'time' ? clock : `${longDate} ${clock}`;
}
