import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCHED = ['number', 'customer', 'profile'] as const;

/**
 * The order search as stored lower-cased keys. Under row-level security PostgreSQL may not use an
 * index on `lower(column)` with `like`: neither is leakproof, so the search had to be checked after
 * the policy on every row of the company (100,000 orders: over half a second a page). The keys are
 * searched with `^@` (starts_with, leakproof), which a `text_pattern_ops` index answers.
 */
export class OrderSearchKeys1764100000000 implements MigrationInterface {
  name = 'OrderSearchKeys1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const column of SEARCHED) {
      await runner.query(`alter table production_order add column if not exists ${column}_key text generated always as (lower(${column})) stored`);
      await runner.query(`drop index if exists production_order_${column}_prefix`);
      await runner.query(`create index if not exists production_order_${column}_key on production_order(company_id, ${column}_key text_pattern_ops)`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const column of SEARCHED) {
      await runner.query(`drop index if exists production_order_${column}_key`);
      await runner.query(`alter table production_order drop column if exists ${column}_key`);
      await runner.query(`create index if not exists production_order_${column}_prefix on production_order(company_id, lower(${column}) text_pattern_ops)`);
    }
  }
}
