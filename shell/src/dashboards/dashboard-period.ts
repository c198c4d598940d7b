import type { DashboardFilters } from '@planta/shell-contract';

/** The periods of 'Indicadores clave' (issue 16): the running shift, today, this week, this month, or chosen days. */
export const PERIOD_PRESETS = ['shift', 'today', 'week', 'month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A shift as the company defines it: local wall-clock times, 'HH:MM' or 'HH:MM:SS'. */
export interface ShiftTimes {
  id: number;
  name: string;
  start_time: string;
  end_time: string;
}

/** What the page's address says (`?period=week&line=3&shift=2`, `?period=custom&from=2026-01-01&to=2026-01-31`). */
export interface PeriodChoice {
  preset: PeriodPreset;
  /** Days of a custom period, 'YYYY-MM-DD', both included. */
  from: string | null;
  to: string | null;
  lineId: number | null;
  shiftId: number | null;
}

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const positiveId = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

export function periodChoiceFrom(params: URLSearchParams): PeriodChoice {
  const preset = (PERIOD_PRESETS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as PeriodPreset) : 'today';
  const from = params.get('from');
  const to = params.get('to');
  const customDays = from && to && DAY_TEXT.test(from) && DAY_TEXT.test(to) && from <= to;
  return {
    preset: preset === 'custom' && !customDays ? 'today' : preset,
    from: customDays ? from : null,
    to: customDays ? to : null,
    lineId: positiveId(params.get('line')),
    shiftId: positiveId(params.get('shift')),
  };
}

export function periodChoiceParams(choice: PeriodChoice, kept = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(kept);
  for (const name of ['period', 'from', 'to', 'line', 'shift']) params.delete(name);
  params.set('period', choice.preset);
  if (choice.preset === 'custom' && choice.from && choice.to) {
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  if (choice.lineId) params.set('line', String(choice.lineId));
  if (choice.shiftId && choice.preset !== 'shift') params.set('shift', String(choice.shiftId));
  return params;
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const atMinutes = (day: Date, minutes: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes);

/** The occurrence of a shift that is running at `now` (local time; a night shift started yesterday counts), or null. */
export function runningShiftStart(shift: ShiftTimes, now: Date): Date | null {
  const start = minutesOf(shift.start_time);
  let end = minutesOf(shift.end_time);
  if (end <= start) end += 24 * 60;
  for (const dayOffset of [0, -1]) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + dayOffset);
    const from = atMinutes(day, start);
    const to = atMinutes(day, end);
    if (from <= now && now < to) return from;
  }
  return null;
}

/** The shift running now and when it started; the first one found when shifts overlap. */
export function runningShift(shifts: readonly ShiftTimes[], now: Date): { shift: ShiftTimes; start: Date } | null {
  for (const shift of shifts) {
    const start = runningShiftStart(shift, now);
    if (start) return { shift, start };
  }
  return null;
}

/**
 * The filters a choice means now: the running shift from its start (today when no shift is
 * running), today from midnight, the week from Monday, the month from the 1st (all up to now),
 * or whole custom days. Local time: the plant's screens are in the plant.
 */
export function filtersFor(choice: PeriodChoice, shifts: readonly ShiftTimes[], now = new Date()): DashboardFilters & { runningShift: ShiftTimes | null } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const base = { lineId: choice.lineId, shiftId: choice.shiftId, runningShift: null as ShiftTimes | null };
  switch (choice.preset) {
    case 'shift': {
      const running = runningShift(shifts, now);
      if (!running) return { ...base, from: midnight.toISOString(), to: null };
      return { ...base, from: running.start.toISOString(), to: null, shiftId: running.shift.id, runningShift: running.shift };
    }
    case 'week': {
      const monday = new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() - ((midnight.getDay() + 6) % 7));
      return { ...base, from: monday.toISOString(), to: null };
    }
    case 'month':
      return { ...base, from: new Date(now.getFullYear(), now.getMonth(), 1).toISOString(), to: null };
    case 'custom': {
      const [fromYear, fromMonth, fromDay] = choice.from!.split('-').map(Number);
      const [toYear, toMonth, toDay] = choice.to!.split('-').map(Number);
      return { ...base, from: new Date(fromYear, fromMonth - 1, fromDay).toISOString(), to: new Date(toYear, toMonth - 1, toDay + 1).toISOString() };
    }
    default:
      return { ...base, from: midnight.toISOString(), to: null };
  }
}
