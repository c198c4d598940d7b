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
const CHECK = `interval '${DIMENSION_CHECK_MINUTES} minutes'`;
// Seconds as a double: numeric epochs (extract) are several times slower over a year of records.
const CHECK_SECONDS = DIMENSION_CHECK_MINUTES * 60;

/**
 * The windows of the period, one per day of the company's calendar: the whole day, or the part of
 * it inside the shift (a shift whose end is not after its start ends the next day: 22:00–06:00
 * belongs to the day it starts), each clipped to [from, measured end).
 * Parameters: $2 from, $3 measured end, $4 time zone, $5 shift start 'HH:MM' or null, $6 shift end,
 * $7 shift ISO weekdays (1 Monday … 7 Sunday) or null.
 * A window of day d lies within local days d and d + 1: rows are joined to the windows of the local
 * days they cover (an equality, so a year of rows is a hash join, not rows × days).
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
    select day, greatest(ws, $2::timestamptz) as ws, least(we, $3::timestamptz) as we
      from raw_windows
     where least(we, $3::timestamptz) > greatest(ws, $2::timestamptz)
  )`;

/** Hours of each window (the same for every line). Parameters as WINDOWS_CTE. */
/** The local days (timestamps at midnight) a span [start, end) inside [$2, $3) covers, and the day before (whose window may reach into them). */
const coveredDays = (start: string, end: string) =>
  `generate_series(((greatest(${start}, $2::timestamptz) at time zone $4)::date - 1)::timestamp, (least(${end}, $3::timestamptz) at time zone $4)::date::timestamp, interval '1 day')`;

export const WINDOW_HOURS = `
  with ${WINDOWS_CTE}
  select to_char(day, 'YYYY-MM-DD') as day, extract(epoch from we - ws) / 3600 as hours
    from windows
   where $1::int is not null and $8::int[] is not null -- the parameters of the other queries, unused here
   order by day`;

/**
 * The stops of the lines' presses that overlap the period, each with the local days it covers
 * (materialized: the planner must join them to the windows by day, not stops × windows).
 */
const PRESS_STOP_DAYS = `
  stop_days as materialized (
    select press.line_id, stop.id, stop.cause, stop.planned, stop.started_at, stop.ended_at, covered.day::date as day
      from machine_stop stop
      join machine press on press.id = stop.machine_id and press.type = 'press'
      cross join lateral ${coveredDays('stop.started_at', 'coalesce(stop.ended_at, $3::timestamptz)')} as covered(day)
     where stop.company_id = $1 and press.line_id = any($8::int[])
       and stop.started_at < $3::timestamptz and (stop.ended_at is null or stop.ended_at > $2::timestamptz)
  )`;

/**
 * Stop hours of the lines' presses per line, day, cause and kind inside the windows (an open stop
 * runs until the measured end). Parameters as WINDOWS_CTE, $1 company, $8 line ids.
 */
export const PRESS_STOP_HOURS = `
  with ${WINDOWS_CTE},
  ${PRESS_STOP_DAYS}
  select stop.line_id, to_char(w.day, 'YYYY-MM-DD') as day, stop.cause, stop.planned,
         sum(extract(epoch from least(coalesce(stop.ended_at, $3::timestamptz), w.we) - greatest(stop.started_at, w.ws)) / 3600) as hours,
         count(distinct stop.id) as stops
    from stop_days stop
    join windows w on w.day = stop.day and tstzrange(stop.started_at, stop.ended_at, '[)') && tstzrange(w.ws, w.we, '[)')
   group by stop.line_id, w.day, stop.cause, stop.planned`;

/** The same stops by cause only (a stop across several days counts once). */
export const PRESS_STOPS_BY_CAUSE = `
  with ${WINDOWS_CTE},
  ${PRESS_STOP_DAYS}
  select stop.cause,
         sum(extract(epoch from least(coalesce(stop.ended_at, $3::timestamptz), w.we) - greatest(stop.started_at, w.ws)) / 60) as minutes,
         count(distinct stop.id) as stops
    from stop_days stop
    join windows w on w.day = stop.day and tstzrange(stop.started_at, stop.ended_at, '[)') && tstzrange(w.ws, w.we, '[)')
   where not stop.planned
   group by stop.cause
   order by minutes desc, stop.cause`;

/**
 * Finished runs per line and day, each counted for its share inside the windows (hours and kg in
 * proportion to the time inside), with the kg the line's goal would have given in those hours.
 */
export const RUN_TOTALS = `
  with ${WINDOWS_CTE},
  runs as (
    select run.line_id, run.start_extrusion_time as rs, run.end_extrusion_time as re,
           extract(epoch from run.end_extrusion_time - run.start_extrusion_time) / 3600 as hours,
           coalesce(run.billet_kg, 0) as billet_kg, coalesce(run.good_kg, 0) as good_kg, coalesce(run.scrap_kg, 0) as scrap_kg,
           line.net_productivity_goal_kg_h as goal
      from order_die run join extrusion_line line on line.id = run.line_id
     where run.company_id = $1 and run.line_id = any($8::int[]) and run.end_extrusion_time is not null
       and run.start_extrusion_time < $3::timestamptz and run.end_extrusion_time > $2::timestamptz - interval '1 day'
  ),
  run_days as materialized (
    select runs.*, covered.day::date as day from runs cross join lateral ${coveredDays('runs.rs', 'runs.re')} as covered(day)
  )
  select runs.line_id, to_char(w.day, 'YYYY-MM-DD') as day,
         sum(inside.hours) as run_hours,
         sum(runs.billet_kg * inside.share) as billet_kg,
         sum(runs.good_kg * inside.share) as good_kg,
         sum(runs.scrap_kg * inside.share) as scrap_kg,
         sum(inside.hours * runs.goal) as goal_kg
    from run_days runs
    join windows w on w.day = runs.day and (runs.rs < w.we and runs.re > w.ws or (runs.rs = runs.re and runs.rs >= w.ws and runs.rs < w.we))
    cross join lateral (
      select extract(epoch from least(runs.re, w.we) - greatest(runs.rs, w.ws)) / 3600 as hours,
             case when runs.hours > 0 then greatest(0, extract(epoch from least(runs.re, w.we) - greatest(runs.rs, w.ws)) / 3600) / runs.hours else 1 end as share
    ) inside
   group by runs.line_id, w.day`;

/**
 * The 10-minute critical-dimension checks (production's `dimensionMarks` in SQL): mark k (k ≥ 1)
 * falls DIMENSION_CHECK_MINUTES × k after the run's start, up to its end (or now), and counts on
 * the window it falls in; it is answered when a record was saved within the ten minutes after it,
 * so a record answers the mark k = ⌊(saved − start) ÷ 10 min⌋ (a join, not a lookup per mark).
 * Marks of a running die whose ten minutes are not over yet are neither expected nor missed. $9: now.
 */
export const CHECK_TOTALS = `
  with ${WINDOWS_CTE},
  runs as (
    select run.id, run.line_id, run.start_extrusion_time as rs, coalesce(run.end_extrusion_time, $9::timestamptz) as re, run.end_extrusion_time is null as running
      from order_die run
     where run.company_id = $1 and run.line_id = any($8::int[])
       and run.start_extrusion_time < $3::timestamptz and (run.end_extrusion_time is null or run.end_extrusion_time >= $2::timestamptz)
  ),
  answered as (
    select distinct record.order_die_id as run_id, floor((date_part('epoch', record.date_saved) - date_part('epoch', runs.rs)) / ${CHECK_SECONDS})::int as k
      from dimension_record record join runs on runs.id = record.order_die_id
     where record.company_id = $1 and record.date_saved >= runs.rs + ${CHECK}
  ),
  marks as materialized (
    select runs.id as run_id, runs.line_id, mark.k, runs.rs + mark.k * ${CHECK} as at, ((runs.rs + mark.k * ${CHECK}) at time zone $4)::date as local_day
      from runs
      cross join lateral generate_series(1, floor((date_part('epoch', runs.re) - date_part('epoch', runs.rs)) / ${CHECK_SECONDS})::int) as mark(k)
     where not (runs.running and runs.rs + (mark.k + 1) * ${CHECK} > $9::timestamptz)
  )
  select marks.line_id, to_char(w.day, 'YYYY-MM-DD') as day, count(*) as expected, count(answered.k) as answered
    from marks
    left join answered on answered.run_id = marks.run_id and answered.k = marks.k
    cross join (values (0), (1)) as back(days)
    join windows w on w.day = marks.local_day - back.days and marks.at >= w.ws and marks.at < w.we
   group by marks.line_id, w.day`;

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
