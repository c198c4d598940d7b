import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantPolicy } from '../tenant-policy';

const TABLES = ['extrusion_line', 'machine', 'shift', 'finish', 'aluminum_alloy', 'production_order', 'order_die', 'dimension_record'];

/**
 * Production: lines, machines, shifts, finishes, alloys, orders, their runs (order dies) and
 * critical dimension records. Sized for 100,000 orders and 1,000,000 dimension records per
 * company: every list and lookup has a btree index; searches are prefix searches on lower().
 * References use `on delete restrict`, so deleting something in use fails (answered 409).
 */
export class Production1763900000000 implements MigrationInterface {
  name = 'Production1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    const positive = (column: string) => `${column} numeric not null check (${column} > 0)`;
    await runner.query(`
      create table extrusion_line (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        name varchar(80) not null,
        ${positive('press_tonnage_t')},
        ${positive('max_operating_pressure_bar')},
        container_brand varchar(80) not null default '',
        container_reference varchar(80) not null default '',
        ${positive('container_inner_diameter_mm')},
        ${positive('billet_diameter_mm')},
        ${positive('cooling_table_length_m')},
        ${positive('net_productivity_goal_kg_h')},
        ${positive('tooling_diameter_mm')},
        ${positive('tooling_length_mm')},
        container_temperature_control varchar(40) not null,
        ${positive('discard_length_mm')},
        ${positive('max_billet_length_mm')},
        ${positive('blunt_length_mm')},
        ${positive('table_length_m')},
        billet_cross_section_area_mm2 numeric check (billet_cross_section_area_mm2 > 0),
        ${positive('usable_table_length_m')},
        check (billet_diameter_mm < container_inner_diameter_mm),
        check (usable_table_length_m <= table_length_m),
        check (discard_length_mm < max_billet_length_mm),
        constraint extrusion_line_name_unique unique (company_id, name)
      )`);
    await runner.query(`
      create table machine (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        name varchar(80) not null,
        type varchar(30) not null,
        line_id int references extrusion_line(id) on delete restrict,
        status varchar(30) not null default 'operating',
        manufacturer varchar(80) not null default '',
        model varchar(80) not null default ''
      )`);
    await runner.query(`create index machine_company_name on machine(company_id, name)`);
    await runner.query(`create index machine_line_id on machine(line_id)`);
    await runner.query(`
      create table shift (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        name varchar(60) not null,
        start_time varchar(5) not null,
        end_time varchar(5) not null,
        days int[] not null,
        supervisor varchar(100) not null,
        line_id int references extrusion_line(id) on delete restrict
      )`);
    await runner.query(`create index shift_company_name on shift(company_id, name)`);
    await runner.query(`create index shift_line_id on shift(line_id)`);
    await runner.query(`
      create table finish (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        name varchar(80) not null,
        type varchar(20) not null,
        colour varchar(60) not null default '',
        micron_class varchar(10),
        ral_colour varchar(20) not null default '',
        constraint finish_name_unique unique (company_id, name)
      )`);
    await runner.query(`
      create table aluminum_alloy (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        designation varchar(10) not null,
        temper varchar(10) not null,
        density_g_cm3 numeric not null check (density_g_cm3 > 0),
        billet_temp_min_c numeric not null,
        billet_temp_max_c numeric not null,
        exit_temp_min_c numeric not null,
        exit_temp_max_c numeric not null,
        check (billet_temp_min_c < billet_temp_max_c),
        check (exit_temp_min_c < exit_temp_max_c),
        constraint aluminum_alloy_unique unique (company_id, designation, temper)
      )`);
    await runner.query(`
      create table production_order (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        number varchar(40) not null,
        customer varchar(120) not null,
        profile varchar(120) not null,
        die_id int not null references die(id) on delete restrict,
        alloy_id int not null references aluminum_alloy(id) on delete restrict,
        finish_id int references finish(id) on delete restrict,
        length_mm numeric not null check (length_mm > 0),
        quantity_pieces int not null check (quantity_pieces > 0),
        quantity_kg numeric not null check (quantity_kg > 0),
        due_date date not null,
        line_id int references extrusion_line(id) on delete restrict,
        status varchar(20) not null default 'to_plan' check (status in ('to_plan', 'planned', 'in_press', 'finished')),
        board_position int not null default 0,
        finished_at timestamptz,
        created_at timestamptz not null default now(),
        constraint production_order_number_unique unique (company_id, number)
      )`);
    // Lists by status and due date (hideClosedOrders, board columns), board order within a column.
    await runner.query(`create index production_order_status_due on production_order(company_id, status, due_date)`);
    await runner.query(`create index production_order_board on production_order(company_id, status, line_id, board_position)`);
    await runner.query(`create index production_order_finished on production_order(company_id, finished_at desc) where status = 'finished'`);
    await runner.query(`create index production_order_due on production_order(company_id, due_date)`);
    // Case-insensitive prefix search without pg_trgm: lower(column) like 'term%'.
    for (const column of ['number', 'customer', 'profile']) {
      await runner.query(`create index production_order_${column}_prefix on production_order(company_id, lower(${column}) text_pattern_ops)`);
    }
    for (const column of ['die_id', 'alloy_id', 'finish_id', 'line_id']) {
      await runner.query(`create index production_order_${column} on production_order(${column})`);
    }
    await runner.query(`
      create table order_die (
        id serial primary key,
        company_id int not null references company(id) on delete cascade,
        order_id int not null references production_order(id) on delete restrict,
        die_id int not null references die(id) on delete restrict,
        line_id int not null references extrusion_line(id) on delete restrict,
        started_by int references app_user(id) on delete set null,
        start_extrusion_time timestamptz not null default now(),
        end_extrusion_time timestamptz,
        billets_pushed int check (billets_pushed > 0),
        billet_kg numeric check (billet_kg > 0),
        good_kg numeric check (good_kg >= 0),
        scrap_kg numeric check (scrap_kg >= 0),
        check (end_extrusion_time is null or end_extrusion_time >= start_extrusion_time)
      )`);
    // The rules of the press floor, kept by the database even under concurrent starts: a die
    // runs on one line at a time (so an order die never runs on two lines) and a line runs one
    // order die at a time.
    await runner.query(`create unique index order_die_running_die on order_die(die_id) where end_extrusion_time is null`);
    await runner.query(`create unique index order_die_running_line on order_die(line_id) where end_extrusion_time is null`);
    await runner.query(`create index order_die_running_user on order_die(company_id, started_by) where end_extrusion_time is null`);
    await runner.query(`create index order_die_order on order_die(order_id, start_extrusion_time)`);
    await runner.query(`create index order_die_line_start on order_die(line_id, start_extrusion_time)`);
    await runner.query(`create index order_die_die_id on order_die(die_id)`);
    await runner.query(`
      create table dimension_record (
        id bigserial primary key,
        company_id int not null references company(id) on delete cascade,
        order_die_id int not null references order_die(id) on delete cascade,
        dimension_text varchar(20) not null check (dimension_text in ('DimensionA', 'DimensionB')),
        dimension_value numeric not null check (dimension_value > 0),
        date_saved timestamptz not null default now(),
        saved_by int references app_user(id) on delete set null
      )`);
    await runner.query(`create index dimension_record_order_die_date on dimension_record(order_die_id, date_saved)`);
    for (const table of ['extrusion_line', 'machine', 'shift', 'finish', 'aluminum_alloy', 'order_die', 'dimension_record']) {
      await runner.query(`create index ${table}_company_id on ${table}(company_id)`);
    }
    for (const table of TABLES) await enableTenantPolicy(runner, table);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await runner.query(`drop table if exists "${table}"`);
  }
}
