import fc from 'fast-check';
import type { PmUnit } from '../maintenance.schema';
import {
  addMonths,
  addPeriods,
  afterCompletion,
  firstDueOn,
  firstOccurrenceFrom,
  occurrence,
  offWeekend,
  shortestPeriodDays,
  upcomingDueDates,
  weekdayOf,
  type CalendarRule,
} from './pm-schedule';
import { preventivePlanSchema } from './preventive.schema';

const monthly: CalendarRule = { every_n: 1, unit: 'month', anchor: 'fixed', skip_weekends: false };

describe('calendar of a preventive plan', () => {
  it('keeps the day of the month, or the last day of a shorter month, counting from the base', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect([0, 1, 2, 3].map((k) => occurrence('2026-01-31', monthly, k))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('moves from 29 February to 28 February in common years and back in leap years', () => {
    const yearly: CalendarRule = { every_n: 1, unit: 'year', anchor: 'fixed', skip_weekends: false };
    expect([1, 2, 3, 4].map((k) => occurrence('2028-02-29', yearly, k))).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    expect(addPeriods('2027-12-31', { every_n: 2, unit: 'day' }, 30)).toBe('2028-02-29');
  });

  it('moves a due date on a Saturday or Sunday to the Monday after', () => {
    expect(offWeekend('2026-11-28')).toBe('2026-11-30'); // Saturday
    expect(offWeekend('2026-11-29')).toBe('2026-11-30'); // Sunday
    expect(offWeekend('2026-11-27')).toBe('2026-11-27'); // Friday
    const weekly: CalendarRule = { every_n: 1, unit: 'week', anchor: 'fixed', skip_weekends: true };
    // A series based on a Saturday: every occurrence lands on the Monday, none drifts.
    expect(upcomingDueDates(weekly, '2026-11-28', occurrence('2026-11-28', weekly, 0), 3)).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
  });

  it('skips the occurrences that passed while a fixed-date order was open, and counts the next from the series', () => {
    const outcome = afterCompletion(monthly, { starts_on: '2026-01-15', occurrence_on: '2026-03-15' }, '2026-06-02');
    expect(outcome).toEqual({ skipped: ['2026-04-15', '2026-05-15'], next_due_on: '2026-06-15' });
    // On time: nothing skipped.
    expect(afterCompletion(monthly, { starts_on: '2026-01-15', occurrence_on: '2026-03-15' }, '2026-03-14')).toEqual({
      skipped: [],
      next_due_on: '2026-04-15',
    });
  });

  it('counts the next due date from the completion when anchored on completion', () => {
    const quarterly: CalendarRule = { every_n: 3, unit: 'month', anchor: 'completion', skip_weekends: true };
    // Due 1 Feb, done 20 May (a Wednesday): 1 May passed meanwhile; next 20 Aug 2026 (a Thursday).
    expect(afterCompletion(quarterly, { starts_on: '2025-11-03', occurrence_on: '2026-02-02' }, '2026-05-20')).toEqual({
      skipped: ['2026-05-04'],
      next_due_on: '2026-08-20',
    });
    expect(afterCompletion(quarterly, { starts_on: '2025-11-03', occurrence_on: '2026-02-02' }, '2026-02-01').next_due_on).toBe('2026-05-01');
  });

  it('starts a fixed plan on its first date still to come', () => {
    expect(firstDueOn(monthly, '2026-01-31', '2026-03-05')).toBe('2026-03-31');
    expect(firstDueOn(monthly, '2026-12-01', '2026-03-05')).toBe('2026-12-01');
    expect(firstDueOn({ ...monthly, anchor: 'completion', skip_weekends: true }, '2026-01-01', '2026-11-28')).toBe('2026-11-30');
  });

  const units = fc.constantFrom<PmUnit>('day', 'week', 'month', 'year');
  const dates = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const rules = fc.record({
    every_n: fc.integer({ min: 1, max: 24 }),
    unit: units,
    anchor: fc.constantFrom('fixed' as const, 'completion' as const),
    skip_weekends: fc.boolean(),
  });

  it('property: due dates grow, never fall on a weekend when skipped, and lie no closer than the shortest period apart before the weekend move', () => {
    fc.assert(
      fc.property(rules, dates, (rule, start) => {
        const upcoming = upcomingDueDates(rule, start, firstDueOn(rule, start, start), 6);
        for (let i = 1; i < upcoming.length; i++) expect(upcoming[i] > upcoming[i - 1]).toBe(true);
        if (rule.skip_weekends) for (const date of upcoming) expect([0, 6]).not.toContain(weekdayOf(date));
        if (!rule.skip_weekends && rule.anchor === 'fixed') {
          for (let i = 1; i < upcoming.length; i++) {
            const gap = (Date.parse(upcoming[i]) - Date.parse(upcoming[i - 1])) / 86_400_000;
            expect(gap).toBeGreaterThanOrEqual(shortestPeriodDays(rule));
          }
        }
      }),
    );
  });

  it('property: the first occurrence from a date is the least one of the series on or after it', () => {
    fc.assert(
      fc.property(rules, dates, fc.integer({ min: 0, max: 4000 }), (rule, base, offset) => {
        const from = new Date(Date.parse(base) + offset * 86_400_000).toISOString().slice(0, 10);
        const found = firstOccurrenceFrom(base, rule, from);
        expect(found >= from).toBe(true);
        const series = Array.from({ length: 400 }, (_, k) => occurrence(base, rule, k)).filter((date) => date >= from);
        if (series.length) expect(found).toBe(series[0]);
      }),
    );
  });

  it('property: a completion skips exactly the occurrences after the due one up to the completion day, and the next is after it', () => {
    fc.assert(
      fc.property(rules, dates, fc.integer({ min: 0, max: 20 }), fc.integer({ min: -10, max: 1500 }), (rule, start, k, late) => {
        const occurrenceOn = occurrence(start, rule, k);
        const completedOn = new Date(Date.parse(occurrenceOn) + late * 86_400_000).toISOString().slice(0, 10);
        const { skipped, next_due_on } = afterCompletion(rule, { starts_on: start, occurrence_on: occurrenceOn }, completedOn);
        expect(next_due_on > completedOn).toBe(true);
        expect(next_due_on > occurrenceOn).toBe(true);
        for (const date of skipped) expect(date > occurrenceOn && date <= completedOn).toBe(true);
        expect(new Set(skipped).size).toBe(skipped.length);
        if (late <= 0) expect(skipped).toEqual([]);
      }),
    );
  });
});

describe('plan form rules', () => {
  const base = { machine_id: 1, name: 'Cambio de aceite', trigger: 'calendar' as const };
  const fields = (input: object) => {
    const result = preventivePlanSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('asks for the calendar part of a calendar plan and the counter part of a counter plan', () => {
    expect(fields(base)).toEqual({ every_n: 'Este campo es obligatorio', unit: expect.any(String), starts_on: 'Este campo es obligatorio' });
    expect(fields({ ...base, trigger: 'counter' })).toEqual({ meter_id: 'Elige el contador de la máquina', interval_value: 'Este campo es obligatorio' });
    expect(Object.keys(fields({ ...base, trigger: 'both' })).sort()).toEqual(['every_n', 'interval_value', 'meter_id', 'starts_on', 'unit']);
  });

  it('refuses lead days as long as the period and a warning lead as big as the interval', () => {
    expect(fields({ ...base, every_n: 1, unit: 'month', starts_on: '2026-01-01', lead_days: 28 })).toEqual({
      lead_days: 'Los días de anticipación deben ser menos que el periodo del plan',
    });
    expect(fields({ ...base, every_n: 1, unit: 'month', starts_on: '2026-01-01', lead_days: 27 })).toEqual({});
    expect(fields({ ...base, trigger: 'counter', meter_id: 3, interval_value: 5000, lead_value: 5000 })).toEqual({
      lead_value: 'El aviso anticipado debe ser menor que el intervalo',
    });
  });
});
