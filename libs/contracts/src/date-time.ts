/**
 * Dates and date-times of requests, as rules both sides apply (issue 36) and the OpenAPI document
 * states as patterns: a calendar day that exists, from year 1 to 9999 (PostgreSQL has no year
 * 0), and a moment with its UTC offset within ±14:00 (the widest any time zone uses; PostgreSQL
 * refuses offsets beyond ±15:59 with an error, not a refusal). A moment is handed on as UTC, so
 * that SQL never reads an offset; a day alone, in a period, is that day in the company's time zone.
 */

const YEAR = '(?:\\d{3}[1-9]|\\d{2}[1-9]\\d|\\d[1-9]\\d{2}|[1-9]\\d{3})';
const LEAP_YEAR = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)';
const DAY = `(?:${YEAR}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))|${LEAP_YEAR}-02-29)`;
const TIME = 'T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,9})?';
const OFFSET = '(?:Z|[+-](?:(?:0\\d|1[0-3]):[0-5]\\d|14:00))';

/** A calendar day that exists, YYYY-MM-DD, years 0001 to 9999 (no 2026-02-30, no 0000-01-01). */
export const DATE_PATTERN = new RegExp(`^${DAY}$`);
/** A moment: a day, the time to the second (a fraction allowed) and its offset, Z or within ±14:00. */
export const DATE_TIME_PATTERN = new RegExp(`^${DAY}${TIME}${OFFSET}$`);

const FIRST_MOMENT = Date.parse('0001-01-01T00:00:00Z');
const AFTER_LAST_MOMENT = Date.parse('+010000-01-01T00:00:00Z');
const DAY_MS = 86_400_000;

/**
 * Whether a moment that follows the pattern also falls within years 1 to 9999 in UTC: at the
 * edges an offset may carry it out (0001-01-01T00:00:00+01:00 is in year 0).
 */
export function isStorableMoment(text: string): boolean {
  const time = Date.parse(text);
  return time >= FIRST_MOMENT && time < AFTER_LAST_MOMENT;
}

/** A moment as UTC (`2026-01-01T00:00:00+02:00` → `2025-12-31T22:00:00.000Z`); anything else as it is. */
export function toUtc(text: string): string {
  return DATE_TIME_PATTERN.test(text) && isStorableMoment(text) ? new Date(text).toISOString() : text;
}

/** Whether a period's bound is a day alone (the whole day), not a moment. */
export const isDateOnly = (bound: string): boolean => DATE_PATTERN.test(bound);

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `timeZone` at `instant`, read as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    const fields = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...fields });
    formatters.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]));
  // Not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const clock = new Date(0);
  clock.setUTCFullYear(part.year, part.month - 1, part.day);
  return clock.setUTCHours(part.hour, part.minute, part.second);
}

/**
 * When the day `date` (YYYY-MM-DD) begins in `timeZone`: its first moment, also where a change
 * of clocks skips midnight (America/Santiago's days of summer time start at 01:00).
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const guess = midnight - (wallClock(midnight, timeZone) - midnight);
  const corrected = midnight - (wallClock(guess, timeZone) - guess);
  // The earliest candidate whose wall clock is on that day (a skipped midnight leaves one of them on the day before).
  const onTheDay = [guess, corrected].filter((instant) => wallClock(instant, timeZone) >= midnight).sort((a, b) => a - b);
  return new Date(onTheDay[0] ?? guess);
}

/**
 * The moment a period's bound names: a date-time as written; a day alone, in `timeZone`, its
 * start as a `from` and the start of the next day as a `to` (periods end before their `to`, so
 * `to=2026-10-29` takes in the whole of that day).
 */
export function periodInstant(bound: string, edge: 'from' | 'to', timeZone: string): Date {
  if (!isDateOnly(bound)) return new Date(bound);
  if (edge === 'from') return startOfDayIn(bound, timeZone);
  return startOfDayIn(new Date(Date.parse(`${bound}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), timeZone);
}
