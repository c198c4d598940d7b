import {
  nextDimensionCheck,
  type AreaSummary,
  type DieCopy,
  type DieshopIndicators,
  type LineFigures,
  type MaintenanceDashboard,
  type MaintenanceIndicators,
  type MyRun,
  type OrderDetail,
  type ProductionIndicators,
} from '@planta/contracts';
import { insertTestLine, insertTestOrder, insertTestPress } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 37, 'one plant, one truth': a figure that several widgets, screens or exports show is the
 * same figure on each. For 'Hoy', this week and this month (as 'Indicadores clave' asks them: from
 * the company's midnight, Monday or the 1st, up to now), each pair of places that show one quantity
 * must agree — over the demo seed, then again with runs that cross each period's start. The pairs
 * compare the answers with each other, not with fixed figures of the seed.
 */
let t: TestApp;
let north: number;
let timeZone: string;
const tokens: Record<string, string> = {};
const ADMIN = 'admin@norte.example';
const OPERATOR = 'operario@norte.example';

const get = async <T>(path: string, email = ADMIN, query: Record<string, unknown> = {}) => {
  const response = await t.http().get(path).query(query).set(bearer(tokens[email]));
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
};

/** The day (YYYY-MM-DD) of an instant in the company's calendar, and days added to a day. */
const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'Hoy', 'Esta semana' and 'Este mes' of 'Indicadores clave': their first day, read by the API as the company's whole day. */
function periods(now = new Date()): { name: string; from: string }[] {
  const today = localDay(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return [
    { name: 'Hoy', from: today },
    { name: 'semana', from: addDays(today, -weekday) },
    { name: 'mes', from: `${today.slice(0, 8)}01` },
  ];
}

/** Everything each widget, screen and export reads for one period, asked together. */
interface Screens {
  production: ProductionIndicators;
  maintenance: MaintenanceIndicators;
  /** The maintenance dashboard (Mantenimiento inteligente), beside the maintenance widgets of 'Indicadores clave'. */
  dashboard: MaintenanceDashboard;
  dieshop: DieshopIndicators;
  lines: LineFigures;
  summary: AreaSummary;
  inventory: { soon: number; overdue: number };
}

async function screens(from: string): Promise<Screens> {
  const inventory = async (nitriding: string) => (await get<{ total: number }>('/api/die/all', ADMIN, { nitriding, pageSize: 1 })).total;
  return {
    production: await get<ProductionIndicators>('/api/indicators/production', ADMIN, { from }),
    maintenance: await get<MaintenanceIndicators>('/api/indicators/maintenance', ADMIN, { from }),
    dashboard: await get<MaintenanceDashboard>('/api/maintenance-dashboard', ADMIN, { from }),
    dieshop: await get<DieshopIndicators>('/api/indicators/dieshop', ADMIN, { from }),
    lines: await get<LineFigures>('/api/extrusion-line/figures', ADMIN, { from }),
    summary: await get<AreaSummary>('/api/area-summary'),
    inventory: { soon: await inventory('soon'), overdue: await inventory('overdue') },
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** The count an area-summary card says in an item like '3 matrices con nitrurado vencido' (0 when it says nothing). */
const said = (s: Screens, area: string, pattern: RegExp) => {
  const item = s.summary.cards.find((card) => card.area === area)?.items.find((entry) => pattern.test(entry.text));
  return item ? Number(item.text.match(/^\d+/)![0]) : 0;
};
/** A figure of each line on `extrusion-line/figures`, in the order of the production indicators' presses. */
const ofLines = (s: Screens, pick: (figures: LineFigures['lines'][number]['figures']) => number) =>
  s.production.presses.map((press) => pick(s.lines.lines.find((line) => line.line_id === press.line_id)!.figures));
/** Presses that are alone on their line: their maintenance and production hours are of the same machine. */
const alonePresses = (s: Screens) =>
  s.maintenance.presses.filter((press) => press.line_id !== null && s.maintenance.presses.filter((other) => other.line_id === press.line_id).length === 1);

/** The alone presses with failures in the period and planned hours: those with both availabilities. */
const failedAlonePresses = (s: Screens) =>
  alonePresses(s).filter((press) => press.failures > 0 && s.production.presses.find((p) => p.line_id === press.line_id)?.availability !== null);

type Side = (s: Screens) => number | number[];
/** One row per pair of places showing one quantity: [what, the one, the other, tolerance]. */
const PAIRS: [string, Side, Side, number][] = [
  // kg of billet extruded in the period
  [
    "'Kg de tocho' (Producción) = kg extruidos de 'Correcciones cada 10 t'",
    (s) => s.production.plant.billet_kg,
    (s) => s.dieshop.corrections!.extruded_kg,
    0.01,
  ],
  [
    "'Kg de tocho' de la planta = suma de la tabla por prensa",
    (s) => s.production.plant.billet_kg,
    (s) => sum(s.production.presses.map((p) => p.billet_kg)),
    0.01,
  ],
  [
    "'Kg de tocho' de la planta = suma de los días de la tendencia",
    (s) => s.production.plant.billet_kg,
    (s) => sum(s.production.trend.map((d) => d.billet_kg)),
    0.01,
  ],
  [
    "'Kg de tocho' por prensa = kg de tocho de la línea (extrusion-line/figures)",
    (s) => s.production.presses.map((p) => p.billet_kg),
    (s) => ofLines(s, (f) => f.billet_kg),
    0.06,
  ],
  // good and scrap kg, hours of extrusion
  ['kg buenos de la planta = suma por prensa', (s) => s.production.plant.good_kg, (s) => sum(s.production.presses.map((p) => p.good_kg)), 0.01],
  ['kg buenos de la planta = suma de la tendencia', (s) => s.production.plant.good_kg, (s) => sum(s.production.trend.map((d) => d.good_kg)), 0.01],
  ['kg buenos por prensa = kg buenos de la línea', (s) => s.production.presses.map((p) => p.good_kg), (s) => ofLines(s, (f) => f.good_kg), 0.06],
  ['kg de scrap de la planta = suma por prensa', (s) => s.production.plant.scrap_kg, (s) => sum(s.production.presses.map((p) => p.scrap_kg)), 0.01],
  ['kg de scrap de la planta = suma de la tendencia', (s) => s.production.plant.scrap_kg, (s) => sum(s.production.trend.map((d) => d.scrap_kg)), 0.01],
  ['kg de scrap por prensa = kg de scrap de la línea', (s) => s.production.presses.map((p) => p.scrap_kg), (s) => ofLines(s, (f) => f.scrap_kg), 0.06],
  ['horas de extrusión de la planta = suma por prensa', (s) => s.production.plant.run_hours, (s) => sum(s.production.presses.map((p) => p.run_hours)), 0.0001],
  ['horas de extrusión por prensa = horas de la línea', (s) => s.production.presses.map((p) => p.run_hours), (s) => ofLines(s, (f) => f.hours), 0.006],
  // the 10-minute checks
  [
    'controles esperados de la planta = suma por prensa',
    (s) => s.production.plant.checks.expected,
    (s) => sum(s.production.presses.map((p) => p.checks.expected)),
    0,
  ],
  [
    'controles esperados de la planta = suma de la tendencia',
    (s) => s.production.plant.checks.expected,
    (s) => sum(s.production.trend.map((d) => d.checks.expected)),
    0,
  ],
  [
    'controles respondidos de la planta = suma por prensa',
    (s) => s.production.plant.checks.answered,
    (s) => sum(s.production.presses.map((p) => p.checks.answered)),
    0,
  ],
  // stops of the presses
  [
    'horas de parada no planificada (OEE) = minutos del Pareto de pérdidas',
    (s) => s.production.plant.stop_hours,
    (s) => sum(s.production.loss_pareto.map((row) => row.minutes)) / 60,
    0.001,
  ],
  [
    'horas sin parar de cada prensa: Mantenimiento (periodo − paradas) = Producción (planificadas − no planificadas)',
    (s) => alonePresses(s).map((press) => press.period_hours - press.stop_hours),
    (s) =>
      alonePresses(s).map((press) => {
        const line = s.production.presses.find((p) => p.line_id === press.line_id)!;
        return line.planned_hours - line.stop_hours;
      }),
    0.001,
  ],
  // The two availabilities of a press differ by definition, not by data: the OEE's 'Disponibilidad'
  // (up hours ÷ planned hours) and maintenance's 'Disponibilidad inherente' (MTBF ÷ (MTBF + MTTR),
  // MTBF = up hours ÷ failures) divide the same up hours, read from the same stops.
  [
    "horas sin parar de cada prensa con fallas: 'Disponibilidad' (OEE) × horas planificadas = MTBF × fallas ('Disponibilidad inherente')",
    (s) =>
      failedAlonePresses(s).map((press) => {
        const line = s.production.presses.find((p) => p.line_id === press.line_id)!;
        return line.availability! * line.planned_hours;
      }),
    (s) => failedAlonePresses(s).map((press) => press.mtbf_hours! * press.failures),
    0.001,
  ],
  [
    "'Disponibilidad inherente' de cada prensa con fallas = horas sin parar (Producción) ÷ (horas sin parar + horas de falla)",
    (s) => failedAlonePresses(s).map((press) => press.availability!),
    (s) =>
      failedAlonePresses(s).map((press) => {
        const line = s.production.presses.find((p) => p.line_id === press.line_id)!;
        const up = line.planned_hours - line.stop_hours;
        return up / (up + press.failure_hours);
      }),
    0.00001,
  ],
  // stops and work of the presses: 'Indicadores clave' and the maintenance dashboard
  [
    'horas de parada de cada prensa: Confiabilidad (Indicadores clave) = tablero de mantenimiento',
    (s) => s.maintenance.presses.map((press) => press.stop_hours),
    (s) => s.maintenance.presses.map((press) => s.dashboard.presses.find((other) => other.machine_id === press.machine_id)!.stopHours),
    0.001,
  ],
  [
    'fallas de cada prensa: Confiabilidad = tablero de mantenimiento',
    (s) => s.maintenance.presses.map((press) => press.failures),
    (s) => s.maintenance.presses.map((press) => s.dashboard.presses.find((other) => other.machine_id === press.machine_id)!.failureCount),
    0,
  ],
  [
    'horas de parada por causa (todas las máquinas): Trabajo de mantenimiento = tablero de mantenimiento',
    (s) => sum(s.maintenance.downtime_by_cause.map((row) => row.hours)),
    (s) => sum(s.dashboard.downtime_by_cause.map((row) => row.hours)),
    0.001,
  ],
  ["'OT vencidas': Trabajo de mantenimiento = tablero de mantenimiento", (s) => s.maintenance.overdue_work_orders, (s) => s.dashboard.overdue, 0],
  [
    "'Cumplimiento preventivo' (vencidas en el periodo, a tiempo): Trabajo de mantenimiento = tablero de mantenimiento",
    (s) => [s.maintenance.compliance.due, s.maintenance.compliance.on_time],
    (s) => [s.dashboard.compliance.due, s.dashboard.compliance.onTime],
    0,
  ],
  // nitriding due, now
  [
    "'Nitrurado vencido' (Matricería) = matrices del inventario filtradas 'Nitrurado vencido'",
    (s) => s.dieshop.nitriding.overdue,
    (s) => s.inventory.overdue,
    0,
  ],
  [
    "'Nitrurado vencido' (Matricería) = 'N matrices con nitrurado vencido' (Resumen de áreas)",
    (s) => s.dieshop.nitriding.overdue,
    (s) => said(s, 'dieshop', /con nitrurado vencido$/),
    0,
  ],
  [
    "'Nitrurado próximo' + vencido (Matricería) = inventario filtrado 'Nitrurado próximo'",
    (s) => s.dieshop.nitriding.soon + s.dieshop.nitriding.overdue,
    (s) => s.inventory.soon,
    0,
  ],
  [
    "'Nitrurado próximo' (Matricería) = 'N matrices con nitrurado próximo' (Resumen de áreas)",
    (s) => s.dieshop.nitriding.soon,
    (s) => said(s, 'dieshop', /con nitrurado próximo$/),
    0,
  ],
  // open work, now
  [
    "'Órdenes vencidas' (Mantenimiento) = 'N órdenes de trabajo vencidas' (Resumen de áreas)",
    (s) => s.maintenance.overdue_work_orders,
    (s) => said(s, 'maintenance', /de trabajo vencidas?$/),
    0,
  ],
  [
    "'Correcciones abiertas' (Matricería) = 'N correcciones abiertas' (Resumen de áreas)",
    (s) => s.dieshop.corrections!.open,
    (s) => said(s, 'corrections', /abiertas?$/),
    0,
  ],
  [
    "'Correcciones vencidas' (Matricería) = 'N correcciones vencidas' (Resumen de áreas)",
    (s) => s.dieshop.corrections!.overdue,
    (s) => said(s, 'corrections', /vencidas?$/),
    0,
  ],
];

function expectAgree(s: Screens, period: string) {
  for (const [what, one, other, tolerance] of PAIRS) {
    const [a, b] = [one(s), other(s)];
    const left = Array.isArray(a) ? a : [a];
    const right = Array.isArray(b) ? b : [b];
    expect({ period, what, length: right.length }).toEqual({ period, what, length: left.length });
    left.forEach((value, index) => {
      const gap = Math.abs(value - right[index]);
      // On failure: which pair, in which period, and both figures.
      if (gap > tolerance + 1e-9) throw new Error(`${period} · ${what}: ${value} ≠ ${right[index]}`);
    });
  }
}

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north, time_zone: timeZone }] = await t.sql<{ id: number; time_zone: string }>(
    `select id, time_zone from company where name = 'Extrusiones del Norte'`,
  );
  for (const email of [ADMIN, OPERATOR]) tokens[email] = (await t.login(email)).access_token;
});
afterAll(() => t.close());

describe('widgets that show the same quantity agree', () => {
  it.each(periods().map((period) => [period.name, period.from]))('over the demo seed, %s', async (name, from) => {
    const s = await screens(from);
    // Something to compare: the demo extruded this month.
    if (name === 'mes') expect(s.production.plant.billet_kg).toBeGreaterThan(0);
    // ... and both availabilities of some press: the demo's presses failed this month.
    if (name === 'mes') expect(failedAlonePresses(s).length).toBeGreaterThan(0);
    expectAgree(s, name);
  });

  describe('with runs that cross the start of each period', () => {
    const line = { id: 0, press: 0 };
    /** Each run made here: its start, end and billet kg (what the period should count of it: its part inside). */
    const made: { start: number; end: number; billetKg: number; goodKg: number }[] = [];

    beforeAll(async () => {
      ({ line: line.id, machine: line.press } = await insertTestPress(t, {
        company: north,
        name: 'Línea de cifras',
        goalKgH: 1000,
        machine: { name: 'Prensa de cifras', code: 'PC-1', status: 'operating', criticality: 'A' },
      }));
      const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 limit 1`, [north]);
      const [die] = await t.sql<{ id: number }>(
        `insert into die (company_id, die_reference, copy_number, state) values ($1, 'CIF-1', 1, 'in_stock') returning id`,
        [north],
      );
      const now = Date.now();
      // Each period's first instant, as the API reads it; one run across each (two hours before it, up to an hour after it).
      const starts = new Set<number>();
      for (const period of periods()) {
        const answer = await get<ProductionIndicators>('/api/indicators/production', ADMIN, { from: period.from, line_id: line.id });
        starts.add(Date.parse(answer.period.from));
      }
      let number = 0;
      for (const start of [...starts].sort()) {
        const runStart = start - 2 * 3_600_000;
        const runEnd = start + Math.max(60_000, Math.min(3_600_000, (now - start) / 2));
        number += 1;
        const order = await insertTestOrder(t, {
          company: north,
          number: `OP-CIF-${number}`,
          profile: 'CIF-PERFIL',
          dieId: die.id,
          alloyId: alloy.id,
          dueDate: '2099-12-31',
        });
        const billetKg = 3000 + number;
        const goodKg = 2500;
        await t.sql(
          `insert into order_die (company_id, order_id, die_id, line_id, start_extrusion_time, end_extrusion_time, billets_pushed, billet_kg, good_kg, scrap_kg)
           values ($1, $2, $3, $4, $5, $6, 30, $7, $8, 200)`,
          [north, order, die.id, line.id, new Date(runStart), new Date(runEnd), billetKg, goodKg],
        );
        made.push({ start: runStart, end: runEnd, billetKg, goodKg });
      }
      // A correction on the die this month: it is listed in 'Correcciones cada 10 t' with its kg.
      await t.sql(
        `insert into correction_record (company_id, die_id, number, description, status, opened_at) values ($1, $2, 'CO-CIF-1', 'Espesor fuera de tolerancia', 'draft', now())`,
        [north, die.id],
      );
    });

    it.each(periods().map((period) => [period.name, period.from]))('%s', async (name, from) => {
      const s = await screens(from);
      expectAgree(s, name);

      // The one definition: each run counts for the part of its time inside the period, on every screen.
      const periodStart = Date.parse(s.production.period.from);
      const periodEnd = Date.parse(s.production.period.now);
      const part = (run: (typeof made)[number]) => Math.max(0, Math.min(run.end, periodEnd) - Math.max(run.start, periodStart)) / (run.end - run.start);
      const expected = sum(made.map((run) => run.billetKg * part(run)));
      expect(expected).toBeGreaterThan(0);
      const press = s.production.presses.find((p) => p.line_id === line.id)!;
      expect(press.billet_kg).toBeCloseTo(expected, 2);
      expect(press.good_kg).toBeCloseTo(sum(made.map((run) => run.goodKg * part(run))), 2);
      const lineFigures = s.lines.lines.find((l) => l.line_id === line.id)!.figures;
      expect(lineFigures.billet_kg).toBeCloseTo(expected, 1);
      expect(lineFigures.runs).toBe(made.filter((run) => part(run) > 0).length);
      const die = s.dieshop.corrections!.per_die.find((row) => row.die_reference === 'CIF-1')!;
      expect(die.extruded_kg).toBeCloseTo(expected, 2);
    });
  });
});

describe("'Resumen de áreas' and the overdue checks", () => {
  it("lists every running die with a check overdue or missed, the same ones as 'Mi extrusión'", async () => {
    const [operator] = await t.sql<{ id: number }>(`select id from app_user where email = $1`, [OPERATOR]);
    const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 limit 1`, [north]);
    const running = async (name: string, minutesAgo: number, answeredMinutes: number[]) => {
      const lineId = await insertTestLine(t, { company: north, name, goalKgH: 1000 });
      const [die] = await t.sql<{ id: number }>(`insert into die (company_id, die_reference, copy_number, state) values ($1, $2, 1, 'press') returning id`, [
        north,
        `CTL-${name.slice(-1)}`,
      ]);
      const order = await insertTestOrder(t, {
        company: north,
        number: `OP-CTL-${name.slice(-1)}`,
        profile: 'CTL-PERFIL',
        dieId: die.id,
        alloyId: alloy.id,
        dueDate: '2099-12-31',
      });
      const start = Date.now() - minutesAgo * 60_000;
      const [run] = await t.sql<{ id: number }>(
        `insert into order_die (company_id, order_id, die_id, line_id, start_extrusion_time, started_by) values ($1, $2, $3, $4, $5, $6) returning id`,
        [north, order, die.id, lineId, new Date(start), operator.id],
      );
      for (const minute of answeredMinutes)
        await t.sql(
          `insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved) values ($1, $2, 'DimensionA', 12.5, $3), ($1, $2, 'DimensionB', 12.5, $3)`,
          [north, run.id, new Date(start + minute * 60_000)],
        );
    };
    // Like Prensa 3 in the issue: mark 1 answered, mark 2 (20 min) asked for and not answered; the last ten minutes that ended were answered.
    await running('Línea de control X', 25.5, [12]);
    // Marks 1 and 2 missed, mark 3 (30 min) asked for now.
    await running('Línea de control Y', 35.5, []);
    // All answered: not listed.
    await running('Línea de control Z', 25.5, [12, 22]);

    const summary = await get<AreaSummary>('/api/area-summary');
    const production = summary.cards.find((card) => card.area === 'production')!;
    expect(production.items.length).toBeLessThanOrEqual(3);
    const checks = production.items.filter((item) => /control/i.test(item.text));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ route: '/apps/extrusion-line/all', severity: 'amber' });
    expect(checks[0].text).toMatch(/Línea de control X, vencido desde \d\d:\d\d(;|$)/);
    expect(checks[0].text).toMatch(/Línea de control Y, vencido desde \d\d:\d\d y 2 perdidos/);
    expect(checks[0].text).not.toContain('Línea de control Z');
    expect(production.light).not.toBe('green');

    // Every run 'Mi extrusión' shows overdue or with missed checks (the seed's and these) is named, and no other.
    const mine = await get<MyRun[]>('/api/extrusion/mine', OPERATOR);
    const now = new Date();
    const late = mine.filter((run) => run.missed_checks > 0 || nextDimensionCheck(run.start_extrusion_time, run.last_check_at, now).overdue);
    expect(late.map((run) => run.line_name)).toEqual(expect.arrayContaining(['Línea de control X', 'Línea de control Y']));
    for (const run of late) expect({ line: run.line_name, named: checks[0].text.includes(run.line_name) }).toEqual({ line: run.line_name, named: true });
    for (const run of mine.filter((entry) => !late.includes(entry)))
      expect({ line: run.line_name, named: checks[0].text.includes(`${run.line_name} `) }).toEqual({ line: run.line_name, named: false });
  });
});

describe("a die's % of its thresholds", () => {
  it("gives each counter's % of its own threshold beside it, in the inventory, the die and its summary alike", async () => {
    // The die: 36 of 160 billets (22,5 %), 1465 of 20 000 kg (7,3 %).
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, state, location, nitriding_every_billets, nitriding_every_kg, billets_since_nitriding, kg_since_nitriding)
       values ($1, 'UMB-1', 1, 'in_stock', 'UMB-A1', 160, 20000, 36, 1465) returning id`,
      [north],
    );
    const expected = { due: 'ok', percent: 22.5, billets_percent: 22.5, kg_percent: 7.3 };
    const [listed] = (await get<{ items: DieCopy[] }>('/api/die/all', ADMIN, { location: 'UMB-A1' })).items;
    expect(listed.nitriding).toEqual(expected);
    expect((await get<DieCopy>(`/api/die/${die.id}`)).nitriding).toEqual(expected);
    expect((await get<{ die: DieCopy }>(`/api/die/${die.id}/summary`)).die.nitriding).toEqual(expected);

    // Past the kg threshold, the flag follows the kg; each percent stays its own counter's.
    await t.sql(`update die set kg_since_nitriding = 21000 where id = $1`, [die.id]);
    expect((await get<DieCopy>(`/api/die/${die.id}`)).nitriding).toEqual({ due: 'overdue', percent: 105, billets_percent: 22.5, kg_percent: 105 });
    // Without its own billets threshold the family's applies (if any); the kg percent is still the kg's.
    await t.sql(`update die set nitriding_every_billets = null, kg_since_nitriding = 17000 where id = $1`, [die.id]);
    const kgOnly = (await get<DieCopy>(`/api/die/${die.id}`)).nitriding;
    const billetsPercent = await familyBilletsPercent(die.id);
    expect(kgOnly).toMatchObject({ kg_percent: 85, billets_percent: billetsPercent, percent: Math.max(85, billetsPercent ?? 0) });
  });
});

/** The billets percent from the die family's threshold, when the family has one (the die's own was removed). */
async function familyBilletsPercent(dieId: number): Promise<number | null> {
  const [row] = await t.sql<{ billets: number | null; since: number }>(
    `select f.nitriding_every_billets as billets, d.billets_since_nitriding as since
       from die d left join die_family f on f.company_id = d.company_id and f.die_type = d.die_type where d.id = $1`,
    [dieId],
  );
  return row?.billets ? Math.round((row.since / row.billets) * 1000) / 10 : null;
}

describe('a run with a press stop inside it', () => {
  it("counts only its running time, the same on 'Mi extrusión', the checks widget, 'Resumen de áreas', kg/h, its hours and the die's counter", async () => {
    const MIN = 60_000;
    const base = Date.now();
    const [operator] = await t.sql<{ id: number }>(`select id from app_user where email = $1`, [OPERATOR]);
    const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 limit 1`, [north]);
    const [line] = await t.sql<{ id: number; name: string }>(
      `insert into extrusion_line (company_id, name, press_tonnage_t, max_operating_pressure_bar, container_inner_diameter_mm, billet_diameter_mm, cooling_table_length_m,
         net_productivity_goal_kg_h, tooling_diameter_mm, tooling_length_mm, container_temperature_control, discard_length_mm, max_billet_length_mm, blunt_length_mm, table_length_m, usable_table_length_m)
       values ($1, 'Línea con parada', 1600, 240, 178, 172, 42, 1000, 330, 230, 'single', 18, 1000, 80, 45, 42) returning id, name`,
      [north],
    );
    const [press] = await t.sql<{ id: number }>(
      `insert into machine (company_id, name, code, type, line_id, status, criticality) values ($1, 'Prensa con parada', 'PP-1', 'press', $2, 'operating', 'A') returning id`,
      [north, line.id],
    );
    const stop = (from: number, to: number) =>
      t.sql(
        `insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause) values ($1, $2, $3, $4, $5, false, 'hydraulic')`,
        [north, press.id, line.id, new Date(base - from * MIN), new Date(base - to * MIN)],
      );
    const run = async (copy: number, start: number, end: number | null, goodKg: number | null) => {
      const [die] = await t.sql<{ id: number }>(
        `insert into die (company_id, die_reference, copy_number, state) values ($1, 'PAR-1', $2, 'in_stock') returning id`,
        [north, copy],
      );
      const [order] = await t.sql<{ id: number }>(
        `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date)
         values ($1, $2, 'Cliente', 'PAR-PERFIL', $3, $4, 6000, 100, 900, '2099-12-31') returning id`,
        [north, `OP-PAR-${copy}`, die.id, alloy.id],
      );
      const [created] = await t.sql<{ id: number }>(
        `insert into order_die (company_id, order_id, die_id, line_id, start_extrusion_time, end_extrusion_time, started_by, billets_pushed, billet_kg, good_kg, scrap_kg)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          north,
          order.id,
          die.id,
          line.id,
          new Date(base - start * MIN),
          end === null ? null : new Date(base - end * MIN),
          operator.id,
          goodKg === null ? null : 30,
          goodKg === null ? null : 2000,
          goodKg,
          goodKg === null ? null : 100,
        ],
      );
      return { die: die.id, order: order.id, run: created.id };
    };

    // A finished run of 120 minutes, 200 to 80 minutes ago, its press stopped 30 of them: 1,5 h of running time, 1500 kg good: 1000 kg/h.
    await stop(150, 120);
    const finished = await run(1, 200, 80, 1500);
    // A running run started 60 minutes ago, its press stopped from 45 to 20 minutes ago: 35 minutes of running time.
    // Its marks: 10 min of running time 50 minutes ago (answered 2 minutes after), 20 min 15 minutes ago (missed), 30 min 5 minutes ago (due).
    const running = await run(2, 60, null, null);
    await t.sql(
      `insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved) values ($1, $2, 'DimensionA', 12.5, $3), ($1, $2, 'DimensionB', 12.5, $3)`,
      [north, running.run, new Date(base - 48 * MIN)],
    );
    // The stop written after the check moves the marks after it (the database recounts them).
    await stop(45, 20);

    // 'Mi extrusión'.
    const mine = (await get<MyRun[]>('/api/extrusion/mine', OPERATOR)).find((entry) => entry.id === running.run)!;
    expect(mine).toMatchObject({ paused: false, missed_checks: 1 });
    expect(mine.running_ms).toBeGreaterThanOrEqual(35 * MIN);
    expect(mine.running_ms).toBeLessThan(36 * MIN);
    const detail = await get<OrderDetail>(`/api/orders/${running.order}`);
    expect(detail.order_dies[0].dimension_marks.map((mark) => mark.state)).toEqual(['answered', 'missed', 'due']);

    // The finished run's marks: 9 in its 90 minutes of running time, all missed (the order shows them).
    const finishedMarks = (await get<OrderDetail>(`/api/orders/${finished.order}`)).order_dies[0].dimension_marks;
    expect(finishedMarks.map((mark) => mark.state)).toEqual(Array(9).fill('missed'));

    // The checks widget of 'Indicadores clave' (from yesterday: both runs lie wholly inside): the finished run's 9 marks and
    // the running one's two whose ten minutes are over, missed as the order and 'Mi extrusión' say.
    const from = addDays(localDay(new Date(base)), -1);
    const production = await get<ProductionIndicators>('/api/indicators/production', ADMIN, { from, line_id: line.id });
    const [pressFigures] = production.presses;
    expect(pressFigures.checks).toMatchObject({ expected: 9 + 2, answered: 1, late: 0, missed: finishedMarks.length + mine.missed_checks });

    // 'Resumen de áreas': the line with its overdue mark and its one missed mark, as 'Mi extrusión' says.
    const summary = await get<AreaSummary>('/api/area-summary');
    const checks = summary.cards.find((card) => card.area === 'production')!.items.find((item) => /control/i.test(item.text))!;
    expect(checks.text).toMatch(new RegExp(`${line.name}(, |: control dimensional )vencido desde \\d\\d:\\d\\d y 1 perdido(;|$)`));

    // Run hours and kg/h: 1,5 h and 1000 kg/h on the indicators, the line's figures, the order, the die's summary and its counters.
    expect(pressFigures).toMatchObject({ run_hours: 1.5, net_kg_h: 1000 });
    const lineFigures = (await get<LineFigures>('/api/extrusion-line/figures', ADMIN, { from })).lines.find((entry) => entry.line_id === line.id)!.figures;
    expect(lineFigures).toMatchObject({ runs: 1, hours: 1.5, kg_h: 1000 });
    expect((await get<OrderDetail>(`/api/orders/${finished.order}`)).figures).toMatchObject({ hours: 1.5, kg_h: 1000 });
    const dieSummary = await get<{ die: DieCopy; production: { total: { hours: number; kg_h: number } } }>(`/api/die/${finished.die}/summary`);
    expect(dieSummary.production.total).toMatchObject({ hours: 1.5, kg_h: 1000 });
    expect(dieSummary.die.hours_total).toBe(1.5);
    const [meter] = await t.sql<{ value: number }>(
      `select value::float8 as value from meter where machine_id = $1 and kind = 'hours' and source = 'production'`,
      [press.id],
    );
    expect(meter.value).toBe(1.5);
  });
});
