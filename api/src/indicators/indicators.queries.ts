import {
  DIMENSION_CHECK_MINUTES,
  FAILURE_STOP_CAUSES,
  OPEN_CORRECTION_STATUSES,
  OPEN_ENLISTMENT_STATUSES,
  OPEN_WORK_ORDER_STATUSES,
  sqlValues,
} from '@planta/contracts';
import type { EntityManager } from 'typeorm';
import { heldGrantsSql } from '../permissions/held-grants';

/**
 * The SQL of the indicators. Every figure is summed from the rows (stops, runs, dimension records,
 * work orders, dies, corrections), never from stored totals; the ratios are finished by the
 * formulas of contracts (dashboards/indicators.schema.ts).
 */

export const OPEN_ORDERS_SQL = sqlValues(OPEN_WORK_ORDER_STATUSES);
export const OPEN_CORRECTIONS_SQL = sqlValues(OPEN_CORRECTION_STATUSES);
export const OPEN_ENLISTMENTS_SQL = sqlValues(OPEN_ENLISTMENT_STATUSES);
export const FAILURE_SQL = `(not stop.planned and stop.cause in (${sqlValues(FAILURE_STOP_CAUSES)}))`;
// The check interval in seconds, for differences of times as doubles (date_part): numeric ones (extract) cost several times more a row.
const CHECK_SECONDS = DIMENSION_CHECK_MINUTES * 60;

/**
 * The windows of the period, one per day of the company's calendar: the whole day, or the part of
 * it inside the shift (a shift whose end is not after its start ends the next day: 22:00–06:00
 * belongs to the day it starts), each clipped to [from, measured end), numbered in order (i).
 * Parameters: $2 from, $3 measured end, $4 time zone, $5 shift start 'HH:MM' or null, $6 shift end,
 * $7 shift ISO weekdays (1 Monday … 7 Sunday) or null.
 * The windows never overlap, so their starts ascend with i: `window_starts` holds them in that
 * order for `coveringWindows`.
 */
export const WINDOWS_CTE = `
  days as (
    select d::date as day
      from generate_series((($2::timestamptz at time zone $4)::date - 1)::timestamp, ($3::timestamptz at time zone $4)::date::timestamp, interval '1 day') d
  ),
  raw_windows as (
    select day,
           case when $5::text is null then day::timestamp at time zone $4 else (day + $5::text::time) at time zone $4 end as ws,
           case when $5::text is null then (day + 1)::timestamp at time zone $4
                else (day + $6::text::time + case when $6::text::time <= $5::text::time then interval '1 day' else interval '0' end) at time zone $4 end as we
      from days
     where $7::int[] is null or extract(isodow from day)::int = any($7::int[])
  ),
  windows as materialized (
    select day, greatest(ws, $2::timestamptz) as ws, least(we, $3::timestamptz) as we, row_number() over (order by day)::int as i
      from raw_windows
     where least(we, $3::timestamptz) > greatest(ws, $2::timestamptz)
  ),
  window_starts as (
    select array_agg(ws order by i) as starts from windows
  )`;

/**
 * The numbers (windows.i) of the windows a span [start, end] may overlap, one row each, in the
 * select list of a query `from <rows> cross join window_starts` (a set-returning function there
 * costs less than a lateral join per row): from the last window starting at or before its start (or
 * the first) to the last starting at or before its end, found by binary search (width_bucket)
 * instead of mapping a year of rows to local days. The caller keeps the windows the span overlaps.
 */
const coveringWindows = (start: string, end: string) =>
  `generate_series(greatest(1, width_bucket(${start}, window_starts.starts)), width_bucket(${end}, window_starts.starts))`;

/** Hours of each window (the same for every line). Parameters as WINDOWS_CTE. */
export const WINDOW_HOURS = `
  with ${WINDOWS_CTE}
  select to_char(day, 'YYYY-MM-DD') as day, extract(epoch from we - ws) / 3600 as hours
    from windows
   where $1::int is not null and $8::int[] is not null -- the parameters of the other queries, unused here
   order by day`;

/**
 * The stops of the lines' presses that overlap the period (an open one runs until the measured
 * end), each with the windows it overlaps and its seconds inside each.
 */
const PRESS_STOP_WINDOWS = `
  press_stops as (
    select press.line_id, stop.id, stop.cause, stop.planned, stop.started_at, coalesce(stop.ended_at, $3::timestamptz) as ended_at,
           ${coveringWindows('stop.started_at', 'coalesce(stop.ended_at, $3::timestamptz)')} as i
      from machine_stop stop
      join machine press on press.id = stop.machine_id and press.type = 'press'
      cross join window_starts
     where stop.company_id = $1 and press.line_id = any($8::int[])
       and stop.started_at < $3::timestamptz and (stop.ended_at is null or stop.ended_at > $2::timestamptz)
  ),
  stop_windows as materialized (
    select stop.line_id, stop.id, stop.cause, stop.planned, w.day,
           extract(epoch from least(stop.ended_at, w.we) - greatest(stop.started_at, w.ws)) as seconds
      from press_stops stop
      join windows w on w.i = stop.i
     where stop.started_at < w.we and stop.ended_at > w.ws
  )`;

/**
 * The stops of the lines' presses inside the windows, in one pass over them: rows with a line, the
 * hours of planned and of unplanned stops per line and day; rows without, the unplanned minutes
 * and stops per cause (a stop across several days counts once), ranked for the loss Pareto (most
 * minutes first, then by cause). Parameters as WINDOWS_CTE, $1 company, $8 line ids.
 */
export const PRESS_STOP_TOTALS = `
  with ${WINDOWS_CTE},
  ${PRESS_STOP_WINDOWS}
  select line_id, to_char(day, 'YYYY-MM-DD') as day, planned, sum(seconds / 3600) as hours, null as cause, null as minutes, null as stops, null as pareto_rank
    from stop_windows
   group by line_id, day, planned
   union all
  select null, null, null, null, cause, sum(seconds / 60), count(distinct id), row_number() over (order by sum(seconds / 60) desc, cause)
    from stop_windows
   where not planned
   group by cause`;

/**
 * Marks of a run before `at`: the k ≥ 1 with start + k × DIMENSION_CHECK_MINUTES < at. The seconds
 * of the difference as a double (date_part of the interval) are exact to the microsecond for any
 * run shorter than a century, unlike a difference of two epochs. A run whose press stopped counts
 * running time (run_marks_before, migration 1765900000000); after its end, all its marks.
 */
const marksBefore = (at: string) => `case when runs.paused = 0 then greatest(0, ceil(date_part('epoch', ${at} - runs.rs) / ${CHECK_SECONDS}) - 1)
      when ${at} > runs.re then runs.last_mark else run_marks_before($1, runs.line_id, runs.rs, ${at}) end`;

/**
 * A run's time is its running time: its line's press stopped does not count (issue 37). The one
 * rule is the SQL function press_paused_seconds / run_running_seconds (migration 1765900000000);
 * `runs.paused` (its paused seconds in all) spares the call for the runs never paused, nearly all.
 */
const pausedBetween = (from: string, to: string) => `case when runs.paused > 0 then press_paused_seconds($1, runs.line_id, ${from}, ${to}) else 0 end`;
/** A run's paused and running seconds from its start to `end`, as the lateral `running` of a query over order_die `run`. */
const running = (end: string) =>
  `cross join lateral (select press_paused_seconds($1, run.line_id, run.start_extrusion_time, ${end}) as paused,
                              run_running_seconds($1, run.line_id, run.start_extrusion_time, ${end}) as seconds) running`;

/**
 * What a period produced: the one definition of every figure of production over a period that the
 * screens and their exports show — kg of billet extruded ('Kg de tocho', the kg of 'Correcciones
 * cada 10 t'), good and scrap kg, hours of extrusion, per plant, press, day or die. The finished
 * runs, each for the part of its extrusion time inside the period, its kg in proportion: a run from
 * 22:00 to 02:00 gives half its kg to each day, so the days of a week add up to the week and no kg
 * counts twice or never. A run without duration counts whole in the period of its start. A running
 * run counts once it ends (its kg are weighed at the stop). Over rows `runs` (rs start, re end,
 * hours, finished) and a window `w` (ws, we), as SQL for RUN_TOTALS and RUN_KG_PER_DIE.
 */
const runProduced = `runs.finished and (runs.rs < w.we and runs.re > w.ws or (runs.rs = runs.re and runs.rs >= w.ws and runs.rs < w.we))`;
/** Whether the run lies inside the window w, and else its hours and share inside it. */
const runInside = `runs.rs >= w.ws and runs.re <= w.we`;
const hoursInside = `(extract(epoch from least(runs.re, w.we) - greatest(runs.rs, w.ws)) - ${pausedBetween('greatest(runs.rs, w.ws)', 'least(runs.re, w.we)')}) / 3600`;
const shareInside = `case when runs.hours > 0 then greatest(0, ${hoursInside}) / runs.hours else 1 end`;
/** A run's hours inside the window. */
const hoursPart = `case when ${runInside} then runs.hours else ${hoursInside} end`;
/** A run's kg (or billets) inside the window: whole when the run lies inside it (most), without its numeric arithmetic. */
const partInside = (figure: string) => `case when ${runInside} then runs.${figure} else runs.${figure} * ${shareInside} end`;
/** The finished runs that may overlap [$from, $to), as the `runs` rows of `runProduced`. */
const finishedRuns = (from: string, to: string) => `
    select run.die_id, run.line_id, run.start_extrusion_time as rs, run.end_extrusion_time as re, true as finished,
           running.paused, running.seconds / 3600 as hours,
           coalesce(run.billet_kg, 0) as billet_kg, coalesce(run.good_kg, 0) as good_kg, coalesce(run.scrap_kg, 0) as scrap_kg,
           coalesce(run.billets_pushed, 0) as billets_pushed
      from order_die run
      ${running('run.end_extrusion_time')}
     where run.company_id = $1 and run.end_extrusion_time is not null
       and run.start_extrusion_time < ${to} and run.end_extrusion_time >= ${from}`;

/**
 * kg of billet each die extruded in [$2, $3) (what a period produced, above): the kg of
 * 'Correcciones cada 10 t'. $1 company.
 */
export const RUN_KG_PER_DIE = `
  select runs.die_id, sum(${partInside('billet_kg')}) as kg
    from (${finishedRuns('$2::timestamptz', '$3::timestamptz')}) runs
    cross join (select $2::timestamptz as ws, $3::timestamptz as we) w
   where ${runProduced}
   group by runs.die_id`;

/**
 * Per line, the finished runs overlapping [$2, $3) and their part inside it (what a period produced,
 * above): hours, billets (whole runs inside count all theirs; a part, its share, rounded once per
 * line), billet, good and scrap kg. $1 company. The figures per line of `extrusion-line/figures`.
 */
export const RUN_PARTS_PER_LINE = `
  select runs.line_id, count(*)::int as runs, sum(${hoursPart}) as hours, round(sum(${partInside('billets_pushed')}))::int as billets_pushed,
         sum(${partInside('billet_kg')}) as billet_kg, sum(${partInside('good_kg')}) as good_kg, sum(${partInside('scrap_kg')}) as scrap_kg
    from (${finishedRuns('$2::timestamptz', '$3::timestamptz')}) runs
    cross join (select $2::timestamptz as ws, $3::timestamptz as we) w
   where ${runProduced}
   group by runs.line_id`;

/**
 * The runs per line and day, in one pass over them (the runs and their windows cost most of a
 * statement). Parameters as WINDOWS_CTE, $1 company, $8 line ids, $9 now.
 *
 * Production: what each window produced (the definition above), with the kg the line's goal
 * would have given in those hours.
 *
 * The 10-minute critical-dimension checks (production's `dimensionMarks` in SQL), counted, never
 * listed: mark k (k ≥ 1) falls DIMENSION_CHECK_MINUTES × k after the run's start, up to its end,
 * and counts on the window it falls in, so a run expects in a window the marks between those
 * before the window's start and those before its end (`marksBefore`), up to its last mark. A
 * running die's marks count once their ten minutes are over (its last is the one before the mark
 * at or before now). Answered: the marks of the run's answered_check_marks (each a mark with a
 * record saved in the ten minutes after it, kept by the triggers of migration 1765500000000) in
 * that span, counted by binary search (width_bucket) instead of reading a year of records. Late:
 * the missed marks answered afterwards (its late_marks, issue 37), counted the same way. A run
 * that ended before the period has no mark in it.
 */
export const RUN_TOTALS = `
  with ${WINDOWS_CTE},
  runs as materialized (
    select run.line_id, run.start_extrusion_time as rs, coalesce(run.end_extrusion_time, $9::timestamptz) as re,
           run.end_extrusion_time is not null as finished,
           running.paused, running.seconds / 3600 as hours,
           coalesce(run.billet_kg, 0) as billet_kg, coalesce(run.good_kg, 0) as good_kg, coalesce(run.scrap_kg, 0) as scrap_kg,
           (floor(running.seconds / ${CHECK_SECONDS}) - case when run.end_extrusion_time is null then 1 else 0 end)::int as last_mark,
           coalesce(answered.marks, '{}') as answered_marks, coalesce(answered.late_marks, '{}') as late_marks
      from order_die run
      ${running('coalesce(run.end_extrusion_time, $9::timestamptz)')}
      left join answered_check_marks answered on answered.order_die_id = run.id
     where run.company_id = $1 and run.line_id = any($8::int[]) and run.start_extrusion_time < $3::timestamptz
       and (run.end_extrusion_time is null or run.end_extrusion_time > $2::timestamptz - interval '1 day')
  ),
  run_windows as (
    select runs.*, ${coveringWindows('runs.rs', 'runs.re')} as i from runs cross join window_starts
  )
  select totals.line_id, to_char(totals.day, 'YYYY-MM-DD') as day, totals.run_hours, totals.billet_kg, totals.good_kg, totals.scrap_kg,
         -- Σ hours × the line's goal, multiplied once (numeric products and sums are exact: the same figure).
         totals.run_hours * line.net_productivity_goal_kg_h as goal_kg, totals.checks_expected, totals.checks_answered, totals.checks_late
    from (
      select part.line_id, part.day,
             sum(part.hours) filter (where part.produced) as run_hours,
             sum(part.billet_kg) filter (where part.produced) as billet_kg,
             sum(part.good_kg) filter (where part.produced) as good_kg,
             sum(part.scrap_kg) filter (where part.produced) as scrap_kg,
             sum(part.last_mark - part.marks_before) as checks_expected,
             sum(width_bucket(part.last_mark, part.answered_marks) - width_bucket(part.marks_before, part.answered_marks)) as checks_answered,
             sum(width_bucket(part.last_mark, part.late_marks) - width_bucket(part.marks_before, part.late_marks)) as checks_late
        from (
          -- Each run in each window it may overlap, every figure computed once (offset 0: else PostgreSQL copies the expressions into each use).
          select runs.line_id, w.day, runs.answered_marks, runs.late_marks,
                 ${runProduced} as produced,
                 ${hoursPart} as hours,
                 ${partInside('billet_kg')} as billet_kg,
                 ${partInside('good_kg')} as good_kg,
                 ${partInside('scrap_kg')} as scrap_kg,
                 -- The marks of a run that ends inside the window are all in it.
                 case when runs.rs >= w.ws and runs.re < w.we then 0 else least(runs.last_mark, ${marksBefore('w.ws')})::int end as marks_before,
                 case when runs.rs >= w.ws and runs.re < w.we then runs.last_mark else least(runs.last_mark, ${marksBefore('w.we')})::int end as last_mark
            from run_windows runs
            join windows w on w.i = runs.i
          offset 0
        ) part
       where part.produced or part.last_mark > part.marks_before
       group by part.line_id, part.day
    ) totals
    join extrusion_line line on line.id = totals.line_id`;

/**
 * Hours of each stop inside [$2, $3) where an open stop runs until $3 (the measured end), with
 * whether it is a failure. $1 company.
 */
export const CLIPPED_STOPS = `
  select stop.id, stop.machine_id, stop.cause, stop.planned, ${FAILURE_SQL} as failure,
         extract(epoch from least(coalesce(stop.ended_at, $3::timestamptz), $3::timestamptz) - greatest(stop.started_at, $2::timestamptz)) / 3600 as hours
    from machine_stop stop
   where stop.company_id = $1
     and tstzrange(stop.started_at, stop.ended_at, '[)') && tstzrange($2::timestamptz, $3::timestamptz, '[)')`;

/** The aliases of the pages the user may read in the company (the union of the roles they hold there). */
export async function readablePages(manager: EntityManager, companyId: number, userId: number): Promise<Set<string>> {
  const rows: { alias: string }[] = await manager.query(
    `select page.alias from (${heldGrantsSql('$1', '$2')}) held join page on page.id = held.page_id where held.read`,
    [companyId, userId],
  );
  return new Set(rows.map((row) => row.alias));
}

/** SQL numbers (numeric and bigint arrive as text) as numbers. */
export const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
export const iso = (value: Date) => value.toISOString();
