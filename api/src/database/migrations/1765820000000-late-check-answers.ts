import { DIMENSION_CHECK_MINUTES } from '@planta/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SYSTEM_SETTING } from '../tenant-policy';

const CHECK_SECONDS = DIMENSION_CHECK_MINUTES * 60;

/**
 * Issue 37: a missed 10-minute check can be answered late from 'Mi extrusión'. The records of a
 * late answer keep the mark they answer (`answers_mark`) beside when they were made (`date_saved`),
 * so they are counted as late, not as on time for the mark whose ten minutes they fell in.
 * `answered_check_marks` keeps the on-time marks as before (late records left out) and, apart, the
 * marks answered late (`late_marks`, ascending), for the indicators to count both by binary search.
 */
export class LateCheckAnswers1765820000000 implements MigrationInterface {
  name = 'LateCheckAnswers1765820000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table dimension_record add column answers_mark timestamptz`);
    // A late answer answers a mark closed before it was made.
    await runner.query(
      `alter table dimension_record add constraint dimension_record_late_after_mark
         check (answers_mark is null or date_saved >= answers_mark + interval '${DIMENSION_CHECK_MINUTES} minutes')`,
    );
    // One late answer (A and B) per mark of a run.
    await runner.query(
      `create unique index dimension_record_one_late_answer on dimension_record (order_die_id, answers_mark, dimension_text) where answers_mark is not null`,
    );
    await runner.query(`alter table answered_check_marks add column late_marks int[] not null default '{}'`);
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
                              where record.order_die_id = run.id and record.company_id = run.company_id and record.answers_mark is null
                                and record.date_saved >= run.start_extrusion_time + interval '${DIMENSION_CHECK_MINUTES} minutes'
                              order by mark),
               late_marks = array(select distinct round(extract(epoch from record.answers_mark - run.start_extrusion_time) / ${CHECK_SECONDS})::int as mark
                                    from dimension_record record
                                   where record.order_die_id = run.id and record.company_id = run.company_id and record.answers_mark is not null
                                     and record.answers_mark >= run.start_extrusion_time + interval '${DIMENSION_CHECK_MINUTES} minutes'
                                   order by mark)
          from order_die run
         where run.id = answered.order_die_id and answered.order_die_id = any(run_ids);
      end $$`);
    // The statement trigger recounts a run when a record's mark answered changes too.
    await runner.query(`
      create or replace function dimension_record_answers_checks() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform refresh_answered_check_marks(array(select distinct order_die_id from new_records));
        elsif tg_op = 'DELETE' then
          perform refresh_answered_check_marks(array(select distinct order_die_id from old_records));
        elsif tg_op = 'UPDATE' then
          perform refresh_answered_check_marks(array(
            select order_die_id from (select id, company_id, order_die_id, date_saved, answers_mark from old_records
                                      except select id, company_id, order_die_id, date_saved, answers_mark from new_records) moved_from
            union
            select order_die_id from (select id, company_id, order_die_id, date_saved, answers_mark from new_records
                                      except select id, company_id, order_die_id, date_saved, answers_mark from old_records) moved_to));
        else
          truncate answered_check_marks;
        end if;
        return null;
      end $$`);
    await runner.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
    await runner.query(`select refresh_answered_check_marks(array(select distinct order_die_id from dimension_record))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`delete from dimension_record where answers_mark is not null`);
    await runner.query(`alter table answered_check_marks drop column late_marks`);
    await runner.query(`drop index if exists dimension_record_one_late_answer`);
    await runner.query(`alter table dimension_record drop constraint if exists dimension_record_late_after_mark`);
    await runner.query(`alter table dimension_record drop column answers_mark`);
    // The functions as migration 1765500000000 made them.
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
  }
}
