import { extrusionLineResource } from '@planta/contracts';
import type { TestApp } from './test-app';

/**
 * Rows of a plant that API tests write straight into the database (as the superuser, past row-level
 * security), one way each: a press line of a test's own, its press machine, an order, the alloy.
 * A test's own press keeps its runs away from the demo's running orders (a line runs one at a time).
 */
type Sql = Pick<TestApp, 'sql'>;

/** Inserts one row; columns left `undefined` keep the table's default. */
async function insertRow(t: Sql, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const [{ id }] = await t.sql<{ id: number }>(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    columns.map((column) => row[column]),
  );
  return id;
}

export interface TestLine {
  company: number;
  name: string;
  /** The line's net productivity goal, what the indicators' kg/h is measured against. */
  goalKgH?: number;
}

/** A press line as the contract's example describes it (1600 t, 1200 kg/h unless `goalKgH`); returns its id. */
export function insertTestLine(t: Sql, { company, name, goalKgH }: TestLine): Promise<number> {
  const example = extrusionLineResource.example;
  return insertRow(t, 'extrusion_line', {
    ...example,
    company_id: company,
    name,
    net_productivity_goal_kg_h: goalKgH ?? example.net_productivity_goal_kg_h,
  });
}

export interface TestPress extends TestLine {
  /** The press machine on the line: its stops pause the line's runs. Status and criticality keep the table's defaults unless given. */
  machine: { name: string; code?: string; status?: 'operating' | 'stopped'; criticality?: 'A' | 'B' | 'C' };
}

/**
 * A press line with its press machine. A machine inserted 'stopped' has no open stop: the status
 * trigger runs on updates only, so a test inserts the stop it means.
 */
export async function insertTestPress(t: Sql, { machine, ...line }: TestPress): Promise<{ line: number; machine: number }> {
  const lineId = await insertTestLine(t, line);
  const machineId = await insertRow(t, 'machine', {
    company_id: line.company,
    name: machine.name,
    code: machine.code,
    type: 'press',
    line_id: lineId,
    status: machine.status,
    criticality: machine.criticality,
  });
  return { line: lineId, machine: machineId };
}

export interface TestOrder {
  company: number;
  number: string;
  profile: string;
  dieId: number;
  alloyId: number;
  /** Default '2026-12-31'. */
  dueDate?: string;
  /** Default 900. */
  quantityKg?: number;
  /** On a line's plan; without it the order waits 'to_plan' (the table's default). */
  lineId?: number;
  status?: 'to_plan' | 'planned' | 'in_press' | 'finished';
  boardPosition?: number;
}

/** An order of 100 pieces of 6 m for 'Cliente'; returns its id. */
export function insertTestOrder(t: Sql, order: TestOrder): Promise<number> {
  return insertRow(t, 'production_order', {
    company_id: order.company,
    number: order.number,
    customer: 'Cliente',
    profile: order.profile,
    die_id: order.dieId,
    alloy_id: order.alloyId,
    length_mm: 6000,
    quantity_pieces: 100,
    quantity_kg: order.quantityKg ?? 900,
    due_date: order.dueDate ?? '2026-12-31',
    line_id: order.lineId,
    status: order.status,
    board_position: order.boardPosition,
  });
}

/** The seeded 6063-T6 alloy of a company. */
export async function alloy6063T6(t: Sql, company: number): Promise<number> {
  const [{ id }] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 and designation = '6063' and temper = 'T6'`, [company]);
  return id;
}

/**
 * The copies of a seeded die that can start a run now, by copy number: in stock (the demo seed
 * prepares some copies for tomorrow's orders, and a copy in preparation is refused a run).
 */
export function seededCopiesInStock(t: Sql, company: number, reference: string): Promise<{ id: number; copy_number: number }[]> {
  return t.sql<{ id: number; copy_number: number }>(
    `select id, copy_number from die where company_id = $1 and die_reference = $2 and state = 'in_stock' order by copy_number`,
    [company, reference],
  );
}
