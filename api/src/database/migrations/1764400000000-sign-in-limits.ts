import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the sign-in and registration limits remember: the addresses each account has signed in
 * from (its owner is not slowed there by somebody else's failures), registrations per address,
 * and one-time invitations for installations where registration is by invitation only.
 */
export class SignInLimits1764400000000 implements MigrationInterface {
  name = 'SignInLimits1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    // An attempt is written before its password is checked; `pending` until the answer is known.
    await runner.query(`alter table login_failure add column pending boolean not null default false`);
    await runner.query(`create index login_failure_email_address_at on login_failure(email, address, at)`);
    await runner.query(`
      create table sign_in_address (
        email varchar(254) not null,
        address varchar(64) not null,
        last_success_at timestamptz not null default now(),
        primary key (email, address)
      )`);
    await runner.query(`
      create table registration_attempt (
        id bigserial primary key,
        address varchar(64) not null,
        at timestamptz not null default now()
      )`);
    await runner.query(`create index registration_attempt_address_at on registration_attempt(address, at)`);
    await runner.query(`
      create table registration_invitation (
        id serial primary key,
        code_hash char(64) not null unique,
        note varchar(200),
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop table if exists registration_invitation`);
    await runner.query(`drop table if exists registration_attempt`);
    await runner.query(`drop table if exists sign_in_address`);
    await runner.query(`drop index if exists login_failure_email_address_at`);
    await runner.query(`alter table login_failure drop column if exists pending`);
  }
}
