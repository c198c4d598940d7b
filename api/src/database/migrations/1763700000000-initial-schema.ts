import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantPolicy } from '../tenant-policy';

/** Companies, users, roles, pages and permissions, sign-in bookkeeping, and the first die-shop tables. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create table company (
        id serial primary key,
        name varchar(120) not null unique,
        created_at timestamptz not null default now()
      )`);
    await runner.query(`
      create table role (
        id serial primary key,
        name varchar(40) not null unique,
        description varchar(200) not null default ''
      )`);
    await runner.query(`
      create table page (
        id serial primary key,
        alias varchar(80) not null unique,
        name varchar(120) not null,
        description varchar(300) not null default '',
        area varchar(40) not null
      )`);
    await runner.query(`
      create table app_user (
        id serial primary key,
        uuid uuid not null unique default gen_random_uuid(),
        email varchar(254) not null unique check (email = lower(email)),
        password_hash varchar(200) not null,
        display_name varchar(100) not null,
        position varchar(100),
        photo_url varchar(2048),
        settings jsonb not null default '{}'::jsonb,
        shortcuts jsonb not null default '[]'::jsonb,
        home_company_id int not null references company(id),
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    await runner.query(`
      create table user_role (
        user_id int not null references app_user(id) on delete cascade,
        role_id int not null references role(id) on delete restrict,
        primary key (user_id, role_id)
      )`);
    await runner.query(`create index user_role_role_id on user_role(role_id)`);
    await runner.query(`
      create table company_member (
        company_id int not null references company(id) on delete cascade,
        user_id int not null references app_user(id) on delete cascade,
        primary key (company_id, user_id)
      )`);
    await runner.query(`create index company_member_user_id on company_member(user_id)`);
    await runner.query(`
      create table page_role (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        page_id int not null references page(id) on delete cascade,
        role_id int not null references role(id) on delete cascade,
        read boolean not null default false,
        insert boolean not null default false,
        update boolean not null default false,
        delete boolean not null default false,
        unique (company_id, page_id, role_id)
      )`);
    await runner.query(`
      create table login_failure (
        id bigserial primary key,
        email varchar(254) not null,
        address varchar(64) not null,
        at timestamptz not null default now()
      )`);
    await runner.query(`create index login_failure_email_at on login_failure(email, at)`);
    await runner.query(`create index login_failure_address_at on login_failure(address, at)`);
    await runner.query(`
      create table share_token (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        token_hash char(64) not null unique,
        resource_type varchar(40) not null,
        resource_id int not null,
        created_by int not null references app_user(id),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    await runner.query(`create index share_token_company_id on share_token(company_id)`);
    await runner.query(`
      create table die (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        die_reference varchar(60) not null,
        copy_number int not null check (copy_number > 0),
        description varchar(200) not null default '',
        status varchar(30) not null default 'available',
        created_at timestamptz not null default now(),
        unique (company_id, die_reference, copy_number)
      )`);
    await runner.query(`create index die_company_reference on die(company_id, upper(die_reference) varchar_pattern_ops)`);
    await runner.query(`
      create table correction_record (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        die_id int not null references die(id) on delete restrict,
        reason varchar(500) not null,
        status varchar(30) not null default 'open',
        created_by int references app_user(id),
        opened_at timestamptz not null default now(),
        closed_at timestamptz
      )`);
    await runner.query(`create index correction_record_company_id on correction_record(company_id)`);
    await runner.query(`create index correction_record_die_id on correction_record(die_id)`);
    await runner.query(`
      create table correction_report (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        correction_record_id int not null references correction_record(id) on delete cascade,
        findings text not null,
        actions text not null default '',
        created_by int references app_user(id),
        created_at timestamptz not null default now()
      )`);
    await runner.query(`create index correction_report_company_id on correction_report(company_id)`);
    await runner.query(`create index correction_report_record_id on correction_report(correction_record_id)`);

    for (const table of ['page_role', 'share_token', 'die', 'correction_record', 'correction_report']) {
      await enableTenantPolicy(runner, table);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'correction_report',
      'correction_record',
      'die',
      'share_token',
      'login_failure',
      'page_role',
      'company_member',
      'user_role',
      'app_user',
      'page',
      'role',
      'company',
    ]) {
      await runner.query(`drop table if exists "${table}"`);
    }
  }
}
