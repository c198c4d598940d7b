import type { MigrationInterface, QueryRunner } from 'typeorm';
import { announceListChanges, enableTenantPolicy, SYSTEM_SETTING } from '../tenant-policy';

/**
 * Issue 36: what is the person's own belongs to the person.
 * - `app_user.session_version`: every access token carries the version it was issued under; a
 *   password change or reset moves it on, which ends every older session at its next call and cuts
 *   its sockets (the access channel announces it to every API process). `kept_session` is the one
 *   session that changed its own password: its tokens of the version before stay valid.
 * - `company_member.active`: a membership is activated and deactivated per company, by that
 *   company's administrators; the account itself is the person's. The view `active_member` says
 *   once who is an active member of a company.
 * - `password_reset`: an administrator's reset is a one-time link, never a password; only the
 *   token's SHA-256 is kept. No temporary password is given any more, so none has to be changed
 *   first: `must_change_password` goes.
 * - `user_invitation`: a new user of a company is an invitation, answered alike whether the address
 *   has an account elsewhere or not; the person accepts it with the link (a new account chooses its
 *   password there, an existing one signs in).
 */
export class IdentityBelongsToPerson1765700000000 implements MigrationInterface {
  name = 'IdentityBelongsToPerson1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`alter table app_user add column session_version int not null default 0`);
    await runner.query(`alter table app_user add column kept_session uuid`);
    await runner.query(`drop trigger if exists app_user_access_changed on app_user`);
    // No more temporary passwords to be changed first: a reset is a link (the column goes).
    await runner.query(`alter table app_user drop column must_change_password`);
    await runner.query(`
      create trigger app_user_access_changed after update of active, email, session_version on app_user
        for each row when (
          old.active is distinct from new.active or old.email is distinct from new.email or old.session_version is distinct from new.session_version
        ) execute function notify_access_changed('id')`);

    // company_member_access_changed (1764410000000) already announces every update of a membership.
    await runner.query(`alter table company_member add column active boolean not null default true`);
    // An account deactivated before memberships had a state stays out of every company.
    await runner.query(`update company_member member set active = false from app_user u where u.id = member.user_id and not u.active`);
    await runner.query(`update app_user set active = true where not active`);
    // Who counts as an active member (assignee and mention pickers, leads, chat contacts, sign-in):
    // written once. Read with the caller's rights, so row-level security applies as on its tables.
    await runner.query(`
      create view active_member with (security_invoker = true) as
        select member.company_id, member.user_id from company_member member join app_user person on person.id = member.user_id
         where member.active and person.active`);

    await runner.query(`
      create table password_reset (
        id serial primary key,
        user_id int not null references app_user(id) on delete cascade,
        token_hash char(64) not null unique,
        created_by int references app_user(id) on delete set null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      )`);
    await runner.query(`create index password_reset_user_id on password_reset(user_id)`);
    // Not one company's: read and written only in system transactions.
    await runner.query(`alter table password_reset enable row level security`);
    await runner.query(`alter table password_reset force row level security`);
    await runner.query(`create policy system_only on password_reset using ((select current_setting('${SYSTEM_SETTING}', true) = 'on'))`);

    await runner.query(`
      create table user_invitation (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        email varchar(254) not null check (email = lower(email)),
        display_name varchar(100) not null,
        position varchar(100),
        role_ids int[] not null,
        company_ids int[] not null,
        token_hash char(64) not null unique,
        created_by int references app_user(id) on delete set null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        accepted_at timestamptz,
        accepted_by int references app_user(id) on delete set null,
        revoked_at timestamptz
      )`);
    await runner.query(`create index user_invitation_company_created on user_invitation(company_id, created_at desc)`);
    await runner.query(
      `create unique index user_invitation_pending_email on user_invitation(company_id, email) where accepted_at is null and revoked_at is null`,
    );
    await enableTenantPolicy(runner, 'user_invitation');
    await announceListChanges(runner, 'user_invitation');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop table if exists user_invitation`);
    await runner.query(`drop table if exists password_reset`);
    await runner.query(`drop view if exists active_member`);
    await runner.query(`update app_user u set active = false where not exists (select 1 from company_member m where m.user_id = u.id and m.active)`);
    await runner.query(`alter table company_member drop column if exists active`);
    await runner.query(`drop trigger if exists app_user_access_changed on app_user`);
    await runner.query(`alter table app_user add column must_change_password boolean not null default false`);
    await runner.query(`
      create trigger app_user_access_changed after update of active, email, must_change_password on app_user
        for each row when (
          old.active is distinct from new.active or old.email is distinct from new.email
          or old.must_change_password is distinct from new.must_change_password
        ) execute function notify_access_changed('id')`);
    await runner.query(`alter table app_user drop column if exists kept_session`);
    await runner.query(`alter table app_user drop column if exists session_version`);
  }
}
