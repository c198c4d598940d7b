import type { QueryRunner } from 'typeorm';

/** Session settings the tenant scope sets in each transaction (tenancy/tenant-db.service.ts). */
export const TENANT_SETTING = 'planta.company_id';
export const SYSTEM_SETTING = 'planta.system';

/**
 * The settings are read in scalar subqueries so that PostgreSQL evaluates them once per query
 * (as init plans) instead of once per row: on a table of 100,000 orders the per-row form made a
 * list page cost seconds.
 */
export const TENANT_RULE =
  `(select current_setting('${SYSTEM_SETTING}', true) = 'on') ` + `or company_id = (select nullif(current_setting('${TENANT_SETTING}', true), '')::int)`;

/**
 * Row-level security for a company-owned table: a row is visible and writable only when its
 * company is the transaction's company, or inside a system transaction (sign-in, seeding).
 * Without either setting nothing is visible: forgetting the scope fails closed. A new
 * company-owned table also gets `announceListChanges`.
 */
export async function enableTenantPolicy(runner: QueryRunner, table: string): Promise<void> {
  const rule = TENANT_RULE;
  await runner.query(`alter table "${table}" enable row level security`);
  await runner.query(`alter table "${table}" force row level security`);
  await runner.query(`create policy tenant_isolation on "${table}" using (${rule}) with check (${rule})`);
}

/** The trigger function that announces a write to a company-owned table (migration 1765300000000). */
export const LIST_CHANGED_FUNCTION = 'notify_list_changed';

/**
 * Announces every statement that writes a company-owned table on LIST_CHANGED_CHANNEL
 * (data-changes.ts), so that each API process forgets the list totals it keeps of it
 * (tenancy/list-counts.service.ts). Every table with a company_id column has it
 * (tenancy.e2e-spec.ts checks them all).
 */
export async function announceListChanges(runner: QueryRunner, table: string): Promise<void> {
  await runner.query(
    `create trigger "${table}_list_changed" after insert or update or delete or truncate on "${table}"
       for each statement execute function ${LIST_CHANGED_FUNCTION}()`,
  );
}
