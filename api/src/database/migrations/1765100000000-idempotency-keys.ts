import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantPolicy } from '../tenant-policy';

/**
 * Idempotency keys (issue 17, the offline queue; common/idempotency.interceptor.ts): one row per
 * key a user sent in a company. The row is inserted before the request is executed (the unique
 * key makes a second request with the same key find it instead of executing), and completed with
 * the answer (status and JSON body) that every repetition gets again. Company data like any other:
 * row-level security keeps one company's keys invisible to another.
 */
export class IdempotencyKeys1765100000000 implements MigrationInterface {
  name = 'IdempotencyKeys1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create table idempotency_key (
        id bigserial primary key,
        company_id int not null references company(id) on delete cascade,
        user_id int not null references app_user(id) on delete cascade,
        key uuid not null,
        method varchar(10) not null,
        path varchar(2000) not null,
        fingerprint char(64) not null,
        claimed_at timestamptz not null default now(),
        expires_at timestamptz not null,
        response_status int,
        response_body json,
        completed_at timestamptz,
        constraint idempotency_key_unique unique (company_id, user_id, key)
      )`);
    // The clean-up on write removes a company's expired keys.
    await runner.query(`create index idempotency_key_expiry on idempotency_key(company_id, expires_at)`);
    await enableTenantPolicy(runner, 'idempotency_key');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop table if exists idempotency_key`);
  }
}
