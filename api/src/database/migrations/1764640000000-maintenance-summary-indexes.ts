import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the maintenance dashboard reads by period (EXPLAIN on the benchmark's 20,000 work orders
 * showed sequential scans): orders created, due and completed in a period of one company.
 */
export class MaintenanceSummaryIndexes1764640000000 implements MigrationInterface {
  name = 'MaintenanceSummaryIndexes1764640000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`create index work_order_company_created on work_order(company_id, created_at)`);
    await runner.query(`create index work_order_company_due on work_order(company_id, due_at) where due_at is not null`);
    await runner.query(`create index work_order_company_completed on work_order(company_id, completed_at) where completed_at is not null`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop index if exists work_order_company_created, work_order_company_due, work_order_company_completed`);
  }
}
