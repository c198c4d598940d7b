import { DIMENSION_CHECK_MINUTES } from '@planta/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { announceListChanges, enableTenantPolicy, SYSTEM_SETTING } from '../tenant-policy';

const CHECK_SECONDS = DIMENSION_CHECK_MINUTES * 60;

/**
 * Issue 18: the production indicators of a year within 100 ms. Counting the answered dimension
 * checks from the records (226,362 a year in the indicators bench) took 60–120 ms however the SQL
 * read them; `answered_check_marks` keeps, per run, the 10-minute marks it answered, ascending:
 * mark k (k ≥ 1, at start + k × DIMENSION_CHECK_MINUTES) is answered by a record of the run's
 * company saved in the ten minutes after it. The indicators count a span of them by binary search
 * (indicators.queries.ts CHECK_TOTALS). Triggers keep it exact in the transaction that writes the
 * records or moves a run's start, whoever writes. A new DIMENSION_CHECK_MINUTES needs a migration
 * that re-creates refresh_answered_check_marks and refreshes every run.
 */
export class AnsweredCheckMarks1765500000000 implements MigrationInterface {
  name = 'AnsweredCheckMarks1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create table answered_check_marks (
        order_die_id int primary key references order_die(id) on delete cascade,
        company_id int not null references company(id) on delete cascade,
        marks int[] not null default '{}'
      )`);
    await runner.query(`create index answered_check_marks_company_id on answered_check_marks(company_id)`);
    await enableTenantPolicy(runner, 'answered_check_marks');
    await announceListChanges(runner, 'answered_check_marks');

    // Recounts the runs' marks from their records. One writer of a run at a time: its row exists and
    // is locked before the count, whose snapshot (a new one per statement, read committed) then
    // holds the records of every writer before; a writer after waits for this one and counts again.
    await runner.query(`
      create or replace function refresh_answered_check_marks(run_ids int[]) returns void language plpgsql as $$
      begin
        insert into answered_check_marks (order_die_id, company_id)
        select id, company_id from order_die where id = any(run_ids) order by id
        on conflict (order_die_id) do nothing;
        perform 1 from answered_check_marks where order_die_id = any(run_ids) order by order_die_id for update;
        update answered_check_marks answered
           set company_id = run.company_id,
               marks = array(select distinct floor(extract(epoch from record.date_saved - run.start_extrusion_time) / ${CHECK_SECONDS})::int as mark
                               from dimension_record record
                              where record.order_die_id = run.id and record.company_id = run.company_id
                                and record.date_saved >= run.start_extrusion_time + interval '${DIMENSION_CHECK_MINUTES} minutes'
                              order by mark)
          from order_die run
         where run.id = answered.order_die_id and answered.order_die_id = any(run_ids);
      end $$`);
    // Per statement (a bulk load recounts each run once), from the rows it wrote: an update only
    // for the rows whose run, company or time changed (an edited value changes no mark).
    await runner.query(`
      create or replace function dimension_record_answers_checks() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform refresh_answered_check_marks(array(select distinct order_die_id from new_records));
        elsif tg_op = 'DELETE' then
          perform refresh_answered_check_marks(array(select distinct order_die_id from old_records));
        elsif tg_op = 'UPDATE' then
          perform refresh_answered_check_marks(array(
            select order_die_id from (select id, company_id, order_die_id, date_saved from old_records
                                      except select id, company_id, order_die_id, date_saved from new_records) moved_from
            union
            select order_die_id from (select id, company_id, order_die_id, date_saved from new_records
                                      except select id, company_id, order_die_id, date_saved from old_records) moved_to));
        else
          truncate answered_check_marks;
        end if;
        return null;
      end $$`);
    // Transition tables allow one event per trigger.
    await runner.query(`
      create trigger dimension_record_answers_checks_on_insert after insert on dimension_record
        referencing new table as new_records for each statement execute function dimension_record_answers_checks()`);
    await runner.query(`
      create trigger dimension_record_answers_checks_on_update after update on dimension_record
        referencing old table as old_records new table as new_records for each statement execute function dimension_record_answers_checks()`);
    await runner.query(`
      create trigger dimension_record_answers_checks_on_delete after delete on dimension_record
        referencing old table as old_records for each statement execute function dimension_record_answers_checks()`);
    await runner.query(`
      create trigger dimension_record_answers_checks_on_truncate after truncate on dimension_record
        for each statement execute function dimension_record_answers_checks()`);
    // A run whose start moves has other marks.
    await runner.query(`
      create or replace function order_die_start_moves_marks() returns trigger language plpgsql as $$
      begin
        perform refresh_answered_check_marks(array[new.id]);
        return null;
      end $$`);
    await runner.query(`
      create trigger order_die_start_moves_marks after update of start_extrusion_time, company_id on order_die
        for each row when (old.start_extrusion_time is distinct from new.start_extrusion_time or old.company_id is distinct from new.company_id)
        execute function order_die_start_moves_marks()`);

    // The runs recorded so far.
    await runner.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
    await runner.query(`select refresh_answered_check_marks(array(select distinct order_die_id from dimension_record))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists order_die_start_moves_marks on order_die`);
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await runner.query(`drop trigger if exists dimension_record_answers_checks_on_${event} on dimension_record`);
    await runner.query(`drop function if exists order_die_start_moves_marks, dimension_record_answers_checks, refresh_answered_check_marks`);
    await runner.query(`drop table if exists answered_check_marks`);
  }
}
