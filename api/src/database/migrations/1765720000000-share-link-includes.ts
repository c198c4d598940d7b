import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36: a share link shows a record's internal discussion and people's names only when its
 * creator chose so, stored with the link; existing links show neither from now on. Links are listed
 * per creator and per resource (the share dialog, the 'Enlaces compartidos' screen).
 * Row-level security: share_token already has the company policy (migration 1763700000000).
 */
export class ShareLinkIncludes1765720000000 implements MigrationInterface {
  name = 'ShareLinkIncludes1765720000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table share_token add column include_discussion boolean not null default false`);
    await runner.query(`alter table share_token add column include_names boolean not null default false`);
    await runner.query(`create index share_token_resource on share_token(company_id, resource_type, resource_id)`);
    await runner.query(`create index share_token_created_by on share_token(company_id, created_by)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop index if exists share_token_created_by`);
    await runner.query(`drop index if exists share_token_resource`);
    await runner.query(`alter table share_token drop column include_names`);
    await runner.query(`alter table share_token drop column include_discussion`);
  }
}
