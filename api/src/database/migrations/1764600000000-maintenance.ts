import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  CHECKLIST_ITEM_KINDS,
  DOWN_MACHINE_STATUSES,
  FAILURE_REPORT_KINDS,
  FAILURE_REPORT_STATUSES,
  FAILURE_SEVERITIES,
  HOLD_REASONS,
  METER_KINDS,
  METER_READING_SOURCES,
  METER_SOURCES,
  OPEN_WORK_ORDER_STATUSES,
  PM_ANCHORS,
  PM_TRIGGERS,
  PM_UNITS,
  sqlValues,
  STOP_CAUSES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TYPES,
} from '@planta/contracts';
import { enableTenantPolicy, SYSTEM_SETTING } from '../tenant-policy';

/** Company-owned tables of the maintenance area, in creation order. */
const TABLES = [
  'document_counter',
  'stored_file',
  'meter',
  'meter_reading',
  'pm_plan',
  'failure_report',
  'failure_report_photo',
  'work_order',
  'work_order_item',
  'work_order_labor',
  'work_order_comment',
  'work_order_attachment',
  'machine_stop',
  'pm_skip_log',
];

const DOWN = sqlValues(DOWN_MACHINE_STATUSES);

/**
 * The maintenance area (issue 12, domain.md A1): what maintenance needs of a machine, failure and
 * damage reports with their photos, stops (paros) that never overlap on one machine, work orders
 * with checklist, labour, comments and attachments, preventive plans by calendar and by counter,
 * meters fed by the extrusion runs, and files stored once per company by their hash.
 *
 * Rules the data itself must keep live here, so that every path (API, seed, a second process)
 * keeps them: stops do not overlap (exclusion constraint), a plan has at most one open work
 * order (partial unique index), a run feeds the press meters exactly once (trigger + unique
 * reading per run), and a machine going down or back up opens or closes its stop (trigger).
 */
export class Maintenance1764600000000 implements MigrationInterface {
  name = 'Maintenance1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    // Integer equality inside a GiST exclusion constraint (stops of one machine never overlap).
    await runner.query(`create extension if not exists btree_gist`);

    // ---------------------------------------------------------------- machines
    await runner.query(`
      alter table machine
        add column code varchar(20) not null default '',
        add column parent_machine_id int references machine(id) on delete restrict,
        add column criticality varchar(1) not null default 'B',
        add column in_service_date date,
        add column expected_mtbf_h numeric,
        add column location varchar(120) not null default '',
        add constraint machine_not_own_parent check (parent_machine_id is distinct from id)`);
    await runner.query(`create unique index machine_code_unique on machine(company_id, code) where code <> ''`);
    await runner.query(`create index machine_parent_machine_id on machine(parent_machine_id)`);
    // A machine cannot sit under itself further down either (A under B under A).
    await runner.query(`
      create or replace function machine_parent_acyclic() returns trigger language plpgsql as $$
      begin
        if new.parent_machine_id is not null and exists (
          with recursive ancestors(id) as (
            select new.parent_machine_id
            union
            select machine.parent_machine_id from machine join ancestors on machine.id = ancestors.id where machine.parent_machine_id is not null
          ) select 1 from ancestors where id = new.id
        ) then
          raise exception 'machine % would be its own ancestor', new.id using errcode = '23514', constraint = 'machine_not_own_parent';
        end if;
        return new;
      end $$`);
    await runner.query(`
      create trigger machine_parent_acyclic before insert or update of parent_machine_id on machine
        for each row execute function machine_parent_acyclic()`);

    // ---------------------------------------------------------------- numbering and files
    // RF-2026-0001, OT-2026-0001: one counter per company, kind and year, taken inside the
    // transaction that creates the document (a rolled-back creation gives its number back).
    await runner.query(`
      create table document_counter (
        company_id int not null references company(id) on delete cascade,
        kind varchar(10) not null,
        year int not null,
        last int not null default 0,
        primary key (company_id, kind, year)
      )`);
    await runner.query(`
      create or replace function next_document_number(p_company int, p_kind text, p_at timestamptz) returns text language sql as $$
        insert into document_counter as counter (company_id, kind, year, last)
        values (p_company, p_kind, extract(year from p_at)::int, 1)
        on conflict (company_id, kind, year) do update set last = counter.last + 1
        returning p_kind || '-' || counter.year || '-' || lpad(counter.last::text, 4, '0')
      $$`);

    await runner.query(`
      create table stored_file (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        sha256 char(64) not null,
        content_type varchar(100) not null,
        size_bytes int not null check (size_bytes > 0),
        data bytea not null,
        created_at timestamptz not null default now(),
        constraint stored_file_hash_unique unique (company_id, sha256)
      )`);

    // ---------------------------------------------------------------- meters
    await runner.query(`
      create table meter (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        machine_id int not null references machine(id) on delete cascade,
        name varchar(80) not null,
        kind varchar(10) not null check (kind in (${sqlValues(METER_KINDS)})),
        unit varchar(20) not null,
        source varchar(12) not null check (source in (${sqlValues(METER_SOURCES)})),
        value numeric not null default 0 check (value >= 0),
        reset_on_pm boolean not null default false,
        updated_at timestamptz not null default now(),
        constraint meter_name_unique unique (machine_id, name)
      )`);
    // A press has one production meter of each kind: a run feeds it once.
    await runner.query(`create unique index meter_production_kind on meter(machine_id, kind) where source = 'production'`);
    await runner.query(`
      create table meter_reading (
        id bigserial primary key,
        company_id int not null references company(id) on delete cascade,
        meter_id int not null references meter(id) on delete cascade,
        value numeric not null check (value >= 0),
        delta numeric,
        read_at timestamptz not null default now(),
        source varchar(12) not null check (source in (${sqlValues(METER_READING_SOURCES)})),
        user_id int references app_user(id) on delete set null,
        order_die_id int references order_die(id) on delete set null,
        note varchar(300) not null default ''
      )`);
    await runner.query(`create index meter_reading_meter_read_at on meter_reading(meter_id, read_at)`);
    await runner.query(`create unique index meter_reading_once_per_run on meter_reading(meter_id, order_die_id) where order_die_id is not null`);
    // An ended run adds its hours, billets and kg to the production meters of the presses of its
    // line (domain.md A1.2), in the run's own transaction, whichever path ended it.
    await runner.query(`
      create or replace function order_die_feeds_meters() returns trigger language plpgsql as $$
      begin
        if new.end_extrusion_time is null or (tg_op = 'UPDATE' and old.end_extrusion_time is not null) then
          return null;
        end if;
        with fed as (
          select meter.id, meter.company_id,
                 case meter.kind
                   when 'hours' then round((extract(epoch from new.end_extrusion_time - new.start_extrusion_time) / 3600)::numeric, 2)
                   when 'billets' then coalesce(new.billets_pushed, 0)
                   when 'kg' then coalesce(new.billet_kg, 0)
                   when 'cycles' then coalesce(new.billets_pushed, 0)
                 end as delta
            from meter join machine on machine.id = meter.machine_id
           where machine.line_id = new.line_id and machine.type = 'press' and meter.source = 'production' and meter.kind <> 'other'
        ), updated as (
          update meter set value = meter.value + fed.delta, updated_at = new.end_extrusion_time
            from fed where meter.id = fed.id
          returning meter.id, meter.company_id, meter.value, fed.delta
        )
        insert into meter_reading (company_id, meter_id, value, delta, read_at, source, order_die_id)
        select company_id, id, value, delta, new.end_extrusion_time, 'production', new.id from updated;
        return null;
      end $$`);
    await runner.query(`
      create trigger order_die_feeds_meters after insert or update of end_extrusion_time on order_die
        for each row execute function order_die_feeds_meters()`);
    // Every press has its production meters from the moment it is a press, whoever created it.
    await runner.query(`
      create or replace function press_production_meters() returns trigger language plpgsql as $$
      begin
        if new.type = 'press' then
          insert into meter (company_id, machine_id, name, kind, unit, source)
          values (new.company_id, new.id, 'Horas de prensa', 'hours', 'h', 'production'),
                 (new.company_id, new.id, 'Tochos empujados', 'billets', 'tochos', 'production'),
                 (new.company_id, new.id, 'Kg extruidos', 'kg', 'kg', 'production')
          on conflict do nothing;
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger machine_press_meters after insert or update of type on machine
        for each row execute function press_production_meters()`);

    // ---------------------------------------------------------------- preventive plans
    await runner.query(`
      create table pm_plan (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        name varchar(120) not null,
        machine_id int not null references machine(id) on delete restrict,
        description text not null default '',
        trigger varchar(10) not null check (trigger in (${sqlValues(PM_TRIGGERS)})),
        every_n int check (every_n between 1 and 1000),
        unit varchar(6) check (unit in (${sqlValues(PM_UNITS)})),
        anchor varchar(12) not null default 'fixed' check (anchor in (${sqlValues(PM_ANCHORS)})),
        skip_weekends boolean not null default false,
        lead_days int not null default 0 check (lead_days between 0 and 365),
        starts_on date,
        next_due_on date,
        meter_id int references meter(id) on delete restrict,
        interval_value numeric check (interval_value > 0),
        lead_value numeric not null default 0 check (lead_value >= 0),
        last_done_value numeric,
        next_due_value numeric,
        checklist jsonb not null default '[]',
        priority varchar(8) not null default 'medium' check (priority in (${sqlValues(WORK_ORDER_PRIORITIES)})),
        estimated_h numeric check (estimated_h > 0),
        assignee_id int references app_user(id) on delete set null,
        require_signature boolean not null default false,
        active boolean not null default true,
        last_completed_at timestamptz,
        created_at timestamptz not null default now(),
        constraint pm_plan_name_unique unique (company_id, name),
        check (trigger = 'counter' or (every_n is not null and unit is not null and next_due_on is not null)),
        check (trigger = 'calendar' or (meter_id is not null and interval_value is not null and next_due_value is not null))
      )`);
    await runner.query(`create index pm_plan_machine_id on pm_plan(machine_id)`);
    await runner.query(`create index pm_plan_meter_id on pm_plan(meter_id)`);

    // ---------------------------------------------------------------- failure reports
    await runner.query(`
      create table failure_report (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        number varchar(20) not null,
        machine_id int references machine(id) on delete restrict,
        line_id int references extrusion_line(id) on delete restrict,
        area varchar(120) not null default '',
        kind varchar(10) not null check (kind in (${sqlValues(FAILURE_REPORT_KINDS)})),
        severity varchar(10) not null check (severity in (${sqlValues(FAILURE_SEVERITIES)})),
        machine_stopped boolean not null default false,
        description text not null,
        reported_by int references app_user(id) on delete set null,
        reported_at timestamptz not null default now(),
        status varchar(12) not null default 'new' check (status in (${sqlValues(FAILURE_REPORT_STATUSES)})),
        reviewed_by int references app_user(id) on delete set null,
        reviewed_at timestamptz,
        rejection_reason text not null default '',
        duplicate_of_id int references failure_report(id) on delete set null,
        work_order_id int,
        constraint failure_report_number_unique unique (company_id, number),
        check (machine_id is not null or area <> ''),
        check (duplicate_of_id is distinct from id)
      )`);
    await runner.query(`create index failure_report_company_reported on failure_report(company_id, reported_at desc)`);
    await runner.query(`create index failure_report_machine on failure_report(machine_id, reported_at desc)`);
    await runner.query(`
      create table failure_report_photo (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        failure_report_id int not null references failure_report(id) on delete cascade,
        file_id int not null references stored_file(id) on delete restrict,
        file_name varchar(200) not null,
        uploaded_by int references app_user(id) on delete set null,
        uploaded_at timestamptz not null default now()
      )`);
    await runner.query(`create index failure_report_photo_report on failure_report_photo(failure_report_id)`);
    await runner.query(`create index failure_report_photo_file on failure_report_photo(file_id)`);

    // ---------------------------------------------------------------- work orders
    await runner.query(`
      create table work_order (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        number varchar(20) not null,
        type varchar(12) not null check (type in (${sqlValues(WORK_ORDER_TYPES)})),
        machine_id int references machine(id) on delete restrict,
        title varchar(160) not null,
        description text not null default '',
        priority varchar(8) not null default 'medium' check (priority in (${sqlValues(WORK_ORDER_PRIORITIES)})),
        status varchar(12) not null default 'pending'
          check (status in (${sqlValues(WORK_ORDER_STATUSES)})),
        hold_reason varchar(20) check (hold_reason in (${sqlValues(HOLD_REASONS)})),
        blocked boolean not null default false,
        blocked_reason text not null default '',
        board_position int not null default 0,
        assignee_id int references app_user(id) on delete set null,
        created_by int references app_user(id) on delete set null,
        created_at timestamptz not null default now(),
        due_at timestamptz,
        estimated_h numeric check (estimated_h > 0),
        started_at timestamptz,
        completed_at timestamptz,
        verified_by int references app_user(id) on delete set null,
        verified_at timestamptz,
        cancelled_reason text not null default '',
        failure_report_id int references failure_report(id) on delete set null,
        pm_plan_id int references pm_plan(id) on delete set null,
        occurrence_on date,
        trigger_meter_value numeric,
        overdue_notified_at timestamptz,
        cause_category varchar(20)
          check (cause_category in (${sqlValues(STOP_CAUSES)})),
        root_cause text not null default '',
        solution text not null default '',
        signed_by_name varchar(120) not null default '',
        version int not null default 1,
        updated_at timestamptz not null default now(),
        constraint work_order_number_unique unique (company_id, number),
        check (status <> 'on_hold' or hold_reason is not null),
        check (not blocked or blocked_reason <> ''),
        check (status <> 'verified' or (verified_by is not null and verified_at is not null and completed_at is not null))
      )`);
    await runner.query(
      `alter table failure_report add constraint failure_report_work_order_fk foreign key (work_order_id) references work_order(id) on delete set null`,
    );
    await runner.query(`create index work_order_board on work_order(company_id, status, board_position)`);
    await runner.query(`create index work_order_machine on work_order(machine_id, created_at desc)`);
    await runner.query(`create index work_order_assignee on work_order(assignee_id) where status in (${sqlValues(OPEN_WORK_ORDER_STATUSES)}, 'completed')`);
    await runner.query(`create index work_order_failure_report on work_order(failure_report_id)`);
    // At most one open work order per plan (Odoo's _get_open_order), whichever process creates it.
    await runner.query(`create unique index work_order_one_open_per_plan on work_order(pm_plan_id) where status in (${sqlValues(OPEN_WORK_ORDER_STATUSES)})`);
    await runner.query(`
      create table work_order_item (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        work_order_id int not null references work_order(id) on delete cascade,
        position int not null,
        kind varchar(12) not null check (kind in (${sqlValues(CHECKLIST_ITEM_KINDS)})),
        label varchar(200) not null,
        required boolean not null default false,
        value text not null default '',
        ok boolean,
        answered_by int references app_user(id) on delete set null,
        answered_at timestamptz
      )`);
    await runner.query(`create index work_order_item_order on work_order_item(work_order_id, position)`);
    await runner.query(`
      create table work_order_labor (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        work_order_id int not null references work_order(id) on delete cascade,
        user_id int references app_user(id) on delete set null,
        minutes int not null check (minutes between 1 and 1440),
        worked_on date not null,
        note varchar(300) not null default '',
        created_at timestamptz not null default now()
      )`);
    await runner.query(`create index work_order_labor_order on work_order_labor(work_order_id)`);
    await runner.query(`
      create table work_order_comment (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        work_order_id int not null references work_order(id) on delete cascade,
        author_id int references app_user(id) on delete set null,
        text text not null,
        mentions int[] not null default '{}',
        created_at timestamptz not null default now()
      )`);
    await runner.query(`create index work_order_comment_order on work_order_comment(work_order_id, created_at)`);
    await runner.query(`
      create table work_order_attachment (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        work_order_id int not null references work_order(id) on delete cascade,
        comment_id int references work_order_comment(id) on delete cascade,
        file_id int not null references stored_file(id) on delete restrict,
        file_name varchar(200) not null,
        uploaded_by int references app_user(id) on delete set null,
        uploaded_at timestamptz not null default now()
      )`);
    await runner.query(`create index work_order_attachment_order on work_order_attachment(work_order_id)`);
    await runner.query(`create index work_order_attachment_file on work_order_attachment(file_id)`);

    // ---------------------------------------------------------------- stops
    await runner.query(`
      create table machine_stop (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        machine_id int not null references machine(id) on delete restrict,
        line_id int references extrusion_line(id) on delete set null,
        started_at timestamptz not null,
        ended_at timestamptz,
        planned boolean not null default false,
        cause varchar(20) not null
          check (cause in (${sqlValues(STOP_CAUSES)})),
        note varchar(300) not null default '',
        failure_report_id int references failure_report(id) on delete set null,
        work_order_id int references work_order(id) on delete set null,
        order_die_id int references order_die(id) on delete set null,
        lost_kg_est numeric check (lost_kg_est >= 0),
        opened_by int references app_user(id) on delete set null,
        closed_by int references app_user(id) on delete set null,
        check (ended_at is null or ended_at > started_at),
        constraint machine_stop_no_overlap exclude using gist (machine_id with =, tstzrange(started_at, ended_at, '[)') with &&)
      )`);
    await runner.query(`create index machine_stop_company_started on machine_stop(company_id, started_at desc)`);
    await runner.query(`create index machine_stop_open on machine_stop(company_id, machine_id) where ended_at is null`);
    await runner.query(`create index machine_stop_work_order on machine_stop(work_order_id)`);
    await runner.query(`create index machine_stop_failure_report on machine_stop(failure_report_id)`);
    // A machine set to a down status opens a stop (tied to the run on its line, if one is running);
    // set back up, its open stop closes (domain.md A1.2, Atlas triggerDownTime / stopDownTime).
    // Paths that open a stop with more to say (a failure report) insert it first; then this finds
    // it open and leaves it alone.
    await runner.query(`
      create or replace function machine_status_stops() returns trigger language plpgsql as $$
      begin
        if new.status in (${DOWN}) and old.status not in (${DOWN}) then
          insert into machine_stop (company_id, machine_id, line_id, started_at, planned, cause, order_die_id)
          select new.company_id, new.id, new.line_id, now(), new.status = 'maintenance',
                 case when new.status = 'maintenance' then 'planned' else 'other' end,
                 (select run.id from order_die run where run.line_id = new.line_id and run.end_extrusion_time is null limit 1)
           where not exists (select 1 from machine_stop open where open.machine_id = new.id and open.ended_at is null);
        elsif old.status in (${DOWN}) and new.status not in (${DOWN}) then
          update machine_stop set ended_at = greatest(now(), started_at + interval '1 second')
           where machine_id = new.id and ended_at is null;
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger machine_status_stops after update of status on machine
        for each row when (old.status is distinct from new.status) execute function machine_status_stops()`);

    await runner.query(`
      create table pm_skip_log (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        pm_plan_id int not null references pm_plan(id) on delete cascade,
        work_order_id int references work_order(id) on delete set null,
        skipped int not null check (skipped > 0),
        from_on date not null,
        to_on date not null,
        logged_at timestamptz not null default now()
      )`);
    await runner.query(`create index pm_skip_log_plan on pm_skip_log(pm_plan_id, logged_at desc)`);

    for (const table of TABLES) {
      if (table !== 'document_counter') await runner.query(`create index ${table}_company_id on ${table}(company_id)`);
      await enableTenantPolicy(runner, table);
    }

    // An installation that already has presses and runs: their meters, fed by the runs so far.
    await runner.query(`select set_config('${SYSTEM_SETTING}', 'on', true)`);
    await runner.query(`update machine set type = type where type = 'press'`);
    await runner.query(`
      insert into meter_reading (company_id, meter_id, value, delta, read_at, source, order_die_id)
      select meter.company_id, meter.id, sum(fed.delta) over (partition by meter.id order by run.end_extrusion_time, run.id), fed.delta,
             run.end_extrusion_time, 'production', run.id
        from meter
        join machine on machine.id = meter.machine_id
        join order_die run on run.line_id = machine.line_id and run.end_extrusion_time is not null
        cross join lateral (select case meter.kind
                 when 'hours' then round((extract(epoch from run.end_extrusion_time - run.start_extrusion_time) / 3600)::numeric, 2)
                 when 'billets' then coalesce(run.billets_pushed, 0)::numeric
                 else coalesce(run.billet_kg, 0) end as delta) fed
       where meter.source = 'production'`);
    await runner.query(`
      update meter set value = total.value, updated_at = total.at
        from (select meter_id, max(value) as value, max(read_at) as at from meter_reading group by meter_id) total
       where total.meter_id = meter.id`);
    // The user role's new defaults on the leads' maintenance pages (pages.ts USER_MAINTENANCE), where
    // they still hold the old area-wide default: these pages did nothing until now.
    await runner.query(`
      update page_role set "insert" = false, "update" = page.alias = 'corrective-maintenance'
        from page, role
       where page.id = page_role.page_id and role.id = page_role.role_id and role.company_id is null and role.name = 'user'
         and page.alias in ('corrective-maintenance', 'preventive-maintenance', 'maintenance-dashboard')
         and page_role."read" and page_role."insert" and page_role."update" and not page_role."delete"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists machine_status_stops on machine`);
    await runner.query(`drop trigger if exists order_die_feeds_meters on order_die`);
    await runner.query(`drop trigger if exists machine_parent_acyclic on machine`);
    await runner.query(`alter table failure_report drop constraint if exists failure_report_work_order_fk`);
    for (const table of [...TABLES].reverse()) await runner.query(`drop table if exists "${table}"`);
    await runner.query(`drop trigger if exists machine_press_meters on machine`);
    await runner.query(
      `drop function if exists machine_status_stops, order_die_feeds_meters, press_production_meters, machine_parent_acyclic, next_document_number`,
    );
    await runner.query(`
      alter table machine drop column code, drop column parent_machine_id, drop column criticality, drop column in_service_date,
        drop column expected_mtbf_h, drop column location`);
  }
}
