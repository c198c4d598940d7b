import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37: a notification about a record (a new failure report, a blocked work order) keeps the
 * address of that record, so that clicking it opens the record.
 */
export class NotificationRecordPath1765850000000 implements MigrationInterface {
  name = 'NotificationRecordPath1765850000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table notification add column record_path varchar(500)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table notification drop column record_path`);
  }
}
