import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accented letters of the plant's languages (es, tr, pt, fr, de) and their plain letters, both cases. */
const ACCENTED = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏİÓÒÔÖÕØÚÙÛÜÑÇŞĞáàâäãåéèêëíìîïıóòôöõøúùûüñçşğ';
const PLAIN = 'AAAAAAEEEEIIIIIOOOOOOUUUUNCSGaaaaaaeeeeiiiiioooooouuuuncsg';
const ORDER_SEARCHED = ['number', 'customer', 'profile'] as const;

/**
 * Search as people type: 'manana' finds 'Mañana', 'trafico' finds 'Tráfico'. `fold_text` is
 * immutable (plain `translate` and `lower`, no extension needed), so the order search keys can
 * be stored with it and stay index-backed (see OrderSearchKeys).
 */
export class AccentInsensitiveSearch1764300000000 implements MigrationInterface {
  name = 'AccentInsensitiveSearch1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `create or replace function fold_text(value text) returns text language sql immutable parallel safe strict
         as $$ select lower(translate(value, '${ACCENTED}', '${PLAIN}')) $$`,
    );
    await this.orderKeys(runner, 'fold_text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await this.orderKeys(runner, 'lower');
    await runner.query(`drop function if exists fold_text(text)`);
  }

  private async orderKeys(runner: QueryRunner, fold: string): Promise<void> {
    for (const column of ORDER_SEARCHED) {
      await runner.query(`drop index if exists production_order_${column}_key`);
      await runner.query(`alter table production_order drop column if exists ${column}_key`);
      await runner.query(`alter table production_order add column ${column}_key text generated always as (${fold}(${column})) stored`);
      await runner.query(`create index production_order_${column}_key on production_order(company_id, ${column}_key text_pattern_ops)`);
    }
  }
}
