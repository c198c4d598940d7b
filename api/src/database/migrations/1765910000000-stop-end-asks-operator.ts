import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37: when a stop of a press ends, the operator of the run it paused is asked to carry on
 * or to end it. A stop ends by more than one path: its end entered, its work order verified, or
 * its machine's status set back up (the `machine_status_stops` trigger). The database marks every
 * stop that ends, whichever path ended it, with the transaction that ended it; the one function
 * that asks the operators (`askOperatorsToResume`) takes the marks of its own transaction: each
 * ended stop is asked about once, by the change that ended it.
 */
export class StopEndAsksOperator1765910000000 implements MigrationInterface {
  name = 'StopEndAsksOperator1765910000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table machine_stop add column ended_in_xact xid8`);
    await runner.query(`
      create or replace function machine_stop_ended() returns trigger language plpgsql as $$
      begin
        new.ended_in_xact := pg_current_xact_id();
        return new;
      end $$`);
    await runner.query(`
      create trigger machine_stop_ended before update of ended_at on machine_stop
        for each row when (old.ended_at is null and new.ended_at is not null) execute function machine_stop_ended()`);
    await runner.query(`create index machine_stop_ended_in_xact on machine_stop(ended_in_xact) where ended_in_xact is not null`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists machine_stop_ended on machine_stop`);
    await runner.query(`drop function if exists machine_stop_ended`);
    await runner.query(`alter table machine_stop drop column ended_in_xact`);
  }
}
