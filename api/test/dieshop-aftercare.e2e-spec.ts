import {
  dieCleaningMessages,
  dieConfirmationMessages,
  dieLifeMessages,
  failureReportMessages,
  INSPECTION_NEXT_STATE,
  messages,
  type DieCleaning,
  type DieCleaningDetail,
  type DieCopy,
  type DieHistory,
  type DieInCleaning,
  type DieRunToConfirm,
  type InspectionResult,
} from '@planta/contracts';
import { solidPng } from './support/png';
import { alloy6063T6, insertTestLine, insertTestOrder } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/** Production confirmation and cleaning (issue 13): runs made through the production API, then confirmed and cleaned through the die shop's. */
let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const ids = { lines: [] as number[], alloy: 0, tech: 0 };
const TECH = 'matriceria@norte.example';
const LEAD = 'jefe@norte.example';
const GUEST = 'invitado@norte.example';
const SOUTH = 'admin@sur.example';
const EMAILS = ['admin@norte.example', LEAD, TECH, GUEST, SOUTH];
const as = (email: string) => bearer(tokens[email]);

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  for (const name of ['Prensa de confirmación 1', 'Prensa de confirmación 2']) ids.lines.push(await insertTestLine(t, { company: north, name }));
  ids.alloy = await alloy6063T6(t, north);
  const [tech] = await t.sql<{ id: number }>(`select id from app_user where email = $1`, [TECH]);
  ids.tech = tech.id;
});
afterAll(() => t.close());

let copies = 0;
/** A copy received and put in stock through the die API. */
async function dieInStock(extra: object = {}): Promise<DieCopy> {
  copies += 1;
  const received = await t
    .http()
    .post('/api/die')
    .set(as(TECH))
    .send({ die_reference: 'CF-7000', copy_number: copies, die_type: 'solid', ...extra });
  expect(received.status).toBe(201);
  const moved = await t.http().patch(`/api/die/${received.body.id}/state`).set(as(TECH)).send({ to: 'in_stock' });
  expect(moved.status).toBe(200);
  return moved.body as DieCopy;
}
let orders = 0;
async function start(dieId: number, line = ids.lines[0]): Promise<number> {
  orders += 1;
  const order = await insertTestOrder(t, { company: north, number: `OP-CF-${orders}`, profile: 'PR-CF-01', dieId, alloyId: ids.alloy });
  const started = await t.http().post('/api/extrusion/start').set(as(LEAD)).send({ order_id: order, die_id: dieId, line_id: line });
  expect(started.status).toBe(201);
  return started.body.id as number;
}
async function stop(runId: number, figures = { billets_pushed: 40, good_kg: 1800, scrap_kg: 120 }): Promise<{ billet_kg: number }> {
  const stopped = await t.http().post(`/api/extrusion/${runId}/stop`).set(as(LEAD)).send(figures);
  expect(stopped.status).toBe(200);
  return stopped.body as { billet_kg: number };
}
/** A die with one ended run, waiting for its confirmation. */
async function endedRun(extra: object = {}) {
  const die = await dieInStock(extra);
  const runId = await start(die.id);
  const { billet_kg } = await stop(runId);
  return { die, runId, billetKg: billet_kg };
}
const confirmation = (runId: number, extra: object = {}) => ({
  order_die_id: runId,
  billets: 40,
  billet_kg: 2000,
  good_kg: 1800,
  scrap_kg: 120,
  condition: 'ok',
  pull_reason: 'order_end',
  notes: '',
  ...extra,
});
const confirm = (runId: number, extra: object = {}, who = TECH) => t.http().post('/api/die-confirmation').set(as(who)).send(confirmation(runId, extra));
const dieOf = async (id: number) => (await t.http().get(`/api/die/${id}`).set(as(TECH))).body as DieCopy;
const eventsOf = async (id: number) => ((await t.http().get(`/api/die/${id}/events`).set(as(TECH))).body as DieHistory).events;
/** A die confirmed off the press, in cleaning. */
async function dieInCleaning(condition = 'ok') {
  const run = await endedRun();
  expect((await confirm(run.runId, { condition })).status).toBe(201);
  return run;
}
const startCleaning = (dieId: number, extra: object = {}, who = TECH) =>
  t
    .http()
    .post('/api/die-cleaning')
    .set(as(who))
    .send({ die_id: dieId, method: 'caustic', bath: 'Tina 2', ...extra });
const finish = (cleaningId: number, body: object, who = TECH) => t.http().patch(`/api/die-cleaning/${cleaningId}`).set(as(who)).send(body);

describe('production confirmation', () => {
  it('lists the ended runs not yet confirmed, oldest first, with die, order, line, times and figures', async () => {
    const first = await endedRun();
    const second = await endedRun();
    const running = await dieInStock();
    const runningId = await start(running.id, ids.lines[1]);
    try {
      const list = await t.http().get('/api/die-confirmation/all?status=pending&search=CF-7000&pageSize=500').set(as(TECH));
      expect(list.status).toBe(200);
      const items = list.body.items as DieRunToConfirm[];
      const mine = items.filter((item) => [first.runId, second.runId, runningId].includes(item.id)).map((item) => item.id);
      expect(mine).toEqual([first.runId, second.runId]);
      const times = items.map((item) => item.end_extrusion_time);
      expect([...times].sort()).toEqual(times);
      expect(items.find((item) => item.id === first.runId)).toMatchObject({
        die_id: first.die.id,
        die_reference: 'CF-7000',
        copy_number: first.die.copy_number,
        die_state: 'press',
        die_running: false,
        order_number: expect.stringMatching(/^OP-CF-/),
        line_name: 'Prensa de confirmación 1',
        started_by_name: expect.any(String),
        billets_pushed: 40,
        good_kg: 1800,
        scrap_kg: 120,
        confirmation: null,
      });
      expect((await t.http().get(`/api/die-confirmation/run/${first.runId}`).set(as(TECH))).body.billet_kg).toBeCloseTo(first.billetKg, 3);
      // A running run is not confirmable yet, and is not found as an ended run.
      expect((await t.http().get(`/api/die-confirmation/run/${runningId}`).set(as(TECH))).status).toBe(404);
      const early = await confirm(runningId);
      expect([early.status, early.body.fields]).toEqual([409, { order_die_id: dieConfirmationMessages.runRunning }]);
    } finally {
      await stop(runningId);
    }
  });

  it('confirms a run once, adjusting the die’s counters exactly by the difference and sending it from the press to cleaning', async () => {
    const { die, runId, billetKg } = await endedRun();
    const before = await dieOf(die.id);
    expect(before).toMatchObject({ state: 'press', billets_total: 40, billets_since_nitriding: 40 });
    expect(before.kg_total).toBeCloseTo(billetKg, 3);

    const confirmed = await confirm(runId, {
      billets: 43,
      billet_kg: 2150.5,
      condition: 'needs_correction',
      pull_reason: 'dimensional',
      notes: 'Cota B al límite',
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.confirmation).toMatchObject({
      billets: 43,
      billet_kg: 2150.5,
      condition: 'needs_correction',
      pull_reason: 'dimensional',
      notes: 'Cota B al límite',
      confirmed_by_name: 'Carmen Villalba',
    });
    const after = await dieOf(die.id);
    expect(after).toMatchObject({ state: 'cleaning', billets_total: 43, billets_since_nitriding: 43, runs_total: 1 });
    expect(after.kg_total).toBeCloseTo(2150.5, 3);
    expect(after.kg_since_nitriding).toBeCloseTo(2150.5, 3);

    const [event] = await eventsOf(die.id);
    expect(event).toMatchObject({ kind: 'confirmation', from_state: 'press', to_state: 'cleaning', ref_id: confirmed.body.confirmation.id });
    expect(event.note).toContain('condición requiere corrección');
    expect(event.note).toContain('se sugiere corrección');

    const again = await confirm(runId, { billets: 50 });
    expect([again.status, again.body.fields]).toEqual([409, { order_die_id: dieConfirmationMessages.alreadyConfirmed }]);
    expect((await dieOf(die.id)).billets_total).toBe(43);

    const pending = (await t.http().get('/api/die-confirmation/all?status=pending&pageSize=500').set(as(TECH))).body.items as DieRunToConfirm[];
    expect(pending.map((item) => item.id)).not.toContain(runId);
    // Without a status, both: the waiting runs first.
    const all = (await t.http().get('/api/die-confirmation/all?search=CF-7000&pageSize=500').set(as(TECH))).body.items as DieRunToConfirm[];
    const firstConfirmed = all.findIndex((item) => item.confirmation !== null);
    expect(all.map((item) => item.id)).toContain(runId);
    expect(all.slice(firstConfirmed).every((item) => item.confirmation !== null)).toBe(true);
    const done = (await t.http().get('/api/die-confirmation/all?status=confirmed&pageSize=500').set(as(TECH))).body.items as DieRunToConfirm[];
    expect(done[0]).toMatchObject({ id: runId, confirmation: { confirmed_by_name: 'Carmen Villalba' } });

    // The cleaning is offered the suggested inspection result.
    const detail = (await t.http().get(`/api/die-cleaning/die/${die.id}`).set(as(TECH))).body as DieCleaningDetail;
    expect(detail).toMatchObject({
      die_state: 'cleaning',
      condition: 'needs_correction',
      suggested_result: 'correction',
      last_order_die_id: runId,
      cleaning: null,
    });
  });

  it('lowers the counters when fewer billets are confirmed than the run recorded', async () => {
    const { die, runId } = await endedRun();
    expect((await confirm(runId, { billets: 35, billet_kg: 1500 })).status).toBe(201);
    const after = await dieOf(die.id);
    expect(after).toMatchObject({ billets_total: 35, billets_since_nitriding: 35 });
    expect(after.kg_total).toBeCloseTo(1500, 3);
  });

  it('leaves on the press a die that already started its next run', async () => {
    const { die, runId } = await endedRun();
    const nextRun = await start(die.id, ids.lines[1]);
    try {
      expect((await t.http().get(`/api/die-confirmation/run/${runId}`).set(as(TECH))).body).toMatchObject({ die_state: 'press', die_running: true });
      const confirmed = await confirm(runId);
      expect(confirmed.status).toBe(201);
      expect((await dieOf(die.id)).state).toBe('press');
      const [event] = await eventsOf(die.id);
      expect(event).toMatchObject({ kind: 'confirmation', from_state: 'press', to_state: 'press' });
    } finally {
      await stop(nextRun);
    }
  });

  it('refuses bad fields by name, guests, and another company’s runs', async () => {
    const { runId } = await endedRun();
    const bad = await t
      .http()
      .post('/api/die-confirmation')
      .set(as(TECH))
      .send({ order_die_id: runId, billets: -1, billet_kg: 'x', condition: 'broken', pull_reason: 'none' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['billet_kg', 'billets', 'condition', 'good_kg', 'pull_reason', 'scrap_kg']);
    expect(bad.body.fields.condition).toBe(dieConfirmationMessages.condition);
    expect((await confirm(runId, {}, GUEST)).status).toBe(403);
    expect((await t.http().get('/api/die-confirmation/all').set(as(GUEST))).status).toBe(403);
    expect((await t.http().get(`/api/die-confirmation/run/${runId}`).set(as(GUEST))).status).toBe(403);
    const foreign = await confirm(runId, {}, SOUTH);
    expect([foreign.status, foreign.body.fields]).toEqual([404, { order_die_id: dieConfirmationMessages.runMissing }]);
    expect((await t.http().get(`/api/die-confirmation/run/${runId}`).set(as(SOUTH))).status).toBe(404);
    const southList = (await t.http().get('/api/die-confirmation/all?pageSize=500').set(as(SOUTH))).body.items as DieRunToConfirm[];
    expect(southList.some((item) => item.id === runId)).toBe(false);
    // Nothing was saved by the refusals.
    expect((await t.sql(`select 1 from die_run_confirmation where order_die_id = $1`, [runId])).length).toBe(0);
  });
});

describe('cleaning', () => {
  it('lists the dies in cleaning, starts one cleaning per die in cleaning only, with a member operator', async () => {
    const { die } = await dieInCleaning();
    const stocked = await dieInStock();
    const listed = (await t.http().get('/api/die-cleaning/all?search=CF-7000&pageSize=500').set(as(TECH))).body.items as DieInCleaning[];
    expect(listed.find((item) => item.die_id === die.id)).toMatchObject({
      id: `die-${die.id}`,
      die_state: 'cleaning',
      condition: 'ok',
      suggested_result: 'ok',
      cleaning: null,
    });
    const { operators } = (await t.http().get(`/api/die-cleaning/die/${die.id}`).set(as(TECH))).body as DieCleaningDetail;
    expect(operators).toContainEqual({ id: ids.tech, name: 'Carmen Villalba' });
    const [southUser] = await t.sql<{ id: number }>(`select id from app_user where email = 'operario@sur.example'`);
    expect(operators.some((operator) => operator.id === southUser.id)).toBe(false);
    expect(listed.some((item) => item.die_id === stocked.id)).toBe(false);

    const notInCleaning = await startCleaning(stocked.id);
    expect([notInCleaning.status, notInCleaning.body.fields]).toEqual([409, { die_id: dieCleaningMessages.notInCleaning }]);
    const stranger = await startCleaning(die.id, { operator_id: southUser.id });
    expect([stranger.status, stranger.body.fields]).toEqual([400, { operator_id: dieCleaningMessages.operatorNotMember }]);
    expect((await startCleaning(die.id, { method: 'acid' })).body.fields).toEqual({ method: dieCleaningMessages.method });

    const started = await startCleaning(die.id, { in_at: new Date(Date.now() - 95 * 60_000).toISOString() });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      die_id: die.id,
      method: 'caustic',
      bath: 'Tina 2',
      operator_id: ids.tech,
      operator_name: 'Carmen Villalba',
      inspection_result: null,
      out_at: null,
    });
    expect(started.body.minutes).toBeGreaterThanOrEqual(95);
    const twice = await startCleaning(die.id);
    expect([twice.status, twice.body.fields]).toEqual([409, { die_id: dieCleaningMessages.alreadyOpen }]);
    const [event] = await eventsOf(die.id);
    expect(event).toMatchObject({ kind: 'cleaning', from_state: 'cleaning', to_state: 'cleaning', ref_id: started.body.id });
    const again = (await t.http().get('/api/die-cleaning/all?status=open&search=CF-7000&pageSize=500').set(as(TECH))).body.items as DieInCleaning[];
    expect(again.find((item) => item.die_id === die.id)?.cleaning?.id).toBe(started.body.id);
  });

  it.each(['ok', 'correction', 'nitriding'] as const)(
    'finishes with the inspection %s and sends the die to its next state',
    async (result: InspectionResult) => {
      const { die } = await dieInCleaning();
      const started = (await startCleaning(die.id, { method: 'wet_blast', in_at: new Date(Date.now() - 40 * 60_000).toISOString() })).body as DieCleaning;
      const outAt = new Date(Date.now() - 10 * 60_000).toISOString();
      const finished = await finish(started.id, { inspection_result: result, out_at: outAt, notes: 'Portadas limpias' });
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({ inspection_result: result, out_at: outAt, notes: 'Portadas limpias', minutes: 30 });
      expect((await dieOf(die.id)).state).toBe(INSPECTION_NEXT_STATE[result]);
      const [event] = await eventsOf(die.id);
      expect(event).toMatchObject({ kind: 'inspection', from_state: 'cleaning', to_state: INSPECTION_NEXT_STATE[result], ref_id: started.id });
      const again = await finish(started.id, { inspection_result: 'ok' });
      expect([again.status, again.body.fields]).toEqual([409, { inspection_result: dieCleaningMessages.finished }]);
      const detail = (await t.http().get(`/api/die-cleaning/die/${die.id}`).set(as(TECH))).body as DieCleaningDetail;
      expect(detail.cleaning).toBeNull();
      expect(detail.history.map((cleaning) => [cleaning.id, cleaning.inspection_result])).toEqual([[started.id, result]]);
      const history = (await t.http().get('/api/die-cleaning/all?status=finished&pageSize=500').set(as(TECH))).body.items as DieInCleaning[];
      const everything = (await t.http().get('/api/die-cleaning/all?search=CF-7000&pageSize=500').set(as(TECH))).body.items as DieInCleaning[];
      const firstFinished = everything.findIndex((item) => item.id.startsWith('cleaning-'));
      expect(firstFinished).toBeGreaterThanOrEqual(0);
      expect(everything.slice(firstFinished).every((item) => item.id.startsWith('cleaning-'))).toBe(true);
      expect(everything.map((item) => item.id)).toContain(`cleaning-${started.id}`);
      expect(history.find((item) => item.die_id === die.id)).toMatchObject({
        id: `cleaning-${started.id}`,
        cleaning: { id: started.id, inspection_result: result },
      });
    },
  );

  it('refuses an out time before the in time', async () => {
    const { die } = await dieInCleaning();
    const started = (await startCleaning(die.id)).body as DieCleaning;
    const early = await finish(started.id, { inspection_result: 'ok', out_at: new Date(Date.now() - 3600_000).toISOString() });
    expect([early.status, early.body.fields]).toEqual([400, { out_at: dieCleaningMessages.outBeforeIn }]);
    expect((await dieOf(die.id)).state).toBe('cleaning');
  });

  it('scraps only for whoever may scrap dies, and only with a reason, as the inventory does', async () => {
    const { die } = await dieInCleaning('damaged');
    const started = (await startCleaning(die.id, { method: 'mechanical' })).body as DieCleaning;
    const byTech = await finish(started.id, { inspection_result: 'scrap', scrap_reason: 'Puente fisurado' });
    expect([byTech.status, byTech.body.fields]).toEqual([403, { inspection_result: dieCleaningMessages.scrapNeedsLead }]);
    const noReason = await finish(started.id, { inspection_result: 'scrap', scrap_reason: '  ' }, LEAD);
    expect([noReason.status, noReason.body.fields]).toEqual([400, { scrap_reason: dieCleaningMessages.scrapReason }]);
    expect((await dieOf(die.id)).state).toBe('cleaning');
    const scrapped = await finish(started.id, { inspection_result: 'scrap', scrap_reason: 'Puente fisurado' }, LEAD);
    expect(scrapped.status).toBe(200);
    const after = await dieOf(die.id);
    expect(after).toMatchObject({ state: 'scrapped', scrapped_reason: 'Puente fisurado' });
    expect(after.scrapped_at).not.toBeNull();
    const [event] = await eventsOf(die.id);
    expect(event).toMatchObject({ kind: 'scrap', from_state: 'cleaning', to_state: 'scrapped', note: 'Puente fisurado', ref_id: started.id });
  });

  it('keeps photos within the company’s upload limit, readable by the die shop', async () => {
    const { die } = await dieInCleaning();
    const started = (await startCleaning(die.id)).body as DieCleaning;
    const multipart = (photos: { name: string; bytes: Buffer }[]) => {
      let request = t.http().patch(`/api/die-cleaning/${started.id}`).set(as(TECH)).field('inspection_result', 'ok').field('notes', 'Con fotos');
      for (const photo of photos) request = request.attach('photos', photo.bytes, { filename: photo.name, contentType: 'image/png' });
      return request;
    };
    await t.sql(`update company set upload_limit_mb = 1 where id = $1`, [north]);
    try {
      const big = await multipart([{ name: 'grande.png', bytes: solidPng(2, 2, [0, 0, 0], 1024 * 1024 + 10) }]);
      expect([big.status, big.body.message]).toEqual([413, failureReportMessages.fileTooLarge(1)]);
      expect((await dieOf(die.id)).state).toBe('cleaning');
    } finally {
      await t.sql(`update company set upload_limit_mb = 2 where id = $1`, [north]);
    }
    const done = await multipart([{ name: 'portada.png', bytes: solidPng(3, 3, [200, 10, 10]) }]);
    expect(done.status).toBe(200);
    expect(done.body.photos).toHaveLength(1);
    const read = await t.http().get(done.body.photos[0].url).set(as(TECH));
    expect([read.status, read.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await dieOf(die.id)).state).toBe('in_stock');
  });

  it('keeps guests and other companies out', async () => {
    const { die } = await dieInCleaning();
    expect((await t.http().get('/api/die-cleaning/all').set(as(GUEST))).status).toBe(403);
    expect((await t.http().get(`/api/die-cleaning/die/${die.id}`).set(as(GUEST))).status).toBe(403);
    expect((await startCleaning(die.id, {}, GUEST)).status).toBe(403);
    const foreignStart = await startCleaning(die.id, {}, SOUTH);
    expect([foreignStart.status, foreignStart.body.fields]).toEqual([404, { die_id: dieCleaningMessages.dieMissing }]);
    expect((await t.http().get(`/api/die-cleaning/die/${die.id}`).set(as(SOUTH))).body.message).toBe(messages.notFound);
    const started = (await startCleaning(die.id)).body as DieCleaning;
    expect((await finish(started.id, { inspection_result: 'ok' }, GUEST)).status).toBe(403);
    expect((await finish(started.id, { inspection_result: 'ok' }, SOUTH)).status).toBe(404);
    const southList = (await t.http().get('/api/die-cleaning/all?pageSize=500').set(as(SOUTH))).body.items as DieInCleaning[];
    expect(southList.some((item) => item.die_id === die.id)).toBe(false);
    expect((await dieOf(die.id)).state).toBe('cleaning');
    // A die leaves cleaning only through its inspection (or the move rules), never back to the press.
    expect((await t.http().patch(`/api/die/${die.id}/state`).set(as(TECH)).send({ to: 'press' })).body.fields).toEqual({ to: dieLifeMessages.pressByRun });
  });
});
