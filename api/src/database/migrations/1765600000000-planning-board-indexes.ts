import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: every column of the planning board read straight from an index in the board's order,
 * so that a column stops after its cards however many orders a plant keeps, instead of sorting all
 * of them (tested at 100,000 orders):
 * - 'Por planificar' and 'En prensa' by position then id, for the company and status;
 * - 'Planificada' per line by position then id (the former index lacked the id);
 * - 'Terminada' most recently finished first, as the board orders it (`nulls last`, then id), where
 *   the former index's `desc` put nulls first and left the whole column to sort.
 */
export class PlanningBoardIndexes1765600000000 implements MigrationInterface {
  name = 'PlanningBoardIndexes1765600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`create index if not exists production_order_board_column on production_order(company_id, status, board_position, id)`);
    await runner.query(`create index if not exists production_order_board_line on production_order(company_id, status, line_id, board_position, id)`);
    await runner.query(
      `create index if not exists production_order_finished_recent on production_order(company_id, finished_at desc nulls last, id desc) where status = 'finished'`,
    );
    await runner.query(`drop index if exists production_order_board`);
    await runner.query(`drop index if exists production_order_finished`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`create index if not exists production_order_board on production_order(company_id, status, line_id, board_position)`);
    await runner.query(`create index if not exists production_order_finished on production_order(company_id, finished_at desc) where status = 'finished'`);
    await runner.query(`drop index if exists production_order_board_column`);
    await runner.query(`drop index if exists production_order_board_line`);
    await runner.query(`drop index if exists production_order_finished_recent`);
  }
}
