import {
  liveEvents,
  machineStopMessages,
  productionMessages,
  STOP_CAUSE_WORDS,
  whyNotRun,
  type MyRun,
  type OrderDetail,
  type StartOptions,
} from '@planta/contracts';
import { closeSockets, connect, nextEvent } from './support/sockets';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 37: a stop of a press pauses the run on its line (running time and 10-minute marks stand
 * still), a stopped press refuses new runs, and the start form's choices say why they cannot start.
 */

let t: TestApp;
let url: string;
let north: number;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';
const MIN = 60_000;
/** Fresh lines, each with its press; copies of a fresh die; an alloy. */
const lines: Record<'a' | 'b' | 'c' | 'd', { id: number; name: string; press: number }> = {} as never;
const copies: number[] = [];
let alloy = 0;

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of [OPERATOR, LEAD]) tokens[email] = (await t.login(email)).access_token;
  for (const row of await t.sql<{ id: number; email: string }>(`select id, email from app_user where email = any($1)`, [[OPERATOR, LEAD]]))
    users[row.email] = row.id;
  [{ id: alloy }] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 and designation = '6063' and temper = 'T6'`, [north]);
  for (const key of ['a', 'b', 'c', 'd'] as const) {
    const name = `Prensa pausa ${key.toUpperCase()}`;
    const [line] = await t.sql<{ id: number }>(
      `insert into extrusion_line (company_id, name, press_tonnage_t, max_operating_pressure_bar, container_inner_diameter_mm, billet_diameter_mm, cooling_table_length_m,
         net_productivity_goal_kg_h, tooling_diameter_mm, tooling_length_mm, container_temperature_control, discard_length_mm, max_billet_length_mm, blunt_length_mm, table_length_m, usable_table_length_m)
       values ($1, $2, 1600, 240, 178, 172, 42, 1200, 330, 230, 'single', 18, 1000, 80, 45, 42) returning id`,
      [north, name],
    );
    const [press] = await t.sql<{ id: number }>(
      `insert into machine (company_id, name, type, line_id, status, criticality) values ($1, $2, 'press', $3, 'operating', 'A') returning id`,
      [north, `Máquina ${name}`, line.id],
    );
    lines[key] = { id: line.id, name, press: press.id };
  }
  for (const copy of [1, 2, 3, 4]) {
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, state) values ($1, 'PAUSA-1', $2, 'in_stock') returning id`,
      [north, copy],
    );
    copies.push(die.id);
  }
}, 120_000);
afterAll(() => t.close());
afterEach(() => closeSockets());

const as = (email: string) => bearer(tokens[email]);
let orders = 0;
async function newOrder(): Promise<{ id: number; number: string }> {
  const number = `OP-PAUSA-${++orders}`;
  const order = await t.http().post('/api/orders').set(as(LEAD)).send({
    number,
    customer: 'Cliente de pruebas',
    profile: 'Perfil pausa',
    die_id: copies[0],
    alloy_id: alloy,
    length_mm: 6000,
    quantity_pieces: 500,
    quantity_kg: 1800,
    due_date: '2026-03-15',
  });
  expect(order.status).toBe(201);
  return { id: order.body.id, number };
}
const startRun = (orderId: number, dieId: number, lineId: number) =>
  t.http().post('/api/extrusion/start').set(as(OPERATOR)).send({ order_id: orderId, die_id: dieId, line_id: lineId });
/** A run of a new order, started `minutesAgo` (moved back in the database so that its marks can be asked about now). */
async function runStartedAgo(dieId: number, lineId: number, minutesAgo: number, base: number) {
  const order = await newOrder();
  const started = await startRun(order.id, dieId, lineId);
  expect(started.status).toBe(201);
  await t.sql(`update order_die set start_extrusion_time = $2 where id = $1`, [started.body.id, new Date(base - minutesAgo * MIN)]);
  return { order, runId: started.body.id as number };
}
const mine = async () => {
  const response = await t.http().get('/api/extrusion/mine').set(as(OPERATOR));
  expect(response.status).toBe(200);
  return response.body as MyRun[];
};
const detail = async (orderId: number) => {
  const response = await t.http().get(`/api/orders/${orderId}`).set(as(LEAD));
  expect(response.status).toBe(200);
  return response.body as OrderDetail;
};
const stopRun = (runId: number) => t.http().post(`/api/extrusion/${runId}/stop`).set(as(OPERATOR)).send({ billets_pushed: 1, good_kg: 10, scrap_kg: 1 });
const iso = (at: number) => new Date(at).toISOString();

describe('a stop of the press pauses the run on its line', () => {
  it('leaves a stop that ended out of the running time and of the 10-minute marks', async () => {
    const base = Date.now();
    const { order, runId } = await runStartedAgo(copies[0], lines.a.id, 50, base);
    // The press stood still from 35 to 10 minutes ago: 25 of the run's 50 minutes do not count.
    const stop = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.a.press, cause: 'hydraulic', started_at: iso(base - 35 * MIN), ended_at: iso(base - 10 * MIN) });
    expect(stop.status).toBe(201);
    // A check 8 minutes ago, after the stop: within ten minutes of running time of the first mark.
    await t.sql(
      `insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved, saved_by)
       values ($1, $2, 'DimensionA', 20, $3, $4), ($1, $2, 'DimensionB', 40, $3, $4)`,
      [north, runId, new Date(base - 8 * MIN), users[OPERATOR]],
    );

    const run = (await detail(order.id)).order_dies.find((candidate) => candidate.id === runId)!;
    // Marks at 10 and 20 minutes of running time: 40 minutes ago, and 5 minutes ago (after the stop), none inside it.
    expect(run.dimension_marks).toEqual([
      { at: iso(base - 40 * MIN), state: 'answered' },
      { at: iso(base - 5 * MIN), state: 'due' },
    ]);
    expect(run.missed_checks).toBe(0);
    expect(run.paused).toBe(false);
    expect(run.paused_ms).toBe(25 * MIN);

    const mineRun = (await mine()).find((candidate) => candidate.id === runId)!;
    expect(mineRun).toMatchObject({ paused: false, pause_cause: null, paused_ms: 25 * MIN, missed_checks: 0 });
    // 25 minutes of running time, and a few seconds of the test.
    expect(mineRun.running_ms).toBeGreaterThanOrEqual(25 * MIN);
    expect(mineRun.running_ms).toBeLessThan(26 * MIN);
    expect((await stopRun(runId)).status).toBe(200);
  });

  it('freezes a run while its press is stopped, refuses new runs on it, and asks the operator when the stop ends', async () => {
    const base = Date.now();
    const { order, runId } = await runStartedAgo(copies[1], lines.b.id, 30, base);
    const opened = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.b.press, cause: 'die', started_at: iso(base - 15 * MIN) });
    expect(opened.status).toBe(201);

    const paused = (await mine()).find((candidate) => candidate.id === runId)!;
    expect(paused).toMatchObject({ paused: true, pause_cause: 'die', paused_since: iso(base - 15 * MIN), running_ms: 15 * MIN });
    const timers = await t.http().get('/api/orders/getActiveTimerOrders').set(as(OPERATOR));
    expect(timers.body.find((candidate: { id: number }) => candidate.id === runId)).toMatchObject({ paused: true, running_ms: 15 * MIN });
    // The mark at 10 minutes stays due through the stop; no mark falls while it lasts.
    const run = (await detail(order.id)).order_dies.find((candidate) => candidate.id === runId)!;
    expect(run.dimension_marks).toEqual([{ at: iso(base - 20 * MIN), state: 'due' }]);
    expect(run.paused).toBe(true);

    // The stopped press refuses a new run, naming the stop's cause (before saying it is busy).
    const other = await newOrder();
    const refused = await startRun(other.id, copies[2], lines.b.id);
    expect([refused.status, refused.body.message, refused.body.fields]).toEqual([
      409,
      productionMessages.pressStopped(STOP_CAUSE_WORDS.die),
      { line_id: productionMessages.pressStopped(STOP_CAUSE_WORDS.die) },
    ]);
    expect(productionMessages.pressStopped(STOP_CAUSE_WORDS.die)).toBe('Detenida: Matriz');

    // The stop ends: the operator who started the run is told (stored, and live) to carry on or end it.
    const socket = await connect(url, tokens[OPERATOR]);
    const told = nextEvent<{ text: string }>(socket, liveEvents.runResumable);
    const closed = await t.http().patch(`/api/machine-stop/${opened.body.id}`).set(as(LEAD)).send({ ended_at: new Date().toISOString() });
    expect(closed.status).toBe(200);
    const text = productionMessages.runResumable(lines.b.name, order.number);
    expect((await told).text).toBe(text);
    const stored = await t.sql<{ text_message: string }>(`select text_message from notification where user_id = $1 and text_message = $2`, [
      users[OPERATOR],
      text,
    ]);
    expect(stored).toHaveLength(1);

    const resumed = (await mine()).find((candidate) => candidate.id === runId)!;
    expect(resumed.paused).toBe(false);
    expect(resumed.running_ms).toBeGreaterThanOrEqual(15 * MIN);
    expect(resumed.running_ms).toBeLessThan(16 * MIN);
    expect((await stopRun(runId)).status).toBe(200);
  });

  it('pauses the run when a failure report says the press stopped, and refuses runs on that press until the repair', async () => {
    const base = Date.now();
    const { order, runId } = await runStartedAgo(copies[0], lines.c.id, 12, base);
    const report = await t.http().post('/api/failure-damage-report').set(as(OPERATOR)).send({
      machine_id: lines.c.press,
      kind: 'failure',
      severity: 'high',
      machine_stopped: true,
      cause: 'electrical',
      description: 'La prensa se detiene a mitad de carrera',
    });
    expect(report.status).toBe(201);

    const paused = (await mine()).find((candidate) => candidate.id === runId)!;
    expect(paused).toMatchObject({ paused: true, pause_cause: 'electrical' });
    expect(paused.running_ms).toBeGreaterThanOrEqual(12 * MIN);
    expect(paused.running_ms).toBeLessThan(13 * MIN);
    // Its marks stand still too: the 10-minute one stays due, no 20-minute one comes.
    const run = (await detail(order.id)).order_dies.find((candidate) => candidate.id === runId)!;
    expect(run.dimension_marks).toEqual([{ at: iso(base - 2 * MIN), state: 'due' }]);

    await t.http().post(`/api/extrusion/${runId}/stop`).set(as(OPERATOR)).send({ billets_pushed: 1, good_kg: 10, scrap_kg: 1 });
    const another = await newOrder();
    const refused = await startRun(another.id, copies[2], lines.c.id);
    expect([refused.status, refused.body.message]).toEqual([409, 'Detenida: Falla eléctrica']);
  });
});

describe('a check while the press is stopped', () => {
  const save = (runId: number) =>
    t
      .http()
      .post('/api/orders/saveDieCriticalDimension')
      .set(as(OPERATOR))
      .send([
        { order_dies_id: runId, dimension_text: 'DimensionA', dimension_value: 20 },
        { order_dies_id: runId, dimension_text: 'DimensionB', dimension_value: 40 },
      ]);
  const lateCheck = (runId: number, markAt: number) =>
    t
      .http()
      .post(`/api/extrusion/${runId}/late-check`)
      .set(as(OPERATOR))
      .send({ mark_at: iso(markAt), dimension_a: 20, dimension_b: 40 });

  it('is refused with the stop’s cause while it lasts; a late answer to a mark closed before the stop is taken; after the stop the check is taken', async () => {
    const base = Date.now();
    const { order, runId } = await runStartedAgo(copies[3], lines.d.id, 40, base);
    // Running 25 minutes, then the press stopped 15 minutes ago: mark 10 (30 minutes ago) missed, mark 20 (20 minutes ago) due through the stop.
    const opened = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.d.press, cause: 'hydraulic', started_at: iso(base - 15 * MIN) });
    expect(opened.status).toBe(201);

    const refused = await save(runId);
    const message = productionMessages.checkWhilePaused(STOP_CAUSE_WORDS.hydraulic);
    expect(message).toBe('La prensa está detenida: Falla hidráulica. El control se registra al reanudar.');
    expect([refused.status, refused.body.message, refused.body.fields]).toEqual([409, message, { order_dies_id: message }]);
    expect(await t.sql(`select 1 from dimension_record where order_die_id = $1`, [runId])).toHaveLength(0);

    // The mark whose ten minutes ended before the stop can still be answered late.
    const late = await lateCheck(runId, base - 30 * MIN);
    expect(late.status).toBe(201);
    const marks = (await detail(order.id)).order_dies.find((candidate) => candidate.id === runId)!.dimension_marks;
    expect(marks).toEqual([
      { at: iso(base - 30 * MIN), state: 'late' },
      { at: iso(base - 20 * MIN), state: 'due' },
    ]);

    // The press runs again: the check is taken, and answers the mark due through the stop.
    expect((await t.http().patch(`/api/machine-stop/${opened.body.id}`).set(as(LEAD)).send({ ended_at: new Date().toISOString() })).status).toBe(200);
    expect((await save(runId)).status).toBe(201);
    const after = (await detail(order.id)).order_dies.find((candidate) => candidate.id === runId)!.dimension_marks;
    expect(after.map((mark) => mark.state)).toEqual(['late', 'answered']);
    expect((await stopRun(runId)).status).toBe(200);
  });
});

describe('a stop entered by hand', () => {
  it('may not hold the start of a run on its press’s line: a stopped press starts no run', async () => {
    const base = Date.now();
    const { order, runId } = await runStartedAgo(copies[1], lines.a.id, 30, base);
    const message = machineStopMessages.runStartedInside(order.number);
    // Over the run's start, closed or still open: refused on the field that would take it in.
    const closed = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.a.press, cause: 'hydraulic', started_at: iso(base - 40 * MIN), ended_at: iso(base - 20 * MIN) });
    expect([closed.status, closed.body.fields]).toEqual([409, { ended_at: message }]);
    const open = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.a.press, cause: 'hydraulic', started_at: iso(base - 40 * MIN) });
    expect([open.status, open.body.fields]).toEqual([409, { started_at: message }]);
    // Before the run's start it is taken; lengthened over it, refused.
    const before = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.a.press, cause: 'hydraulic', started_at: iso(base - 50 * MIN), ended_at: iso(base - 40 * MIN) });
    expect(before.status).toBe(201);
    const longer = await t
      .http()
      .patch(`/api/machine-stop/${before.body.id}`)
      .set(as(LEAD))
      .send({ ended_at: iso(base - 20 * MIN) });
    expect([longer.status, longer.body.fields]).toEqual([409, { ended_at: message }]);
    expect((await stopRun(runId)).status).toBe(200);
  });
});

describe('GET /api/extrusion/start-options', () => {
  it('lists the presses and the copies of the order’s die, each that cannot start a run with why', async () => {
    const order = await newOrder();
    // Copy 1 runs on press A; copy 3 has a preparation with its checklist open; copy 4 is being cleaned.
    const running = await newOrder();
    expect((await startRun(running.id, copies[0], lines.a.id)).status).toBe(201);
    await t.sql(
      `insert into die_enlistment (company_id, number, die_id, production_order_id, line_id, needed_at, status, is_clean)
       values ($1, 'AL-PAUSA-1', $2, $3, $4, now() + interval '2 hours', 'preparing', true)`,
      [north, copies[2], order.id, lines.d.id],
    );
    await t.sql(`update die set state = 'cleaning' where id = $1`, [copies[3]]);

    const response = await t.http().get(`/api/extrusion/start-options?order_id=${order.id}`).set(as(OPERATOR));
    expect(response.status).toBe(200);
    const options = response.body as StartOptions;
    const why = (list: { id: number; why: string | null }[], id: number) => list.find((choice) => choice.id === id)?.why;
    expect(why(options.lines, lines.a.id)).toBe(`Extruyendo ${running.number}`);
    expect(why(options.lines, lines.c.id)).toBe('Detenida: Falla eléctrica');
    expect(why(options.lines, lines.d.id)).toBeNull();
    expect(options.dies.map((die) => die.copy_number)).toEqual([1, 2, 3, 4]);
    expect(why(options.dies, copies[0])).toBe(`En prensa en ${lines.a.name} (${running.number})`);
    expect(why(options.dies, copies[1])).toBeNull();
    expect(why(options.dies, copies[2])).toBe('Preparación sin terminar');
    expect(why(options.dies, copies[3])).toBe(whyNotRun('cleaning', false));

    // start() refuses with the very same reasons.
    const busyDie = await startRun(order.id, copies[0], lines.d.id);
    expect([busyDie.status, busyDie.body.fields]).toEqual([409, { die_id: why(options.dies, copies[0]) }]);
    const busyLine = await startRun(order.id, copies[1], lines.a.id);
    expect([busyLine.status, busyLine.body.fields]).toEqual([409, { line_id: why(options.lines, lines.a.id) }]);

    // Without an order: the presses alone. Someone without the extrusion page cannot ask.
    const noOrder = await t.http().get('/api/extrusion/start-options').set(as(OPERATOR));
    expect(noOrder.body.dies).toEqual([]);
    const guest = await t.login('invitado@norte.example');
    expect((await t.http().get('/api/extrusion/start-options').set(bearer(guest.access_token))).status).toBe(403);
  });
});
