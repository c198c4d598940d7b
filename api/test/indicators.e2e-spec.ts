import {
  countOf,
  indicatorMessages,
  liveEvents,
  messages,
  type AreaSummary,
  type DieshopIndicators,
  type MaintenanceIndicators,
  type PressStates,
  type ProductionIndicators,
} from '@planta/contracts';
import { closeSockets, connect, nextEvent, pause, recorder } from './support/sockets';
import { insertTestLine, insertTestOrder, insertTestPress } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * The indicators of issue 16 on a hand-computed data set: a line of its own in March 2021 (a
 * period where the demo has no data), Europe/Madrid (UTC+1 then). Local day 1 = 2021-03-01.
 *
 * Press stops (local time): planned 08:00–12:00 day 1 (4 h), mechanical 14:00–16:00 day 1 (2 h),
 * hydraulic 02:00–03:00 day 2 (1 h), die change 23:00 day 2 – 00:30 day 3 (1 h inside the period).
 * Runs: A 20:00–22:00 day 1 (2 h; 2000 kg billet, 1600 good, 200 scrap), B 22:00 day 2 – 02:00 day 3
 * (4 h, half inside the period: 4000/3200/400 kg, counted 2000/1600/200). Goal 1000 kg/h.
 */
let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const EMAILS = ['admin@norte.example', 'operario@norte.example', 'invitado@norte.example', 'admin@sur.example'];
const as = (email: string) => bearer(tokens[email]);
const ids = { line: 0, line2: 0, press: 0, shift: 0, dieX: 0, dieY: 0 };
// Local midnight of 1 and 3 March 2021 in Madrid: 48 h.
const PERIOD = { from: '2021-03-01T00:00:00+01:00', to: '2021-03-03T00:00:00+01:00' };
const local = (text: string) => `2021-03-${text}:00+01:00`;
let baseline: { dieshop: DieshopIndicators };

const get = <T>(path: string, email = 'admin@norte.example', query: Record<string, unknown> = {}) =>
  t
    .http()
    .get(path)
    .query(query)
    .set(as(email))
    .then((response) => response as unknown as { status: number; body: T & { fields?: Record<string, string>; message?: string } });

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  baseline = { dieshop: (await get<DieshopIndicators>('/api/indicators/dieshop', 'admin@norte.example', PERIOD)).body };

  ({ line: ids.line, machine: ids.press } = await insertTestPress(t, {
    company: north,
    name: 'Línea de indicadores',
    goalKgH: 1000,
    machine: { name: 'Prensa de indicadores', code: 'PI-1', status: 'operating', criticality: 'A' },
  }));
  ids.line2 = await insertTestLine(t, { company: north, name: 'Línea de indicadores 2', goalKgH: 1000 });
  const stop = (from: string, to: string | null, planned: boolean, cause: string) =>
    t.sql(`insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause) values ($1, $2, $3, $4, $5, $6, $7)`, [
      north,
      ids.press,
      ids.line,
      from,
      to,
      planned,
      cause,
    ]);
  await stop(local('01T08:00'), local('01T12:00'), true, 'planned');
  await stop(local('01T14:00'), local('01T16:00'), false, 'mechanical');
  await stop(local('02T02:00'), local('02T03:00'), false, 'hydraulic');
  await stop(local('02T23:00'), local('03T00:30'), false, 'die_change');
  // Open now for 45 minutes: the area summary's 'Prensa … detenida 45 min'.
  await t.sql(
    `insert into machine_stop (company_id, machine_id, line_id, started_at, planned, cause) values ($1, $2, $3, now() - interval '45 minutes', false, 'mechanical')`,
    [north, ids.press, ids.line],
  );

  const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 limit 1`, [north]);
  const die = async (reference: string, extra = '', values: unknown[] = []) =>
    (
      await t.sql<{ id: number }>(
        `insert into die (company_id, die_reference, copy_number, state${extra ? `, ${extra}` : ''}) values ($1, $2, 1, 'in_stock'${values.map((_, i) => `, $${i + 3}`).join('')}) returning id`,
        [north, reference, ...values],
      )
    )[0].id;
  ids.dieX = await die('IND-X');
  ids.dieY = await die('IND-Y');
  // Nitriding: 150 of 100 billets (vencido), 90 of 100 (próximo, from 85 %).
  await die('IND-W', 'nitriding_every_billets, billets_since_nitriding', [100, 150]);
  await die('IND-V', 'nitriding_every_billets, billets_since_nitriding', [100, 90]);
  const scrapped = await die('IND-Z');
  await t.sql(`update die set state = 'scrapped', scrapped_at = $2, scrapped_reason = 'Rotura' where id = $1`, [scrapped, local('02T10:00')]);

  let orders = 0;
  const run = async (dieId: number, lineId: number, start: string, end: string, billet: number, good: number, scrap: number) => {
    orders += 1;
    const order = await insertTestOrder(t, {
      company: north,
      number: `OP-IND-${orders}`,
      profile: 'IND-PERFIL',
      dieId,
      alloyId: alloy.id,
      dueDate: '2021-12-31',
    });
    const [row] = await t.sql<{ id: number }>(
      `insert into order_die (company_id, order_id, die_id, line_id, start_extrusion_time, end_extrusion_time, billets_pushed, billet_kg, good_kg, scrap_kg)
       values ($1, $2, $3, $4, $5, $6, 10, $7, $8, $9) returning id`,
      [north, order, dieId, lineId, start, end, billet, good, scrap],
    );
    return row.id;
  };
  const runA = await run(ids.dieX, ids.line, local('01T20:00'), local('01T22:00'), 2000, 1600, 200);
  const runB = await run(ids.dieX, ids.line, local('02T22:00'), local('03T02:00'), 4000, 3200, 400);
  // Die Y on the second line (no press): 8000 kg billet ended in the period.
  await run(ids.dieY, ids.line2, local('01T02:00'), local('01T06:00'), 8000, 7000, 500);
  // Dimension checks: run A answers marks 1–9 of 12; run B marks 1–5 of the 11 inside the period (and two after it).
  const record = (runId: number, start: string, minutes: number) =>
    t.sql(`insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved) values ($1, $2, 'DimensionA', 12.5, $3)`, [
      north,
      runId,
      new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    ]);
  for (let mark = 1; mark <= 9; mark++) await record(runA, local('01T20:00'), mark * 10 + 2);
  for (let mark = 1; mark <= 5; mark++) await record(runB, local('02T22:00'), mark * 10 + 2);
  await record(runB, local('02T22:00'), 125);
  await record(runB, local('02T22:00'), 135);

  // Preventive work orders due in the period: one on time, one late, one not done.
  const order = (number: string, fields: Record<string, unknown>) => {
    const columns = ['company_id', 'number', 'machine_id', 'title', 'type', ...Object.keys(fields)];
    const values = [north, number, ids.press, `Orden ${number}`, 'preventive', ...Object.values(fields)];
    return t.sql(`insert into work_order (${columns.join(', ')}) values (${values.map((_, index) => `$${index + 1}`).join(', ')})`, values);
  };
  await order('OT-IND-1', { status: 'completed', created_at: local('01T00:00'), due_at: local('01T12:00'), completed_at: local('01T10:00') });
  await order('OT-IND-2', { status: 'completed', created_at: local('01T00:00'), due_at: local('02T12:00'), completed_at: local('02T15:00') });
  await order('OT-IND-3', { status: 'pending', created_at: local('01T00:00'), due_at: local('02T18:00') });

  // Corrections opened in the period: X (closed; first trial rejected, second approved), Y (open, overdue; first trial approved).
  const correction = async (dieId: number, number: string, status: string, closed: string | null, due: string) =>
    (
      await t.sql<{ id: number }>(
        `insert into correction_record (company_id, die_id, number, description, status, opened_at, closed_at, due_at)
         values ($1, $2, $3, 'Espesor fuera de tolerancia', $4, $5, $6, $7) returning id`,
        [north, dieId, number, status, local('01T09:00'), closed, due],
      )
    )[0].id;
  const x = await correction(ids.dieX, 'CO-IND-1', 'closed', local('02T20:00'), local('02T00:00'));
  const y = await correction(ids.dieY, 'CO-IND-2', 'in_trial', null, local('02T00:00'));
  const report = (recordId: number, attempt: number, result: string, finished: string) =>
    t.sql(
      `insert into correction_report (company_id, correction_record_id, findings, attempt_no, trial_result, started_at, finished_at) values ($1, $2, 'Rectificado', $3, $4, $5, $5)`,
      [north, recordId, attempt, result, finished],
    );
  await report(x, 1, 'rejected', local('01T18:00'));
  await report(x, 2, 'approved', local('02T18:00'));
  await report(y, 1, 'approved', local('02T19:00'));

  const [shift] = await t.sql<{ id: number }>(
    `insert into shift (company_id, name, start_time, end_time, days, supervisor, line_id) values ($1, 'Noche indicadores', '22:00', '06:00', '{1,2,3,4,5,6,7}', 'Ana', $2) returning id`,
    [north, ids.line],
  );
  ids.shift = shift.id;
});
afterAll(() => t.close());

describe('production indicators', () => {
  it('gives OEE and its parts, net kg/h, recovery, scrap and checks as computed by hand', async () => {
    const response = await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', { ...PERIOD, line_id: ids.line });
    expect(response.status).toBe(200);
    const { presses, plant, trend, loss_pareto } = response.body;
    expect(presses.map((press) => press.line_id)).toEqual([ids.line]);
    // Planned time 48 − 4 = 44 h; unplanned stops 2 + 1 + 1 = 4 h.
    // Run B (22:00 day 2 – 02:00 day 3) runs 2,5 h: its press stood still for the die change 23:00–00:30 (issue 37). Inside
    // the period: 22:00–23:00, 1 of its 2,5 running hours, so 0,4 of its kg. Run A: 2 h, all its kg.
    expect(plant).toMatchObject({
      planned_hours: 44,
      stop_hours: 4,
      run_hours: 3,
      billet_kg: 2000 + 1600,
      good_kg: 1600 + 1280,
      scrap_kg: 200 + 160,
      net_kg_h: 960,
      goal_kg_h: 1000,
    });
    expect(plant.availability).toBeCloseTo(40 / 44, 6);
    expect(plant.performance).toBeCloseTo(0.96, 6);
    expect(plant.quality).toBeCloseTo(2880 / 3240, 6);
    expect(plant.oee).toBeCloseTo((40 / 44) * 0.96 * (8 / 9), 5);
    expect(plant.recovery).toBeCloseTo(0.8, 6);
    expect(plant.scrap_ratio).toBeCloseTo(0.1, 6);
    // 12 marks of run A (9 answered); run B's marks 1–6 in its first hour of running time, the 6th at 23:00 as its press
    // stopped (answered by the check at 00:05, made during the stop).
    expect(plant.checks).toEqual({ expected: 18, answered: 15, late: 0, missed: 3, share: expect.closeTo(15 / 18, 6) });
    expect(presses[0]).toMatchObject({ ...plant, line_name: 'Línea de indicadores', net_productivity_goal_kg_h: 1000 });

    expect(trend.map((day) => day.day)).toEqual(['2021-03-01', '2021-03-02']);
    expect(trend[0]).toMatchObject({ planned_hours: 20, stop_hours: 2, good_kg: 1600, run_hours: 2 });
    expect(trend[0].availability).toBeCloseTo(0.9, 6);
    expect(trend[1]).toMatchObject({ planned_hours: 24, stop_hours: 2, good_kg: 1280, run_hours: 1 });
    expect(trend[1].checks).toMatchObject({ expected: 6, answered: 6 });

    expect(loss_pareto).toEqual([
      { cause: 'mechanical', minutes: 120, stops: 1, cumulative_share: 0.5 },
      { cause: 'die_change', minutes: 60, stops: 1, cumulative_share: 0.75 },
      { cause: 'hydraulic', minutes: 60, stops: 1, cumulative_share: 1 },
    ]);
  });

  it('adds the lines up for the plant', async () => {
    const { body } = await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', PERIOD);
    const ours = body.presses.filter((press) => [ids.line, ids.line2].includes(press.line_id));
    expect(ours.map((press) => press.good_kg)).toEqual([2880, 7000]);
    // The demo has no runs in March 2021: the plant is the two lines (3 and 4 running hours at 1000 kg/h).
    expect(body.plant.good_kg).toBe(9880);
    expect(body.plant.performance).toBeCloseTo(9880 / (3000 + 4000), 6);
    expect(body.plant.planned_hours).toBeCloseTo(body.presses.length * 48 - 4, 6);
  });

  it('takes the part of each day inside a night shift that crosses midnight', async () => {
    const { status, body } = await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', { ...PERIOD, shift_id: ids.shift });
    expect(status).toBe(200);
    expect(body.shift).toMatchObject({ name: 'Noche indicadores', start_time: '22:00', end_time: '06:00' });
    // The shift's line only. Windows: 00–06 of day 1 (shift of 28 Feb), 22–06 of day 1–2, 22–24 of day 2: 16 h.
    expect(body.presses.map((press) => press.line_id)).toEqual([ids.line]);
    expect(body.trend.map((day) => [day.day, day.planned_hours])).toEqual([
      ['2021-02-28', 6],
      ['2021-03-01', 8],
      ['2021-03-02', 2],
    ]);
    // Stops inside: hydraulic 02–03 of day 2 (shift of day 1) and die change 23–24 of day 2; run A ends at 22:00; of run B,
    // 22:00–23:00 (then its press stood still): 1 of its 2,5 running hours, 0,4 of its kg, at its rate of 1280 kg/h.
    expect(body.plant).toMatchObject({ planned_hours: 16, stop_hours: 2, run_hours: 1, billet_kg: 1600, good_kg: 1280, scrap_kg: 160 });
    expect(body.plant.availability).toBeCloseTo(14 / 16, 6);
    expect(body.plant.performance).toBeCloseTo(1.28, 6);
    // Run B's marks 1–6, and run A's last one at its end, 22:00 of day 1 (not answered).
    expect(body.plant.checks).toMatchObject({ expected: 7, answered: 6 });
  });

  it('splits the checks of a run across local midnight between its days, in running time: none while its press stands still', async () => {
    const { body } = await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', {
      from: PERIOD.from,
      to: '2021-03-04T00:00:00+01:00',
      line_id: ids.line,
    });
    // Run B, 22:00 day 2 – 02:00 day 3, its press stopped 23:00–00:30: marks 1–6 on day 2 (the 6th at 23:00, answered by the
    // checks at 00:05 and 00:15, made during the stop); 7 (00:40) to 15 (02:00, its end) on day 3, none answered.
    expect(body.trend.map((day) => [day.day, day.checks.expected, day.checks.answered])).toEqual([
      ['2021-03-01', 12, 9],
      ['2021-03-02', 6, 6],
      ['2021-03-03', 9, 0],
    ]);
  });

  it("answers a period of days alone as those whole days of the company's time zone (issue 36)", async () => {
    // 1 and 2 March 2021 in Madrid: the same 48 h as PERIOD, on each indicator, to the figure.
    const days = { from: '2021-03-01', to: '2021-03-02' };
    for (const area of ['production', 'maintenance', 'dieshop']) {
      type Answer = { period: { from: string; to: string; now: string } };
      const [asDays, asMoments] = await Promise.all([
        get<Answer>(`/api/indicators/${area}`, 'admin@norte.example', days),
        get<Answer>(`/api/indicators/${area}`, 'admin@norte.example', PERIOD),
      ]);
      expect({ area, status: asDays.status }).toEqual({ area, status: 200 });
      // Asked a moment apart, the two answers differ only in their `now`.
      expect(asDays.body).toEqual({ ...asMoments.body, period: { ...asMoments.body.period, now: asDays.body.period.now } });
      expect(asDays.body.period).toMatchObject({ from: '2021-02-28T23:00:00.000Z', to: '2021-03-02T23:00:00.000Z' });
    }
    // One day, from and to alike: the day 1 of the trend alone.
    const one = await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', {
      from: '2021-03-01',
      to: '2021-03-01',
      line_id: ids.line,
    });
    expect(one.body.trend.map((day) => day.day)).toEqual(['2021-03-01']);
  });

  it('refuses an offset beyond ±14:00 and a day that does not exist, in Spanish, on the field (issue 36)', async () => {
    for (const query of [{ from: '2021-03-01T00:00:00+20:00' }, { from: '2021-02-30' }, { from: 'ayer' }]) {
      const refused = await get('/api/indicators/production', 'admin@norte.example', query);
      expect({ status: refused.status, fields: refused.body.fields }).toEqual({ status: 400, fields: { from: messages.periodBound } });
    }
  });

  it('refuses a bad period in Spanish', async () => {
    const backwards = await get('/api/indicators/production', 'admin@norte.example', { from: PERIOD.to, to: PERIOD.from });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual({ to: messages.periodOrder });
    const long = await get('/api/indicators/production', 'admin@norte.example', { from: '2020-01-01T00:00:00Z', to: '2021-01-02T00:00:00Z' });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ from: indicatorMessages.periodTooLong });
  });
});

describe('maintenance indicators', () => {
  it('gives MTBF, MTTR, availability and preventive compliance as computed by hand', async () => {
    const { status, body } = await get<MaintenanceIndicators>('/api/indicators/maintenance', 'admin@norte.example', { ...PERIOD, line_id: ids.line });
    expect(status).toBe(200);
    // 48 h, 8 h of stops, 2 failures (mechanical 2 h, hydraulic 1 h): MTBF 40 ÷ 2 = 20 h, MTTR 1.5 h, A = 20 ÷ 21.5.
    expect(body.presses).toHaveLength(1);
    expect(body.plant).toMatchObject({ period_hours: 48, stop_hours: 8, failures: 2, failure_hours: 3, mtbf_hours: 20, mttr_hours: 1.5 });
    expect(body.plant.availability).toBeCloseTo(20 / 21.5, 6);
    expect(body.compliance).toEqual({ due: 3, on_time: 1, share: expect.closeTo(1 / 3, 6) });
    expect(body).toMatchObject({ open_work_orders: 1, overdue_work_orders: 1 });
    expect(body.downtime_by_cause.map((row) => [row.cause, row.hours])).toEqual([
      ['planned', 4],
      ['mechanical', 2],
      ['die_change', 1],
      ['hydraulic', 1],
    ]);
  });
});

describe('die-shop indicators', () => {
  it('gives corrections per 10 t, first-trial approval, scrapped dies and nitriding due', async () => {
    const { status, body } = await get<DieshopIndicators>('/api/indicators/dieshop', 'admin@norte.example', PERIOD);
    expect(status).toBe(200);
    const corrections = body.corrections!;
    // What the period produced (issue 37: the production indicators' kg): run A's 2000 kg, 0,4 of run B's 4000 kg (1 of its
    // 2,5 running hours inside; its press stood still 23:00–00:30) and Y's 8000 kg. Two corrections over 11 600 kg: 1,724138
    // per 10 t; X 1 ÷ 3600 kg = 2,777778, Y 1 ÷ 8000 kg = 1.25.
    expect(corrections).toMatchObject({ opened_in_period: 2, extruded_kg: 11_600, per_10t: 1.724138 });
    expect(corrections.per_die.map((row) => [row.die_id, row.corrections, row.extruded_kg, row.per_10t])).toEqual([
      [ids.dieX, 1, 3600, 2.777778],
      [ids.dieY, 1, 8000, 1.25],
    ]);
    // The same kg as 'Kg de tocho' of the production indicators for the period.
    const production = await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', PERIOD);
    expect(production.body.plant.billet_kg).toBe(corrections.extruded_kg);
    expect(corrections.first_trial).toEqual({ decided: 2, approved: 1, share: 0.5 });
    expect(body.scrapped_in_period).toBe(1);
    const before = baseline.dieshop;
    expect(corrections.open).toBe(before.corrections!.open + 1);
    expect(corrections.overdue).toBe(before.corrections!.overdue + 1);
    expect(body.nitriding).toEqual({ soon: before.nitriding.soon + 1, overdue: before.nitriding.overdue + 1 });
    const count = (indicators: DieshopIndicators, state: string) => indicators.dies_by_state.find((row) => row.state === state)!.count;
    expect(count(body, 'scrapped')).toBe(count(before, 'scrapped') + 1);
    // X, Y, W and V (finished runs inserted as history leave their die where it was).
    expect(count(body, 'in_stock')).toBe(count(before, 'in_stock') + 4);
  });
});

describe('area summary', () => {
  it('gives each area its light and what needs attention, with links', async () => {
    const { status, body } = await get<AreaSummary>('/api/area-summary');
    expect(status).toBe(200);
    expect(body.cards.map((card) => card.area)).toEqual(['production', 'maintenance', 'dieshop', 'corrections']);
    const card = (area: string) => body.cards.find((entry) => entry.area === area)!;
    expect(card('production').light).toBe('red');
    const pressItems = [...card('production').items, ...card('maintenance').items].filter((item) => item.text.startsWith('Prensa de indicadores'));
    expect(pressItems.length).toBeGreaterThan(0);
    expect(pressItems[0]).toMatchObject({ text: expect.stringMatching(/^Prensa de indicadores detenida 4[5-7] min$/), severity: 'red' });
    expect(card('dieshop')).toMatchObject({ light: 'red', route: '/apps/dies/all' });
    expect(card('dieshop').items[0]).toEqual({
      text: countOf(baseline.dieshop.nitriding.overdue + 1, 'matriz con nitrurado vencido', 'matrices con nitrurado vencido'),
      route: '/apps/dies/all',
      severity: 'red',
    });
    expect(card('corrections').light).toBe('red');
    expect(card('corrections').items[0]).toEqual({
      text: countOf(baseline.dieshop.corrections!.overdue + 1, 'corrección vencida', 'correcciones vencidas'),
      route: '/apps/correction-kanban-board',
      severity: 'red',
    });
    for (const entry of body.cards) expect(entry.items.length).toBeLessThanOrEqual(3);
  });
});

describe('tenancy and grants', () => {
  it("never counts another company's data and refuses its line", async () => {
    const south = await get<ProductionIndicators>('/api/indicators/production', 'admin@sur.example', PERIOD);
    expect(south.status).toBe(200);
    expect(south.body.presses.some((press) => press.line_id === ids.line)).toBe(false);
    expect(south.body.plant.good_kg).toBe(0);
    const foreign = await get('/api/indicators/production', 'admin@sur.example', { ...PERIOD, line_id: ids.line });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(indicatorMessages.lineNotFound);
    expect((await get('/api/indicators/maintenance', 'admin@sur.example', { ...PERIOD, line_id: ids.line })).status).toBe(404);
    expect((await get('/api/indicators/production', 'admin@sur.example', { ...PERIOD, shift_id: ids.shift })).status).toBe(404);
    const dies = await get<DieshopIndicators>('/api/indicators/dieshop', 'admin@sur.example', PERIOD);
    expect(dies.body.corrections).toMatchObject({ opened_in_period: 0, extruded_kg: 0, per_10t: null });
    expect(dies.body.scrapped_in_period).toBe(0);
  });

  it('answers 403 without the page, and no card for an area the caller may not read', async () => {
    for (const path of ['/api/indicators/production', '/api/indicators/maintenance', '/api/indicators/dieshop', '/api/area-summary'])
      expect((await get(path, 'invitado@norte.example', PERIOD)).status).toBe(403);

    expect((await get('/api/indicators/production', 'operario@norte.example', PERIOD)).status).toBe(200);
    const grant = (read: boolean) =>
      t.sql(
        `update page_role set read = $2 where company_id = $1 and role_id = (select id from role where name = 'user')
            and page_id = (select id from page where alias = 'extrusion-line')`,
        [north, read],
      );
    await grant(false);
    try {
      expect((await get('/api/indicators/production', 'operario@norte.example', PERIOD)).status).toBe(403);
      const summary = await get<AreaSummary>('/api/area-summary', 'operario@norte.example');
      expect(summary.status).toBe(200);
      expect(summary.body.cards.map((card) => card.area)).not.toContain('production');
    } finally {
      await grant(true);
    }
  });
});

describe('live changes', () => {
  afterEach(() => closeSockets());

  it("tell the company's sockets which area's figures changed, once per change however many rows, and no other company", async () => {
    const url = await t.listen();
    const admin = await connect(url, tokens['admin@norte.example']);
    const south = await connect(url, tokens['admin@sur.example']);
    const heardByAdmin = recorder(admin);
    const heardBySouth = recorder(south);
    const changed = (area: string) => nextEvent<{ area: string }>(admin, liveEvents.indicatorsChanged, 5000, (payload) => payload.area === area);

    // Whoever writes the rows (here plain SQL, as an administrator or another process would): two stops in one statement.
    const production = changed('production');
    const maintenance = changed('maintenance');
    await t.sql(
      `insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause)
       values ($1, $2, $3, '2021-03-05T10:00:00Z', '2021-03-05T10:30:00Z', false, 'mechanical'),
              ($1, $2, $3, '2021-03-05T11:00:00Z', '2021-03-05T11:10:00Z', false, 'mechanical')`,
      [north, ids.press, ids.line],
    );
    expect(await production).toEqual({ area: 'production' });
    expect(await maintenance).toEqual({ area: 'maintenance' });

    const dieshop = changed('dieshop');
    await t.sql(`update die set location = location where id = $1`, [ids.dieX]);
    expect(await dieshop).toEqual({ area: 'dieshop' });

    await pause(800);
    const events = heardByAdmin.filter(([event]) => event === liveEvents.indicatorsChanged).map(([, payload]) => (payload as { area: string }).area);
    expect(events.sort()).toEqual(['dieshop', 'maintenance', 'production']);
    expect(heardBySouth.filter(([event]) => event === liveEvents.indicatorsChanged)).toEqual([]);
  });
});

describe('dimension checks of a running die', () => {
  it('expects the marks whose ten minutes are over, and follows records written, edited and removed, a start moved and the end', async () => {
    // On the second line (no other run now), started 35.5 minutes ago: marks at 10, 20 and 30 minutes, the last one's ten minutes still open.
    const started = Date.now() - 35.5 * 60_000;
    const at = (minutes: number) => new Date(started + minutes * 60_000).toISOString();
    const [die] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, state) values ($1, 'IND-R', 1, 'in_stock') returning id`,
      [north],
    );
    const [alloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 limit 1`, [north]);
    const order = await insertTestOrder(t, {
      company: north,
      number: 'OP-IND-R',
      profile: 'IND-PERFIL',
      dieId: die.id,
      alloyId: alloy.id,
      dueDate: '2099-12-31',
    });
    const [run] = await t.sql<{ id: number }>(
      `insert into order_die (company_id, order_id, die_id, line_id, start_extrusion_time) values ($1, $2, $3, $4, $5) returning id`,
      [north, order, die.id, ids.line2, at(0)],
    );
    const checks = async () =>
      (
        await get<ProductionIndicators>('/api/indicators/production', 'admin@norte.example', {
          from: new Date(started - 3_600_000).toISOString(),
          line_id: ids.line2,
        })
      ).body.plant.checks;
    expect(await checks()).toMatchObject({ expected: 2, answered: 0 });

    // Both dimensions of mark 1 in one statement, and one in mark 3's open ten minutes (not expected yet).
    await t.sql(
      `insert into dimension_record (company_id, order_die_id, dimension_text, dimension_value, date_saved)
       values ($1, $2, 'DimensionA', 12.5, $3), ($1, $2, 'DimensionB', 12.5, $3), ($1, $2, 'DimensionA', 12.5, $4)`,
      [north, run.id, at(12), at(33)],
    );
    expect(await checks()).toMatchObject({ expected: 2, answered: 1 });
    // One of mark 1's moved into mark 2: both answered; then mark 1's other removed.
    await t.sql(`update dimension_record set date_saved = $3 where order_die_id = $1 and dimension_text = 'DimensionA' and date_saved = $2`, [
      run.id,
      at(12),
      at(22),
    ]);
    expect(await checks()).toMatchObject({ expected: 2, answered: 2 });
    await t.sql(`delete from dimension_record where order_die_id = $1 and date_saved = $2`, [run.id, at(12)]);
    expect(await checks()).toMatchObject({ expected: 2, answered: 1 });
    // Started 10 minutes earlier: 45.5 minutes, marks 1–3 expected, the records at 32 (mark 3) and 43 minutes (mark 4, open).
    await t.sql(`update order_die set start_extrusion_time = $2 where id = $1`, [run.id, at(-10)]);
    expect(await checks()).toMatchObject({ expected: 3, answered: 1 });
    // Ended now: mark 4 too, answered.
    await t.sql(`update order_die set end_extrusion_time = $2 where id = $1`, [run.id, at(35.5)]);
    expect(await checks()).toMatchObject({ expected: 4, answered: 2 });
  });
});

describe("the shop-floor display's presses (issue 38)", () => {
  it('lists every press, the stopped ones first (the longest stopped first) with the cause, since when and the failure report; not to a guest nor another company', async () => {
    // The press stands since 45 minutes (beforeAll); a report that it stopped joins that stop.
    const filed = await t.http().post('/api/failure-damage-report').set(as('operario@norte.example')).send({
      machine_id: ids.press,
      kind: 'failure',
      severity: 'high',
      description: 'Fuga en el cilindro principal',
      machine_stopped: true,
      cause: 'hydraulic',
    });
    expect(filed.status).toBe(201);
    const answer = await get<PressStates>('/api/indicators/press-states');
    expect(answer.status).toBe(200);
    const presses = answer.body.presses;
    const lines = await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1`, [north]);
    expect(presses.map((press) => press.line_id).sort((a, b) => a - b)).toEqual(lines.map((line) => line.id).sort((a, b) => a - b));
    // Every stopped press before every running one, the longest stopped first.
    const states = presses.map((press) => (press.stopped ? 'stopped' : 'running'));
    expect(states.indexOf('running') === -1 || states.indexOf('running') > states.lastIndexOf('stopped')).toBe(true);
    const since = presses.flatMap((press) => (press.stopped ? [Date.parse(press.stopped.started_at)] : []));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    const ours = presses.find((press) => press.line_id === ids.line);
    expect(ours).toEqual({
      line_id: ids.line,
      line_name: 'Línea de indicadores',
      stopped: { machine_name: 'Prensa de indicadores', started_at: expect.any(String), cause: 'mechanical', failure_report_number: filed.body.number },
    });
    expect(Math.round((Date.now() - Date.parse(ours!.stopped!.started_at)) / 60_000)).toBe(45);
    expect(presses.find((press) => press.line_id === ids.line2)?.stopped).toBeNull();

    expect((await get('/api/indicators/press-states', 'invitado@norte.example')).status).toBe(403);
    const south = await get<PressStates>('/api/indicators/press-states', 'admin@sur.example');
    expect(south.status).toBe(200);
    expect(south.body.presses.map((press) => press.line_id)).not.toContain(ids.line);
  });
});
