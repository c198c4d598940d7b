/**
 * What must hold across the areas of a plant at any moment (issue 37), one row per invariant: a
 * name that says it, and a query answering the rows that break it (none when it holds), over every
 * company. The rules test checks them over the demo seed and after each rule; the property-based
 * test after every random step. A new cross-area rule adds its row here.
 */
export interface PlantInvariant {
  name: string;
  /** Rows that break the invariant, each naming the records involved. */
  sql: string;
}

const ACTIVE = `end_extrusion_time is null`;

export const PLANT_INVARIANTS: readonly PlantInvariant[] = [
  {
    name: 'the orders En prensa are the orders with an active run',
    sql: `select o.company_id, o.number, o.status from production_order o
           where (o.status = 'in_press') <> exists (select 1 from order_die r where r.order_id = o.id and r.${ACTIVE})`,
  },
  {
    name: "each active run's die is on the press",
    sql: `select r.id as run, d.die_reference, d.copy_number, d.state from order_die r join die d on d.id = r.die_id
           where r.${ACTIVE} and d.state <> 'press'`,
  },
  {
    // A die stays mounted after its run until the die shop confirms the run (production
    // confirmation, domain.md A2.4): on the press with no active run only while that run waits.
    name: 'each die copy on the press has exactly one active run, or its ended run awaits its production confirmation',
    sql: `select d.id, d.die_reference, d.copy_number, count(r.id) filter (where r.${ACTIVE}) as active
            from die d left join order_die r on r.die_id = d.id
           where d.state = 'press'
           group by d.id
          having count(r.id) filter (where r.${ACTIVE}) > 1
              or (count(r.id) filter (where r.${ACTIVE}) = 0
                  and not exists (select 1 from order_die ended left join die_run_confirmation c on c.order_die_id = ended.id
                                   where ended.die_id = d.id and ended.end_extrusion_time is not null and c.id is null))`,
  },
  {
    name: 'a die on the press has no open preparation',
    sql: `select d.die_reference, d.copy_number, e.number, e.status from die d join die_enlistment e on e.die_id = d.id
           where d.state = 'press' and e.status in ('requested', 'preparing', 'oven', 'ready')`,
  },
  {
    name: 'a press runs one run at a time',
    sql: `select line_id, count(*) from order_die where ${ACTIVE} group by line_id having count(*) > 1`,
  },
  {
    name: 'an order En prensa is on the line of one of its active runs',
    sql: `select o.number, o.line_id from production_order o
           where o.status = 'in_press' and not exists (select 1 from order_die r where r.order_id = o.id and r.${ACTIVE} and r.line_id = o.line_id)`,
  },
  {
    // A stopped press refuses new runs (run-start.rules.ts): a run's start never falls inside a stop of its line's press.
    name: 'no run started on a press while the press was stopped',
    sql: `select r.id as run, r.line_id, r.start_extrusion_time, s.id as stop, s.cause, s.started_at, s.ended_at
            from order_die r
            join machine_stop s on s.line_id = r.line_id and s.company_id = r.company_id
            join machine press on press.id = s.machine_id and press.type = 'press'
           where r.start_extrusion_time >= s.started_at and (s.ended_at is null or r.start_extrusion_time < s.ended_at)`,
  },
  {
    name: 'no impossible times: created ≤ started ≤ completed ≤ verified, requested ≤ ready ≤ delivered, a run and a stop end after they start',
    sql: `select 'work_order' as record, number from work_order
           where started_at < created_at or completed_at < started_at or verified_at < completed_at
          union all
          select 'die_enlistment', number from die_enlistment where ready_at < requested_at or delivered_at < ready_at or oven_out_at < oven_in_at
          union all
          select 'order_die', id::text from order_die where end_extrusion_time < start_extrusion_time
          union all
          select 'machine_stop', id::text from machine_stop where ended_at <= started_at`,
  },
];

/** What the demo seed keeps besides, to read as one believable plant. */
export const SEED_INVARIANTS: readonly PlantInvariant[] = [
  {
    name: 'no operator runs two presses at once',
    sql: `select company_id, started_by, count(*) from order_die where ${ACTIVE} and started_by is not null
           group by company_id, started_by having count(distinct line_id) > 1`,
  },
  {
    name: "a die's run counter is its ended runs",
    sql: `select d.die_reference, d.copy_number, d.runs_total,
                 (select count(*) from order_die r where r.die_id = d.id and r.end_extrusion_time is not null) as runs
            from die d
           where d.runs_total <> (select count(*) from order_die r where r.die_id = d.id and r.end_extrusion_time is not null)`,
  },
];

/** The invariants broken now, with what breaks them (an empty object when all hold). */
export async function brokenInvariants(
  sql: <T>(text: string) => Promise<T[]>,
  invariants: readonly PlantInvariant[] = PLANT_INVARIANTS,
): Promise<Record<string, unknown[]>> {
  const broken: Record<string, unknown[]> = {};
  for (const invariant of invariants) {
    const rows = await sql<unknown>(invariant.sql);
    if (rows.length > 0) broken[invariant.name] = rows.slice(0, 5);
  }
  return broken;
}
