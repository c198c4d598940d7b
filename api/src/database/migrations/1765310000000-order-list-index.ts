import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: the order list's default order (due date, then id, either way) read straight from an
 * index: a page of 50 stops after its rows, even under row-level security, instead of sorting each
 * due date's orders (the former (company_id, due_date) index left an incremental sort). It serves
 * every query the former did, which it replaces.
 */
export class OrderListIndex1765310000000 implements MigrationInterface {
  name = 'OrderListIndex1765310000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`create index if not exists production_order_due_id on production_order(company_id, due_date, id)`);
    await runner.query(`drop index if exists production_order_due`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`create index if not exists production_order_due on production_order(company_id, due_date)`);
    await runner.query(`drop index if exists production_order_due_id`);
  }
}
