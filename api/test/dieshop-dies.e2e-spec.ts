import {
  DIE_STATE_PHRASES,
  DIE_STATES,
  dieCopyMessages,
  dieLifeMessages,
  messages,
  whyNotMoveDie,
  type DieCopy,
  type DieHistory,
  type DieSummary,
  type DieState,
} from '@planta/contracts';
import { alloy6063T6, insertTestLine, insertTestOrder } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const ids = { line: 0, alloy: 0, profile: 0, southProfile: 0 };
const EMAILS = ['admin@norte.example', 'jefe@norte.example', 'matriceria@norte.example', 'invitado@norte.example', 'admin@sur.example'];
const as = (email: string) => bearer(tokens[email]);
const TECH = 'matriceria@norte.example';

let copies = 0;
/** A new copy of a test reference, received through the API by the die technician. */
async function receive(extra: object = {}): Promise<DieCopy> {
  copies += 1;
  const response = await t
    .http()
    .post('/api/die')
    .set(as(TECH))
    .send({ die_reference: 'TS-9000', copy_number: copies, die_type: 'hollow', supplier: 'Matrices Bilbao', ...extra });
  expect(response.status).toBe(201);
  return response.body as DieCopy;
}
const setState = (dieId: number, state: DieState) =>
  t.sql(`update die set state = $2::varchar, scrapped_reason = case when $2::varchar = 'scrapped' then 'Prueba' else '' end where id = $1`, [dieId, state]);
const move = (dieId: number, body: object, who = TECH) => t.http().patch(`/api/die/${dieId}/state`).set(as(who)).send(body);

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  ids.line = await insertTestLine(t, { company: north, name: 'Prensa de matricería' });
  ids.alloy = await alloy6063T6(t, north);
  const [profile] = await t.sql<{ id: number }>(`insert into profile (company_id, code, customer) values ($1, 'PR-TS-01', 'Cliente de pruebas') returning id`, [
    north,
  ]);
  const [southProfile] = await t.sql<{ id: number }>(`insert into profile (company_id, code) values ($1, 'PR-SUR-01') returning id`, [south]);
  Object.assign(ids, { profile: profile.id, southProfile: southProfile.id });
});
afterAll(() => t.close());

describe('reception and data', () => {
  it('receives a copy as new, logs it, and refuses a repeated copy or bad fields by name', async () => {
    const die = await receive({ profile_id: ids.profile, cavities: 2, diameter_mm: 250, thickness_mm: 80, steel: 'H13', cost: 4200, location: 'E-03' });
    expect(die).toMatchObject({ state: 'new', profile_code: 'PR-TS-01', cavities: 2, diameter_mm: 250, billets_total: 0, nitriding: { due: 'ok' } });
    const history = (await t.http().get(`/api/die/${die.id}/events`).set(as(TECH))).body as DieHistory;
    expect(history.events.map((event) => [event.kind, event.from_state, event.to_state, event.user_name])).toEqual([
      ['reception', null, 'new', 'Carmen Villalba'],
    ]);

    const again = await t.http().post('/api/die').set(as(TECH)).send({ die_reference: 'TS-9000', copy_number: die.copy_number, die_type: 'hollow' });
    expect([again.status, again.body.fields]).toEqual([409, { copy_number: dieCopyMessages.copyTaken }]);
    const bad = await t
      .http()
      .post('/api/die')
      .set(as(TECH))
      .send({ die_reference: 'TS 9000!', copy_number: 0, die_type: 'round', cavities: 40, diameter_mm: -3 });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['cavities', 'copy_number', 'diameter_mm', 'die_reference', 'die_type']);
    const otherCompanysProfile = await t
      .http()
      .post('/api/die')
      .set(as(TECH))
      .send({ die_reference: 'TS-9001', copy_number: 1, die_type: 'solid', profile_id: ids.southProfile });
    expect(otherCompanysProfile.body.fields).toEqual({ profile_id: dieCopyMessages.profileMissing });
    expect(
      (await t.http().post('/api/die').set(as('invitado@norte.example')).send({ die_reference: 'TS-9001', copy_number: 1, die_type: 'solid' })).status,
    ).toBe(403);
  });

  it('edits the data, logging what changed, never the reference or the state', async () => {
    const die = await receive();
    const edited = await t
      .http()
      .patch(`/api/die/${die.id}`)
      .set(as(TECH))
      .send({ location: 'Estante B-2', nitriding_every_kg: 60000, state: 'in_stock', die_reference: 'X' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ location: 'Estante B-2', nitriding_every_kg: 60000, state: 'new', die_reference: 'TS-9000' });
    const history = (await t.http().get(`/api/die/${die.id}/events`).set(as(TECH))).body as DieHistory;
    expect(history.events[0]).toMatchObject({ kind: 'edit', from_state: 'new', to_state: 'new', note: 'Datos cambiados: location, nitriding_every_kg' });
  });
});

describe('the state machine', () => {
  const manual = DIE_STATES.filter((state) => state !== 'press' && state !== 'scrapped');
  const pairs = DIE_STATES.flatMap((from) => manual.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs)('%s → %s: allowed exactly as the transitions say, refused with the reason', async (from, to) => {
    const die = await receive();
    await setState(die.id, from);
    const response = await move(die.id, { to, note: 'prueba' });
    const refusal = whyNotMoveDie(from, to);
    if (refusal === null) {
      expect([response.status, response.body.state]).toEqual([200, to]);
      const history = (await t.http().get(`/api/die/${die.id}/events`).set(as(TECH))).body as DieHistory;
      expect(history.events[0]).toMatchObject({ kind: 'move', from_state: from, to_state: to, note: 'prueba' });
    } else {
      expect([response.status, response.body.fields]).toEqual([409, { to: refusal }]);
      expect((await t.http().get(`/api/die/${die.id}`).set(as(TECH))).body.state).toBe(from);
    }
  });

  it('names the states in its refusals, and keeps press and scrapping to their own actions', async () => {
    expect(whyNotMoveDie('nitriding', 'enlistment')).toBe(`Una matriz ${DIE_STATE_PHRASES.nitriding} no puede pasar a ${DIE_STATE_PHRASES.enlistment}`);
    expect(whyNotMoveDie('press', 'in_stock')).toBe(dieLifeMessages.pressOnlyToCleaning);
    const die = await receive();
    await setState(die.id, 'in_stock');
    expect((await move(die.id, { to: 'press' })).body.fields).toEqual({ to: dieLifeMessages.pressByRun });
    expect((await move(die.id, { to: 'scrapped' })).body.fields).toEqual({ to: dieLifeMessages.scrapWithItsAction });
    const stale = await move(die.id, { to: 'nitriding', from: 'cleaning' });
    expect([stale.status, stale.body.fields]).toEqual([409, { to: dieLifeMessages.stale }]);
    expect((await move(die.id, { to: 'flying' })).body.fields).toEqual({ to: dieCopyMessages.state });
    expect((await move(die.id, { to: 'nitriding' }, 'invitado@norte.example')).status).toBe(403);
  });

  it('scraps with a reason, for leads only; a scrapped copy leaves the inventory and never moves again', async () => {
    const die = await receive();
    await setState(die.id, 'in_stock');
    expect((await t.http().delete(`/api/die/${die.id}`).set(as(TECH)).send({ reason: 'Fisura' })).status).toBe(403);
    expect((await t.http().delete(`/api/die/${die.id}`).set(as('jefe@norte.example')).send({ reason: ' ' })).body.fields).toEqual({
      reason: dieCopyMessages.scrapReason,
    });
    const scrapped = await t.http().delete(`/api/die/${die.id}`).set(as('jefe@norte.example')).send({ reason: 'Fisura en el puente' });
    expect(scrapped.status).toBe(200);
    expect(scrapped.body).toMatchObject({ state: 'scrapped', scrapped_reason: 'Fisura en el puente' });
    expect(scrapped.body.scrapped_at).not.toBeNull();
    expect((await move(die.id, { to: 'in_stock' })).body.fields).toEqual({ to: dieLifeMessages.scrappedIsFinal });
    const inventory = await t.http().get('/api/die/all?search=TS-9000&pageSize=500').set(as(TECH));
    expect(inventory.body.items.map((item: DieCopy) => item.id)).not.toContain(die.id);
    const withScrapped = await t.http().get('/api/die/all?search=TS-9000&pageSize=500&state=scrapped').set(as(TECH));
    expect(withScrapped.body.items.map((item: DieCopy) => item.id)).toContain(die.id);
  });

  it('reads the time spent in each state from the log', async () => {
    const die = await receive();
    await t.sql(`update die_event set at = now() - interval '10 hours' where die_id = $1`, [die.id]).catch(() => undefined);
    // The log is append-only, even for the database's owner of the app: the reception stays at its time.
    const [event] = await t.sql<{ at: Date }>(`select at from die_event where die_id = $1`, [die.id]);
    expect(Date.now() - new Date(event.at).getTime()).toBeLessThan(60_000);
    await move(die.id, { to: 'trial' });
    await move(die.id, { to: 'in_stock' });
    const history = (await t.http().get(`/api/die/${die.id}/events`).set(as(TECH))).body as DieHistory;
    expect(history.events.map((item) => item.to_state)).toEqual(['in_stock', 'trial', 'new']);
    expect(history.state_times.map((time) => time.state).sort()).toEqual(['in_stock', 'new', 'trial']);
    expect(history.state_times.every((time) => time.times === 1 && time.hours >= 0)).toBe(true);
  });
});

describe('runs feed the die', () => {
  const orderFor = (dieId: number, number: string) => insertTestOrder(t, { company: north, number, profile: 'PR-TS-01', dieId, alloyId: ids.alloy });
  const start = (orderId: number, dieId: number) =>
    t.http().post('/api/extrusion/start').set(as('jefe@norte.example')).send({ order_id: orderId, die_id: dieId, line_id: ids.line });

  it('starts only from a state that allows it, puts the die on the press and adds the run to its counters once', async () => {
    const die = await receive({ nitriding_every_billets: 30 });
    const orderId = await orderFor(die.id, 'OP-TS-RUN-1');
    const refused = await start(orderId, die.id);
    expect([refused.status, refused.body.fields]).toEqual([409, { die_id: dieLifeMessages.notRunnable(DIE_STATE_PHRASES.new) }]);

    await setState(die.id, 'in_stock');
    const started = await start(orderId, die.id);
    expect(started.status).toBe(201);
    expect((await t.http().get(`/api/die/${die.id}`).set(as(TECH))).body.state).toBe('press');
    const running = await move(die.id, { to: 'cleaning' });
    expect(running.body.fields).toEqual({ to: dieLifeMessages.runningNow });

    const stopped = await t
      .http()
      .post(`/api/extrusion/${started.body.id}/stop`)
      .set(as('jefe@norte.example'))
      .send({ billets_pushed: 27, good_kg: 1400, scrap_kg: 80 });
    expect(stopped.status).toBe(200);
    const after = (await t.http().get(`/api/die/${die.id}`).set(as(TECH))).body as DieCopy;
    expect(after).toMatchObject({ state: 'press', billets_total: 27, billets_since_nitriding: 27, runs_total: 1, last_line_id: ids.line });
    expect(after.kg_total).toBeCloseTo(stopped.body.billet_kg, 2);
    // 27 of 30 billets: 90 %, the flag's; the kg against the kg threshold that applies (none of its own: the family's, if any).
    const kgThreshold = after.thresholds.nitriding_every_kg;
    expect(after.nitriding).toEqual({
      due: 'soon',
      percent: 90,
      billets_percent: 90,
      kg_percent: kgThreshold ? Math.round((after.kg_since_nitriding / kgThreshold) * 1000) / 10 : null,
    });
    // Ended once: stopping again changes nothing.
    await t.sql(`update order_die set end_extrusion_time = end_extrusion_time where id = $1`, [started.body.id]);
    expect((await t.http().get(`/api/die/${die.id}`).set(as(TECH))).body.billets_total).toBe(27);

    const history = (await t.http().get(`/api/die/${die.id}/events`).set(as(TECH))).body as DieHistory;
    expect(history.events.slice(0, 2).map((event) => [event.kind, event.from_state, event.to_state, event.ref_id])).toEqual([
      ['run', 'press', 'press', started.body.id],
      ['run', 'in_stock', 'press', started.body.id],
    ]);
    expect((await move(die.id, { to: 'cleaning' })).body.state).toBe('cleaning');

    // The summary tells it: the run with its figures, the log with the time per state, the profile.
    const summary = (await t.http().get(`/api/die/${die.id}/summary`).set(as(TECH))).body as DieSummary;
    expect(summary.die).toMatchObject({ id: die.id, state: 'cleaning', billets_total: 27 });
    expect(summary.production.runs).toHaveLength(1);
    expect(summary.production.runs[0]).toMatchObject({ id: started.body.id, order_number: 'OP-TS-RUN-1', confirmed: false });
    expect(summary.production.total).toMatchObject({ runs: 1, billets_pushed: 27, good_kg: 1400, scrap_kg: 80 });
    expect(summary.production.by_line).toEqual([expect.objectContaining({ line_id: ids.line, line_name: 'Prensa de matricería' })]);
    // The copy was put in stock by SQL in this test (no log line): the log goes from its reception to the press.
    expect(summary.history.events.map((event) => event.to_state)).toEqual(['cleaning', 'press', 'press', 'new']);
    expect(summary.history.state_times.map((time) => time.state).sort()).toEqual(['cleaning', 'new', 'press']);

    // A guest with the die's share link reads this summary and its log, and nothing else.
    const link = await t.http().post('/api/share-token').set(as(TECH)).send({ resource_type: 'die-summary', resource_id: die.id });
    expect(link.status).toBe(201);
    const guest = bearer((await t.http().post('/api/auth/login/token').send({ token: link.body.token })).body.access_token);
    expect((await t.http().get(`/api/die/${die.id}/summary`).set(guest)).body.die.id).toBe(die.id);
    for (const [method, path] of [
      ['get', `/api/die/${die.id}`],
      ['get', '/api/die/all'],
      ['get', `/api/die/${die.id - 1}/summary`],
      ['patch', `/api/die/${die.id}/state`],
      ['delete', `/api/die/${die.id}`],
      ['get', '/api/dieshop-settings'],
    ] as const) {
      expect({ path, status: (await t.http()[method](path).set(guest).send({ to: 'in_stock', reason: 'x' })).status }).toEqual({ path, status: 403 });
    }
  });

  it('requires the oven step where the plant says so', async () => {
    const die = await receive();
    await setState(die.id, 'in_stock');
    const orderId = await orderFor(die.id, 'OP-TS-OVEN-1');
    await t.sql(`update dieshop_setting set oven_required = true where company_id = $1`, [north]);
    try {
      expect((await start(orderId, die.id)).body.fields).toEqual({ die_id: dieLifeMessages.ovenRequired(DIE_STATE_PHRASES.in_stock) });
      await setState(die.id, 'oven');
      expect((await start(orderId, die.id)).status).toBe(201);
    } finally {
      await t.sql(`update dieshop_setting set oven_required = false where company_id = $1`, [north]);
    }
  });
});

describe('nitriding due and the inventory', () => {
  it('flags copies near and past the threshold, the die’s own or its family’s, and filters by it', async () => {
    const settings = await t
      .http()
      .put('/api/dieshop-settings')
      .set(as('admin@norte.example'))
      .send({
        nitriding_warn_percent: 80,
        families: [{ die_type: 'multi_cavity', nitriding_every_billets: 100, nitriding_every_kg: null, expected_life_kg: 900000 }],
      });
    expect(settings.status).toBe(200);
    expect(settings.body.families.find((family: { die_type: string }) => family.die_type === 'multi_cavity')).toMatchObject({ nitriding_every_billets: 100 });
    expect((await t.http().put('/api/dieshop-settings').set(as('jefe@norte.example')).send({ nitriding_warn_percent: 50 })).status).toBe(403);
    expect((await t.http().put('/api/dieshop-settings').set(as('admin@norte.example')).send({ nitriding_warn_percent: 0 })).body.fields).toEqual({
      nitriding_warn_percent: dieCopyMessages.percent,
    });

    const fresh = await receive({ die_type: 'multi_cavity', location: 'NT-A1' });
    const soon = await receive({ die_type: 'multi_cavity', location: 'NT-A2' });
    const overdue = await receive({ die_type: 'multi_cavity', location: 'NT-A3' });
    const ownThreshold = await receive({ die_type: 'multi_cavity', location: 'NT-A4', nitriding_every_billets: 1000 });
    const atTheNitrider = await receive({ die_type: 'multi_cavity', location: 'NT-A5' });
    for (const [die, billets, state] of [
      [fresh, 10, 'in_stock'],
      [soon, 85, 'in_stock'],
      [overdue, 100, 'in_stock'],
      [ownThreshold, 500, 'in_stock'],
      [atTheNitrider, 150, 'nitriding'],
    ] as const) {
      await t.sql(`update die set billets_since_nitriding = $2, state = $3 where id = $1`, [die.id, billets, state]);
    }
    const list = async (query: string) =>
      ((await t.http().get(`/api/die/all?location=NT-A&pageSize=50&${query}`).set(as(TECH))).body.items as DieCopy[]).map((die) => die.location);
    expect(await list('nitriding=soon')).toEqual(['NT-A2', 'NT-A3']);
    expect(await list('nitriding=overdue')).toEqual(['NT-A3']);
    expect(await list('sort=nitriding&direction=desc&state=in_stock')).toEqual(['NT-A3', 'NT-A2', 'NT-A4', 'NT-A1']);
    const all = (await t.http().get('/api/die/all?location=NT-A&pageSize=50').set(as(TECH))).body.items as DieCopy[];
    expect(all.map((die) => [die.location, die.nitriding.due, die.nitriding.percent])).toEqual([
      ['NT-A1', 'ok', 10],
      ['NT-A2', 'soon', 85],
      ['NT-A3', 'overdue', 100],
      ['NT-A4', 'ok', 50],
      ['NT-A5', 'ok', null],
    ]);
    expect(all[0].thresholds).toEqual({ nitriding_every_billets: 100, nitriding_every_kg: null, expected_life_kg: 900000 });
    expect((await t.http().get('/api/die/all?nitriding=later').set(as(TECH))).status).toBe(400);
  });
});

describe('tenancy and the log', () => {
  it('keeps another company’s dies out of reach, and the log unchangeable', async () => {
    const die = await receive();
    expect((await t.http().get(`/api/die/${die.id}`).set(as('admin@sur.example'))).status).toBe(404);
    expect((await t.http().patch(`/api/die/${die.id}/state`).set(as('admin@sur.example')).send({ to: 'trial' })).status).toBe(404);
    expect((await t.http().get(`/api/die/${die.id}/events`).set(as('admin@sur.example'))).status).toBe(404);
    const southList = (await t.http().get('/api/die/all?pageSize=500').set(as('admin@sur.example'))).body.items as DieCopy[];
    expect(southList.some((item) => item.id === die.id)).toBe(false);
    await expect(t.sql(`delete from die_event where die_id = $1`, [die.id])).rejects.toThrow(/append-only/);
    expect((await t.http().get(`/api/die/999999`).set(as(TECH))).body.message).toBe(messages.notFound);
    expect(south).toBeGreaterThan(0);
  });
});
