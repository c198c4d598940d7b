import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  CATALOGUE_ACTIVE,
  CORRECTION_DEFAULTS,
  CORRECTION_EFFECTIVENESS,
  CORRECTION_NUMBER_KIND,
  CORRECTION_ORIGINS,
  CORRECTION_SEVERITIES,
  CORRECTION_STATUSES,
  DEFAULT_CORRECTION_DEFECTS,
  DEFAULT_CORRECTION_OPERATIONS,
  OPEN_CORRECTION_STATUSES,
  sqlValues,
  TRIAL_RESULTS,
  USER_CORRECTION_WORK,
} from '@planta/contracts';
import { enableTenantPolicy } from '../tenant-policy';

/** New company-owned tables, in creation order. */
const TABLES = ['correction_setting', 'correction_defect', 'correction_operation', 'correction_comment'];

/** A SQL array literal of Spanish names, for the default catalogues. */
const textArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * Die corrections (issue 14, domain.md A2.2): the record becomes the non-conformity (number per
 * company and year, origin, run, defect, dimension, severity, corrector, due date, board state and
 * version, effectiveness, canvas), the report one numbered attempt (operations, hours, trial run and
 * result), a discussion table for both, the company's catalogues of defects and operations (the
 * plant's Spanish terms, for every company, also those created later) and the correction settings.
 *
 * Old rows stay valid: 'open' becomes 'reported', the reason becomes the description, each record
 * gets its number in the order it was opened and each report its attempt number.
 */
export class Corrections1764800000000 implements MigrationInterface {
  name = 'Corrections1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    // ---------------------------------------------------------------- settings
    await runner.query(`
      create table correction_setting (
        company_id int primary key references company(id) on delete cascade,
        correction_draft_after int not null default ${CORRECTION_DEFAULTS.draftAfter}
          check (correction_draft_after between 1 and ${CORRECTION_DEFAULTS.maxDraftAfter}),
        corrector_ids int[] not null default '{}'
      )`);
    await runner.query(`insert into correction_setting (company_id) select id from company`);

    // ---------------------------------------------------------------- catalogues
    for (const table of ['correction_defect', 'correction_operation']) {
      await runner.query(`
        create table ${table} (
          id serial primary key,
          company_id int not null references company(id) on delete cascade,
          name varchar(80) not null,
          description text not null default '',
          active varchar(3) not null default 'yes' check (active in (${sqlValues(CATALOGUE_ACTIVE)})),
          sort_order int check (sort_order >= 0),
          constraint ${table}_name_unique unique (company_id, name)
        )`);
      await runner.query(`create index ${table}_company_order on ${table}(company_id, sort_order, name)`);
    }
    // The defaults of one company, numbered 10, 20, … so a plant can slot its own in between.
    await runner.query(`
      create or replace function company_correction_defaults(p_company int) returns void language sql as $$
        insert into correction_setting (company_id) values (p_company) on conflict do nothing;
        insert into correction_defect (company_id, name, sort_order)
          select p_company, name, position * 10 from unnest(${textArray(DEFAULT_CORRECTION_DEFECTS)}) with ordinality as t(name, position)
          on conflict do nothing;
        insert into correction_operation (company_id, name, sort_order)
          select p_company, name, position * 10 from unnest(${textArray(DEFAULT_CORRECTION_OPERATIONS)}) with ordinality as t(name, position)
          on conflict do nothing;
      $$`);
    await runner.query(`select company_correction_defaults(id) from company`);
    // Every company has its settings and catalogues from its creation, whoever creates it.
    await runner.query(`
      create or replace function company_correction_setup() returns trigger language plpgsql as $$
      begin
        perform company_correction_defaults(new.id);
        return null;
      end $$`);
    await runner.query(`create trigger company_correction_setup after insert on company for each row execute function company_correction_setup()`);

    // ---------------------------------------------------------------- the record (non-conformity)
    await runner.query(`alter table correction_record rename column reason to description`);
    await runner.query(`alter table correction_record alter column description type varchar(2000)`);
    await runner.query(`update correction_record set status = case status when 'closed' then 'closed' else 'reported' end`);
    await runner.query(`
      alter table correction_record
        alter column status set default 'reported',
        add constraint correction_record_status_known check (status in (${sqlValues(CORRECTION_STATUSES)})),
        add column number varchar(20),
        add column origin varchar(10) not null default 'press' check (origin in (${sqlValues(CORRECTION_ORIGINS)})),
        add column order_die_id int references order_die(id) on delete set null,
        add column defect_id int references correction_defect(id) on delete set null,
        add column dimension_label varchar(10),
        add column measured_mm numeric check (measured_mm >= 0),
        add column nominal_mm numeric check (nominal_mm >= 0),
        add column tol_minus numeric check (tol_minus >= 0),
        add column tol_plus numeric check (tol_plus >= 0),
        add column severity varchar(10) not null default 'major' check (severity in (${sqlValues(CORRECTION_SEVERITIES)})),
        add column assigned_corrector_id int references app_user(id) on delete set null,
        add column due_at timestamptz,
        add column effectiveness varchar(15) not null default 'pending' check (effectiveness in (${sqlValues(CORRECTION_EFFECTIVENESS)})),
        add column auto_draft boolean not null default false,
        add column canvas jsonb,
        add column version int not null default 0,
        add column updated_at timestamptz not null default now()`);
    await runner.query(`update correction_record set effectiveness = 'effective' where status = 'closed'`);
    // Numbers for the records already there, in the order they were opened (the counter goes on from them).
    await runner.query(`
      do $$
      declare
        r record;
      begin
        for r in select id, company_id, opened_at from correction_record order by opened_at, id loop
          update correction_record set number = next_document_number(r.company_id, '${CORRECTION_NUMBER_KIND}', r.opened_at) where id = r.id;
        end loop;
      end $$`);
    await runner.query(`update correction_record set closed_at = opened_at where closed_at is null and status = 'closed'`);
    await runner.query(`
      alter table correction_record
        alter column number set not null,
        add constraint correction_record_number_unique unique (company_id, number),
        add constraint correction_record_closed_has_date check (status not in ('closed', 'discarded', 'scrapped') or closed_at is not null)`);
    await runner.query(`create index correction_record_company_status on correction_record(company_id, status, due_at)`);
    await runner.query(`create index correction_record_corrector on correction_record(assigned_corrector_id) where assigned_corrector_id is not null`);
    await runner.query(`create index correction_record_order_die on correction_record(order_die_id) where order_die_id is not null`);
    // At most one open record per die: the automatic draft and the cleaning's link rely on it.
    await runner.query(`create unique index correction_record_one_open on correction_record(die_id) where status in (${sqlValues(OPEN_CORRECTION_STATUSES)})`);

    // ---------------------------------------------------------------- the report (one attempt)
    await runner.query(`
      alter table correction_report
        rename column created_at to started_at`);
    await runner.query(`alter table correction_report rename column created_by to corrector_id`);
    await runner.query(`
      alter table correction_report
        add column attempt_no int not null default 1 check (attempt_no > 0),
        add column operations jsonb not null default '[]' check (jsonb_typeof(operations) = 'array'),
        add column hours numeric check (hours >= 0 and hours <= 1000),
        add column trial_order_die_id int references order_die(id) on delete set null,
        add column trial_result varchar(10) not null default 'pending' check (trial_result in (${sqlValues(TRIAL_RESULTS)})),
        add column trial_note varchar(1000) not null default '',
        add column finished_at timestamptz`);
    // The old free text of what was done stays readable as the findings' second paragraph.
    await runner.query(`update correction_report set findings = concat_ws(E'\\n\\n', nullif(findings, ''), nullif(actions, ''))`);
    await runner.query(`alter table correction_report drop column actions`);
    await runner.query(`
      update correction_report set attempt_no = numbered.n
        from (select id, row_number() over (partition by correction_record_id order by started_at, id) as n from correction_report) numbered
       where numbered.id = correction_report.id`);
    await runner.query(`
      update correction_report set trial_result = 'approved', finished_at = record.closed_at
        from correction_record record
       where record.id = correction_report.correction_record_id and record.status = 'closed'
         and correction_report.attempt_no = (select max(attempt_no) from correction_report last where last.correction_record_id = record.id)`);
    await runner.query(`alter table correction_report add constraint correction_report_attempt_unique unique (correction_record_id, attempt_no)`);
    await runner.query(`create index correction_report_trial_run on correction_report(trial_order_die_id) where trial_order_die_id is not null`);

    // ---------------------------------------------------------------- discussion
    await runner.query(`
      create table correction_comment (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        correction_record_id int references correction_record(id) on delete cascade,
        correction_report_id int references correction_report(id) on delete cascade,
        author_id int references app_user(id) on delete set null,
        text varchar(4000) not null,
        mentions int[] not null default '{}',
        created_at timestamptz not null default now(),
        check ((correction_record_id is null) <> (correction_report_id is null))
      )`);
    await runner.query(`create index correction_comment_record on correction_comment(correction_record_id, created_at) where correction_record_id is not null`);
    await runner.query(`create index correction_comment_report on correction_comment(correction_report_id, created_at) where correction_report_id is not null`);

    // The user role's defaults on the correction pages (pages.ts USER_CORRECTION_WORK), where they
    // still hold the old read-only default: these pages did nothing until now.
    await runner.query(
      `update page_role set "insert" = true, "update" = true
         from page, role
        where page.id = page_role.page_id and role.id = page_role.role_id and role.company_id is null and role.name = 'user'
          and page.alias in (${sqlValues(USER_CORRECTION_WORK)})
          and page_role."read" and not page_role."insert" and not page_role."update" and not page_role."delete"`,
    );

    for (const table of TABLES) await enableTenantPolicy(runner, table);
    for (const table of ['correction_defect', 'correction_operation', 'correction_comment']) {
      await runner.query(`create index ${table}_company_id on ${table}(company_id)`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists company_correction_setup on company`);
    await runner.query(`drop function if exists company_correction_setup, company_correction_defaults`);
    await runner.query(`drop table if exists correction_comment`);
    await runner.query(`
      alter table correction_report
        drop constraint correction_report_attempt_unique, add column actions text not null default '',
        drop column attempt_no, drop column operations, drop column hours, drop column trial_order_die_id, drop column trial_result,
        drop column trial_note, drop column finished_at`);
    await runner.query(`alter table correction_report rename column corrector_id to created_by`);
    await runner.query(`alter table correction_report rename column started_at to created_at`);
    await runner.query(`drop index if exists correction_record_one_open`);
    await runner.query(`update correction_record set status = case when status in ('closed', 'discarded', 'scrapped') then 'closed' else 'open' end`);
    await runner.query(`
      alter table correction_record
        drop constraint correction_record_status_known, drop constraint correction_record_number_unique,
        drop constraint correction_record_closed_has_date, alter column status set default 'open',
        drop column number, drop column origin, drop column order_die_id, drop column defect_id, drop column dimension_label,
        drop column measured_mm, drop column nominal_mm, drop column tol_minus, drop column tol_plus, drop column severity,
        drop column assigned_corrector_id, drop column due_at, drop column effectiveness, drop column auto_draft, drop column canvas,
        drop column version, drop column updated_at`);
    await runner.query(`update correction_record set description = left(description, 500)`);
    await runner.query(`alter table correction_record alter column description type varchar(500)`);
    await runner.query(`alter table correction_record rename column description to reason`);
    await runner.query(`delete from document_counter where kind = '${CORRECTION_NUMBER_KIND}'`);
    for (const table of ['correction_operation', 'correction_defect', 'correction_setting']) await runner.query(`drop table if exists "${table}"`);
  }
}
