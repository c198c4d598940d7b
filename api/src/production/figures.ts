import { DIMENSION_CHECK_MINUTES, type DimensionMark, type ProductionFigures } from '@planta/contracts';
import { wallTimeAfter, type Pause } from './run-pauses';

const CHECK_MS = DIMENSION_CHECK_MINUTES * 60_000;

export interface FinishedRun {
  start: Date;
  end: Date | null;
  /** Its running hours (`runningHoursSql`: its press's stops left out); null while it runs. */
  running_hours: number | null;
  billets_pushed: number | null;
  billet_kg: number | null;
  good_kg: number | null;
  scrap_kg: number | null;
}

/**
 * A run's running hours, as SQL over an order_die row `run`: its time less the stops of its line's
 * press (run_running_seconds, migration 1765900000000, the one rule the indicators, the die's hours
 * counter and the press meters use too); null while it runs.
 */
export const runningHoursSql = (run: string) =>
  `run_running_seconds(${run}.company_id, ${run}.line_id, ${run}.start_extrusion_time, ${run}.end_extrusion_time) / 3600`;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** kg/h (good kg per running hour), recovery (good kg / billet kg) and scrap of finished runs; running ones do not count yet. */
export function productionFigures(runs: FinishedRun[]): ProductionFigures {
  const done = runs.filter((run) => run.end !== null);
  const sum = (pick: (run: FinishedRun) => number | null) => done.reduce((total, run) => total + (pick(run) ?? 0), 0);
  return productionFiguresOf({
    runs: done.length,
    hours: sum((run) => run.running_hours),
    billets_pushed: sum((run) => run.billets_pushed),
    billet_kg: sum((run) => run.billet_kg),
    good_kg: sum((run) => run.good_kg),
    scrap_kg: sum((run) => run.scrap_kg),
  });
}

/** The figures of sums of runs (or of their parts inside a period): kg/h, recovery and scrap share. */
export function productionFiguresOf(
  sums: Pick<ProductionFigures, 'runs' | 'hours' | 'billets_pushed' | 'billet_kg' | 'good_kg' | 'scrap_kg'>,
): ProductionFigures {
  const { hours, billet_kg: billetKg, good_kg: goodKg, scrap_kg: scrapKg } = sums;
  return {
    runs: sums.runs,
    hours: round(hours, 2),
    billets_pushed: sums.billets_pushed,
    billet_kg: round(billetKg, 1),
    good_kg: round(goodKg, 1),
    scrap_kg: round(scrapKg, 1),
    kg_h: hours > 0 ? round(goodKg / hours, 1) : null,
    recovery: billetKg > 0 ? round(goodKg / billetKg, 4) : null,
    scrap_ratio: billetKg > 0 ? round(scrapKg / billetKg, 4) : null,
  };
}

/** Weight of the billets pushed, kg: cross-section (mm²) × billet length (mm) × density (g/cm³). */
export const billetKg = (billets: number, areaMm2: number, billetLengthMm: number, densityGcm3: number) =>
  round((billets * areaMm2 * billetLengthMm * densityGcm3) / 1_000_000, 2);

/**
 * Every 10-minute mark of a run up to its end (or now): answered when a record was saved within
 * the ten minutes after it, due while that window is still open on a running die, missed otherwise.
 * The ten minutes are of running time: `pauses` (run-pauses.ts, its press stopped) do not count,
 * so no mark falls inside a pause and a window open when the press stopped stays open through it.
 */
export function dimensionMarks(start: Date, end: Date | null, savedAt: Date[], now = new Date(), pauses: readonly Pause[] = []): DimensionMark[] {
  const until = (end ?? now).getTime();
  const times = savedAt.map((date) => date.getTime()).sort((a, b) => a - b);
  const marks: DimensionMark[] = [];
  let next = 0;
  const markAt = (mark: number) => wallTimeAfter(start, pauses, mark * CHECK_MS);
  for (let mark = 1, at = markAt(1); at <= until; at = markAt(++mark)) {
    const closes = markAt(mark + 1);
    while (next < times.length && times[next] < at) next++;
    const answered = next < times.length && times[next] < closes;
    const state = answered ? 'answered' : end === null && now.getTime() < closes ? 'due' : 'missed';
    marks.push({ at: new Date(at).toISOString(), state });
  }
  return marks;
}

/**
 * The marks with the missed ones that were answered afterwards (`lateMarks`, the marks the late
 * answers name) as 'late': neither answered on time nor missed and unanswered. The records of
 * late answers are not in `dimensionMarks`' `savedAt` (they answer their mark, not the one whose
 * ten minutes they fell in).
 */
export function withLateAnswers(marks: DimensionMark[], lateMarks: Date[]): DimensionMark[] {
  const late = new Set(lateMarks.map((date) => date.getTime()));
  return marks.map((mark) => (mark.state === 'missed' && late.has(Date.parse(mark.at)) ? { ...mark, state: 'late' } : mark));
}
