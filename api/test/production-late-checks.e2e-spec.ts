import { nextDimensionCheck, productionMessages, type MyRun, type OrderDetail, type ProductionIndicators, type SavedDimensionRecord } from '@planta/contracts';
import { placeTestOrder } from './support/orders.fixture';
import { alloy6063T6, insertTestLine } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 37, 'checks that can be kept': 'Mi extrusión' lists every running run of the operator with
 * its next and missed 10-minute marks, and a missed mark is answered late there: stored with the
 * mark it answers and when it was made, shown as late in every figure, refused for anything else.
 */

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';
const SOUTH = 'operario@sur.example';
const ADMIN = 'admin@norte.example';
const MIN = 60_000;
const runs = { first: { orderId: 0, runId: 0, lineId: 0 }, second: { orderId: 0, runId: 0, lineId: 0 }, lead: { orderId: 0, runId: 0, lineId: 0 } };
let start = 0;

const as = (email: string) => bearer(tokens[email]);
const mine = async (email = OPERATOR) => {
  const response = await t.http().get('/api/extrusion/mine').set(as(email));
  expect(response.status).toBe(200);
  return response.body as MyRun[];
};
const mineOf = async (runId: number) => (await mine()).find((run) => run.id === runId)!;
const answerLate = (runId: number, markAt: number, email = OPERATOR, values = { dimension_a: 25.42, dimension_b: 3.21 }) =>
  t
    .http()
    .post(`/api/extrusion/${runId}/late-check`)
    .set(as(email))
    .send({ mark_at: new Date(markAt).toISOString(), ...values });
const mark = (minutes: number) => start + minutes * MIN;

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of [OPERATOR, LEAD, SOUTH, ADMIN]) tokens[email] = (await t.login(email)).access_token;
  const alloy = await alloy6063T6(t, north);
  const [profile] = await t.sql<{ id: number }>(
    `insert into profile (company_id, code, description) values ($1, 'TARDE-01', 'Perfil de controles tardíos') returning id`,
    [north],
  );
  await t.sql(
    `insert into profile_dimension (company_id, profile_id, label, nominal_mm, tol_minus_mm, tol_plus_mm)
     values ($1, $2, 'A', 25.4, 0.1, 0.15), ($1, $2, 'B', 3.2, 0.05, 0.05), ($1, $2, 'C', 40, 0.2, 0.2)`,
    [north, profile.id],
  );
  // Runs of their own (fresh dies on fresh presses): the demo's runs may change.
  for (const [key, who] of [
    ['first', OPERATOR],
    ['second', OPERATOR],
    ['lead', LEAD],
  ] as const) {
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, state, profile_id) values ($1, $2, 1, 'in_stock', $3) returning id`,
      [north, `TARDE-${key}`, profile.id],
    );
    const line = await insertTestLine(t, { company: north, name: `Prensa tardía ${key}` });
    const order = await placeTestOrder(t, as(LEAD), { number: `OP-TARDE-${key.toUpperCase()}`, profile: 'TARDE-01', die_id: die.id, alloy_id: alloy });
    const started = await t.http().post('/api/extrusion/start').set(as(who)).send({ order_id: order.id, die_id: die.id, line_id: line });
    expect(started.status).toBe(201);
    runs[key] = { orderId: order.id, runId: started.body.id, lineId: line };
  }
  // 35 minutes of extrusion: the marks at 10 and 20 minutes missed, the one at 30 asked for now (until 40).
  start = Math.floor((Date.now() - 35 * MIN) / 1000) * 1000;
  await t.sql(`update order_die set start_extrusion_time = $2 where id = any($1)`, [Object.values(runs).map((run) => run.runId), new Date(start)]);
});
afterAll(() => t.close());

describe("'Mi extrusión': every running run with its next and missed marks", () => {
  it('lists each of the operator’s running runs with its missed marks, the next one and its profile tolerances', async () => {
    const listed = await mine();
    expect(listed.map((run) => run.id)).toEqual(expect.arrayContaining([runs.first.runId, runs.second.runId]));
    expect(listed.map((run) => run.id)).not.toContain(runs.lead.runId);
    for (const key of ['first', 'second'] as const) {
      const run = listed.find((candidate) => candidate.id === runs[key].runId)!;
      expect(run).toMatchObject({
        order_number: `OP-TARDE-${key.toUpperCase()}`,
        line_id: runs[key].lineId,
        start_extrusion_time: new Date(start).toISOString(),
        last_check_at: null,
        missed_checks: 2,
        missed_marks: [new Date(mark(10)).toISOString(), new Date(mark(20)).toISOString()],
        late_checks: 0,
      });
      // A and B only (C is not a 10-minute check).
      expect(run.tolerances).toEqual([
        { label: 'A', nominal_mm: 25.4, tol_minus_mm: 0.1, tol_plus_mm: 0.15 },
        { label: 'B', nominal_mm: 3.2, tol_minus_mm: 0.05, tol_plus_mm: 0.05 },
      ]);
      expect(nextDimensionCheck(run.start_extrusion_time, run.last_check_at)).toEqual({ at: new Date(mark(30)), overdue: true });
    }
  });

  it('gives the prompt the profile tolerances of A and B of each running order die', async () => {
    const response = await t.http().get('/api/orders/getActiveTimerOrders').set(as(OPERATOR));
    expect(response.status).toBe(200);
    const first = (response.body as { id: number; tolerances: unknown[] }[]).find((run) => run.id === runs.first.runId)!;
    expect(first.tolerances).toEqual([
      { label: 'A', nominal_mm: 25.4, tol_minus_mm: 0.1, tol_plus_mm: 0.15 },
      { label: 'B', nominal_mm: 3.2, tol_minus_mm: 0.05, tol_plus_mm: 0.05 },
    ]);
  });
});

describe('a missed mark answered late', () => {
  it('is stored with the mark it answers and the time it was made, and compared with the tolerance', async () => {
    const before = Date.now();
    const response = await answerLate(runs.first.runId, mark(10), OPERATOR, { dimension_a: 25.42, dimension_b: 3.4 });
    const after = Date.now();
    expect(response.status).toBe(201);
    const saved = response.body as SavedDimensionRecord[];
    expect(saved.map((record) => [record.dimension_text, record.dimension_value, record.within_tolerance])).toEqual([
      ['DimensionA', 25.42, true],
      ['DimensionB', 3.4, false],
    ]);
    const rows = await t.sql<{ dimension_text: string; answers_mark: Date; date_saved: Date; saved_by: number; email: string }>(
      `select r.dimension_text, r.answers_mark, r.date_saved, u.email from dimension_record r join app_user u on u.id = r.saved_by
        where r.order_die_id = $1 order by r.dimension_text`,
      [runs.first.runId],
    );
    expect(rows.map((row) => [row.dimension_text, row.answers_mark.getTime(), row.email])).toEqual([
      ['DimensionA', mark(10), OPERATOR],
      ['DimensionB', mark(10), OPERATOR],
    ]);
    for (const row of rows) {
      expect(row.date_saved.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.date_saved.getTime()).toBeLessThanOrEqual(after + 1000);
    }
  });

  it("leaves 'Mi extrusión' with the other missed mark, and the current mark still asked for", async () => {
    const run = await mineOf(runs.first.runId);
    expect(run).toMatchObject({ missed_checks: 1, missed_marks: [new Date(mark(20)).toISOString()], late_checks: 1, last_check_at: null });
    // Made inside the 30-minute mark's ten minutes, the late answer does not answer that mark.
    expect(nextDimensionCheck(run.start_extrusion_time, run.last_check_at)).toEqual({ at: new Date(mark(30)), overdue: true });
  });

  it("is shown as late in the order's marks and counted neither on time nor missed in the indicators", async () => {
    const detail = await t.http().get(`/api/orders/${runs.first.orderId}`).set(as(LEAD));
    expect(detail.status).toBe(200);
    const run = (detail.body as OrderDetail).order_dies.find((candidate) => candidate.id === runs.first.runId)!;
    expect(run.dimension_marks.map((one) => [one.at, one.state])).toEqual([
      [new Date(mark(10)).toISOString(), 'late'],
      [new Date(mark(20)).toISOString(), 'missed'],
      [new Date(mark(30)).toISOString(), 'due'],
    ]);
    expect(run.missed_checks).toBe(1);

    const indicators = await t
      .http()
      .get('/api/indicators/production')
      .query({ from: new Date(start - 3_600_000).toISOString(), line_id: runs.first.lineId })
      .set(as(ADMIN));
    expect(indicators.status).toBe(200);
    // Marks 10 and 20 are over (30 is still open): one late, one missed, none on time.
    expect((indicators.body as ProductionIndicators).plant.checks).toEqual({ expected: 2, answered: 0, late: 1, missed: 1, share: 0 });
  });

  it('is refused for a mark already answered late, a mark not missed, or no mark at all', async () => {
    const again = await answerLate(runs.first.runId, mark(10));
    expect([again.status, again.body.fields?.mark_at]).toEqual([409, productionMessages.lateCheckAnswered]);
    const due = await answerLate(runs.first.runId, mark(30));
    expect([due.status, due.body.fields?.mark_at]).toEqual([409, productionMessages.lateCheckNotMissed]);
    const notAMark = await answerLate(runs.first.runId, mark(15));
    expect([notAMark.status, notAMark.body.fields?.mark_at]).toEqual([409, productionMessages.lateCheckNotMissed]);
    const future = await answerLate(runs.first.runId, mark(50));
    expect(future.status).toBe(409);

    // A mark answered on time is not missed: the second run's 30-minute mark, answered now.
    const onTime = await t
      .http()
      .post('/api/orders/saveDieCriticalDimension')
      .set(as(OPERATOR))
      .send([
        { order_dies_id: runs.second.runId, dimension_text: 'DimensionA', dimension_value: 25.4 },
        { order_dies_id: runs.second.runId, dimension_text: 'DimensionB', dimension_value: 3.2 },
      ]);
    expect(onTime.status).toBe(201);
    const answered = await answerLate(runs.second.runId, mark(30));
    expect([answered.status, answered.body.fields?.mark_at]).toEqual([409, productionMessages.lateCheckNotMissed]);
    const count = await t.sql<{ count: number }>(
      `select count(*)::int as count from dimension_record where answers_mark is not null and order_die_id = any($1)`,
      [[runs.first.runId, runs.second.runId]],
    );
    expect(count[0].count).toBe(2);
  });

  it("is refused for another operator's run, another company's run, a stopped run and bad values", async () => {
    const others = await answerLate(runs.lead.runId, mark(10));
    expect([others.status, others.body.message]).toEqual([403, productionMessages.lateCheckOnlyYours]);
    expect((await answerLate(runs.first.runId, mark(20), SOUTH)).status).toBe(404);
    const bad = await answerLate(runs.first.runId, mark(20), OPERATOR, { dimension_a: -1, dimension_b: 3.2 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.dimension_a).toBeTruthy();
    expect(
      (
        await t
          .http()
          .post(`/api/extrusion/${runs.first.runId}/late-check`)
          .send({ mark_at: new Date(mark(20)).toISOString(), dimension_a: 1, dimension_b: 1 })
      ).status,
    ).toBe(401);

    const stop = await t.http().post(`/api/extrusion/${runs.second.runId}/stop`).set(as(OPERATOR)).send({ billets_pushed: 10, good_kg: 500, scrap_kg: 20 });
    expect(stop.status).toBe(200);
    const stopped = await answerLate(runs.second.runId, mark(10));
    expect([stopped.status, stopped.body.message]).toEqual([409, productionMessages.orderDieNotRunning]);
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from dimension_record where answers_mark is not null`);
    expect(count).toBe(2);
  });
});
