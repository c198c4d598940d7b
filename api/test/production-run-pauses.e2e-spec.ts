import {
  liveEvents,
  machineStopMessages,
  notificationRecordPaths,
  productionMessages,
  STOP_CAUSE_WORDS,
  whyNotRun,
  type MyRun,
  type OrderDetail,
  type StartOptions,
} from '@planta/contracts';
import { closeSockets, connect, nextEvent } from './support/sockets';
import { placeTestOrder } from './support/orders.fixture';
import { alloy6063T6, insertTestPress } from './support/plant-rows.fixture';
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
const ADMIN = 'admin@norte.example';
const TECH = 'mantenimiento@norte.example';
const MIN = 60_000;
/** Fresh lines, each with its press; copies of a fresh die; an alloy. */
const lines: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g', { id: number; name: string; press: number }> = {} as never;
const copies: number[] = [];
const endCopies: number[] = [];
let alloy = 0;

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of [OPERATOR, LEAD, ADMIN, TECH]) tokens[email] = (await t.login(email)).access_token;
  for (const row of await t.sql<{ id: number; email: string }>(`select id, email from app_user where email = any($1)`, [[OPERATOR, LEAD, ADMIN, TECH]]))
    users[row.email] = row.id;
  alloy = await alloy6063T6(t, north);
  for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const) {
    const name = `Prensa pausa ${key.toUpperCase()}`;
    const press = await insertTestPress(t, { company: north, name, machine: { name: `Máquina ${name}`, status: 'operating', criticality: 'A' } });
    lines[key] = { id: press.line, name, press: press.machine };
  }
  for (const copy of [1, 2, 3, 4]) {
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, state) values ($1, 'PAUSA-1', $2, 'in_stock') returning id`,
      [north, copy],
    );
    copies.push(die.id);
  }
  // The copies of another die, for the runs of the stop-end paths.
  for (const copy of [1, 2, 3]) {
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, state) values ($1, 'PAUSA-2', $2, 'in_stock') returning id`,
      [north, copy],
    );
    endCopies.push(die.id);
  }
}, 120_000);
afterAll(() => t.close());
afterEach(() => closeSockets());

const as = (email: string) => bearer(tokens[email]);
let orders = 0;
async function newOrder(dieId = copies[0]): Promise<{ id: number; number: string }> {
  const number = `OP-PAUSA-${++orders}`;
  const order = await placeTestOrder(t, as(LEAD), { number, profile: 'Perfil pausa', die_id: dieId, alloy_id: alloy });
  return { id: order.id, number };
}
const startRun = (orderId: number, dieId: number, lineId: number) =>
  t.http().post('/api/extrusion/start').set(as(OPERATOR)).send({ order_id: orderId, die_id: dieId, line_id: lineId });
/** A run of a new order, started `minutesAgo` (moved back in the database so that its marks can be asked about now). */
async function runStartedAgo(dieId: number, lineId: number, minutesAgo: number, base: number) {
  const order = await newOrder(endCopies.includes(dieId) ? dieId : copies[0]);
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
/** The record paths of the operator's stored 'carry on or end' notifications about one run (one per time they were asked). */
const askedTimes = async (orderNumber: string, lineName: string) =>
  (
    await t.sql<{ record_path: string | null }>(`select record_path from notification where user_id = $1 and text_message = $2`, [
      users[OPERATOR],
      productionMessages.runResumable(lineName, orderNumber),
    ])
  ).map((row) => row.record_path);
/** The operator's live socket, and the next 'carry on or end' event about one run on it. */
async function liveAsk(orderNumber: string, lineName: string) {
  const socket = await connect(url, tokens[OPERATOR]);
  const text = productionMessages.runResumable(lineName, orderNumber);
  return nextEvent<{ text: string; record_path?: string }>(socket, liveEvents.runResumable, 5000, (payload) => payload.text === text);
}

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
    expect(await askedTimes(order.number, lines.b.name)).toEqual([notificationRecordPaths.runStart()]);

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

describe('every way a press stop ends asks the operator once whether to carry on or end the run', () => {
  it('asks when the machine register sets the stopped press back up (the status trigger ends the stop)', async () => {
    const { order, runId } = await runStartedAgo(endCopies[0], lines.e.id, 20, Date.now());
    const down = await t.http().patch(`/api/machine/${lines.e.press}`).set(as(ADMIN)).send({ status: 'stopped' });
    expect(down.status).toBe(200);
    expect((await mine()).find((candidate) => candidate.id === runId)).toMatchObject({ paused: true });
    expect(await askedTimes(order.number, lines.e.name)).toEqual([]);
    // The press went down 5 minutes ago (a stop ends a second after its start at the earliest).
    await t.sql(`update machine_stop set started_at = now() - interval '5 minutes' where machine_id = $1 and ended_at is null`, [lines.e.press]);

    const told = liveAsk(order.number, lines.e.name);
    const up = await t.http().patch(`/api/machine/${lines.e.press}`).set(as(ADMIN)).send({ status: 'operating' });
    expect(up.status).toBe(200);
    expect(await told).toMatchObject({ record_path: notificationRecordPaths.runStart() });
    expect(await askedTimes(order.number, lines.e.name)).toEqual([notificationRecordPaths.runStart()]);
    const [stop] = await t.sql<{ ended_at: Date | null }>(`select ended_at from machine_stop where machine_id = $1 order by id desc limit 1`, [lines.e.press]);
    expect(stop.ended_at).not.toBeNull();
    expect((await mine()).find((candidate) => candidate.id === runId)).toMatchObject({ paused: false });

    // Editing the machine again ends no stop: nobody is asked again.
    expect((await t.http().patch(`/api/machine/${lines.e.press}`).set(as(ADMIN)).send({ location: 'Nave 2' })).status).toBe(200);
    expect(await askedTimes(order.number, lines.e.name)).toHaveLength(1);
    expect((await stopRun(runId)).status).toBe(200);
  });

  it('asks when the repair of the failure report that stopped the press is verified, and not again when the stop was already ended', async () => {
    const { order, runId } = await runStartedAgo(endCopies[1], lines.f.id, 20, Date.now());
    const report = await t.http().post('/api/failure-damage-report').set(as(OPERATOR)).send({
      machine_id: lines.f.press,
      kind: 'failure',
      severity: 'high',
      machine_stopped: true,
      cause: 'hydraulic',
      description: 'Pierde presión el cilindro principal',
    });
    expect(report.status).toBe(201);
    const accepted = await t.http().post(`/api/failure-damage-report/${report.body.id}/accept`).set(as(LEAD)).send({ assignee_id: users[TECH] });
    expect(accepted.status).toBe(200);
    const orderId: number = accepted.body.work_order_id;
    const version = async () => (await t.http().get(`/api/work-order/${orderId}`).set(as(LEAD))).body.version as number;
    const move = async (to: string, who: string) =>
      t
        .http()
        .post('/api/maintenance-board/move')
        .set(as(who))
        .send({ id: orderId, to_status: to, version: await version(), before_id: null });
    expect((await move('in_progress', TECH)).status).toBe(200);
    expect((await move('completed', TECH)).status).toBe(200);
    expect(await askedTimes(order.number, lines.f.name)).toEqual([]);

    const told = liveAsk(order.number, lines.f.name);
    expect((await move('verified', LEAD)).status).toBe(200);
    expect(await told).toMatchObject({ record_path: notificationRecordPaths.runStart() });
    expect(await askedTimes(order.number, lines.f.name)).toEqual([notificationRecordPaths.runStart()]);
    const [{ status }] = await t.sql<{ status: string }>(`select status from machine where id = $1`, [lines.f.press]);
    expect(status).toBe('operating');
    expect((await stopRun(runId)).status).toBe(200);
  });

  it('asks once when a stop entered by hand is ended, although that also sets the machine back up', async () => {
    const { order, runId } = await runStartedAgo(endCopies[2], lines.g.id, 20, Date.now());
    const opened = await t
      .http()
      .post('/api/machine-stop')
      .set(as(LEAD))
      .send({ machine_id: lines.g.press, cause: 'die', started_at: iso(Date.now() - 5 * MIN) });
    expect(opened.status).toBe(201);
    const told = liveAsk(order.number, lines.g.name);
    const closed = await t.http().patch(`/api/machine-stop/${opened.body.id}`).set(as(LEAD)).send({ ended_at: new Date().toISOString() });
    expect(closed.status).toBe(200);
    expect(await told).toMatchObject({ record_path: notificationRecordPaths.runStart() });
    const [{ status }] = await t.sql<{ status: string }>(`select status from machine where id = $1`, [lines.g.press]);
    expect(status).toBe('operating');
    // The machine set up again afterwards (already up) and the stop's end changed again: no stop ends, nobody is asked again.
    expect((await t.http().patch(`/api/machine/${lines.g.press}`).set(as(ADMIN)).send({ status: 'operating' })).status).toBe(200);
    expect(
      (
        await t
          .http()
          .patch(`/api/machine-stop/${opened.body.id}`)
          .set(as(LEAD))
          .send({ ended_at: new Date(Date.now() - 1000).toISOString() })
      ).status,
    ).toBe(200);
    expect(await askedTimes(order.number, lines.g.name)).toEqual([notificationRecordPaths.runStart()]);

    // A stop ended outside any of these (straight in the database) asks nobody later by accident.
    await t.http().post('/api/machine-stop').set(as(LEAD)).send({ machine_id: lines.g.press, cause: 'die' }).expect(201);
    await t.sql(`update machine_stop set ended_at = now() where machine_id = $1 and ended_at is null`, [lines.g.press]);
    await t.sql(`update machine set status = 'operating' where id = $1`, [lines.g.press]);
    expect((await t.http().patch(`/api/machine/${lines.g.press}`).set(as(ADMIN)).send({ location: 'Nave 3' })).status).toBe(200);
    expect(await askedTimes(order.number, lines.g.name)).toHaveLength(1);
    expect((await stopRun(runId)).status).toBe(200);
  });
});
