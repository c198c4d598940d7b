import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who completed a work order: the verification must be someone else (domain.md A1.2, the qcadoo
 * EDITED → ACCEPTED two-person close), so the completer has to be known.
 */
export class WorkOrderCompletedBy1764620000000 implements MigrationInterface {
  name = 'WorkOrderCompletedBy1764620000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table work_order add column completed_by int references app_user(id) on delete set null`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table work_order drop column completed_by`);
  }
}
