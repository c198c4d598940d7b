import type { MigrationInterface, QueryRunner } from 'typeorm';
import { INDICATOR_SOURCE_TABLES, INDICATORS_CHANGED_CHANNEL } from '../data-changes';

/**
 * Announces on INDICATORS_CHANGED_CHANNEL every write to the rows the dashboards' indicators are
 * computed from (issue 16: figures update live). The trigger's arguments name the areas; identical
 * notifications of one transaction go out once, when it commits.
 */
export class IndicatorsChangedNotify1765000000000 implements MigrationInterface {
  name = 'IndicatorsChangedNotify1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create or replace function notify_indicators_changed() returns trigger language plpgsql as $$
      declare
        company text := to_jsonb(coalesce(new, old)) ->> 'company_id';
        area text;
      begin
        if company is not null then
          foreach area in array tg_argv loop
            perform pg_notify('${INDICATORS_CHANGED_CHANNEL}', company || ':' || area);
          end loop;
        end if;
        return null;
      end $$`);
    for (const [table, areas] of Object.entries(INDICATOR_SOURCE_TABLES)) {
      await runner.query(`
        create trigger ${table}_indicators_changed after insert or update or delete on ${table}
          for each row execute function notify_indicators_changed(${areas.map((area) => `'${area}'`).join(', ')})`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of Object.keys(INDICATOR_SOURCE_TABLES)) await runner.query(`drop trigger if exists ${table}_indicators_changed on ${table}`);
    await runner.query(`drop function if exists notify_indicators_changed()`);
  }
}
