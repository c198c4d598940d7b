import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, one truth across areas, kept by the database whoever writes:
 * - an order is 'in_press' exactly while one of its runs is active: a run that starts puts its
 *   order in press, the end of its last active run takes it back to 'Planificada' on its line
 *   (the stop may then finish it), and nothing else may set or keep 'in_press' (order_in_press_has_run);
 * - a die with an active run stays on the press (die_running_stays_in_press);
 * - a work order cannot start before it was created nor end before it started, a preparation
 *   cannot be ready before it was requested nor delivered before it was ready.
 * A started run closes its die's open preparation in the extrusion service (it needs the override
 * rule); the preparation keeps the override's reason here.
 */
export class OneTruthAcrossAreas1765800000000 implements MigrationInterface {
  name = 'OneTruthAcrossAreas1765800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create or replace function order_follows_its_runs() returns trigger language plpgsql as $$
      declare
        run order_die;
      begin
        if tg_op = 'DELETE' then run := old; else run := new; end if;
        if tg_op = 'INSERT' and new.end_extrusion_time is null then
          update production_order o
             set status = 'in_press', line_id = run.line_id,
                 board_position = (select coalesce(max(board_position) + 1, 0) from production_order where company_id = run.company_id and status = 'in_press')
           where o.id = run.order_id and (o.status <> 'in_press' or o.line_id is distinct from run.line_id);
        elsif (tg_op = 'UPDATE' and old.end_extrusion_time is null and new.end_extrusion_time is not null) or (tg_op = 'DELETE' and old.end_extrusion_time is null) then
          -- The last active run ended: back first on its line's plan (the stop may finish the order after).
          update production_order o
             set status = 'planned', line_id = run.line_id,
                 board_position = (select coalesce(min(board_position) - 1, 0) from production_order
                                    where company_id = run.company_id and status = 'planned' and line_id = run.line_id)
           where o.id = run.order_id and o.status = 'in_press'
             and not exists (select 1 from order_die other where other.order_id = run.order_id and other.end_extrusion_time is null);
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger order_follows_its_runs after insert or delete or update of end_extrusion_time on order_die
        for each row execute function order_follows_its_runs()`);

    await runner.query(`
      create or replace function order_in_press_has_run() returns trigger language plpgsql as $$
      declare
        running boolean;
      begin
        running := exists (select 1 from order_die where order_id = new.id and end_extrusion_time is null);
        if (new.status = 'in_press') <> running then
          raise exception 'order % is % with% an active run', new.id, new.status, case when running then '' else 'out' end
            using errcode = '23514', constraint = 'order_in_press_has_run';
        end if;
        return new;
      end $$`);
    await runner.query(`
      create trigger order_in_press_has_run before insert or update of status on production_order
        for each row execute function order_in_press_has_run()`);

    await runner.query(`
      create or replace function die_running_stays_in_press() returns trigger language plpgsql as $$
      begin
        if old.state = 'press' and new.state <> 'press' and exists (select 1 from order_die where die_id = new.id and end_extrusion_time is null) then
          raise exception 'die % has an active run and stays on the press', new.id using errcode = '23514', constraint = 'die_running_stays_in_press';
        end if;
        return new;
      end $$`);
    await runner.query(`
      create trigger die_running_stays_in_press before update of state on die
        for each row execute function die_running_stays_in_press()`);

    // Orders left 'in_press' without a run (before this rule) go back to their line's plan; orders running are in press.
    await runner.query(`alter table production_order disable trigger order_in_press_has_run`);
    await runner.query(`
      update production_order o set status = 'planned'
       where o.status = 'in_press' and not exists (select 1 from order_die r where r.order_id = o.id and r.end_extrusion_time is null)`);
    await runner.query(`
      update production_order o set status = 'in_press', line_id = r.line_id
        from order_die r where r.order_id = o.id and r.end_extrusion_time is null and o.status <> 'in_press'`);
    await runner.query(`alter table production_order enable trigger order_in_press_has_run`);

    // A start over an unfinished preparation: who allowed it and why.
    await runner.query(`
      alter table die_enlistment
        add column override_reason varchar(300) not null default '',
        add column overridden_by int references app_user(id) on delete set null`);

    // Impossible times: earlier rows are brought in order first (the demo's in-progress order read 'Creada 13:07 — Iniciada 11:07').
    // In one statement, each time no later than the next one known (least/greatest skip nulls).
    await runner.query(`
      update work_order
         set created_at = least(created_at, started_at, completed_at), started_at = least(started_at, completed_at),
             verified_at = greatest(verified_at, completed_at)
       where started_at < created_at or completed_at < created_at or completed_at < started_at or verified_at < completed_at`);
    await runner.query(`
      alter table work_order
        add constraint work_order_started_after_created check (started_at is null or started_at >= created_at),
        add constraint work_order_completed_after_started check (completed_at is null or started_at is null or completed_at >= started_at),
        add constraint work_order_verified_after_completed check (verified_at is null or completed_at is null or verified_at >= completed_at)`);
    await runner.query(`
      update die_enlistment
         set requested_at = least(requested_at, ready_at, delivered_at), ready_at = least(ready_at, delivered_at)
       where ready_at < requested_at or delivered_at < requested_at or delivered_at < ready_at`);
    await runner.query(`
      alter table die_enlistment
        add constraint die_enlistment_ready_after_requested check (ready_at is null or ready_at >= requested_at),
        add constraint die_enlistment_delivered_after_ready check (delivered_at is null or ready_at is null or delivered_at >= ready_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `alter table die_enlistment drop constraint die_enlistment_ready_after_requested, drop constraint die_enlistment_delivered_after_ready,
         drop column override_reason, drop column overridden_by`,
    );
    await runner.query(
      `alter table work_order drop constraint work_order_started_after_created, drop constraint work_order_completed_after_started,
         drop constraint work_order_verified_after_completed`,
    );
    await runner.query(`drop trigger if exists die_running_stays_in_press on die`);
    await runner.query(`drop trigger if exists order_in_press_has_run on production_order`);
    await runner.query(`drop trigger if exists order_follows_its_runs on order_die`);
    await runner.query(`drop function if exists die_running_stays_in_press, order_in_press_has_run, order_follows_its_runs`);
  }
}
