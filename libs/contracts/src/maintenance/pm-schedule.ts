import type { PmAnchor, PmUnit } from '../maintenance.schema';

/**
 * The calendar of a preventive plan (domain.md A1.2), written once for the API (which creates the
 * work orders) and the plan form (its 'Próximas fechas' preview). Dates are calendar days,
 * `YYYY-MM-DD`, with no time of day and no time zone: the caller decides which day "today" is.
 */
export interface CalendarRule {
  every_n: number;
  unit: PmUnit;
  anchor: PmAnchor;
  skip_weekends: boolean;
}

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** `date` plus whole months, on the same day of the month or the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(targetYear, targetMonth));
  return fromUtc(Date.UTC(targetYear, targetMonth, day));
}

/** `date` plus `count` periods of the plan (each of `every_n` units). */
export function addPeriods(date: string, rule: Pick<CalendarRule, 'every_n' | 'unit'>, count: number): string {
  const n = rule.every_n * count;
  switch (rule.unit) {
    case 'day':
      return addDays(date, n);
    case 'week':
      return addDays(date, 7 * n);
    case 'month':
      return addMonths(date, n);
    case 'year':
      return addMonths(date, 12 * n);
  }
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string) => new Date(toUtc(date)).getUTCDay();

/** A due date on a Saturday or Sunday moves to the Monday after. */
export function offWeekend(date: string): string {
  const day = weekdayOf(date);
  return day === 6 ? addDays(date, 2) : day === 0 ? addDays(date, 1) : date;
}

/** The fewest days one period can last (a month: 28): the lead days must be fewer. */
export const shortestPeriodDays = (rule: Pick<CalendarRule, 'every_n' | 'unit'>) => rule.every_n * { day: 1, week: 7, month: 28, year: 365 }[rule.unit];

/**
 * The `k`-th occurrence (0: the base itself) of the series counted from `base`. Each is counted
 * from the base, not from the one before, so that 31 Jan, 29 Feb, 31 Mar keep their day and a
 * weekend move does not drift the series.
 */
export function occurrence(base: string, rule: CalendarRule, k: number): string {
  const date = addPeriods(base, rule, k);
  return rule.skip_weekends ? offWeekend(date) : date;
}

/** The first occurrence of the series from `base` that is on or after `date` (or strictly after, with `strict`). */
export function firstOccurrenceFrom(base: string, rule: CalendarRule, date: string, strict = false): string {
  const passes = (candidate: string) => (strict ? candidate > date : candidate >= date);
  // Jump close by an estimate, then walk: a period is at least one day long.
  const estimate = Math.max(0, Math.floor((toUtc(date) - toUtc(base)) / DAY_MS / (shortestPeriodDays(rule) * 1.05)) - 1);
  let k = estimate;
  while (k > 0 && passes(occurrence(base, rule, k - 1))) k -= 1;
  while (!passes(occurrence(base, rule, k))) k += 1;
  return occurrence(base, rule, k);
}

/** The first due date of a new plan (or of one whose calendar changed), seen on `today`. */
export function firstDueOn(rule: CalendarRule, startsOn: string, today: string): string {
  if (rule.anchor === 'completion') return occurrence(startsOn > today ? startsOn : today, rule, 0);
  return firstOccurrenceFrom(startsOn, rule, startsOn > today ? startsOn : today);
}

export interface CompletionOutcome {
  next_due_on: string;
  /** The occurrences that passed while the order was still open, skipped rather than done late. */
  skipped: string[];
}

/**
 * What a completion of the order for `occurrenceOn`, done on `completedOn`, means for the plan
 * (Odoo `maintenance.plan`): with fixed dates the next due date is the series' first one after the
 * completion and the ones that passed meanwhile are skipped ('N ocurrencias omitidas'); counted
 * from the completion, the next one is a period after it and the periods it overran are skipped.
 */
export function afterCompletion(rule: CalendarRule, base: { starts_on: string; occurrence_on: string }, completedOn: string): CompletionOutcome {
  const seriesBase = rule.anchor === 'fixed' ? base.starts_on : base.occurrence_on;
  const skipped: string[] = [];
  for (let next = firstOccurrenceFrom(seriesBase, rule, base.occurrence_on, true); next <= completedOn;) {
    skipped.push(next);
    next = firstOccurrenceFrom(seriesBase, rule, next, true);
  }
  // Done early: the next one still comes after the occurrence this order was for.
  const done = completedOn > base.occurrence_on ? completedOn : base.occurrence_on;
  const fromCompletion = occurrence(completedOn, rule, 1);
  const next_due_on =
    rule.anchor === 'fixed'
      ? firstOccurrenceFrom(seriesBase, rule, done, true)
      : fromCompletion > base.occurrence_on
        ? fromCompletion
        : occurrence(base.occurrence_on, rule, 1);
  return { next_due_on, skipped };
}

/**
 * The next `count` due dates from `nextDueOn`, supposing each is done on its day (the form's
 * 'Próximas fechas' preview).
 */
export function upcomingDueDates(rule: CalendarRule, startsOn: string, nextDueOn: string, count: number): string[] {
  const dates = [nextDueOn];
  while (dates.length < count) {
    const last = dates[dates.length - 1];
    dates.push(rule.anchor === 'fixed' ? firstOccurrenceFrom(startsOn, rule, last, true) : occurrence(last, rule, 1));
  }
  return dates;
}

/** The date at or before which a plan's order is created: `lead_days` before the due date. */
export const createOrderFrom = (dueOn: string, leadDays: number) => addDays(dueOn, -leadDays);
