import { FAILURE_STOP_CAUSES, OPEN_CORRECTION_STATUSES, OPEN_ENLISTMENT_STATUSES, OPEN_WORK_ORDER_STATUSES, sqlValues } from '@planta/contracts';
import type { EntityManager } from 'typeorm';
import { heldGrantsSql } from '../permissions/held-grants';
import { DIMENSION_CHECK_MINUTES } from '../production/figures';

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

/**
 * The windows of the period, one per day of the company's calendar: the whole day, or the part of
 * it inside the shift (a shift whose end is not after its start ends the next day: 22:00–06:00
 * belongs to the day it starts), each clipped to [from, measured end).
 * Parameters: $2 from, $3 measured end, $4 time zone, $5 shift start 'HH:MM' or null, $6 shift end,
 * $7 shift ISO weekdays (1 Monday … 7 Sunday) or null.
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
  windows as (
    select day, greatest(ws, $2::timestamptz) as ws, least(we, $3::timestamptz) as we
      from raw_windows
     where least(we, $3::timestamptz) > greatest(ws, $2::timestamptz)
  )`;

/** Hours of each window (the same for every line). Parameters as WINDOWS_CTE. */
export const WINDOW_HOURS = `
  with ${WINDOWS_CTE}
  select to_char(day, 'YYYY-MM-DD') as day, extract(epoch from we - ws) / 3600 as hours
    from windows
   where $1::int is not null and $8::int[] is not null -- the parameters of the other queries, unused here
   order by day`;

/**
 * Stop hours of the lines' presses per line, day, cause and kind inside the windows (an open stop
 * runs until the measured end). Parameters as WINDOWS_CTE, $1 company, $8 line ids.
 */
export const PRESS_STOP_HOURS = `
  with ${WINDOWS_CTE}
  select press.line_id, to_char(w.day, 'YYYY-MM-DD') as day, stop.cause, stop.planned,
         sum(extract(epoch from least(coalesce(stop.ended_at, $3::timestamptz), w.we) - greatest(stop.started_at, w.ws)) / 3600) as hours,
         count(distinct stop.id) as stops
    from machine_stop stop
    join machine press on press.id = stop.machine_id and press.type = 'press'
    join windows w on tstzrange(stop.started_at, stop.ended_at, '[)') && tstzrange(w.ws, w.we, '[)')
   where stop.company_id = $1 and press.line_id = any($8::int[])
   group by press.line_id, w.day, stop.cause, stop.planned`;

/** The same stops by cause only (a stop across several days counts once). */
export const PRESS_STOPS_BY_CAUSE = `
  with ${WINDOWS_CTE}
  select stop.cause,
         sum(extract(epoch from least(coalesce(stop.ended_at, $3::timestamptz), w.we) - greatest(stop.started_at, w.ws)) / 60) as minutes,
         count(distinct stop.id) as stops
    from machine_stop stop
    join machine press on press.id = stop.machine_id and press.type = 'press'
    join windows w on tstzrange(stop.started_at, stop.ended_at, '[)') && tstzrange(w.ws, w.we, '[)')
   where stop.company_id = $1 and press.line_id = any($8::int[]) and not stop.planned
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
  )
  select runs.line_id, to_char(w.day, 'YYYY-MM-DD') as day,
         sum(inside.hours) as run_hours,
         sum(runs.billet_kg * inside.share) as billet_kg,
         sum(runs.good_kg * inside.share) as good_kg,
         sum(runs.scrap_kg * inside.share) as scrap_kg,
         sum(inside.hours * runs.goal) as goal_kg
    from runs
    join windows w on runs.rs < w.we and runs.re > w.ws or (runs.rs = runs.re and runs.rs >= w.ws and runs.rs < w.we)
    cross join lateral (
      select extract(epoch from least(runs.re, w.we) - greatest(runs.rs, w.ws)) / 3600 as hours,
             case when runs.hours > 0 then greatest(0, extract(epoch from least(runs.re, w.we) - greatest(runs.rs, w.ws)) / 3600) / runs.hours else 1 end as share
    ) inside
   group by runs.line_id, w.day`;

/**
 * The 10-minute critical-dimension checks (production's `dimensionMarks` in SQL): a mark every
 * DIMENSION_CHECK_MINUTES from the run's start up to its end (or now), counted on the window it
 * falls in; answered when a record was saved within the ten minutes after it. Marks of a running
 * die whose ten minutes are not over yet are neither expected nor missed. $9: now.
 */
export const CHECK_TOTALS = `
  with ${WINDOWS_CTE}
  select run.line_id, to_char(w.day, 'YYYY-MM-DD') as day, count(*) as expected,
         count(*) filter (where exists (
           select 1 from dimension_record record
            where record.order_die_id = run.id and record.date_saved >= mark.at and record.date_saved < mark.at + ${CHECK})) as answered
    from order_die run
    cross join lateral generate_series(run.start_extrusion_time + ${CHECK}, coalesce(run.end_extrusion_time, $9::timestamptz), ${CHECK}) as mark(at)
    join windows w on mark.at >= w.ws and mark.at < w.we
   where run.company_id = $1 and run.line_id = any($8::int[])
     and run.start_extrusion_time < $3::timestamptz and (run.end_extrusion_time is null or run.end_extrusion_time >= $2::timestamptz)
     and not (run.end_extrusion_time is null and mark.at + ${CHECK} > $9::timestamptz)
   group by run.line_id, w.day`;

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
