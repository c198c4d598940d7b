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
 * Without either setting nothing is visible: forgetting the scope fails closed.
 */
export async function enableTenantPolicy(runner: QueryRunner, table: string): Promise<void> {
  const rule = TENANT_RULE;
  await runner.query(`alter table "${table}" enable row level security`);
  await runner.query(`alter table "${table}" force row level security`);
  await runner.query(`create policy tenant_isolation on "${table}" using (${rule}) with check (${rule})`);
}
