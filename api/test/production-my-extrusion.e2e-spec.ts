import { nextDimensionCheck, type MyRun } from '@planta/contracts';
import { placeTestOrder } from './support/orders.fixture';
import { alloy6063T6, insertTestLine, seededCopiesInStock } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/** `GET /api/extrusion/mine`: the runs the caller started and still runs, with their dimension checks ('Mi extrusión'). */

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const ids = { die: 0, dieCopyNumber: 0, otherCopy: 0, alloy: 0, lineA: 0, lineB: 0 };
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of [OPERATOR, LEAD, 'invitado@norte.example', 'operario@sur.example']) tokens[email] = (await t.login(email)).access_token;
  [{ id: ids.die, copy_number: ids.dieCopyNumber }, { id: ids.otherCopy }] = await seededCopiesInStock(t, north, 'EN-6003');
  ids.alloy = await alloy6063T6(t, north);
  // Two free presses (the seeded ones are busy).
  for (const key of ['lineA', 'lineB'] as const) ids[key] = await insertTestLine(t, { company: north, name: `Prensa mía ${key}` });
});
afterAll(() => t.close());

const as = (email: string) => bearer(tokens[email]);
const mine = async (email: string) => {
  const response = await t.http().get('/api/extrusion/mine').set(as(email));
  expect(response.status).toBe(200);
  return response.body as MyRun[];
};
async function start(number: string, dieId: number, lineId: number, who: string) {
  const order = await placeTestOrder(t, as(LEAD), { number, profile: 'Perfil mío', die_id: ids.die, alloy_id: ids.alloy });
  const started = await t.http().post('/api/extrusion/start').set(as(who)).send({ order_id: order.id, die_id: dieId, line_id: lineId });
  expect(started.status).toBe(201);
  return { orderId: order.id, runId: started.body.id as number };
}

describe('my running extrusions', () => {
  it('answers the runs the caller started, with the last check and the checks missed, and nobody else’s', async () => {
    const operatorRun = await start('OP-MINE-1', ids.die, ids.lineA, OPERATOR);
    const leadRun = await start('OP-MINE-2', ids.otherCopy, ids.lineB, LEAD);

    const fresh = (await mine(OPERATOR)).find((run) => run.id === operatorRun.runId);
    expect(fresh).toEqual({
      id: operatorRun.runId,
      order_id: operatorRun.orderId,
      order_number: 'OP-MINE-1',
      profile: 'Perfil mío',
      line_id: ids.lineA,
      line_name: 'Prensa mía lineA',
      die_reference: 'EN-6003',
      copy_number: ids.dieCopyNumber,
      start_extrusion_time: expect.any(String),
      last_check_at: null,
      missed_checks: 0,
      paused: false,
      paused_since: null,
      pause_cause: null,
      paused_ms: 0,
      running_ms: expect.any(Number),
      missed_marks: [],
      late_checks: 0,
      tolerances: expect.any(Array),
    });
    expect((await mine(OPERATOR)).map((run) => run.id)).not.toContain(leadRun.runId);
    expect((await mine(LEAD)).map((run) => run.id)).toContain(leadRun.runId);
    expect((await mine(LEAD)).map((run) => run.id)).not.toContain(operatorRun.runId);

    // 25 minutes of extrusion: the 10-minute mark passed unanswered, the 20-minute one is asked for now.
    await t.sql(`update order_die set start_extrusion_time = now() - interval '25 minutes' where id = $1`, [operatorRun.runId]);
    const late = (await mine(OPERATOR)).find((run) => run.id === operatorRun.runId)!;
    expect([late.missed_checks, late.last_check_at]).toEqual([1, null]);
    const overdue = nextDimensionCheck(late.start_extrusion_time, late.last_check_at);
    expect(overdue.overdue).toBe(true);
    expect(overdue.at.getTime() - Date.parse(late.start_extrusion_time)).toBe(20 * 60_000);

    const saved = await t
      .http()
      .post('/api/orders/saveDieCriticalDimension')
      .set(as(OPERATOR))
      .send([
        { order_dies_id: operatorRun.runId, dimension_text: 'DimensionA', dimension_value: 20.1 },
        { order_dies_id: operatorRun.runId, dimension_text: 'DimensionB', dimension_value: 2.01 },
      ]);
    expect(saved.status).toBe(201);
    const answered = (await mine(OPERATOR)).find((run) => run.id === operatorRun.runId)!;
    expect(answered.last_check_at).toBe(saved.body[0].date_saved);
    expect(answered.missed_checks).toBe(1);
    const next = nextDimensionCheck(answered.start_extrusion_time, answered.last_check_at);
    expect(next.overdue).toBe(false);
    expect(next.at.getTime() - Date.parse(answered.start_extrusion_time)).toBe(30 * 60_000);

    // A stopped run is no longer running.
    expect(
      (await t.http().post(`/api/extrusion/${operatorRun.runId}/stop`).set(as(OPERATOR)).send({ billets_pushed: 10, good_kg: 500, scrap_kg: 20 })).status,
    ).toBe(200);
    expect((await mine(OPERATOR)).map((run) => run.id)).not.toContain(operatorRun.runId);
  });

  it('is for the readers of the extrusion page, each in their own company', async () => {
    expect((await t.http().get('/api/extrusion/mine').set(as('invitado@norte.example'))).status).toBe(403);
    expect((await t.http().get('/api/extrusion/mine')).status).toBe(401);
    const south = await mine('operario@sur.example');
    const [{ count }] = await t.sql<{ count: number }>(
      `select count(*)::int as count from order_die run join app_user u on u.id = run.started_by
        where u.email = 'operario@sur.example' and run.end_extrusion_time is null and run.company_id <> $1`,
      [north],
    );
    expect(south).toHaveLength(count);
    expect(south.every((run) => !run.order_number.startsWith('OP-MINE'))).toBe(true);
  });
});
