import type { QueryRunner } from 'typeorm';

/** Session settings the tenant scope sets in each transaction (tenancy/tenant-db.service.ts). */
export const TENANT_SETTING = 'planta.company_id';
export const SYSTEM_SETTING = 'planta.system';

/**
 * Row-level security for a company-owned table: a row is visible and writable only when its
 * company is the transaction's company, or inside a system transaction (sign-in, seeding).
 * Without either setting nothing is visible: forgetting the scope fails closed.
 */
export async function enableTenantPolicy(runner: QueryRunner, table: string): Promise<void> {
  const rule =
    `current_setting('${SYSTEM_SETTING}', true) = 'on' ` +
    `or company_id = nullif(current_setting('${TENANT_SETTING}', true), '')::int`;
  await runner.query(`alter table "${table}" enable row level security`);
  await runner.query(`alter table "${table}" force row level security`);
  await runner.query(`create policy tenant_isolation on "${table}" using (${rule}) with check (${rule})`);
}
