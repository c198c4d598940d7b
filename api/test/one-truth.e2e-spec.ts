import { ENLISTMENT_CHECKLIST_WORDS, ENLISTMENT_OVEN_OUT_WORD, productionMessages, type EnlistmentDetail } from '@planta/contracts';
import { brokenInvariants, PLANT_INVARIANTS, SEED_INVARIANTS } from './support/plant-invariants';
import { placeTestOrder } from './support/orders.fixture';
import { alloy6063T6, insertTestLine } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 37: the areas agree about every press, die and order. The rules across areas, each
 * enforced on the API in the transaction of the change that triggers it, over the demo seed and
 * over cases made here: a run closes its die's preparation (or is refused while it is unfinished,
 * unless a lead overrides with a reason), an order is 'En prensa' only while one of its runs is
 * active, and impossible times are refused by the database.
 */

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';
const TECH = 'matriceria@norte.example';
const ids = { alloy: 0, lines: [] as number[] };
const as = (email: string) => bearer(tokens[email]);
const sqlAll = <T>(text: string) => t.sql<T>(text);

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of [OPERATOR, LEAD, TECH]) tokens[email] = (await t.login(email)).access_token;
  ids.alloy = await alloy6063T6(t, north);
  for (const name of ['Prensa regla A', 'Prensa regla B']) ids.lines.push(await insertTestLine(t, { company: north, name }));
  // Seeding a plant takes long on a busy machine.
}, 300_000);
afterAll(() => t.close());

let made = 0;
/** A die copy in stock and an order of it on `lineId`'s plan. */
async function orderWithDie(lineId: number, copies = 1) {
  made += 1;
  const dieIds: number[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    const [die] = await t.sql<{ id: number }>(`insert into die (company_id, die_reference, copy_number, state) values ($1, $2, $3, 'in_stock') returning id`, [
      north,
      `RG-${made}`,
      copy,
    ]);
    dieIds.push(die.id);
  }
  const order = await placeTestOrder(t, as(LEAD), {
    number: `OP-RG-${made}`,
    customer: 'Cliente de reglas',
    profile: 'Perfil de reglas',
    die_id: dieIds[0],
    alloy_id: ids.alloy,
    quantity_pieces: 100,
    quantity_kg: 900,
    due_date: '2099-12-31',
    line_id: lineId,
  });
  return { orderId: order.id, dieIds, number: order.number };
}
const start = (body: object, who = OPERATOR) => t.http().post('/api/extrusion/start').set(as(who)).send(body);
const stop = (runId: number, extra: object = {}) =>
  t
    .http()
    .post(`/api/extrusion/${runId}/stop`)
    .set(as(OPERATOR))
    .send({ billets_pushed: 2, good_kg: 100, scrap_kg: 10, ...extra });
const orderOf = async (id: number) =>
  (
    await t.sql<{ status: string; line_id: number | null; finished_at: Date | null }>(
      `select status, line_id, finished_at from production_order where id = $1`,
      [id],
    )
  )[0];
const dieState = async (id: number) => (await t.sql<{ state: string }>(`select state from die where id = $1`, [id]))[0].state;
const expectInvariants = async () => expect(await brokenInvariants(sqlAll)).toEqual({});

describe('the demo seed is one plant', () => {
  it('keeps every invariant, and reads as a believable plant', async () => {
    expect(await brokenInvariants(sqlAll, [...PLANT_INVARIANTS, ...SEED_INVARIANTS])).toEqual({});
  });

  it('has as many orders En prensa as runs active, one per press, some of them', async () => {
    for (const company of await t.sql<{ id: number }>(`select id from company where name in ('Extrusiones del Norte', 'Perfiles del Sur')`)) {
      const [{ in_press, active, lines }] = await t.sql<{ in_press: number; active: number; lines: number }>(
        `select (select count(*)::int from production_order where company_id = $1 and status = 'in_press') as in_press,
                (select count(*)::int from order_die where company_id = $1 and end_extrusion_time is null) as active,
                (select count(*)::int from extrusion_line where company_id = $1) as lines`,
        [company.id],
      );
      expect(in_press).toBe(active);
      expect(active).toBeGreaterThan(0);
      expect(active).toBeLessThanOrEqual(lines);
    }
    // The operator with an account runs one press; the demo's in-progress work order started after it was created.
    const [{ presses }] = await t.sql<{ presses: number }>(
      `select count(distinct r.line_id)::int as presses from order_die r join app_user u on u.id = r.started_by
        where u.email = $1 and r.end_extrusion_time is null`,
      [OPERATOR],
    );
    expect(presses).toBe(1);
    const late = await t.sql(`select number from work_order where started_at < created_at`);
    expect(late).toEqual([]);
  });
});

describe('a run and its die’s preparation', () => {
  const ALL_CHECKED = { is_clean: true, inspected: true, nitriding_valid: true, tooling_complete: true, entry_measures_ok: true };
  const prepare = async (dieId: number, lineId: number) => {
    const created = await t
      .http()
      .post('/api/die-enlistment')
      .set(as(TECH))
      .send({ die_id: dieId, line_id: lineId, needed_at: new Date(Date.now() + 3600_000).toISOString() });
    expect(created.status).toBe(201);
    return created.body as EnlistmentDetail;
  };
  const step = (id: number, path: string, body: object = {}) => t.http().patch(`/api/die-enlistment/${id}/${path}`).set(as(TECH)).send(body);
  const preparation = async (id: number) => (await t.http().get(`/api/die-enlistment/${id}`).set(as(TECH))).body as EnlistmentDetail;
  const openPreparations = async () =>
    ((await t.http().get('/api/die-enlistment/all?pageSize=100').set(as(TECH))).body.items as { id: number }[]).map((row) => row.id);

  it('moves a finished preparation to delivered with the start, so no list shows it in the oven any more', async () => {
    const { orderId, dieIds } = await orderWithDie(ids.lines[0]);
    const prep = await prepare(dieIds[0], ids.lines[0]);
    expect((await step(prep.id, 'checklist', ALL_CHECKED)).status).toBe(200);
    expect((await step(prep.id, 'oven-in', { oven_machine_id: null, target_temp_c: 470 })).status).toBe(200);
    expect((await step(prep.id, 'oven-out', { measured_temp_c: 465 })).status).toBe(200);
    expect(await openPreparations()).toContain(prep.id);

    const started = await start({ order_id: orderId, die_id: dieIds[0], line_id: ids.lines[0] });
    expect(started.status).toBe(201);
    expect(await preparation(prep.id)).toMatchObject({ status: 'delivered', die_state: 'press', override_reason: '' });
    expect(await openPreparations()).not.toContain(prep.id);
    const [log] = await t.sql<{ kind: string; note: string }>(
      `select kind, note from die_event where die_id = $1 and ref_id = $2 and kind = 'enlistment' order by id desc limit 1`,
      [dieIds[0], prep.id],
    );
    expect(log.note).toContain(prep.number);
    await expectInvariants();
    expect((await stop(started.body.id)).status).toBe(200);
  });

  it('refuses a start over an unfinished preparation, naming what is missing, unless a lead overrides with a reason', async () => {
    const { orderId, dieIds } = await orderWithDie(ids.lines[1]);
    const prep = await prepare(dieIds[0], ids.lines[1]);
    expect((await step(prep.id, 'checklist', { is_clean: true, inspected: true, nitriding_valid: true })).status).toBe(200);
    expect((await step(prep.id, 'oven-in', { oven_machine_id: null, target_temp_c: 470 })).status).toBe(200);
    const body = { order_id: orderId, die_id: dieIds[0], line_id: ids.lines[1] };
    const missing = [ENLISTMENT_CHECKLIST_WORDS.tooling_complete, ENLISTMENT_CHECKLIST_WORDS.entry_measures_ok, ENLISTMENT_OVEN_OUT_WORD].join(', ');
    const refusal = productionMessages.preparationOpen(prep.number, missing);

    // The operator may not override: the refusal says what is missing, and a reason of theirs is refused.
    const byOperator = await start(body);
    expect([byOperator.status, byOperator.body.message, byOperator.body.fields]).toEqual([409, refusal, { die_id: refusal }]);
    const operatorReason = await start({ ...body, override_reason: 'Urge el cliente' });
    expect([operatorReason.status, operatorReason.body.fields]).toEqual([403, { override_reason: productionMessages.preparationOverrideNotAllowed }]);
    // The lead is asked for the reason on its field.
    const byLead = await start(body, LEAD);
    expect([byLead.status, byLead.body.fields]).toEqual([409, { die_id: refusal, override_reason: productionMessages.preparationOverrideReason }]);
    expect(await dieState(dieIds[0])).toBe('oven');
    expect((await orderOf(orderId)).status).toBe('planned');

    const overridden = await start({ ...body, override_reason: '  Urge el cliente; medidas tomadas a pie de prensa  ' }, LEAD);
    expect(overridden.status).toBe(201);
    expect(await preparation(prep.id)).toMatchObject({
      status: 'delivered',
      override_reason: 'Urge el cliente; medidas tomadas a pie de prensa',
      die_state: 'press',
    });
    const [row] = await t.sql<{ overridden_by: number; email: string }>(
      `select e.overridden_by, u.email from die_enlistment e join app_user u on u.id = e.overridden_by where e.id = $1`,
      [prep.id],
    );
    expect(row.email).toBe(LEAD);
    const notes = (await t.sql<{ note: string }>(`select note from die_event where die_id = $1 and kind = 'enlistment' order by id`, [dieIds[0]])).map(
      (event) => event.note,
    );
    expect(notes.at(-1)).toContain('Urge el cliente; medidas tomadas a pie de prensa');
    expect(notes.at(-1)).toContain(missing);
    await expectInvariants();
    expect((await stop(overridden.body.id)).status).toBe(200);
  });
});

describe("an order's state follows its runs", () => {
  it('is En prensa while a run is active, back on its line’s plan when its last run stops, finished when the operator says so', async () => {
    const { orderId, dieIds } = await orderWithDie(ids.lines[0], 2);
    const first = await start({ order_id: orderId, die_id: dieIds[0], line_id: ids.lines[0] });
    expect(first.status).toBe(201);
    expect(await orderOf(orderId)).toMatchObject({ status: 'in_press', line_id: ids.lines[0] });
    // A second copy on the other press: stopping one run leaves the order in press with the other.
    const second = await start({ order_id: orderId, die_id: dieIds[1], line_id: ids.lines[1] });
    expect(second.status).toBe(201);
    const firstStopped = await stop(first.body.id);
    expect([firstStopped.status, firstStopped.body.order_status]).toEqual([200, 'in_press']);
    expect(await orderOf(orderId)).toMatchObject({ status: 'in_press', line_id: ids.lines[1] });
    await expectInvariants();

    const lastStopped = await stop(second.body.id);
    expect([lastStopped.status, lastStopped.body.order_status]).toEqual([200, 'planned']);
    expect(await orderOf(orderId)).toMatchObject({ status: 'planned', line_id: ids.lines[1], finished_at: null });
    const board = (await t.http().get('/api/planning-board').set(as(OPERATOR))).body as { planned: { line_id: number; cards: { id: number }[] }[] };
    expect(board.planned.find((line) => line.line_id === ids.lines[1])!.cards[0].id).toBe(orderId);
    await expectInvariants();

    // It runs again (the first copy is still mounted, its run unconfirmed) and this time is complete.
    const again = await start({ order_id: orderId, die_id: dieIds[0], line_id: ids.lines[0] });
    expect(again.status).toBe(201);
    const done = await stop(again.body.id, { order_complete: true });
    expect([done.status, done.body.order_status]).toEqual([200, 'finished']);
    const finished = await orderOf(orderId);
    expect(finished.status).toBe('finished');
    expect(finished.finished_at?.toISOString()).toBe(done.body.end_extrusion_time);
    await expectInvariants();
  });

  it('lets no other path set or keep En prensa without an active run', async () => {
    const { orderId, dieIds } = await orderWithDie(ids.lines[0]);
    const move = (body: object) => t.http().post('/api/planning-board/move').set(as(OPERATOR)).send(body);
    const intoPress = await move({ order_id: orderId, to_column: 'in_press', position: 0 });
    expect([intoPress.status, intoPress.body.message]).toEqual([409, productionMessages.boardIntoPress]);
    const run = await start({ order_id: orderId, die_id: dieIds[0], line_id: ids.lines[0] });
    expect(run.status).toBe(201);
    const out = await move({ order_id: orderId, to_column: 'planned', to_line_id: ids.lines[1], position: 0 });
    expect([out.status, out.body.message]).toEqual([409, productionMessages.boardRunning]);
    const relined = await t.http().patch(`/api/orders/${orderId}`).set(as(LEAD)).send({ line_id: ids.lines[1] });
    expect(relined.status).toBe(409);
    expect((await stop(run.body.id)).status).toBe(200);

    // Whoever writes to the database: an order without a run cannot be put in press, one with a run cannot leave it,
    // and a die with an active run stays on the press.
    await expect(t.sql(`update production_order set status = 'in_press' where id = $1`, [orderId])).rejects.toThrow(/order_in_press_has_run|active run/);
    // The die is still mounted (its run awaits confirmation): the order's next run starts with it.
    const running = await start({ order_id: orderId, die_id: dieIds[0], line_id: ids.lines[0] });
    expect(running.status).toBe(201);
    const runId = running.body.id as number;
    await expect(t.sql(`update production_order set status = 'planned' where id = $1`, [orderId])).rejects.toThrow(/active run/);
    await expect(t.sql(`update die set state = 'cleaning' where id = $1`, [dieIds[0]])).rejects.toThrow(/stays on the press/);
    expect((await stop(runId)).status).toBe(200);
    await expectInvariants();
  });
});

describe('impossible times', () => {
  it('are refused by the database: a work order started before it was created, completed before it started; a preparation ready before it was requested', async () => {
    const [order] = await t.sql<{ id: number }>(`select id from work_order where company_id = $1 and started_at is not null limit 1`, [north]);
    await expect(t.sql(`update work_order set started_at = created_at - interval '2 hours' where id = $1`, [order.id])).rejects.toThrow(
      /work_order_started_after_created/,
    );
    await expect(t.sql(`update work_order set completed_at = started_at - interval '1 minute' where id = $1`, [order.id])).rejects.toThrow(
      /work_order_completed_after_started/,
    );
    const [prep] = await t.sql<{ id: number }>(`select id from die_enlistment where company_id = $1 limit 1`, [north]);
    await expect(t.sql(`update die_enlistment set ready_at = requested_at - interval '1 hour' where id = $1`, [prep.id])).rejects.toThrow(
      /die_enlistment_ready_after_requested/,
    );
  });
});
