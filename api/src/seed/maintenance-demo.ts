import type { EntityManager } from 'typeorm';
import { insertRows, randomOf } from './seed-rows';

/**
 * A year of maintenance of each demo plant, consistent with its machines and extrusion runs
 * (issue 12): failure and damage reports, the stops they opened (tied to the run that was on the
 * press), the corrective orders that repaired them with their labour, preventive plans by
 * calendar and by counter with the orders they made, and today's board (orders in every column,
 * one blocked, one overdue, two waiting for verification). The press meters keep what the runs
 * fed them, on top of a year of imported readings. Only while the plant has no maintenance yet.
 *
 * Everything is derived from a seeded pseudo-random sequence, so every installation tells the
 * same story; rows are inserted per table in one statement each (the seed runs at every test
 * database's start).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Failure {
  machineType: string;
  cause: 'mechanical' | 'hydraulic' | 'electrical' | 'die' | 'other';
  kind: 'failure' | 'damage';
  description: string;
  rootCause: string;
  solution: string;
  /** Typical repair, hours. */
  hours: [number, number];
}

/** What breaks on an extrusion line, and how the plant fixed it (cause, root cause, solution). */
const FAILURES: Failure[] = [
  {
    machineType: 'press',
    cause: 'hydraulic',
    kind: 'failure',
    description: 'Fuga de aceite en el cilindro principal, charco bajo la prensa',
    rootCause: 'Retenes del vástago principal desgastados',
    solution: 'Cambio del kit de retenes del cilindro principal y reposición de 60 l de aceite',
    hours: [3, 7],
  },
  {
    machineType: 'press',
    cause: 'hydraulic',
    kind: 'failure',
    description: 'La prensa no llega a la presión de trabajo, se queda en 180 bar',
    rootCause: 'Válvula de alivio de la bomba principal desajustada',
    solution: 'Ajuste y calibración de la válvula de alivio; prueba a 210 bar',
    hours: [1, 3],
  },
  {
    machineType: 'press',
    cause: 'electrical',
    kind: 'failure',
    description: 'Alarma de posición del vástago, la prensa se detiene a mitad de carrera',
    rootCause: 'Sensor de posición dañado por temperatura',
    solution: 'Sustitución del sensor de posición y protección térmica del cable',
    hours: [1, 4],
  },
  {
    machineType: 'press',
    cause: 'mechanical',
    kind: 'failure',
    description: 'La cizalla de culote no corta limpio y se atasca',
    rootCause: 'Cuchilla de la cizalla desalineada',
    solution: 'Alineación de la cuchilla y ajuste de las guías de la cizalla',
    hours: [1, 3],
  },
  {
    machineType: 'press',
    cause: 'die',
    kind: 'failure',
    description: 'La matriz queda atascada en el porta matrices al cambiarla',
    rootCause: 'Rebaba de aluminio en el alojamiento del porta matrices',
    solution: 'Limpieza del alojamiento y repaso de las guías del porta matrices',
    hours: [0.5, 2],
  },
  {
    machineType: 'billet-furnace',
    cause: 'electrical',
    kind: 'failure',
    description: 'Un quemador de la zona 2 no enciende',
    rootCause: 'Electrodo de ignición sucio',
    solution: 'Limpieza del electrodo y ajuste de la distancia de chispa',
    hours: [1, 2.5],
  },
  {
    machineType: 'billet-furnace',
    cause: 'mechanical',
    kind: 'failure',
    description: 'El empujador de tochos se traba a la salida del horno',
    rootCause: 'Rodamiento del carro empujador gripado',
    solution: 'Cambio de rodamientos del carro y engrase',
    hours: [2, 5],
  },
  {
    machineType: 'die-oven',
    cause: 'electrical',
    kind: 'failure',
    description: 'Temperatura del horno de matrices fuera de rango (390 °C con consigna 470 °C)',
    rootCause: 'Termopar de la cámara 3 defectuoso',
    solution: 'Cambio del termopar y verificación con pirómetro',
    hours: [1, 3],
  },
  {
    machineType: 'puller',
    cause: 'electrical',
    kind: 'failure',
    description: 'El puller pierde la sincronización con la velocidad de salida del perfil',
    rootCause: 'Encoder de la rueda de tracción sucio',
    solution: 'Limpieza y recalibración del encoder',
    hours: [0.5, 2],
  },
  {
    machineType: 'saw',
    cause: 'mechanical',
    kind: 'failure',
    description: 'Disco de la sierra en caliente roto, dientes saltados',
    rootCause: 'Disco con desgaste fuera de límite',
    solution: 'Cambio de disco y ajuste de la velocidad de avance',
    hours: [0.75, 2],
  },
  {
    machineType: 'stretcher',
    cause: 'hydraulic',
    kind: 'failure',
    description: 'La mordaza de cola no cierra del todo y el perfil patina',
    rootCause: 'Cilindro de la mordaza con fuga interna',
    solution: 'Reparación del cilindro de la mordaza',
    hours: [2, 6],
  },
  {
    machineType: 'ageing-oven',
    cause: 'electrical',
    kind: 'failure',
    description: 'El ventilador de recirculación no arranca',
    rootCause: 'Contactor del motor quemado',
    solution: 'Sustitución del contactor y revisión del guardamotor',
    hours: [1, 3],
  },
  {
    machineType: 'saw',
    cause: 'other',
    kind: 'damage',
    description: 'Guarda de protección de la sierra golpeada por una carretilla',
    rootCause: 'Maniobra de carretilla demasiado cerca de la sierra',
    solution: 'Enderezado de la guarda y señalización del pasillo',
    hours: [0.5, 1.5],
  },
  {
    machineType: 'die-oven',
    cause: 'other',
    kind: 'damage',
    description: 'Puerta del horno de matrices deformada, no cierra hermética',
    rootCause: 'Golpe con el carro de matrices',
    solution: 'Enderezado de la puerta y cambio de la junta',
    hours: [1, 3],
  },
];

/** Failures per 30 days by machine type (presses fail most: they carry the line). */
const FAILURE_RATE: Record<string, number> = {
  press: 2.2,
  'billet-furnace': 0.9,
  'die-oven': 0.6,
  puller: 0.7,
  saw: 0.8,
  stretcher: 0.6,
  'ageing-oven': 0.3,
};

const CODE_PREFIX: Record<string, string> = {
  press: 'PR',
  'billet-furnace': 'HT',
  'die-oven': 'HM',
  puller: 'PU',
  saw: 'SC',
  stretcher: 'ES',
  'ageing-oven': 'HE',
};

interface DemoPlan {
  type: string;
  name: string;
  trigger: 'calendar' | 'counter';
  every?: [number, 'day' | 'week' | 'month' | 'year'];
  anchor?: 'fixed' | 'completion';
  skipWeekends?: boolean;
  leadDays?: number;
  meter?: 'hours' | 'billets';
  interval?: number;
  leadValue?: number;
  hours: number;
  checklist: { kind: 'check' | 'number' | 'text' | 'inspection'; label: string; required: boolean }[];
  requireSignature?: boolean;
}

const PLANS: DemoPlan[] = [
  {
    type: 'press',
    name: 'Cambio de aceite y filtros hidráulicos',
    trigger: 'counter',
    meter: 'hours',
    interval: 1500,
    leadValue: 80,
    hours: 6,
    checklist: [
      { kind: 'check', label: 'Vaciar el depósito y limpiar el fondo', required: true },
      { kind: 'check', label: 'Cambiar filtros de retorno y de presión', required: true },
      { kind: 'number', label: 'Litros de aceite repuestos', required: true },
      { kind: 'inspection', label: 'Estado de las mangueras de alta presión', required: true },
    ],
    requireSignature: true,
  },
  {
    type: 'press',
    name: 'Inspección de contenedor, vástago y falso tocho',
    trigger: 'counter',
    meter: 'billets',
    interval: 12000,
    leadValue: 800,
    hours: 3,
    checklist: [
      { kind: 'inspection', label: 'Camisa del contenedor sin rayas ni desgaste', required: true },
      { kind: 'number', label: 'Diámetro exterior del falso tocho (mm)', required: true },
      { kind: 'inspection', label: 'Alineación vástago-contenedor', required: true },
    ],
  },
  {
    type: 'press',
    name: 'Revisión mensual de seguridad de la prensa',
    trigger: 'calendar',
    every: [1, 'month'],
    anchor: 'fixed',
    skipWeekends: true,
    leadDays: 5,
    hours: 2,
    checklist: [
      { kind: 'check', label: 'Paradas de emergencia probadas', required: true },
      { kind: 'check', label: 'Barreras fotoeléctricas probadas', required: true },
      { kind: 'text', label: 'Observaciones', required: false },
    ],
  },
  {
    type: 'billet-furnace',
    name: 'Limpieza de quemadores del horno de tochos',
    trigger: 'calendar',
    every: [2, 'week'],
    anchor: 'completion',
    skipWeekends: true,
    leadDays: 2,
    hours: 2,
    checklist: [
      { kind: 'check', label: 'Limpiar electrodos y boquillas', required: true },
      { kind: 'number', label: 'Presión de gas medida (mbar)', required: false },
    ],
  },
  {
    type: 'die-oven',
    name: 'Calibración de termopares del horno de matrices',
    trigger: 'calendar',
    every: [3, 'month'],
    anchor: 'fixed',
    skipWeekends: true,
    leadDays: 7,
    hours: 3,
    checklist: [{ kind: 'number', label: 'Desviación máxima medida (°C)', required: true }],
  },
  {
    type: 'saw',
    name: 'Cambio de disco y revisión de la sierra en caliente',
    trigger: 'calendar',
    every: [6, 'week'],
    anchor: 'completion',
    skipWeekends: true,
    leadDays: 3,
    hours: 1.5,
    checklist: [
      { kind: 'check', label: 'Disco nuevo montado y apretado', required: true },
      { kind: 'inspection', label: 'Guarda de protección en buen estado', required: true },
    ],
  },
  {
    type: 'stretcher',
    name: 'Engrase de mordazas de la estiradora',
    trigger: 'calendar',
    every: [1, 'week'],
    anchor: 'fixed',
    skipWeekends: true,
    leadDays: 1,
    hours: 0.5,
    checklist: [{ kind: 'check', label: 'Engrasar guías y bulones de las mordazas', required: true }],
  },
];

interface Machine {
  id: number;
  name: string;
  type: string;
  line_id: number | null;
  status: string;
}

interface People {
  lead: number;
  technician: number;
  operator: number;
  admin: number;
}

const PEOPLE: Record<string, { lead: string; technician: string; operator: string; admin: string }> = {
  'Extrusiones del Norte': {
    lead: 'jefe@norte.example',
    technician: 'mantenimiento@norte.example',
    operator: 'operario@norte.example',
    admin: 'admin@norte.example',
  },
  'Perfiles del Sur': { lead: 'calidad@sur.example', technician: 'mantenimiento@sur.example', operator: 'operario@sur.example', admin: 'admin@sur.example' },
};

/** The next working day (Mon–Fri) at or after a time, as the plans that skip weekends do. */
function workingDay(at: number): number {
  const day = new Date(at).getUTCDay();
  return day === 6 ? at + 2 * DAY : day === 0 ? at + DAY : at;
}

function addPeriod(at: number, every: number, unit: 'day' | 'week' | 'month' | 'year'): number {
  const date = new Date(at);
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + every);
  if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7 * every);
  if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + every);
  if (unit === 'year') date.setUTCFullYear(date.getUTCFullYear() + every);
  return date.getTime();
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Document numbers RF-/OT-AAAA-nnnn given in order of their dates, and the counters left where they end. */
class Numbering {
  private keys = 0;
  /** A stand-in until the documents are numbered in date order. */
  key(kind: 'RF' | 'OT'): string {
    return `${kind}?${++this.keys}`;
  }
  private readonly last = new Map<string, number>();
  next(kind: 'RF' | 'OT', at: number): string {
    const year = new Date(at).getUTCFullYear();
    const key = `${kind}-${year}`;
    const value = (this.last.get(key) ?? 0) + 1;
    this.last.set(key, value);
    return `${key}-${String(value).padStart(4, '0')}`;
  }
  counters(companyId: number) {
    return [...this.last].map(([key, last]) => ({ company_id: companyId, kind: key.slice(0, 2), year: Number(key.slice(3)), last }));
  }
}

/** A row without some of its keys. */
const without = (row: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

interface Run {
  id: number;
  line_id: number;
  start: number;
  end: number | null;
  billet_kg: number | null;
}

export async function seedMaintenanceDemo(manager: EntityManager, company: string, companyId: number): Promise<void> {
  const emails = PEOPLE[company];
  if (!emails) return;
  const [{ count }] = await manager.query(
    `select (select count(*) from work_order where company_id = $1) + (select count(*) from failure_report where company_id = $1) as count`,
    [companyId],
  );
  if (Number(count) > 0) return;
  const machines: Machine[] = await manager.query(`select id, name, type, line_id, status from machine where company_id = $1 order by id`, [companyId]);
  if (machines.length === 0) return;
  const userIds: { email: string; id: number; display_name: string }[] = await manager.query(
    `select email, id, display_name from app_user where email = any($1)`,
    [Object.values(emails)],
  );
  const idOf = (email: string) => userIds.find((user) => user.email === email)!.id;
  const people: People = { lead: idOf(emails.lead), technician: idOf(emails.technician), operator: idOf(emails.operator), admin: idOf(emails.admin) };
  const runs: Run[] = (
    await manager.query(
      `select id, line_id, start_extrusion_time as start, end_extrusion_time as "end", billet_kg::float8 as billet_kg from order_die where company_id = $1`,
      [companyId],
    )
  ).map((run: { id: number; line_id: number; start: Date; end: Date | null; billet_kg: number | null }) => ({
    ...run,
    start: run.start.getTime(),
    end: run.end?.getTime() ?? null,
  }));

  const random = randomOf(company);
  const now = Date.now();
  const today = now - (now % DAY);
  const yearAgo = today - 365 * DAY;
  const numbers = new Numbering();

  // ------------------------------------------------------------------ machines: what maintenance needs
  const press = (lineId: number | null) => machines.find((machine) => machine.type === 'press' && machine.line_id === lineId);
  const lineNumber = (lineId: number | null) =>
    lineId === null ? 0 : [...new Set(machines.map((m) => m.line_id).filter((id) => id !== null))].indexOf(lineId) + 1;
  for (const machine of machines) {
    const number = lineNumber(machine.line_id);
    const parent = machine.type === 'press' ? null : (press(machine.line_id)?.id ?? null);
    const criticality = ['press', 'billet-furnace'].includes(machine.type) ? 'A' : machine.type === 'ageing-oven' ? 'C' : 'B';
    await manager.query(
      `update machine set code = $2, parent_machine_id = $3, criticality = $4, location = $5, in_service_date = $6, expected_mtbf_h = $7 where id = $1 and code = ''`,
      [
        machine.id,
        `${CODE_PREFIX[machine.type] ?? 'MQ'}-${String(number).padStart(2, '0')}`,
        parent,
        criticality,
        number === 0 ? 'Nave 2 - Tratamiento térmico' : `Nave 1 - Línea ${number}`,
        `${2012 + ((machine.id * 3) % 9)}-0${1 + (machine.id % 9)}-15`,
        machine.type === 'press' ? 320 : 900,
      ],
    );
  }

  // ------------------------------------------------------------------ failures of the year, per machine
  interface Incident {
    machine: Machine;
    failure: Failure;
    reportedAt: number;
    stopEnd: number;
    stopped: boolean;
  }
  const incidents: Incident[] = [];
  for (const machine of machines) {
    const rate = FAILURE_RATE[machine.type] ?? 0.3;
    const catalogue = FAILURES.filter((failure) => failure.machineType === machine.type);
    if (catalogue.length === 0) continue;
    let at = yearAgo + random.between(0, 20) * DAY;
    while (true) {
      at += random.between(0.4, 1.6) * (30 / rate) * DAY;
      // The last week's incidents are today's board, made below.
      if (at > now - 7 * DAY) break;
      const failure = random.pick(catalogue);
      const hours = random.between(...failure.hours);
      const reportedAt = Math.round(at / 60_000) * 60_000;
      incidents.push({ machine, failure, reportedAt, stopEnd: reportedAt + Math.round(hours * 60) * 60_000, stopped: failure.kind === 'failure' });
      at = reportedAt + hours * HOUR;
    }
  }
  incidents.sort((a, b) => a.reportedAt - b.reportedAt);

  const reports: Record<string, unknown>[] = [];
  const orders: Record<string, unknown>[] = [];
  const stops: Record<string, unknown>[] = [];
  const labour: { order: string; user_id: number; minutes: number; worked_on: string; note: string }[] = [];
  const items: { order: string; position: number; kind: string; label: string; required: boolean; value: string; ok: boolean | null; answered: boolean }[] = [];
  const comments: { order: string; author_id: number; text: string; mentions: number[]; created_at: string }[] = [];
  const runOn = (lineId: number | null, at: number) => runs.find((run) => run.line_id === lineId && run.start <= at && (run.end === null || run.end > at));
  const lostKg = (run: Run | undefined, hours: number) =>
    run && run.end !== null && run.billet_kg ? Math.round((run.billet_kg / ((run.end - run.start) / HOUR)) * hours) : null;

  const addIncident = (incident: Incident, state: 'verified' | 'rejected' | 'duplicate') => {
    const { machine, failure, reportedAt, stopEnd } = incident;
    const reportNumber = numbers.key('RF');
    const severity = machine.type === 'press' ? random.pick(['high', 'critical', 'medium'] as const) : random.pick(['medium', 'low', 'high'] as const);
    const reviewedAt = reportedAt + Math.round(random.between(8, 45)) * 60_000;
    const report: Record<string, unknown> = {
      company_id: companyId,
      number: reportNumber,
      machine_id: machine.id,
      line_id: machine.line_id,
      kind: failure.kind,
      severity,
      machine_stopped: state === 'verified' && incident.stopped,
      description: failure.description,
      reported_by: people.operator,
      reported_at: new Date(reportedAt).toISOString(),
      status: state === 'verified' ? 'accepted' : state,
      reviewed_by: people.lead,
      reviewed_at: new Date(reviewedAt).toISOString(),
      rejection_reason: state === 'rejected' ? 'No es una falla: la alarma salta por el procedimiento de cambio de matriz, se explicó al turno' : '',
      duplicate_of: state === 'duplicate' ? reports[reports.length - 1]?.number : null,
      order: null,
    };
    reports.push(report);
    if (state !== 'verified') return;
    const orderNumber = numbers.key('OT');
    report.order = orderNumber;
    const started = reviewedAt + Math.round(random.between(5, 40)) * 60_000;
    const completed = Math.max(stopEnd, started + 20 * 60_000);
    orders.push({
      company_id: companyId,
      number: orderNumber,
      type: 'corrective',
      machine_id: machine.id,
      title: `${failure.kind === 'failure' ? 'Falla' : 'Daño'} en ${machine.name}: ${failure.description.split(',')[0]}`,
      description: failure.description,
      priority: severity === 'critical' ? 'urgent' : severity,
      status: 'verified',
      assignee_id: people.technician,
      created_by: people.lead,
      created_at: new Date(reviewedAt).toISOString(),
      started_at: new Date(started).toISOString(),
      completed_at: new Date(completed).toISOString(),
      verified_by: people.lead,
      verified_at: new Date(completed + Math.round(random.between(0.5, 10) * 60) * 60_000).toISOString(),
      report: reportNumber,
      cause_category: failure.cause,
      root_cause: failure.rootCause,
      solution: failure.solution,
      updated_at: new Date(completed).toISOString(),
    });
    labour.push({
      order: orderNumber,
      user_id: people.technician,
      minutes: Math.max(15, Math.round((completed - started) / 60_000)),
      worked_on: isoDay(started),
      note: failure.solution,
    });
    if (incident.stopped) {
      const run = runOn(machine.line_id, reportedAt);
      stops.push({
        company_id: companyId,
        machine_id: machine.id,
        line_id: machine.line_id,
        started_at: new Date(reportedAt).toISOString(),
        ended_at: new Date(completed).toISOString(),
        planned: false,
        cause: failure.cause,
        report: reportNumber,
        order: orderNumber,
        order_die_id: run?.id ?? null,
        lost_kg_est: lostKg(run, (completed - reportedAt) / HOUR),
        opened_by: people.operator,
        closed_by: people.lead,
      });
    }
  };
  for (const [index, incident] of incidents.entries()) {
    addIncident(incident, index % 23 === 7 ? 'rejected' : index % 31 === 11 ? 'duplicate' : 'verified');
  }

  // ------------------------------------------------------------------ meters: a year of readings before the runs
  const meters: { id: number; machine_id: number; kind: string; value: number }[] = await manager.query(
    `select meter.id, meter.machine_id, meter.kind, meter.value::float8 as value from meter join machine on machine.id = meter.machine_id
      where meter.company_id = $1 and meter.source = 'production'`,
    [companyId],
  );
  const firstRun = runs.reduce((first, run) => Math.min(first, run.start), now);
  // Per 30 days of a press before Planta counted: about 430 h, 9,800 billets, 165 t.
  const MONTHLY: Record<string, number> = { hours: 430, billets: 9800, kg: 165_000 };
  const readings: Record<string, unknown>[] = [];
  const baseline = new Map<number, number>();
  for (const meter of meters) {
    const monthly = MONTHLY[meter.kind];
    if (!monthly) continue;
    let value = Math.round(monthly * 12 * random.between(3, 6));
    for (let at = yearAgo; at < firstRun - DAY; at += 30 * DAY) {
      value += Math.round(monthly * random.between(0.85, 1.1));
      readings.push({ company_id: companyId, meter_id: meter.id, value, delta: null, read_at: new Date(at).toISOString(), source: 'imported', note: '' });
    }
    baseline.set(meter.id, value);
    await manager.query(`update meter_reading set value = value + $2 where meter_id = $1 and source = 'production'`, [meter.id, value]);
    await manager.query(`update meter set value = value + $2 where id = $1`, [meter.id, value]);
    meter.value += value;
  }
  await insertRows(manager, 'meter_reading', readings);
  // A manual meter where production feeds none: the burner hours of each billet furnace.
  for (const furnace of machines.filter((machine) => machine.type === 'billet-furnace')) {
    const [meter] = await manager.query(
      `insert into meter (company_id, machine_id, name, kind, unit, source, value, updated_at) values ($1, $2, 'Horas de quemador', 'hours', 'h', 'manual', 0, now()) returning id`,
      [companyId, furnace.id],
    );
    let value = Math.round(random.between(9000, 16000));
    const manual: Record<string, unknown>[] = [];
    for (let at = yearAgo + 2 * DAY; at < now; at += 7 * DAY) {
      value += Math.round(random.between(110, 150));
      manual.push({
        company_id: companyId,
        meter_id: meter.id,
        value,
        delta: null,
        read_at: new Date(at + 9 * HOUR).toISOString(),
        source: 'manual',
        user_id: people.technician,
        note: '',
      });
    }
    await insertRows(manager, 'meter_reading', manual);
    await manager.query(`update meter set value = $2 where id = $1`, [meter.id, value]);
  }

  // ------------------------------------------------------------------ preventive plans and their year
  const planRows: Record<string, unknown>[] = [];
  const planOrders: { plan: string; occurrences: { due: number; done: number | null; meter?: number }[]; machine: Machine; spec: DemoPlan }[] = [];
  for (const spec of PLANS) {
    for (const machine of machines.filter((candidate) => candidate.type === spec.type)) {
      const name = `${spec.name} - ${machine.name}`;
      const occurrences: { due: number; done: number | null; meter?: number }[] = [];
      const plan: Record<string, unknown> = {
        company_id: companyId,
        name,
        machine_id: machine.id,
        description: '',
        trigger: spec.trigger,
        every_n: spec.every?.[0] ?? null,
        unit: spec.every?.[1] ?? null,
        anchor: spec.anchor ?? 'fixed',
        skip_weekends: spec.skipWeekends ?? false,
        lead_days: spec.leadDays ?? 0,
        starts_on: isoDay(yearAgo),
        next_due_on: null,
        meter_id: null,
        interval_value: spec.interval ?? null,
        lead_value: spec.leadValue ?? 0,
        last_done_value: null,
        next_due_value: null,
        checklist: spec.checklist,
        priority: spec.type === 'press' ? 'high' : 'medium',
        estimated_h: spec.hours,
        assignee_id: people.technician,
        require_signature: spec.requireSignature ?? false,
        active: true,
        last_completed_at: null,
      };
      if (spec.trigger === 'calendar') {
        const [every, unit] = spec.every!;
        let due = workingDay(addPeriod(yearAgo, every, unit) + 8 * HOUR);
        // Occurrences of the past year: done on the day, a few late (one so late that dates were skipped).
        while (due < today) {
          const late = random.next() < 0.12 ? random.between(1, 4) * DAY : 0;
          const done = Math.min(due + late + random.between(1, 6) * HOUR, now - 2 * HOUR);
          occurrences.push({ due, done });
          const from = spec.anchor === 'completion' ? done - (done % DAY) + 8 * HOUR : due;
          due = workingDay(addPeriod(from, every, unit));
        }
        plan.next_due_on = isoDay(due);
        plan.last_completed_at = occurrences.length ? new Date(occurrences[occurrences.length - 1].done!).toISOString() : null;
        // Within the lead: its order is already on the board (not yet done).
        if (due - (spec.leadDays ?? 0) * DAY <= now) occurrences.push({ due, done: null });
      } else {
        const meter = meters.find((candidate) => candidate.machine_id === machine.id && candidate.kind === spec.meter)!;
        plan.meter_id = meter.id;
        // Where the meter stands in its interval differs per press: one is due now, the others are on their way.
        const used = lineNumber(machine.line_id) === 1 ? spec.interval! - spec.leadValue! / 2 : spec.interval! * random.between(0.35, 0.8);
        const lastDone = Math.max(0, Math.round(meter.value - used));
        plan.last_done_value = lastDone;
        plan.next_due_value = lastDone + spec.interval!;
        const doneAt = now - Math.round(random.between(20, 60)) * DAY;
        plan.last_completed_at = new Date(doneAt).toISOString();
        occurrences.push({ due: doneAt, done: doneAt, meter: lastDone });
        if (meter.value >= lastDone + spec.interval! - spec.leadValue!) occurrences.push({ due: now + 3 * DAY, done: null, meter: Math.round(meter.value) });
      }
      planRows.push(plan);
      planOrders.push({ plan: name, occurrences, machine, spec });
    }
  }
  const insertedPlans = (await insertRows(manager, 'pm_plan', planRows, 'returning id, name')) as { id: number; name: string }[];
  const planId = (name: string) => insertedPlans.find((plan) => plan.name === name)!.id;
  const plannedStops: Record<string, unknown>[] = [];
  const skips: Record<string, unknown>[] = [];
  let pendingOpenPreventive = 0;
  for (const { plan, occurrences, machine, spec } of planOrders) {
    for (const occurrence of occurrences) {
      const created =
        occurrence.done === null ? Math.min(now - 3 * HOUR, occurrence.due - (spec.leadDays ?? 3) * DAY) : occurrence.due - (spec.leadDays ?? 3) * DAY;
      const number = numbers.key('OT');
      const open = occurrence.done === null;
      // Today's preventive orders: the one due soonest is in progress and overdue, the rest waiting.
      const status = open ? (pendingOpenPreventive++ === 0 ? 'in_progress' : pendingOpenPreventive % 3 === 0 ? 'pending' : 'assigned') : 'verified';
      const done = occurrence.done;
      const dueAt = status === 'in_progress' ? now - 2 * DAY : occurrence.due + 10 * HOUR;
      orders.push({
        company_id: companyId,
        number,
        type: 'preventive',
        machine_id: machine.id,
        title: plan,
        description: '',
        priority: spec.type === 'press' ? 'high' : 'medium',
        status,
        assignee_id: status === 'pending' ? null : people.technician,
        created_by: people.lead,
        created_at: new Date(created).toISOString(),
        due_at: new Date(dueAt).toISOString(),
        estimated_h: spec.hours,
        // Started after it was created (an order made 3 h ago is not started 5 h ago).
        started_at:
          status === 'in_progress'
            ? new Date(Math.max(now - 5 * HOUR, created + HOUR)).toISOString()
            : done
              ? new Date(done - spec.hours * HOUR).toISOString()
              : null,
        completed_at: done ? new Date(done).toISOString() : null,
        verified_by: done ? people.lead : null,
        verified_at: done ? new Date(done + 2 * HOUR).toISOString() : null,
        plan,
        occurrence_on: spec.trigger === 'calendar' ? isoDay(occurrence.due) : null,
        trigger_meter_value: occurrence.meter ?? null,
        cause_category: 'planned',
        signed_by_name: done && spec.requireSignature ? 'Andrés Olmedo' : '',
        updated_at: new Date(done ?? created).toISOString(),
      });
      spec.checklist.forEach((item, position) =>
        items.push({
          order: number,
          position,
          kind: item.kind,
          label: item.label,
          required: item.required,
          value: done ? (item.kind === 'number' ? String(Math.round(random.between(2, 60))) : item.kind === 'text' ? 'Sin novedad' : '') : '',
          ok: done ? item.kind === 'check' || item.kind === 'inspection' : null,
          answered: done !== null,
        }),
      );
      if (done) {
        labour.push({ order: number, user_id: people.technician, minutes: Math.round(spec.hours * 60), worked_on: isoDay(done), note: '' });
        // A press's preventive work stops it (planned), unless it was done in a die change.
        if (machine.type === 'press' || machine.type === 'billet-furnace') {
          plannedStops.push({
            company_id: companyId,
            machine_id: machine.id,
            line_id: machine.line_id,
            started_at: new Date(done - spec.hours * HOUR).toISOString(),
            ended_at: new Date(done).toISOString(),
            planned: true,
            cause: 'planned',
            order: number,
            order_die_id: null,
            opened_by: people.technician,
            closed_by: people.technician,
          });
        }
        if (done - occurrence.due > 3 * DAY && spec.every?.[1] === 'week' && skips.length === 0) {
          skips.push({ company_id: companyId, plan: planId(plan), order: number, skipped: 1, from_on: isoDay(occurrence.due), to_on: isoDay(done) });
        }
      }
    }
  }

  // ------------------------------------------------------------------ today's board
  const onLine = (type: string, line = 1) =>
    machines.find((machine) => machine.type === type && lineNumber(machine.line_id) === line) ?? machines.find((m) => m.type === type)!;
  const lines = Math.max(...machines.map((machine) => lineNumber(machine.line_id)));
  const current = (minutesAgo: number) => Math.round((now - minutesAgo * 60_000) / 60_000) * 60_000;
  const boardIncidents: { machine: Machine; failure: Failure; minutesAgo: number; status: string; blocked?: string; hold?: string; stopped?: boolean }[] = [
    // The stretcher waiting for a spare part: blocked, its line's stretcher stopped (status 'stopped' in the production demo).
    {
      machine: onLine('stretcher', lines),
      failure: FAILURES[10],
      minutesAgo: 26 * 60,
      status: 'on_hold',
      hold: 'spare_part',
      blocked: 'Falta el cilindro de la mordaza: pedido al proveedor, llega el jueves',
      stopped: true,
    },
    { machine: onLine('press', 1), failure: FAILURES[3], minutesAgo: 3 * 24 * 60, status: 'completed' },
    { machine: onLine('puller', 1), failure: FAILURES[8], minutesAgo: 2 * 24 * 60, status: 'completed' },
    { machine: onLine('billet-furnace', Math.min(2, lines)), failure: FAILURES[5], minutesAgo: 5 * 60, status: 'in_progress' },
    { machine: onLine('die-oven', 1), failure: FAILURES[13], minutesAgo: 30 * 60, status: 'assigned' },
    { machine: onLine('saw', 1), failure: FAILURES[12], minutesAgo: 4 * 24 * 60, status: 'pending' },
  ];
  for (const incident of boardIncidents) {
    const reportedAt = current(incident.minutesAgo);
    const reportNumber = numbers.key('RF');
    const createdAt = reportedAt + 20 * 60_000;
    const orderNumber = numbers.key('OT');
    const stopped = incident.stopped ?? false;
    reports.push({
      company_id: companyId,
      number: reportNumber,
      machine_id: incident.machine.id,
      line_id: incident.machine.line_id,
      kind: incident.failure.kind,
      severity: stopped ? 'high' : 'medium',
      machine_stopped: stopped,
      description: incident.failure.description,
      reported_by: people.operator,
      reported_at: new Date(reportedAt).toISOString(),
      status: 'accepted',
      reviewed_by: people.lead,
      reviewed_at: new Date(createdAt).toISOString(),
      rejection_reason: '',
      duplicate_of: null,
      order: orderNumber,
    });
    const completed = incident.status === 'completed' ? createdAt + 3 * HOUR : null;
    orders.push({
      company_id: companyId,
      number: orderNumber,
      type: 'corrective',
      machine_id: incident.machine.id,
      title: `${incident.failure.kind === 'failure' ? 'Falla' : 'Daño'} en ${incident.machine.name}: ${incident.failure.description.split(',')[0]}`,
      description: incident.failure.description,
      priority: stopped ? 'urgent' : 'medium',
      status: incident.status,
      hold_reason: incident.hold ?? null,
      blocked: Boolean(incident.blocked),
      blocked_reason: incident.blocked ?? '',
      assignee_id: incident.status === 'pending' ? null : people.technician,
      created_by: people.lead,
      created_at: new Date(createdAt).toISOString(),
      started_at: ['in_progress', 'on_hold', 'completed'].includes(incident.status) ? new Date(createdAt + 30 * 60_000).toISOString() : null,
      completed_at: completed ? new Date(completed).toISOString() : null,
      report: reportNumber,
      cause_category: incident.failure.cause,
      root_cause: completed ? incident.failure.rootCause : '',
      solution: completed ? incident.failure.solution : '',
      updated_at: new Date(completed ?? createdAt).toISOString(),
    });
    if (incident.status !== 'pending' && incident.status !== 'assigned') {
      labour.push({ order: orderNumber, user_id: people.technician, minutes: completed ? 170 : 90, worked_on: isoDay(createdAt), note: '' });
    }
    if (stopped) {
      const run = runOn(incident.machine.line_id, reportedAt);
      stops.push({
        company_id: companyId,
        machine_id: incident.machine.id,
        line_id: incident.machine.line_id,
        started_at: new Date(reportedAt).toISOString(),
        ended_at: null,
        planned: false,
        cause: incident.failure.cause,
        report: reportNumber,
        order: orderNumber,
        order_die_id: run?.id ?? null,
        lost_kg_est: null,
        opened_by: people.operator,
        closed_by: null,
      });
    }
    if (incident.blocked) {
      comments.push({
        order: orderNumber,
        author_id: people.technician,
        text: `@[${userIds.find((user) => user.id === people.lead)!.display_name}](${people.lead}) el cilindro de la mordaza tiene fuga interna; sin repuesto no se puede reparar.`,
        mentions: [people.lead],
        created_at: new Date(createdAt + 2 * HOUR).toISOString(),
      });
    }
  }
  // New reports nobody has looked at yet, and one in review.
  const fresh: { machine: Machine; failure: Failure; minutesAgo: number; status: 'new' | 'in_review' }[] = [
    { machine: onLine('saw', Math.min(1, lines)), failure: FAILURES[9], minutesAgo: 50, status: 'new' },
    { machine: onLine('press', Math.min(2, lines)), failure: FAILURES[1], minutesAgo: 3 * 60, status: 'in_review' },
  ];
  for (const report of fresh) {
    const reportedAt = current(report.minutesAgo);
    reports.push({
      company_id: companyId,
      number: numbers.key('RF'),
      machine_id: report.machine.id,
      line_id: report.machine.line_id,
      kind: report.failure.kind,
      severity: 'medium',
      machine_stopped: false,
      description: report.failure.description,
      reported_by: people.operator,
      reported_at: new Date(reportedAt).toISOString(),
      status: report.status,
      reviewed_by: report.status === 'in_review' ? people.lead : null,
      reviewed_at: report.status === 'in_review' ? new Date(reportedAt + 15 * 60_000).toISOString() : null,
      rejection_reason: '',
      duplicate_of: null,
      order: null,
    });
  }
  // The die oven under planned maintenance (status 'maintenance' in the production demo): its calibration, in progress.
  for (const machine of machines.filter((candidate) => candidate.status === 'maintenance')) {
    const started = current(150);
    const number = numbers.key('OT');
    const spec = PLANS.find((plan) => plan.type === machine.type);
    orders.push({
      company_id: companyId,
      number,
      type: 'improvement',
      machine_id: machine.id,
      title: `Mejora del aislamiento de ${machine.name}`,
      description: 'Cambio de la manta cerámica de la cámara y de las juntas de la puerta para bajar el consumo de gas',
      priority: 'medium',
      status: 'in_progress',
      assignee_id: people.technician,
      created_by: people.lead,
      created_at: new Date(started - 3 * DAY).toISOString(),
      started_at: new Date(started).toISOString(),
      estimated_h: spec?.hours ?? 6,
      updated_at: new Date(started).toISOString(),
    });
    plannedStops.push({
      company_id: companyId,
      machine_id: machine.id,
      line_id: machine.line_id,
      started_at: new Date(started).toISOString(),
      ended_at: null,
      planned: true,
      cause: 'planned',
      order: number,
      order_die_id: null,
      opened_by: people.technician,
      closed_by: null,
    });
  }

  // ------------------------------------------------------------------ numbers in date order
  const finalNumber = new Map<string, string>();
  for (const report of [...reports].sort((a, b) => String(a.reported_at).localeCompare(String(b.reported_at)))) {
    finalNumber.set(String(report.number), numbers.next('RF', Date.parse(String(report.reported_at))));
  }
  for (const order of [...orders].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))) {
    finalNumber.set(String(order.number), numbers.next('OT', Date.parse(String(order.created_at))));
  }
  const renumber = (key: unknown) => (key ? finalNumber.get(String(key))! : null);
  for (const report of reports)
    Object.assign(report, { number: renumber(report.number), order: renumber(report.order), duplicate_of: renumber(report.duplicate_of) });
  for (const order of orders) Object.assign(order, { number: renumber(order.number), report: renumber(order.report) });
  for (const row of [...stops, ...plannedStops]) Object.assign(row, { report: renumber(row.report), order: renumber(row.order) });
  for (const row of [...labour, ...items, ...comments]) row.order = renumber(row.order)!;
  for (const row of skips) row.order = renumber(row.order);

  // ------------------------------------------------------------------ insert, table by table
  const boardPosition = new Map<string, number>();
  const orderRows = orders
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
    .map(({ report, plan, ...order }): Record<string, unknown> => {
      const column = String(order.status);
      const position = boardPosition.get(column) ?? 0;
      boardPosition.set(column, position + 1);
      return {
        hold_reason: null,
        blocked: false,
        blocked_reason: '',
        due_at: null,
        estimated_h: null,
        started_at: null,
        completed_at: null,
        verified_by: null,
        verified_at: null,
        occurrence_on: null,
        trigger_meter_value: null,
        cause_category: null,
        root_cause: '',
        solution: '',
        signed_by_name: '',
        ...order,
        // The technician completed; the lead verified (two people, as verification requires).
        completed_by: order.completed_at ? people.technician : null,
        board_position: position,
        pm_plan_id: plan ? planId(String(plan)) : null,
        report_number: report ?? null,
      };
    });
  // The links to orders and duplicates are set once both exist.
  const reportRows = reports.map((report) => ({ area: '', ...without(report, 'duplicate_of', 'order') }));
  const insertedReports = (await insertRows(manager, 'failure_report', reportRows, 'returning id, number')) as { id: number; number: string }[];
  const reportId = (number: unknown) => (number ? (insertedReports.find((report) => report.number === number)?.id ?? null) : null);
  const insertedOrders = (await insertRows(
    manager,
    'work_order',
    orderRows.map(({ report_number, ...order }) => ({ ...order, failure_report_id: reportId(report_number) })),
    'returning id, number',
  )) as { id: number; number: string }[];
  const orderId = (number: unknown) => (number ? (insertedOrders.find((order) => order.number === number)?.id ?? null) : null);
  // The reports' links to their orders and duplicates, in one statement like the inserts.
  const links = reports
    .filter((report) => report.order || report.duplicate_of)
    .map((report) => ({ number: report.number, work_order_id: orderId(report.order), duplicate_of_id: reportId(report.duplicate_of) }));
  await manager.query(
    `update failure_report set work_order_id = link.work_order_id, duplicate_of_id = link.duplicate_of_id
       from jsonb_to_recordset($2::jsonb) as link(number text, work_order_id int, duplicate_of_id int)
      where failure_report.company_id = $1 and failure_report.number = link.number`,
    [companyId, JSON.stringify(links)],
  );
  const stopRows = [...stops, ...plannedStops]
    .map(({ report, order, ...stop }): Record<string, unknown> => ({
      note: '',
      lost_kg_est: null,
      closed_by: null,
      ...stop,
      failure_report_id: reportId(report),
      work_order_id: orderId(order),
    }))
    .sort((a, b) => String(a.started_at).localeCompare(String(b.started_at)));
  // Stops of one machine never overlap: a planned stop that falls on a failure's is left out.
  const kept: typeof stopRows = [];
  for (const stop of stopRows) {
    const start = Date.parse(String(stop.started_at));
    const end = stop.ended_at ? Date.parse(String(stop.ended_at)) : Infinity;
    const clash = kept.some(
      (other) =>
        other.machine_id === stop.machine_id &&
        Date.parse(String(other.started_at)) < end &&
        (other.ended_at ? Date.parse(String(other.ended_at)) : Infinity) > start,
    );
    if (!clash) kept.push(stop);
  }
  // A stopped press starts no run (issue 37): a stop of a press is over when a run starts on its line (the press was back up).
  for (const stop of kept) {
    if (machines.find((machine) => machine.id === stop.machine_id)?.type !== 'press') continue;
    const start = Date.parse(String(stop.started_at));
    const end = stop.ended_at ? Date.parse(String(stop.ended_at)) : Infinity;
    const next = Math.min(...runs.filter((run) => run.line_id === stop.line_id && run.start > start && run.start < end).map((run) => run.start));
    if (next < end) stop.ended_at = new Date(next).toISOString();
  }
  await insertRows(manager, 'machine_stop', kept);
  // No check is taken while the press is stopped (the API refuses one): the runs' checks that fell in a stop of their press are not there.
  await manager.query(
    `delete from dimension_record record
      using order_die run, machine_stop stop, machine press
      where record.company_id = $1 and run.id = record.order_die_id and stop.company_id = $1 and stop.line_id = run.line_id
        and press.id = stop.machine_id and press.type = 'press'
        and record.date_saved >= stop.started_at and (stop.ended_at is null or record.date_saved < stop.ended_at)`,
    [companyId],
  );
  // A die's hours are its runs' running hours (migration 1765900000000): the runs fed their dies before these stops
  // existed, so each die gets back the hours its runs' presses stood still.
  await manager.query(
    `update die set hours_total = hours_total + change.hours
       from (select run.die_id,
                    sum(round((run_running_seconds(run.company_id, run.line_id, run.start_extrusion_time, run.end_extrusion_time) / 3600)::numeric, 2)
                        - round((extract(epoch from run.end_extrusion_time - run.start_extrusion_time) / 3600)::numeric, 2)) as hours
               from order_die run where run.company_id = $1 and run.end_extrusion_time is not null group by run.die_id) change
      where change.die_id = die.id and change.hours <> 0`,
    [companyId],
  );
  // A machine with an open failure stop is stopped (the stop exists first, so the status trigger leaves it).
  await manager.query(
    `update machine set status = 'stopped' where company_id = $1 and status not in ('stopped', 'maintenance')
       and id in (select machine_id from machine_stop where company_id = $1 and ended_at is null and not planned)`,
    [companyId],
  );
  await insertRows(
    manager,
    'work_order_labor',
    labour.map(({ order, ...entry }) => ({ company_id: companyId, work_order_id: orderId(order), ...entry })),
  );
  await insertRows(
    manager,
    'work_order_item',
    items.map(({ order, answered, ...item }) => ({
      company_id: companyId,
      work_order_id: orderId(order),
      ...item,
      answered_by: answered ? people.technician : null,
      answered_at: answered ? new Date(Date.parse(String(orderRows.find((row) => row.number === order)!.completed_at))).toISOString() : null,
    })),
  );
  await insertRows(
    manager,
    'work_order_comment',
    comments.map(({ order, ...comment }) => ({ company_id: companyId, work_order_id: orderId(order), ...comment })),
  );
  await insertRows(
    manager,
    'pm_skip_log',
    skips.map(({ plan, order, ...skip }) => ({ company_id: companyId, pm_plan_id: plan, work_order_id: orderId(order), ...skip })),
  );
  await insertRows(manager, 'document_counter', numbers.counters(companyId));
}
