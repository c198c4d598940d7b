import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_CHANGED_CHANNEL, GRANTS_CHANGED_CHANNEL } from '../access-changes';

/**
 * Issue 18: who a token stands for and what roles may do are kept in memory by each API process
 * until the database announces a change. The access channel (1764410000000) now also fires for
 * what a request's identity holds besides `active` (the email, a pending password change), and
 * the grants get a channel of their own: a page_role row changed names its company; a role or a
 * page renamed or removed names every company ('*', or the role's own company). A role renamed
 * also changes who its holders are (an identity's roles are names): each of them is announced.
 */
export class CachedAccessNotify1765200000000 implements MigrationInterface {
  name = 'CachedAccessNotify1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists app_user_access_changed on app_user`);
    await runner.query(`
      create trigger app_user_access_changed after update of active, email, must_change_password on app_user
        for each row when (
          old.active is distinct from new.active or old.email is distinct from new.email
          or old.must_change_password is distinct from new.must_change_password
        ) execute function notify_access_changed('id')`);
    await runner.query(`
      create or replace function notify_grants_changed() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'page_role' then
          perform pg_notify('${GRANTS_CHANGED_CHANNEL}', to_jsonb(coalesce(new, old)) ->> 'company_id');
        elsif tg_table_name = 'role' then
          perform pg_notify('${GRANTS_CHANGED_CHANNEL}', coalesce(to_jsonb(old) ->> 'company_id', '*'));
          -- who holds it now holds a role of another name (an identity's roles are names)
          perform pg_notify('${ACCESS_CHANGED_CHANNEL}', held.user_id::text) from company_member_role held where held.role_id = old.id;
        else
          perform pg_notify('${GRANTS_CHANGED_CHANNEL}', '*');
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger page_role_grants_changed after insert or update or delete on page_role
        for each row execute function notify_grants_changed()`);
    await runner.query(`
      create trigger role_grants_changed after update of name or delete on role
        for each row execute function notify_grants_changed()`);
    await runner.query(`
      create trigger page_grants_changed after update of alias or delete on page
        for each row execute function notify_grants_changed()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists page_grants_changed on page`);
    await runner.query(`drop trigger if exists role_grants_changed on role`);
    await runner.query(`drop trigger if exists page_role_grants_changed on page_role`);
    await runner.query(`drop function if exists notify_grants_changed()`);
    await runner.query(`drop trigger if exists app_user_access_changed on app_user`);
    await runner.query(`
      create trigger app_user_access_changed after update of active on app_user
        for each row when (old.active is distinct from new.active) execute function notify_access_changed('id')`);
  }
}
