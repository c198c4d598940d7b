import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38: money is shown in the company's currency (a die's cost was a bare '5907'). The
 * company keeps its ISO 4217 code; the plants so far are in euros.
 */
export class CompanyCurrency1766020000000 implements MigrationInterface {
  name = 'CompanyCurrency1766020000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table company add column currency varchar(3) not null default 'EUR'`);
    await runner.query(`alter table company add constraint company_currency_iso check (currency ~ '^[A-Z]{3}$')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table company drop column currency`);
  }
}
