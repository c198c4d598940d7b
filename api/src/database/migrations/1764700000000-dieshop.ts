import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  CLEANING_METHODS,
  DIE_EVENT_KINDS,
  DIE_STATES,
  DIE_TYPES,
  DIESHOP_DEFAULTS,
  ENLISTMENT_GUARDS,
  ENLISTMENT_STATUSES,
  INSPECTION_RESULTS,
  NITRIDING_BATCH_STATUSES,
  NITRIDING_PROCESSES,
  NITRIDING_RESULTS,
  OPEN_ENLISTMENT_STATUSES,
  PROFILE_SHAPES,
  PULL_REASONS,
  RUN_CONDITIONS,
  RUN_START_STATES,
  RUN_START_STATES_WITH_OVEN,
  sqlValues,
  TOOL_KINDS,
  TOOL_STATES,
  USER_DIESHOP_WORK,
} from '@planta/contracts';
import { enableTenantPolicy } from '../tenant-policy';

/** Company-owned tables of the die shop foundation, in creation order. */
const TABLES = [
  'dieshop_setting',
  'die_family',
  'profile',
  'profile_dimension',
  'die_event',
  'tool',
  'tool_check',
  'die_enlistment',
  'die_enlistment_tool',
  'die_run_confirmation',
  'die_cleaning',
  'die_cleaning_photo',
  'nitriding_batch',
  'die_nitriding',
];

/**
 * The die shop (issue 13, domain.md A2): profiles with their critical dimensions, die copies with
 * their identity, thresholds, counters and state, the families' default thresholds, the
 * company's die-shop settings, the append-only log of every move and action, and the records of
 * the workflows: preparation (with the tools it reserves), production confirmation, cleaning,
 * nitriding batches and the press tooling with its measured checks.
 *
 * Rules the data keeps whichever path writes it: a run can start only from a state that allows it
 * (and moves the die to the press), an ended run adds its billets, kg and hours to its die once,
 * the log is never changed or deleted, a die has at most one open preparation, a tool is reserved
 * by at most one preparation at a time, a run is confirmed once, a die is in a batch once.
 */
export class Dieshop1764700000000 implements MigrationInterface {
  name = 'Dieshop1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      create table dieshop_setting (
        company_id int primary key references company(id) on delete cascade,
        nitriding_warn_percent int not null default ${DIESHOP_DEFAULTS.nitridingWarnPercent} check (nitriding_warn_percent between 1 and 100),
        enlistment_guard varchar(10) not null default '${DIESHOP_DEFAULTS.enlistmentGuard}' check (enlistment_guard in (${sqlValues(ENLISTMENT_GUARDS)})),
        oven_required boolean not null default ${DIESHOP_DEFAULTS.ovenRequired},
        oven_max_dwell_hours numeric not null default ${DIESHOP_DEFAULTS.ovenMaxDwellHours} check (oven_max_dwell_hours > 0 and oven_max_dwell_hours <= 72),
        min_die_temperature_c int not null default ${DIESHOP_DEFAULTS.minDieTemperatureC} check (min_die_temperature_c between 200 and 600)
      )`);
    await runner.query(`insert into dieshop_setting (company_id) select id from company`);
    // Every company has its settings row from its creation, whoever creates it.
    await runner.query(`
      create or replace function company_dieshop_setting() returns trigger language plpgsql as $$
      begin
        insert into dieshop_setting (company_id) values (new.id) on conflict do nothing;
        return null;
      end $$`);
    await runner.query(`create trigger company_dieshop_setting after insert on company for each row execute function company_dieshop_setting()`);

    await runner.query(`
      create table die_family (
        company_id int not null references company(id) on delete cascade,
        die_type varchar(20) not null check (die_type in (${sqlValues(DIE_TYPES)})),
        nitriding_every_billets int check (nitriding_every_billets > 0),
        nitriding_every_kg numeric check (nitriding_every_kg > 0),
        expected_life_kg numeric check (expected_life_kg > 0),
        primary key (company_id, die_type)
      )`);

    await runner.query(`
      create table profile (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        code varchar(40) not null,
        customer varchar(120) not null default '',
        description varchar(200) not null default '',
        shape varchar(20) not null default 'solid' check (shape in (${sqlValues(PROFILE_SHAPES)})),
        nominal_kg_m numeric check (nominal_kg_m > 0),
        alloy_id int references aluminum_alloy(id) on delete restrict,
        drawing_file_id int references stored_file(id) on delete set null,
        created_at timestamptz not null default now(),
        constraint profile_code_unique unique (company_id, code)
      )`);
    await runner.query(`create index profile_company_code on profile(company_id, upper(code) varchar_pattern_ops)`);
    // A (DimensionA of the 10-minute checks), B, ...: nominal and tolerance band in millimetres.
    await runner.query(`
      create table profile_dimension (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        profile_id int not null references profile(id) on delete cascade,
        label varchar(10) not null,
        nominal_mm numeric not null check (nominal_mm > 0),
        tol_minus_mm numeric not null check (tol_minus_mm >= 0),
        tol_plus_mm numeric not null check (tol_plus_mm >= 0),
        constraint profile_dimension_label_unique unique (profile_id, label)
      )`);

    await runner.query(`alter table die rename column status to state`);
    await runner.query(`update die set state = case state when 'available' then 'in_stock' when 'scrapped' then 'scrapped' else 'in_stock' end`);
    await runner.query(`
      alter table die
        alter column state set default 'in_stock',
        add constraint die_state_known check (state in (${sqlValues(DIE_STATES)})),
        add column state_since timestamptz not null default now(),
        add column profile_id int references profile(id) on delete restrict,
        add column die_type varchar(20) not null default 'solid' check (die_type in (${sqlValues(DIE_TYPES)})),
        add column cavities int not null default 1 check (cavities between 1 and 24),
        add column diameter_mm numeric check (diameter_mm > 0),
        add column thickness_mm numeric check (thickness_mm > 0),
        add column steel varchar(40) not null default '',
        add column supplier varchar(120) not null default '',
        add column supplier_ref varchar(60) not null default '',
        add column received_at date,
        add column cost numeric check (cost >= 0),
        add column actual_kg_m numeric check (actual_kg_m > 0),
        add column location varchar(60) not null default '',
        add column nitriding_every_billets int check (nitriding_every_billets > 0),
        add column nitriding_every_kg numeric check (nitriding_every_kg > 0),
        add column expected_life_kg numeric check (expected_life_kg > 0),
        add column billets_total int not null default 0,
        add column kg_total numeric not null default 0,
        add column hours_total numeric not null default 0,
        add column runs_total int not null default 0,
        add column billets_since_nitriding int not null default 0,
        add column kg_since_nitriding numeric not null default 0,
        add column nitriding_count int not null default 0,
        add column corrections_count int not null default 0,
        add column last_run_at timestamptz,
        add column last_line_id int references extrusion_line(id) on delete set null,
        add column scrapped_at timestamptz,
        add column scrapped_reason varchar(300) not null default '',
        add constraint die_scrap_has_reason check (state <> 'scrapped' or scrapped_reason <> '')`);
    await runner.query(`update die set scrapped_reason = 'Baja anterior al registro', scrapped_at = now() where state = 'scrapped' and scrapped_reason = ''`);
    await runner.query(`create index die_company_state on die(company_id, state)`);
    await runner.query(`create index die_profile_id on die(profile_id)`);
    await runner.query(`create index die_last_line_id on die(last_line_id)`);

    // The log (bitácora): one row per move or action; the history and the time in each state are read from it.
    await runner.query(`
      create table die_event (
        id bigserial primary key,
        company_id int not null references company(id) on delete cascade,
        die_id int not null references die(id) on delete cascade,
        at timestamptz not null default now(),
        user_id int references app_user(id) on delete set null,
        kind varchar(20) not null check (kind in (${sqlValues(DIE_EVENT_KINDS)})),
        from_state varchar(20) check (from_state in (${sqlValues(DIE_STATES)})),
        to_state varchar(20) not null check (to_state in (${sqlValues(DIE_STATES)})),
        ref_id int,
        note varchar(500) not null default ''
      )`);
    await runner.query(`create index die_event_die_at on die_event(die_id, at, id)`);
    // Append-only: an event is never changed, nor deleted but with its die (or company).
    await runner.query(`
      create or replace function die_event_append_only() returns trigger language plpgsql as $$
      begin
        -- Deleting the die or the company takes its log with it (in either order of the cascades).
        if tg_op = 'DELETE' and (not exists (select 1 from die where id = old.die_id) or not exists (select 1 from company where id = old.company_id)) then
          return old;
        end if;
        raise exception 'die_event is append-only' using errcode = '23514', constraint = 'die_event_append_only';
      end $$`);
    await runner.query(`create trigger die_event_append_only before update or delete on die_event for each row execute function die_event_append_only()`);

    // A run starts only from a state that allows it, and puts its die on the press (domain.md A2.2 guards).
    await runner.query(`
      create or replace function order_die_moves_die() returns trigger language plpgsql as $$
      declare
        current_state varchar(20);
        oven boolean;
      begin
        if new.end_extrusion_time is not null then
          return new;
        end if;
        select die.state, coalesce(setting.oven_required, false) into current_state, oven
          from die left join dieshop_setting setting on setting.company_id = die.company_id
         where die.id = new.die_id for update of die;
        if not (current_state = any (case when oven then array[${sqlValues(RUN_START_STATES_WITH_OVEN)}] else array[${sqlValues(RUN_START_STATES)}] end)) then
          raise exception 'die % is % and cannot start a run', new.die_id, current_state using errcode = '23514', constraint = 'die_run_start_state';
        end if;
        update die set state = 'press', state_since = new.start_extrusion_time where id = new.die_id;
        insert into die_event (company_id, die_id, at, user_id, kind, from_state, to_state, ref_id)
        values (new.company_id, new.die_id, new.start_extrusion_time, new.started_by, 'run', current_state, 'press', new.id);
        return new;
      end $$`);
    await runner.query(`create trigger order_die_moves_die before insert on order_die for each row execute function order_die_moves_die()`);

    // An ended run adds to its die once: totals and since the last nitriding (the press meters get theirs in 1764600000000).
    await runner.query(`
      create or replace function order_die_feeds_die() returns trigger language plpgsql as $$
      declare
        hours numeric;
      begin
        if new.end_extrusion_time is null or (tg_op = 'UPDATE' and old.end_extrusion_time is not null) then
          return null;
        end if;
        hours := round((extract(epoch from new.end_extrusion_time - new.start_extrusion_time) / 3600)::numeric, 2);
        update die set
          billets_total = billets_total + coalesce(new.billets_pushed, 0),
          kg_total = kg_total + coalesce(new.billet_kg, 0),
          hours_total = hours_total + hours,
          runs_total = runs_total + 1,
          billets_since_nitriding = billets_since_nitriding + coalesce(new.billets_pushed, 0),
          kg_since_nitriding = kg_since_nitriding + coalesce(new.billet_kg, 0),
          last_run_at = greatest(last_run_at, new.end_extrusion_time),
          last_line_id = case when last_run_at is null or new.end_extrusion_time >= last_run_at then new.line_id else last_line_id end
         where id = new.die_id;
        if tg_op = 'UPDATE' then
          insert into die_event (company_id, die_id, at, user_id, kind, from_state, to_state, ref_id, note)
          select new.company_id, new.die_id, new.end_extrusion_time, new.started_by, 'run', die.state, die.state, new.id, 'Fin de corrida'
            from die where die.id = new.die_id;
        end if;
        return null;
      end $$`);
    await runner.query(`
      create trigger order_die_feeds_die after insert or update of end_extrusion_time on order_die
        for each row execute function order_die_feeds_die()`);

    // The dies and runs already there: their counters from their runs, and a first event in the log.
    await runner.query(`
      update die set
        billets_total = total.billets, kg_total = total.kg, hours_total = total.hours, runs_total = total.runs,
        billets_since_nitriding = total.billets, kg_since_nitriding = total.kg, last_run_at = total.last_at, last_line_id = total.last_line
        from (
          select die_id, sum(coalesce(billets_pushed, 0)) as billets, sum(coalesce(billet_kg, 0)) as kg,
                 sum(round((extract(epoch from end_extrusion_time - start_extrusion_time) / 3600)::numeric, 2)) as hours,
                 count(*) as runs, max(end_extrusion_time) as last_at,
                 (array_agg(line_id order by end_extrusion_time desc))[1] as last_line
            from order_die where end_extrusion_time is not null group by die_id
        ) total
       where total.die_id = die.id`);
    await runner.query(
      `update die set state = 'press', state_since = run.start_extrusion_time from order_die run where run.die_id = die.id and run.end_extrusion_time is null`,
    );
    await runner.query(`
      insert into die_event (company_id, die_id, at, kind, from_state, to_state, note)
      select company_id, id, created_at, 'reception', null, state, 'Alta de la matriz' from die`);

    // ---------------------------------------------------------------- tooling
    await runner.query(`
      create table tool (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        code varchar(30) not null,
        kind varchar(20) not null check (kind in (${sqlValues(TOOL_KINDS)})),
        description varchar(200) not null default '',
        state varchar(20) not null default 'available' check (state in (${sqlValues(TOOL_STATES)})),
        compatible_line_ids int[] not null default '{}',
        diameter_mm numeric check (diameter_mm > 0),
        length_mm numeric check (length_mm > 0),
        nominal_od_mm numeric check (nominal_od_mm > 0),
        location varchar(60) not null default '',
        billets_total int not null default 0 check (billets_total >= 0),
        last_check_at timestamptz,
        created_at timestamptz not null default now(),
        constraint tool_code_unique unique (company_id, code)
      )`);
    await runner.query(`
      create table tool_check (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        tool_id int not null references tool(id) on delete cascade,
        checked_at timestamptz not null default now(),
        checked_by int references app_user(id) on delete set null,
        measure varchar(60) not null,
        value numeric not null,
        limit_value numeric,
        ok boolean not null,
        note varchar(300) not null default ''
      )`);
    await runner.query(`create index tool_check_tool_at on tool_check(tool_id, checked_at desc)`);

    // ---------------------------------------------------------------- preparation (alistamiento)
    await runner.query(`
      create table die_enlistment (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        number varchar(20) not null,
        die_id int not null references die(id) on delete restrict,
        production_order_id int references production_order(id) on delete set null,
        line_id int references extrusion_line(id) on delete set null,
        needed_at timestamptz not null,
        status varchar(20) not null default 'requested' check (status in (${sqlValues(ENLISTMENT_STATUSES)})),
        requested_by int references app_user(id) on delete set null,
        requested_at timestamptz not null default now(),
        is_clean boolean not null default false,
        inspected boolean not null default false,
        nitriding_valid boolean not null default false,
        tooling_complete boolean not null default false,
        entry_measures_ok boolean not null default false,
        oven_machine_id int references machine(id) on delete set null,
        oven_in_at timestamptz,
        oven_out_at timestamptz,
        target_temp_c int check (target_temp_c between 200 and 600),
        measured_temp_c int check (measured_temp_c between 0 and 700),
        ready_at timestamptz,
        delivered_at timestamptz,
        delivered_by int references app_user(id) on delete set null,
        cancelled_reason varchar(300) not null default '',
        warnings text not null default '',
        note varchar(500) not null default '',
        constraint die_enlistment_number_unique unique (company_id, number),
        check (oven_out_at is null or oven_in_at is not null and oven_out_at >= oven_in_at)
      )`);
    await runner.query(`create unique index die_enlistment_one_open on die_enlistment(die_id) where status in (${sqlValues(OPEN_ENLISTMENT_STATUSES)})`);
    await runner.query(`create index die_enlistment_company_status_needed on die_enlistment(company_id, status, needed_at)`);
    await runner.query(`create index die_enlistment_order on die_enlistment(production_order_id)`);
    await runner.query(`
      create table die_enlistment_tool (
        company_id int not null references company(id) on delete cascade,
        enlistment_id int not null references die_enlistment(id) on delete cascade,
        tool_id int not null references tool(id) on delete restrict,
        reserved_at timestamptz not null default now(),
        released_at timestamptz,
        primary key (enlistment_id, tool_id)
      )`);
    await runner.query(`create unique index die_enlistment_tool_reserved_once on die_enlistment_tool(tool_id) where released_at is null`);

    // ---------------------------------------------------------------- production confirmation
    await runner.query(`
      create table die_run_confirmation (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        order_die_id int not null references order_die(id) on delete restrict,
        die_id int not null references die(id) on delete restrict,
        confirmed_by int references app_user(id) on delete set null,
        confirmed_at timestamptz not null default now(),
        billets int not null check (billets >= 0),
        billet_kg numeric not null check (billet_kg >= 0),
        good_kg numeric not null check (good_kg >= 0),
        scrap_kg numeric not null check (scrap_kg >= 0),
        condition varchar(20) not null check (condition in (${sqlValues(RUN_CONDITIONS)})),
        pull_reason varchar(20) not null check (pull_reason in (${sqlValues(PULL_REASONS)})),
        notes varchar(500) not null default '',
        constraint die_run_confirmation_once unique (order_die_id)
      )`);
    await runner.query(`create index die_run_confirmation_die on die_run_confirmation(die_id, confirmed_at)`);

    // ---------------------------------------------------------------- cleaning
    await runner.query(`
      create table die_cleaning (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        die_id int not null references die(id) on delete restrict,
        order_die_id int references order_die(id) on delete set null,
        method varchar(20) not null check (method in (${sqlValues(CLEANING_METHODS)})),
        bath varchar(60) not null default '',
        in_at timestamptz not null default now(),
        out_at timestamptz,
        operator_id int references app_user(id) on delete set null,
        inspection_result varchar(20) check (inspection_result in (${sqlValues(INSPECTION_RESULTS)})),
        notes varchar(500) not null default '',
        check (out_at is null or out_at >= in_at),
        check (inspection_result is null or out_at is not null)
      )`);
    await runner.query(`create index die_cleaning_die_in on die_cleaning(die_id, in_at)`);
    await runner.query(`create unique index die_cleaning_one_open on die_cleaning(die_id) where inspection_result is null`);
    await runner.query(`
      create table die_cleaning_photo (
        company_id int not null references company(id) on delete cascade,
        cleaning_id int not null references die_cleaning(id) on delete cascade,
        file_id int not null references stored_file(id) on delete restrict,
        primary key (cleaning_id, file_id)
      )`);

    // ---------------------------------------------------------------- nitriding
    await runner.query(`
      create table nitriding_batch (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        number varchar(20) not null,
        supplier varchar(120) not null,
        process varchar(20) not null default 'gas' check (process in (${sqlValues(NITRIDING_PROCESSES)})),
        status varchar(20) not null default 'sent' check (status in (${sqlValues(NITRIDING_BATCH_STATUSES)})),
        sent_at timestamptz not null default now(),
        expected_at timestamptz,
        received_at timestamptz,
        confirmed_at timestamptz,
        certificate_number varchar(60) not null default '',
        certificate_file_id int references stored_file(id) on delete set null,
        created_by int references app_user(id) on delete set null,
        notes varchar(500) not null default '',
        constraint nitriding_batch_number_unique unique (company_id, number),
        check (received_at is null or received_at >= sent_at)
      )`);
    await runner.query(`create index nitriding_batch_company_status on nitriding_batch(company_id, status, sent_at desc)`);
    await runner.query(`
      create table die_nitriding (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        batch_id int not null references nitriding_batch(id) on delete cascade,
        die_id int not null references die(id) on delete restrict,
        nitriding_no int not null check (nitriding_no > 0),
        billets_since_previous int not null default 0,
        kg_since_previous numeric not null default 0,
        hardness_hv numeric check (hardness_hv > 0 and hardness_hv < 2000),
        case_depth_mm numeric check (case_depth_mm > 0 and case_depth_mm < 5),
        result varchar(20) check (result in (${sqlValues(NITRIDING_RESULTS)})),
        note varchar(300) not null default '',
        constraint die_nitriding_once_per_batch unique (batch_id, die_id)
      )`);
    await runner.query(`create index die_nitriding_die on die_nitriding(die_id)`);

    // The user role's new defaults on the die shop's work pages (pages.ts USER_DIESHOP_WORK), where
    // they still hold the old read-only default: these pages did nothing until now.
    await runner.query(
      `update page_role set "insert" = true, "update" = true
         from page, role
        where page.id = page_role.page_id and role.id = page_role.role_id and role.company_id is null and role.name = 'user'
          and page.alias in (${sqlValues(USER_DIESHOP_WORK)})
          and page_role."read" and not page_role."insert" and not page_role."update" and not page_role."delete"`,
    );

    for (const table of TABLES) await enableTenantPolicy(runner, table);
    for (const table of [
      'die_family',
      'profile_dimension',
      'die_event',
      'tool_check',
      'die_enlistment_tool',
      'die_run_confirmation',
      'die_cleaning',
      'die_cleaning_photo',
      'die_nitriding',
    ]) {
      await runner.query(`create index ${table}_company_id on ${table}(company_id)`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`drop trigger if exists order_die_feeds_die on order_die`);
    await runner.query(`drop trigger if exists order_die_moves_die on order_die`);
    await runner.query(`drop trigger if exists company_dieshop_setting on company`);
    for (const table of [...TABLES].reverse()) await runner.query(`drop table if exists "${table}" cascade`);
    await runner.query(`drop function if exists order_die_feeds_die, order_die_moves_die, die_event_append_only, company_dieshop_setting`);
    await runner.query(`
      alter table die drop constraint die_state_known, drop constraint die_scrap_has_reason,
        drop column state_since, drop column profile_id, drop column die_type, drop column cavities, drop column diameter_mm,
        drop column thickness_mm, drop column steel, drop column supplier, drop column supplier_ref, drop column received_at,
        drop column cost, drop column actual_kg_m, drop column location, drop column nitriding_every_billets,
        drop column nitriding_every_kg, drop column expected_life_kg, drop column billets_total, drop column kg_total,
        drop column hours_total, drop column runs_total, drop column billets_since_nitriding, drop column kg_since_nitriding,
        drop column nitriding_count, drop column corrections_count, drop column last_run_at, drop column last_line_id,
        drop column scrapped_at, drop column scrapped_reason`);
    await runner.query(`update die set state = case state when 'scrapped' then 'scrapped' else 'available' end`);
    await runner.query(`alter table die alter column state set default 'available'`);
    await runner.query(`alter table die rename column state to status`);
  }
}
