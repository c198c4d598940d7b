import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_CHANGED_CHANNEL } from '../access-changes';

/**
 * Announces on ACCESS_CHANGED_CHANNEL every change that can take access away from a user's open
 * sockets: deactivation, a membership removed (also by deleting the user or the company), a role
 * added or taken. Notifications go out when the transaction commits, so a listener re-reading the
 * user sees the change; duplicates within one transaction are sent once.
 */
export class AccessChangeNotify1764410000000 implements MigrationInterface {
  name = 'AccessChangeNotify1764410000000';

  async up(runner: QueryRunner): Promise<void> {
    // The user id is read from the column named by the trigger's argument.
    await runner.query(`
      create or replace function notify_access_changed() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          perform pg_notify('${ACCESS_CHANGED_CHANNEL}', to_jsonb(old) ->> tg_argv[0]);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          perform pg_notify('${ACCESS_CHANGED_CHANNEL}', to_jsonb(new) ->> tg_argv[0]);
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger app_user_access_changed after update of active on app_user
        for each row when (old.active is distinct from new.active) execute function notify_access_changed('id')`);
    await runner.query(`
      create trigger company_member_access_changed after update or delete on company_member
        for each row execute function notify_access_changed('user_id')`);
    await runner.query(`
      create trigger user_role_access_changed after insert or update or delete on user_role
        for each row execute function notify_access_changed('user_id')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists user_role_access_changed on user_role`);
    await runner.query(`drop trigger if exists company_member_access_changed on company_member`);
    await runner.query(`drop trigger if exists app_user_access_changed on app_user`);
    await runner.query(`drop function if exists notify_access_changed()`);
  }
}
