import { DIMENSION_CHECK_MINUTES } from '@planta/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SYSTEM_SETTING } from '../tenant-policy';

const CHECK_SECONDS = DIMENSION_CHECK_MINUTES * 60;

/** A run's hours as the triggers feed them to its die and its press's meters (`hoursOf` the seconds). */
const hoursOf = (seconds: string) => `round((${seconds} / 3600)::numeric, 2)`;
const WALL = (run: string) => `extract(epoch from ${run}.end_extrusion_time - ${run}.start_extrusion_time)`;
const RUNNING = (run: string) => `run_running_seconds(${run}.company_id, ${run}.line_id, ${run}.start_extrusion_time, ${run}.end_extrusion_time)`;

/**
 * Issue 37: a run's time is its running time. While its line's press is stopped (a stop of a
 * machine of type 'press' on the run's line: failure, by hand, maintenance) a run does not count
 * hours and its 10-minute critical-dimension clock stands still. `run_running_seconds` is that rule
 * in SQL, written once here: the indicators (hours, kg/h, the share of a run inside a period, the
 * checks expected and answered), the hours a run adds to its die and to its press's meters, and
 * the hours of the production figures of the API (order detail, die summary, a stopped run) all
 * read it. Production's `run-pauses.ts` lists the same pauses for the marks of 'Mi extrusión';
 * figures-agree.e2e-spec.ts proves both count the same marks over a run with a stop inside.
 *
 * `answered_check_marks` numbers marks in running time too, and is recounted when a press stop
 * of the run's line is written (a stop moves the marks after it).
 */
export class RunningTimeOfRuns1765900000000 implements MigrationInterface {
  name = 'RunningTimeOfRuns1765900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`create index machine_stop_line_started on machine_stop(line_id, started_at)`);
    // Seconds in [from, to) during which a stop of a press of the line was open (overlapping stops counted once).
    await runner.query(`
      create or replace function press_paused_seconds(p_company int, p_line int, p_from timestamptz, p_to timestamptz)
        returns double precision language sql stable as $$
        select coalesce(sum(date_part('epoch', upper(pause) - lower(pause))), 0)
          from unnest((
            select range_agg(tstzrange(greatest(stop.started_at, p_from), least(coalesce(stop.ended_at, 'infinity'), p_to), '[)'))
              from machine_stop stop join machine press on press.id = stop.machine_id and press.type = 'press'
             where p_from < p_to and stop.company_id = p_company and stop.line_id = p_line
               and stop.started_at < p_to and coalesce(stop.ended_at, 'infinity') > p_from
          )) pause
      $$`);
    // A run's running seconds from its start up to `p_until` (its end, now, or a mark's window): the wall time less its pauses.
    await runner.query(`
      create or replace function run_running_seconds(p_company int, p_line int, p_start timestamptz, p_until timestamptz)
        returns double precision language sql stable as $$
        select greatest(0, date_part('epoch', p_until - p_start) - press_paused_seconds(p_company, p_line, p_start, p_until))
      $$`);
    // The 10-minute marks of a run strictly before `p_at` (≤ its end): mark k falls at the first instant with k ×
    // DIMENSION_CHECK_MINUTES of running time, so one reached just as its press stopped falls before every instant of that stop.
    await runner.query(`
      create or replace function run_marks_before(p_company int, p_line int, p_start timestamptz, p_at timestamptz)
        returns int language sql stable as $$
        select greatest(0, ceil(running.seconds / ${CHECK_SECONDS})::int - 1
                 + case when running.seconds > 0 and running.seconds / ${CHECK_SECONDS} = floor(running.seconds / ${CHECK_SECONDS})
                          and exists (select 1 from machine_stop stop join machine press on press.id = stop.machine_id and press.type = 'press'
                                       where stop.company_id = p_company and stop.line_id = p_line
                                         and stop.started_at < p_at and coalesce(stop.ended_at, 'infinity') >= p_at)
                        then 1 else 0 end)
          from (select run_running_seconds(p_company, p_line, p_start, p_at) as seconds) running
      $$`);

    // The marks a record answers, in running time (the stops looked up only for a run whose press ever stopped while it ran).
    await runner.query(
      refreshMarks(
        `case when paused.seconds = 0 then extract(epoch from record.date_saved - run.start_extrusion_time)
              else run_running_seconds(run.company_id, run.line_id, run.start_extrusion_time, record.date_saved) end`,
        `case when paused.seconds = 0 then extract(epoch from record.answers_mark - run.start_extrusion_time)
              else run_running_seconds(run.company_id, run.line_id, run.start_extrusion_time, record.answers_mark) end`,
        `cross join lateral (select press_paused_seconds(run.company_id, run.line_id, run.start_extrusion_time,
                                                         coalesce(run.end_extrusion_time, 'infinity')) as seconds) paused`,
      ),
    );
    // A press stop written moves the marks of the runs of its line that it overlaps (transition tables allow one event
    // per trigger; one function serves the three).
    await runner.query(`
      create or replace function refresh_marks_of_stops(stops machine_stop[]) returns void language sql as $$
        select refresh_answered_check_marks(array(
          select distinct run.id from unnest(stops) stop
            join order_die run on run.company_id = stop.company_id and run.line_id = stop.line_id
           where run.start_extrusion_time < coalesce(stop.ended_at, 'infinity') and coalesce(run.end_extrusion_time, 'infinity') > stop.started_at
             and exists (select 1 from dimension_record record where record.order_die_id = run.id)))
      $$`);
    await runner.query(`
      create or replace function machine_stop_moves_marks() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform refresh_marks_of_stops(array(select stop::machine_stop from new_stops stop));
        elsif tg_op = 'DELETE' then
          perform refresh_marks_of_stops(array(select stop::machine_stop from old_stops stop));
        else
          perform refresh_marks_of_stops(array(select stop::machine_stop from new_stops stop union all select stop::machine_stop from old_stops stop));
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger machine_stop_moves_marks_on_insert after insert on machine_stop
        referencing new table as new_stops for each statement execute function machine_stop_moves_marks()`);
    await runner.query(`
      create trigger machine_stop_moves_marks_on_update after update on machine_stop
        referencing old table as old_stops new table as new_stops for each statement execute function machine_stop_moves_marks()`);
    await runner.query(`
      create trigger machine_stop_moves_marks_on_delete after delete on machine_stop
        referencing old table as old_stops for each statement execute function machine_stop_moves_marks()`);

    // An ended run adds its running hours to its die and to its press's meters.
    await runner.query(feedsDie(hoursOf(RUNNING('new'))));
    await runner.query(feedsMeters(hoursOf(RUNNING('new'))));

    // The runs so far: their marks recounted, their dies' hours and their meters' readings in running time.
    await runner.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
    await runner.query(`select refresh_answered_check_marks(array(select distinct order_die_id from dimension_record))`);
    await rebaseHours(runner, WALL('run'), RUNNING('run'));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
    await rebaseHours(runner, RUNNING('run'), WALL('run'));
    for (const event of ['insert', 'update', 'delete']) await runner.query(`drop trigger if exists machine_stop_moves_marks_on_${event} on machine_stop`);
    await runner.query(`drop function if exists machine_stop_moves_marks, refresh_marks_of_stops`);
    await runner.query(feedsDie(hoursOf(WALL('new'))));
    await runner.query(feedsMeters(hoursOf(WALL('new'))));
    await runner.query(
      refreshMarks(`extract(epoch from record.date_saved - run.start_extrusion_time)`, `extract(epoch from record.answers_mark - run.start_extrusion_time)`),
    );
    await runner.query(`select refresh_answered_check_marks(array(select distinct order_die_id from dimension_record))`);
    await runner.query(`drop function if exists run_marks_before, run_running_seconds, press_paused_seconds`);
    await runner.query(`drop index if exists machine_stop_line_started`);
  }
}

/**
 * refresh_answered_check_marks (migration 1765820000000) with the seconds from the run's start to a
 * record and to the mark a late one answers (`joins`: more of each run, after `from order_die run`).
 */
const refreshMarks = (savedSeconds: string, answeredSeconds: string, joins = '') => `
  create or replace function refresh_answered_check_marks(run_ids int[]) returns void language plpgsql as $$
  begin
    insert into answered_check_marks (order_die_id, company_id)
    select id, company_id from order_die where id = any(run_ids) order by id
    on conflict (order_die_id) do nothing;
    perform 1 from answered_check_marks where order_die_id = any(run_ids) order by order_die_id for update;
    update answered_check_marks answered
       set company_id = run.company_id,
           marks = array(select distinct floor(${savedSeconds} / ${CHECK_SECONDS})::int as mark
                           from dimension_record record
                          where record.order_die_id = run.id and record.company_id = run.company_id and record.answers_mark is null
                            and record.date_saved >= run.start_extrusion_time + interval '${DIMENSION_CHECK_MINUTES} minutes'
                          order by mark),
           late_marks = array(select distinct round(${answeredSeconds} / ${CHECK_SECONDS})::int as mark
                                from dimension_record record
                               where record.order_die_id = run.id and record.company_id = run.company_id and record.answers_mark is not null
                                 and record.answers_mark >= run.start_extrusion_time + interval '${DIMENSION_CHECK_MINUTES} minutes'
                               order by mark)
      from order_die run ${joins}
     where run.id = answered.order_die_id and answered.order_die_id = any(run_ids);
  end $$`;

/** order_die_feeds_die (migration 1764700000000) with a run's `hours`. */
const feedsDie = (hours: string) => `
  create or replace function order_die_feeds_die() returns trigger language plpgsql as $$
  declare
    hours numeric;
  begin
    if new.end_extrusion_time is null or (tg_op = 'UPDATE' and old.end_extrusion_time is not null) then
      return null;
    end if;
    hours := ${hours};
    update die set
      billets_total = billets_total + coalesce(new.billets_pushed, 0),
      kg_total = kg_total + coalesce(new.billet_kg, 0),
      hours_total = hours_total + hours,
      runs_total = runs_total + 1,
      billets_since_nitriding = billets_since_nitriding + coalesce(new.billets_pushed, 0),
      kg_since_nitriding = kg_since_nitriding + coalesce(new.billet_kg, 0),
      last_run_at = greatest(last_run_at, new.end_extrusion_time),
      last_line_id = case when last_run_at is null or new.end_extrusion_time >= last_run_at then new.line_id else last_line_id end
     where id = new.die_id;
    if tg_op = 'UPDATE' then
      insert into die_event (company_id, die_id, at, user_id, kind, from_state, to_state, ref_id, note)
      select new.company_id, new.die_id, new.end_extrusion_time, new.started_by, 'run', die.state, die.state, new.id, 'Fin de corrida'
        from die where die.id = new.die_id;
    end if;
    return null;
  end $$`;

/** order_die_feeds_meters (migration 1764600000000) with a run's `hours`. */
const feedsMeters = (hours: string) => `
  create or replace function order_die_feeds_meters() returns trigger language plpgsql as $$
  begin
    if new.end_extrusion_time is null or (tg_op = 'UPDATE' and old.end_extrusion_time is not null) then
      return null;
    end if;
    with fed as (
      select meter.id, meter.company_id,
             case meter.kind
               when 'hours' then ${hours}
               when 'billets' then coalesce(new.billets_pushed, 0)
               when 'kg' then coalesce(new.billet_kg, 0)
               when 'cycles' then coalesce(new.billets_pushed, 0)
             end as delta
        from meter join machine on machine.id = meter.machine_id
       where machine.line_id = new.line_id and machine.type = 'press' and meter.source = 'production' and meter.kind <> 'other'
    ), updated as (
      update meter set value = meter.value + fed.delta, updated_at = new.end_extrusion_time
        from fed where meter.id = fed.id
      returning meter.id, meter.company_id, meter.value, fed.delta
    )
    insert into meter_reading (company_id, meter_id, value, delta, read_at, source, order_die_id)
    select company_id, id, value, delta, new.end_extrusion_time, 'production', new.id from updated;
    return null;
  end $$`;

/**
 * The ended runs' hours as `seconds` counts them instead of `was`: each die's hours counter moved
 * by the difference, and each production hours meter by the difference from what the runs fed it
 * (its readings after a run's too).
 */
async function rebaseHours(runner: QueryRunner, was: string, seconds: string): Promise<void> {
  await runner.query(`
    with change as (
      select run.die_id, sum(${hoursOf(seconds)} - ${hoursOf(was)}) as hours from order_die run where run.end_extrusion_time is not null group by run.die_id
    )
    update die set hours_total = hours_total + change.hours from change where change.die_id = die.id and change.hours <> 0`);
  // The meters first (from the readings as the runs fed them), then the readings.
  await runner.query(`
    update meter set value = meter.value + total.change
      from (select reading.meter_id, sum(${hoursOf(seconds)} - reading.delta) as change
              from meter_reading reading join order_die run on run.id = reading.order_die_id
              join meter m on m.id = reading.meter_id and m.kind = 'hours' and m.source = 'production'
             where run.end_extrusion_time is not null group by reading.meter_id) total
     where total.meter_id = meter.id and total.change <> 0`);
  // A production hours meter: each reading of a run gets the run's hours; the later readings and the meter move by the change so far.
  await runner.query(`
    with fed as (
      select reading.id, reading.meter_id, reading.read_at, ${hoursOf(seconds)} - reading.delta as change
        from meter_reading reading
        join meter on meter.id = reading.meter_id and meter.kind = 'hours' and meter.source = 'production'
        join order_die run on run.id = reading.order_die_id
       where run.end_extrusion_time is not null
    ), moved as (
      select reading.id, sum(fed.change) as shift, sum(fed.change) filter (where fed.id = reading.id) as own
        from meter_reading reading join fed on fed.meter_id = reading.meter_id and (fed.read_at, fed.id) <= (reading.read_at, reading.id)
       group by reading.id
    )
    update meter_reading reading set value = reading.value + moved.shift, delta = reading.delta + coalesce(moved.own, 0)
      from moved where moved.id = reading.id and moved.shift <> 0`);
}
