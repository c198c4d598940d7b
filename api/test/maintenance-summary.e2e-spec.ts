import { messages, summaryMessages, type MachineSummary, type MaintenanceDashboard } from '@planta/contracts';
import { insertTestPress } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const ids = { line: 0, press: 0, hoursMeter: 0, southMachine: 0 };
const EMAILS = ['admin@norte.example', 'jefe@norte.example', 'operario@norte.example', 'invitado@norte.example', 'admin@sur.example'];
const as = (email: string) => bearer(tokens[email]);
// A closed period in the past: 1–11 January 2026, 240 h.
const PERIOD = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-11T00:00:00.000Z' };
const at = (text: string) => `2026-${text}:00Z`;

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  const [jefe] = await t.sql<{ id: number }>(`select id from app_user where email = 'jefe@norte.example'`);

  // Inserted stopped: the status trigger runs on updates only, the open stop is inserted below.
  const { line, machine: press } = await insertTestPress(t, {
    company: north,
    name: 'Línea de fiabilidad',
    machine: { name: 'Prensa de fiabilidad', code: 'PF-1', status: 'stopped', criticality: 'A' },
  });
  const [hours] = await t.sql<{ id: number }>(`select id from meter where machine_id = $1 and kind = 'hours'`, [press]);
  const [southMachine] = await t.sql<{ id: number }>(`select id from machine where company_id = $1 limit 1`, [south]);
  Object.assign(ids, { line, press, hoursMeter: hours.id, southMachine: southMachine.id });

  const stop = (from: string, to: string | null, planned: boolean, cause: string) =>
    t.sql(`insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause) values ($1, $2, $3, $4, $5, $6, $7)`, [
      north,
      press,
      line,
      from,
      to,
      planned,
      cause,
    ]);
  await stop('2025-12-31T22:00:00Z', at('01-01T02:00'), false, 'mechanical'); // 2 h in the period, failure
  await stop(at('01-03T00:00'), at('01-03T08:00'), true, 'planned'); // 8 h, planned
  await stop(at('01-04T10:00'), at('01-04T11:00'), false, 'die_change'); // 1 h, not a failure
  await stop(at('01-05T00:00'), at('01-05T05:00'), false, 'hydraulic'); // 5 h, failure
  await stop(at('01-10T19:00'), null, false, 'electrical'); // open: 5 h until the period's end, failure

  const [report] = await t.sql<{ id: number }>(
    `insert into failure_report (company_id, number, machine_id, line_id, kind, severity, machine_stopped, description, reported_by, reported_at, status)
     values ($1, 'RF-2026-9001', $2, $3, 'failure', 'high', true, 'Fuga de aceite en el cilindro principal', $4, $5, 'accepted') returning id`,
    [north, press, line, jefe.id, at('01-05T00:00')],
  );
  const order = (number: string, fields: Record<string, unknown>) => {
    const columns = ['company_id', 'number', 'machine_id', 'title', ...Object.keys(fields)];
    const values = [north, number, press, `Orden ${number}`, ...Object.values(fields)];
    return t.sql(`insert into work_order (${columns.join(', ')}) values (${values.map((_, index) => `$${index + 1}`).join(', ')})`, values);
  };
  // Reactive: from the report (reaction 2 h, cycle 6 h) and without one (reaction 4 h, cycle 10 h); one not started yet.
  await order('OT-T-1', {
    type: 'corrective',
    status: 'completed',
    failure_report_id: report.id,
    created_at: at('01-05T02:00'),
    started_at: at('01-05T03:00'),
    completed_at: at('01-05T06:00'),
  });
  await order('OT-T-2', {
    type: 'corrective',
    status: 'completed',
    created_at: at('01-06T00:00'),
    started_at: at('01-06T04:00'),
    completed_at: at('01-06T10:00'),
  });
  await order('OT-T-3', { type: 'corrective', status: 'assigned', created_at: at('01-07T00:00') });
  // Preventive: on time, late, not done (overdue) and cancelled (not counted): compliance 1 of 3.
  await order('OT-T-4', { type: 'preventive', status: 'completed', created_at: at('01-02T00:00'), due_at: at('01-07T00:00'), completed_at: at('01-06T00:00') });
  await order('OT-T-5', { type: 'preventive', status: 'completed', created_at: at('01-02T00:00'), due_at: at('01-08T00:00'), completed_at: at('01-09T00:00') });
  await order('OT-T-6', { type: 'preventive', status: 'pending', created_at: at('01-02T00:00'), due_at: at('01-09T00:00') });
  await order('OT-T-7', { type: 'preventive', status: 'cancelled', created_at: at('01-02T00:00'), due_at: at('01-08T00:00'), cancelled_reason: 'Duplicada' });

  // Next preventive work: by date in three days, by counter at 95 % of its interval.
  await t.sql(
    `insert into pm_plan (company_id, name, machine_id, trigger, every_n, unit, next_due_on) values ($1, 'Engrase de guías (prueba)', $2, 'calendar', 1, 'month', current_date + 3)`,
    [north, press],
  );
  await t.sql(`update meter set value = 95 where id = $1`, [hours.id]);
  await t.sql(
    `insert into pm_plan (company_id, name, machine_id, trigger, meter_id, interval_value, next_due_value) values ($1, 'Cambio de filtros (prueba)', $2, 'counter', $3, 100, 100)`,
    [north, press, hours.id],
  );
});
afterAll(() => t.close());

const summaryPath = (id = ids.press) => `/api/machine/${id}/summary`;

describe('machine summary', () => {
  let summary: MachineSummary;
  beforeAll(async () => {
    const response = await t.http().get(summaryPath()).query(PERIOD).set(as('jefe@norte.example'));
    expect(response.status).toBe(200);
    summary = response.body;
  });

  it('gives MTBF, MTTR and availability as computed by hand', () => {
    // Stop time 2 + 8 + 1 + 5 + 5 = 21 h; failures 2 h, 5 h, 5 h.
    expect(summary.reliability).toEqual({
      periodHours: 240,
      stopHours: 21,
      failureCount: 3,
      failureHours: 12,
      mtbfHours: 73, // (240 − 21) ÷ 3
      mttrHours: 4, // 12 ÷ 3
      availability: expect.closeTo(73 / 77, 10),
      uptimeShare: expect.closeTo(1 - 21 / 240, 10),
    });
  });

  it('shows the machine down with its open stop, failures, open orders, plans and history', () => {
    expect(summary.machine).toMatchObject({ name: 'Prensa de fiabilidad', code: 'PF-1', down: true, line_name: 'Línea de fiabilidad', criticality: 'A' });
    expect(summary.open_stop).toMatchObject({ cause: 'electrical', started_at: '2026-01-10T19:00:00.000Z' });
    expect(summary.last_failures.map((failure) => [failure.kind, failure.label])).toEqual([
      ['stop', 'electrical'],
      ['report', 'RF-2026-9001'],
      ['stop', 'hydraulic'],
      ['stop', 'mechanical'],
    ]);
    expect(summary.open_work_orders.map((order) => order.number).sort()).toEqual(['OT-T-3', 'OT-T-6']);
    expect(summary.next_by_date.map((plan) => plan.name)).toEqual(['Engrase de guías (prueba)']);
    expect(summary.next_by_counter).toEqual([expect.objectContaining({ name: 'Cambio de filtros (prueba)', value: 95, used_share: 0.95 })]);
    expect(summary.meters.map((meter) => meter.kind).sort()).toEqual(['billets', 'hours', 'kg']);
    const times = summary.timeline.map((event) => event.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(summary.timeline.map((event) => event.event)).toEqual(
      expect.arrayContaining(['report', 'stop_started', 'stop_ended', 'order_created', 'order_completed']),
    );
  });

  it('without failures in the period MTBF and MTTR are absent, not infinite', async () => {
    const response = await t.http().get(summaryPath()).query({ from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' }).set(as('jefe@norte.example'));
    // The open stop of 10 January still runs: the whole day is stop time, and one failure.
    expect(response.body.reliability).toMatchObject({ periodHours: 24, stopHours: 24, failureCount: 1, mtbfHours: 0, mttrHours: 24 });
    const before = await t.http().get(summaryPath()).query({ from: '2025-06-01T00:00:00Z', to: '2025-06-02T00:00:00Z' }).set(as('jefe@norte.example'));
    expect(before.body.reliability).toMatchObject({ failureCount: 0, mtbfHours: null, mttrHours: null, availability: null, uptimeShare: 1 });
  });

  it('refuses a period that ends before it starts, naming the field', async () => {
    const response = await t.http().get(summaryPath()).query({ from: PERIOD.to, to: PERIOD.from }).set(as('jefe@norte.example'));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ to: messages.periodOrder });
  });
});

describe('maintenance dashboard', () => {
  let dashboard: MaintenanceDashboard;
  beforeAll(async () => {
    const response = await t
      .http()
      .get('/api/maintenance-dashboard')
      .query({ ...PERIOD, line_id: ids.line })
      .set(as('jefe@norte.example'));
    expect(response.status).toBe(200);
    dashboard = response.body;
  });

  it('gives the figures of the line as computed by hand', () => {
    expect(dashboard.presses).toEqual([expect.objectContaining({ machine_id: ids.press, mtbfHours: 73, mttrHours: 4, failureCount: 3, stopHours: 21 })]);
    expect(dashboard.top_downtime.map((machine) => machine.machine_id)).toEqual([ids.press]);
    expect(dashboard.open_by_status).toEqual([
      { status: 'pending', count: 1 },
      { status: 'assigned', count: 1 },
      { status: 'in_progress', count: 0 },
      { status: 'on_hold', count: 0 },
    ]);
    expect(dashboard.open_total).toBe(2);
    expect(dashboard.overdue).toBe(1);
    expect(dashboard.compliance).toEqual({ due: 3, onTime: 1, share: 1 / 3 });
    expect(dashboard.mtta).toEqual({ hours: 3, count: 2 }); // (2 + 4) ÷ 2
    expect(dashboard.cycle_time).toEqual({ hours: 8, count: 2 }); // (6 + 10) ÷ 2
    expect(dashboard.work_mix).toEqual({ corrective: 3, preventive: 4, improvement: 0 });
  });

  it('orders downtime by cause as a Pareto with its cumulative share', () => {
    const causes = dashboard.downtime_by_cause;
    expect(causes[0]).toEqual({ cause: 'planned', hours: 8, stops: 1, cumulative_share: 8 / 21 });
    expect(causes.map((entry) => entry.hours)).toEqual([8, 5, 5, 2, 1]);
    expect(causes.at(-1)).toEqual({ cause: 'die_change', hours: 1, stops: 1, cumulative_share: 1 });
  });

  it('lists the next seven days of preventive work and counter plans above 90 %', () => {
    expect(dashboard.next_week_by_date.map((plan) => plan.name)).toEqual(['Engrase de guías (prueba)']);
    expect(dashboard.next_by_counter.map((plan) => plan.name)).toEqual(['Cambio de filtros (prueba)']);
    expect(dashboard.machines).toEqual([expect.objectContaining({ id: ids.press, down: true, open_orders: 2 })]);
  });
});

describe('meters', () => {
  let manual = 0;
  it('registers a manual meter and its readings, never below the current value unless reset', async () => {
    const created = await t
      .http()
      .post('/api/meter')
      .set(as('jefe@norte.example'))
      .send({ machine_id: ids.press, name: 'Horas de bomba', kind: 'hours', unit: 'h' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source: 'manual', value: 0, readings: 0 });
    manual = created.body.id;

    const taken = await t
      .http()
      .post('/api/meter')
      .set(as('jefe@norte.example'))
      .send({ machine_id: ids.press, name: 'horas de bomba', kind: 'hours', unit: 'h' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ name: summaryMessages.meterNameTaken });

    const read = (body: object) => t.http().post(`/api/meter/${manual}/readings`).set(as('jefe@norte.example')).send(body);
    expect((await read({ value: 10 })).status).toBe(201);
    const second = await read({ value: 15 });
    expect(second.body).toMatchObject({ value: 15, delta: 5, source: 'manual' });
    const below = await read({ value: 12 });
    expect(below.status).toBe(400);
    expect(below.body.fields).toEqual({ value: summaryMessages.meterBelowCurrent('15') });
    const negative = await read({ value: -1 });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.fields)).toEqual(['value']);
    const reset = await read({ value: 2, reset: true });
    expect(reset.body).toMatchObject({ value: 2, delta: null, source: 'reset' });

    const series = await t.http().get(`/api/meter/${manual}/readings`).set(as('operario@norte.example'));
    expect(series.status).toBe(200);
    expect(series.body.points.map((point: { value: number }) => point.value)).toEqual([10, 15, 2]);
    expect(series.body.meter).toMatchObject({ value: 2, readings: 3 });

    const all = await t.http().get('/api/meter/all').query({ machine_id: ids.press }).set(as('operario@norte.example'));
    expect(all.body.map((meter: { name: string }) => meter.name)).toEqual(
      expect.arrayContaining(['Horas de bomba', 'Horas de prensa', 'Tochos empujados', 'Kg extruidos']),
    );

    const renamed = await t.http().patch(`/api/meter/${manual}`).set(as('jefe@norte.example')).send({ reset_on_pm: true, unit: 'horas' });
    expect(renamed.body).toMatchObject({ reset_on_pm: true, unit: 'horas', name: 'Horas de bomba' });
  });

  it('a production meter refuses manual readings', async () => {
    const response = await t.http().post(`/api/meter/${ids.hoursMeter}/readings`).set(as('jefe@norte.example')).send({ value: 500 });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Este contador lo alimenta la producción');
  });

  it('downsamples a long series to at most 500 points, keeping the last reading', async () => {
    await t.sql(
      `insert into meter_reading (company_id, meter_id, value, read_at, source)
       select $1, $2, n, now() - interval '20 days' + n * interval '1 minute', 'production' from generate_series(1, 1200) n`,
      [north, ids.hoursMeter],
    );
    const response = await t.http().get(`/api/meter/${ids.hoursMeter}/readings`).set(as('jefe@norte.example'));
    expect(response.body.total).toBe(1200);
    expect(response.body.points).toHaveLength(500);
    expect(response.body.points.at(-1).value).toBe(1200);
  });
});

describe('tenancy and grants', () => {
  const routes = () => [
    { method: 'get', path: summaryPath(), body: undefined },
    { method: 'get', path: '/api/maintenance-dashboard', body: undefined },
    { method: 'get', path: '/api/meter/all', body: undefined },
    { method: 'get', path: `/api/meter/${ids.hoursMeter}/readings`, body: undefined },
    { method: 'post', path: '/api/meter', body: { machine_id: ids.press, name: 'Otro', kind: 'other', unit: 'u' } },
    { method: 'patch', path: `/api/meter/${ids.hoursMeter}`, body: { unit: 'h' } },
    { method: 'post', path: `/api/meter/${ids.hoursMeter}/readings`, body: { value: 1 } },
  ];
  const send = (route: ReturnType<typeof routes>[number], email: string) => {
    const call = t.http()[route.method as 'get' | 'post' | 'patch'](route.path).set(as(email));
    return route.body ? call.send(route.body) : call;
  };

  it('a guest may call none of them', async () => {
    for (const route of routes()) expect([route.path, (await send(route, 'invitado@norte.example')).status]).toEqual([route.path, 403]);
  });

  it('an operator reads but does not register meters', async () => {
    for (const route of routes()) {
      const status = (await send(route, 'operario@norte.example')).status;
      expect([route.path, route.method, status < 400]).toEqual([route.path, route.method, route.method === 'get']);
    }
  });

  it("another company's machine, meter and line answer as missing", async () => {
    for (const route of routes().filter((route) => route.path.includes(String(ids.press)) || route.path.includes(`/${ids.hoursMeter}`))) {
      const status = (await send(route, 'admin@sur.example')).status;
      expect([route.path, route.method, status]).toEqual([route.path, route.method, 404]);
    }
    const created = await t.http().post('/api/meter').set(as('admin@sur.example')).send({ machine_id: ids.press, name: 'Intruso', kind: 'other', unit: 'u' });
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual({ machine_id: summaryMessages.meterMachine });
    const line = await t.http().get('/api/maintenance-dashboard').query({ line_id: ids.line }).set(as('admin@sur.example'));
    expect(line.status).toBe(404);
    const all = await t.http().get('/api/meter/all').query({ machine_id: ids.press }).set(as('admin@sur.example'));
    expect(all.body).toEqual([]);
    const own = await t.http().get(summaryPath(ids.southMachine)).set(as('admin@sur.example'));
    expect(own.status).toBe(200);
  });
});
