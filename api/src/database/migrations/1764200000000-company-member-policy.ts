import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_RULE } from '../tenant-policy';

/**
 * Row-level security on company_member, the last company-owned table without it. Membership is
 * read before any company is chosen (who the caller is, which companies they may switch to), so
 * every row stays readable; inserting, changing or removing a membership is bound to the
 * transaction's company, like every other company-owned row.
 */
export class CompanyMemberPolicy1764200000000 implements MigrationInterface {
  name = 'CompanyMemberPolicy1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table company_member enable row level security`);
    await runner.query(`alter table company_member force row level security`);
    await runner.query(`create policy membership_read on company_member for select using (true)`);
    await runner.query(`create policy tenant_isolation on company_member using (${TENANT_RULE}) with check (${TENANT_RULE})`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop policy if exists tenant_isolation on company_member`);
    await runner.query(`drop policy if exists membership_read on company_member`);
    await runner.query(`alter table company_member no force row level security`);
    await runner.query(`alter table company_member disable row level security`);
  }
}
