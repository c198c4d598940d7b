import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LIST_CHANGED_CHANNEL } from '../data-changes';
import { announceListChanges, LIST_CHANGED_FUNCTION } from '../tenant-policy';

/**
 * Issue 18: each API process keeps the totals of big lists (tenancy/list-counts.service.ts) until
 * a write to their table is announced on LIST_CHANGED_CHANNEL, with the table's name. Every
 * company-owned table (a company_id column) gets a statement-level trigger: one notification per
 * statement at most (identical ones of a transaction go out once, at commit), whoever writes.
 */
export class ListChangedNotify1765300000000 implements MigrationInterface {
  name = 'ListChangedNotify1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create or replace function ${LIST_CHANGED_FUNCTION}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${LIST_CHANGED_CHANNEL}', tg_table_name);
        return null;
      end $$`);
    for (const { table } of await companyOwnedTables(runner)) await announceListChanges(runner, table);
  }

  async down(runner: QueryRunner): Promise<void> {
    const triggers: { table: string; name: string }[] = await runner.query(
      `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgfoid = to_regproc($1)`,
      [LIST_CHANGED_FUNCTION],
    );
    for (const { table, name } of triggers) await runner.query(`drop trigger if exists "${name}" on "${table}"`);
    await runner.query(`drop function if exists ${LIST_CHANGED_FUNCTION}()`);
  }
}

/** The tables of the app's schema with a company_id column (the company-owned ones, each under row-level security). */
function companyOwnedTables(runner: QueryRunner): Promise<{ table: string }[]> {
  return runner.query(`
    select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
       and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
     order by c.relname`);
}
