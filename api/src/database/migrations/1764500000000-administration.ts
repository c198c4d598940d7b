import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_CHANGED_CHANNEL } from '../access-changes';
import { enableTenantPolicy, TENANT_RULE } from '../tenant-policy';

/**
 * What the administration area needs (issue 11):
 * - a company's own details and plant settings, and whether it can still be chosen;
 * - roles of a company next to the four built-in ones (company_id null), so that one company's
 *   custom role is never seen by another;
 * - roles held per membership (company_member_role instead of user_role): a person may be an
 *   administrator in one company and an operator in another, and "the last administrator of a
 *   company" is a question about that company alone;
 * - a temporary password that must be changed at the next sign-in;
 * - a company's own names and descriptions of the catalogue's pages (the catalogue stays the code's);
 * - the audit trail, append-only.
 */
export class Administration1764500000000 implements MigrationInterface {
  name = 'Administration1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      alter table company
        add column tax_id varchar(30) not null default '',
        add column address varchar(300) not null default '',
        add column time_zone varchar(64) not null default 'Europe/Madrid',
        add column upload_limit_mb int not null default 2 check (upload_limit_mb between 1 and 100),
        add column active boolean not null default true`);

    // Roles: built-in ones (no company) and each company's own; a name is unique within what a company sees.
    await runner.query(`alter table role drop constraint role_name_key`);
    await runner.query(`alter table role add column company_id int references company(id) on delete cascade`);
    await runner.query(`create unique index role_name_in_company on role (coalesce(company_id, 0), lower(name))`);
    await runner.query(`create index role_company_id on role(company_id)`);
    await runner.query(`alter table role enable row level security`);
    await runner.query(`alter table role force row level security`);
    // Read before any company is chosen (the roles a token's subject holds); lists filter by company.
    await runner.query(`create policy role_read on role for select using (true)`);
    await runner.query(`create policy tenant_isolation on role using (${TENANT_RULE}) with check (${TENANT_RULE})`);

    // Roles per membership; the roles a user held apply in every company they belonged to.
    await runner.query(`
      create table company_member_role (
        company_id int not null,
        user_id int not null,
        role_id int not null references role(id) on delete restrict,
        primary key (company_id, user_id, role_id),
        foreign key (company_id, user_id) references company_member(company_id, user_id) on delete cascade
      )`);
    await runner.query(`create index company_member_role_role_id on company_member_role(role_id)`);
    await runner.query(`create index company_member_role_user_id on company_member_role(user_id)`);
    await runner.query(`
      insert into company_member_role (company_id, user_id, role_id)
      select member.company_id, member.user_id, held.role_id from company_member member join user_role held on held.user_id = member.user_id`);
    await runner.query(`drop table user_role`);
    // Read before any company is chosen (who a token's subject is in its company), like company_member.
    await runner.query(`alter table company_member_role enable row level security`);
    await runner.query(`alter table company_member_role force row level security`);
    await runner.query(`create policy membership_read on company_member_role for select using (true)`);
    await runner.query(`create policy tenant_isolation on company_member_role using (${TENANT_RULE}) with check (${TENANT_RULE})`);
    await runner.query(`
      create trigger company_member_role_access_changed after insert or update or delete on company_member_role
        for each row execute function notify_access_changed('user_id')`);
    // A deactivated company takes access away from everybody working in it.
    await runner.query(`
      create or replace function notify_company_access_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${ACCESS_CHANGED_CHANNEL}', member.user_id::text) from company_member member where member.company_id = new.id;
        return null;
      end $$`);
    await runner.query(`
      create trigger company_access_changed after update of active on company
        for each row when (old.active is distinct from new.active) execute function notify_company_access_changed()`);

    await runner.query(`alter table app_user add column must_change_password boolean not null default false`);

    await runner.query(`
      create table company_page (
        company_id int not null references company(id) on delete cascade,
        page_id int not null references page(id) on delete cascade,
        name varchar(120) not null,
        description varchar(300) not null default '',
        updated_at timestamptz not null default now(),
        primary key (company_id, page_id)
      )`);
    await enableTenantPolicy(runner, 'company_page');

    await runner.query(`
      create table audit_entry (
        id bigserial primary key,
        company_id int not null references company(id) on delete cascade,
        at timestamptz not null default now(),
        actor_id int references app_user(id) on delete set null,
        actor_name varchar(254) not null default '',
        action varchar(40) not null,
        entity varchar(40) not null,
        entity_id int,
        label varchar(300) not null default '',
        before jsonb,
        after jsonb,
        address varchar(64)
      )`);
    await runner.query(`create index audit_entry_company_at on audit_entry(company_id, at desc, id desc)`);
    await runner.query(`create index audit_entry_record on audit_entry(company_id, entity, entity_id, at desc)`);
    // Append-only: no policy lets a row be changed or removed, and a trigger says so rather than
    // changing nothing silently; only the removal of the company itself takes its entries along.
    await runner.query(`alter table audit_entry enable row level security`);
    await runner.query(`alter table audit_entry force row level security`);
    await runner.query(`create policy audit_read on audit_entry for select using (${TENANT_RULE})`);
    await runner.query(`create policy audit_append on audit_entry for insert with check (${TENANT_RULE})`);
    await runner.query(
      `create policy audit_company_removed on audit_entry for delete using (not exists (select 1 from company where company.id = company_id))`,
    );
    await runner.query(`
      create or replace function audit_entry_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and not exists (select 1 from company where id = old.company_id) then
          return old;
        end if;
        raise exception 'audit entries are append-only' using errcode = 'P0001';
      end $$`);
    await runner.query(`
      create trigger audit_entry_append_only before update or delete on audit_entry
        for each row execute function audit_entry_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop table if exists audit_entry`);
    await runner.query(`drop function if exists audit_entry_append_only()`);
    await runner.query(`drop table if exists company_page`);
    await runner.query(`alter table app_user drop column if exists must_change_password`);
    await runner.query(`drop trigger if exists company_access_changed on company`);
    await runner.query(`drop function if exists notify_company_access_changed()`);
    await runner.query(`
      create table user_role (
        user_id int not null references app_user(id) on delete cascade,
        role_id int not null references role(id) on delete restrict,
        primary key (user_id, role_id)
      )`);
    await runner.query(`create index user_role_role_id on user_role(role_id)`);
    await runner.query(`
      insert into user_role (user_id, role_id)
      select distinct held.user_id, held.role_id from company_member_role held join role on role.id = held.role_id where role.company_id is null`);
    await runner.query(`
      create trigger user_role_access_changed after insert or update or delete on user_role
        for each row execute function notify_access_changed('user_id')`);
    await runner.query(`drop table company_member_role`);
    await runner.query(`drop policy if exists tenant_isolation on role`);
    await runner.query(`drop policy if exists role_read on role`);
    await runner.query(`alter table role no force row level security`);
    await runner.query(`alter table role disable row level security`);
    await runner.query(`delete from role where company_id is not null`);
    await runner.query(`drop index if exists role_name_in_company`);
    await runner.query(`alter table role drop column company_id`);
    await runner.query(`alter table role add constraint role_name_key unique (name)`);
    await runner.query(`alter table company drop column tax_id, drop column address, drop column time_zone, drop column upload_limit_mb, drop column active`);
  }
}
