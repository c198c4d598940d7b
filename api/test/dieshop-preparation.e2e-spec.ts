import { enlistmentMessages, messages, type DieHistory, type EnlistmentDetail, type EnlistmentRow } from '@planta/contracts';
import { alloy6063T6, insertTestLine, insertTestOrder } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const ids = { line: 0, otherLine: 0, alloy: 0, oven: 0, southOven: 0, southDie: 0, southTool: 0 };
const EMAILS = ['admin@norte.example', 'jefe@norte.example', 'matriceria@norte.example', 'invitado@norte.example', 'admin@sur.example'];
const as = (email: string) => bearer(tokens[email]);
const TECH = 'matriceria@norte.example';
const GUEST = 'invitado@norte.example';
const SOUTH = 'admin@sur.example';
const YEAR = new Date().getFullYear();

let dies = 0;
/** A die copy in stock of the north company (or `company`), straight in the database. */
async function dieInStock(extra: { company?: number; billets_since_nitriding?: number; nitriding_every_billets?: number } = {}): Promise<number> {
  dies += 1;
  const [die] = await t.sql<{ id: number }>(
    `insert into die (company_id, die_reference, copy_number, die_type, state, billets_since_nitriding, nitriding_every_billets)
     values ($1, 'AL-TS', $2, 'solid', 'in_stock', $3, $4) returning id`,
    [extra.company ?? north, dies, extra.billets_since_nitriding ?? 0, extra.nitriding_every_billets ?? null],
  );
  return die.id;
}
let tools = 0;
async function tool(extra: { company?: number; lines?: number[]; state?: string; kind?: string } = {}): Promise<{ id: number; code: string }> {
  tools += 1;
  const code = `HT-${tools}`;
  const [row] = await t.sql<{ id: number }>(`insert into tool (company_id, code, kind, compatible_line_ids, state) values ($1, $2, $3, $4, $5) returning id`, [
    extra.company ?? north,
    code,
    extra.kind ?? 'backer',
    extra.lines ?? [],
    extra.state ?? 'available',
  ]);
  return { id: row.id, code };
}
const request = (dieId: number, extra: object = {}, who = TECH) =>
  t
    .http()
    .post('/api/die-enlistment')
    .set(as(who))
    .send({ die_id: dieId, line_id: ids.line, needed_at: new Date(Date.now() + 6 * 3600_000).toISOString(), ...extra });
const step = (id: number, path: string, body: object = {}, who = TECH) => t.http().patch(`/api/die-enlistment/${id}/${path}`).set(as(who)).send(body);
const reserve = (id: number, toolIds: number[], who = TECH) => t.http().put(`/api/die-enlistment/${id}/tools`).set(as(who)).send({ tool_ids: toolIds });
const dieState = async (dieId: number) => (await t.sql<{ state: string }>(`select state from die where id = $1`, [dieId]))[0].state;
const toolState = async (toolId: number) => (await t.sql<{ state: string }>(`select state from tool where id = $1`, [toolId]))[0].state;
const setGuard = (guard: 'warn' | 'block') => t.sql(`update dieshop_setting set enlistment_guard = $2 where company_id = $1`, [north, guard]);
const ALL_CHECKED = { is_clean: true, inspected: true, nitriding_valid: true, tooling_complete: true, entry_measures_ok: true };

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of EMAILS) tokens[email] = (await t.login(email)).access_token;
  ids.line = await insertTestLine(t, { company: north, name: 'Prensa de alistamiento' });
  ids.otherLine = await insertTestLine(t, { company: north, name: 'Prensa vecina' });
  ids.alloy = await alloy6063T6(t, north);
  const oven = async (company: number) =>
    (
      await t.sql<{ id: number }>(`insert into machine (company_id, name, type) values ($1, 'Horno de matrices de pruebas', 'die-oven') returning id`, [
        company,
      ])
    )[0].id;
  ids.oven = await oven(north);
  ids.southOven = await oven(south);
  ids.southDie = await dieInStock({ company: south });
  ids.southTool = (await tool({ company: south })).id;
});
afterAll(() => t.close());

describe('a preparation from request to the press', () => {
  it('numbers it, moves the die to enlistment, ticks the checklist, reserves tools, heats the die, and delivers it, logging each step', async () => {
    const dieId = await dieInStock();
    const backer = await tool({ lines: [ids.line] });
    const created = await request(dieId);
    expect(created.status).toBe(201);
    const enlistment = created.body as EnlistmentDetail;
    expect(enlistment).toMatchObject({ status: 'requested', die_state: 'enlistment', line_id: ids.line, warnings: [], requested_by_name: 'Carmen Villalba' });
    expect(enlistment.number).toMatch(new RegExp(`^AL-${YEAR}-\\d{4}$`));
    expect(await dieState(dieId)).toBe('enlistment');

    const checked = await step(enlistment.id, 'checklist', { is_clean: true, inspected: true });
    expect([checked.status, checked.body.status, checked.body.is_clean, checked.body.nitriding_valid]).toEqual([200, 'preparing', true, false]);
    const notYet = await step(enlistment.id, 'ready');
    expect([notYet.status, notYet.body.fields]).toEqual([409, { status: enlistmentMessages.checklistIncomplete }]);

    const reservable = (await t.http().get(`/api/die-enlistment/${enlistment.id}/reservable-tools`).set(as(TECH))).body as { id: number }[];
    expect(reservable.map((row) => row.id)).toContain(backer.id);
    const reserved = await reserve(enlistment.id, [backer.id]);
    expect([reserved.status, reserved.body.tools.map((row: { code: string }) => row.code)]).toEqual([200, [backer.code]]);
    expect(await toolState(backer.id)).toBe('in_use');
    expect(await step(enlistment.id, 'checklist', ALL_CHECKED).then((response) => response.status)).toBe(200);

    const ovenIn = await step(enlistment.id, 'oven-in', { oven_machine_id: ids.oven, target_temp_c: 480 });
    expect(ovenIn.body).toMatchObject({ status: 'oven', die_state: 'oven', oven_name: 'Horno de matrices de pruebas', target_temp_c: 480, dwell_alarm: false });
    const inOven = await step(enlistment.id, 'ready');
    expect([inOven.status, inOven.body.fields]).toEqual([409, { status: enlistmentMessages.stillInOven }]);
    const out = await step(enlistment.id, 'oven-out', { measured_temp_c: 470 });
    expect(out.body).toMatchObject({ measured_temp_c: 470, warnings: [], die_state: 'oven' });
    const ready = await step(enlistment.id, 'ready');
    expect([ready.status, ready.body.status]).toEqual([200, 'ready']);
    const delivered = await step(enlistment.id, 'deliver', {}, 'jefe@norte.example');
    expect(delivered.body).toMatchObject({ status: 'delivered', delivered_by_name: expect.any(String), delivered_at: expect.any(String) });
    expect(delivered.body.tools[0].released_at).not.toBeNull();
    expect(await toolState(backer.id)).toBe('available');
    // The die stays hot in the oven state until its run starts; a closed preparation takes no further step.
    expect(await dieState(dieId)).toBe('oven');
    expect((await step(enlistment.id, 'cancel', { reason: 'tarde' })).body.fields).toEqual({ status: enlistmentMessages.closed });

    const history = (await t.http().get(`/api/die/${dieId}/events`).set(as(TECH))).body as DieHistory;
    expect(history.events.filter((event) => event.ref_id === enlistment.id).map((event) => [event.from_state, event.to_state, event.note])).toEqual([
      ['oven', 'oven', 'Entregada a prensa'],
      ['oven', 'oven', 'Lista para prensa'],
      ['oven', 'oven', 'Salida del horno a 470 °C'],
      ['enlistment', 'oven', 'Entrada al horno'],
      ['in_stock', 'enlistment', `Alistamiento ${enlistment.number}`],
    ]);
    expect(history.events[0].kind).toBe('enlistment');
  });

  it('is created from a planned order with its die, line and due date', async () => {
    const dieId = await dieInStock();
    const orderId = await insertTestOrder(t, {
      company: north,
      number: 'OP-AL-1',
      profile: 'PR',
      dieId,
      alloyId: ids.alloy,
      dueDate: '2026-12-30',
      lineId: ids.line,
      status: 'planned',
    });
    const created = await t.http().post('/api/die-enlistment').set(as('jefe@norte.example')).send({ production_order_id: orderId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ die_id: dieId, production_order_id: orderId, order_number: 'OP-AL-1', line_id: ids.line });
    expect(new Date(created.body.needed_at).getTime()).toBe(new Date('2026-12-30T06:00:00').getTime());
    // One open preparation per die.
    const again = await t.http().post('/api/die-enlistment').set(as(TECH)).send({ production_order_id: orderId });
    expect([again.status, again.body.fields]).toEqual([409, { die_id: enlistmentMessages.alreadyOpen }]);
    const otherDie = await request(await dieInStock(), { production_order_id: orderId });
    expect(otherDie.body.fields).toEqual({ production_order_id: enlistmentMessages.orderOtherDie });
  });

  it('refuses a die that is not in stock with the reason of its life, and bad fields by name', async () => {
    const dieId = await dieInStock();
    await t.sql(`update die set state = 'cleaning' where id = $1`, [dieId]);
    const refused = await request(dieId);
    expect([refused.status, refused.body.fields?.to]).toEqual([409, expect.stringContaining('en limpieza')]);
    expect(await t.sql(`select 1 from die_enlistment where die_id = $1`, [dieId])).toHaveLength(0);
    const noDie = await t.http().post('/api/die-enlistment').set(as(TECH)).send({ needed_at: new Date().toISOString() });
    expect([noDie.status, noDie.body.fields]).toEqual([400, { die_id: enlistmentMessages.needDieOrOrder }]);
    expect((await request(dieId, { needed_at: 'mañana' })).body.fields).toEqual({ needed_at: messages.dateTimeFormat });
    expect((await request(dieId, { needed_at: '2026-01-01T08:00:00+20:00' })).body.fields).toEqual({ needed_at: messages.dateTimeFormat });
    expect((await request(dieId, { needed_at: undefined })).body.fields).toEqual({ needed_at: enlistmentMessages.neededAt });
    expect((await request(dieId, { line_id: 999999 })).body.fields).toEqual({ line_id: enlistmentMessages.lineMissing });
  });

  it('cancels with a reason: the die back to stock, the tools released', async () => {
    const dieId = await dieInStock();
    const ring = await tool({ kind: 'ring' });
    const { body } = await request(dieId);
    await reserve(body.id, [ring.id]);
    await step(body.id, 'oven-in', {});
    expect((await step(body.id, 'cancel', { reason: ' ' })).body.fields).toEqual({ reason: enlistmentMessages.cancelReason });
    const cancelled = await step(body.id, 'cancel', { reason: 'Orden aplazada' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled_reason: 'Orden aplazada', die_state: 'in_stock' });
    expect(await toolState(ring.id)).toBe('available');
    // Cancelled, the die may be requested again.
    expect((await request(dieId)).status).toBe(201);
  });

  it('warns about a measured temperature under the company minimum and keeps the warning', async () => {
    const { body } = await request(await dieInStock());
    await step(body.id, 'oven-in', { target_temp_c: 470 });
    const out = await step(body.id, 'oven-out', { measured_temp_c: 380 });
    expect(out.body.warnings).toEqual([enlistmentMessages.lowTemperature(380, 400)]);
    const wrongOven = await step((await request(await dieInStock())).body.id, 'oven-in', { oven_machine_id: ids.southOven });
    expect(wrongOven.body.fields).toEqual({ oven_machine_id: enlistmentMessages.ovenMissing });
  });
});

describe('guards of the company setting', () => {
  it('warns (stored and shown) or refuses a die with an open correction or an overdue nitriding', async () => {
    const corrected = await dieInStock();
    await t.sql(`insert into correction_record (company_id, number, die_id, description, status) values ($1, 'NC-PR-1', $2, 'Espesor de pared', 'reported')`, [
      north,
      corrected,
    ]);
    const overdue = await dieInStock({ billets_since_nitriding: 120, nitriding_every_billets: 100 });
    const closedCorrection = await dieInStock();
    await t.sql(
      `insert into correction_record (company_id, number, die_id, description, status, closed_at) values ($1, 'NC-PR-2', $2, 'Antigua', 'closed', now())`,
      [north, closedCorrection],
    );

    await setGuard('block');
    const refusedCorrection = await request(corrected);
    expect([refusedCorrection.status, refusedCorrection.body.fields]).toEqual([409, { die_id: enlistmentMessages.blocked(enlistmentMessages.openCorrection) }]);
    expect(refusedCorrection.body.message).toBe('No se puede alistar: la matriz tiene una corrección abierta');
    expect((await request(overdue)).body.fields).toEqual({ die_id: enlistmentMessages.blocked(enlistmentMessages.nitridingOverdue) });
    expect(await dieState(corrected)).toBe('in_stock');
    expect((await request(closedCorrection)).status).toBe(201);

    await setGuard('warn');
    const warned = await request(corrected);
    expect([warned.status, warned.body.warnings]).toEqual([201, [enlistmentMessages.warned(enlistmentMessages.openCorrection)]]);
    const warnedOverdue = await request(overdue);
    expect(warnedOverdue.body.warnings).toEqual(['Atención: la matriz tiene el nitrurado vencido']);
    const shown = (await t.http().get(`/api/die-enlistment/${warned.body.id}`).set(as(TECH))).body as EnlistmentDetail;
    expect(shown.warnings).toEqual(warned.body.warnings);
  });
});

describe('tools', () => {
  it('reserves a tool once, only available and compatible ones, and releases the ones left out', async () => {
    const first = (await request(await dieInStock())).body as EnlistmentDetail;
    const second = (await request(await dieInStock())).body as EnlistmentDetail;
    const stem = await tool({ kind: 'stem', lines: [ids.line] });
    const elsewhere = await tool({ lines: [ids.otherLine] });
    const inRepair = await tool({ state: 'repair' });
    expect((await reserve(first.id, [stem.id])).status).toBe(200);
    const twice = await reserve(second.id, [stem.id]);
    expect([twice.status, twice.body.fields]).toEqual([409, { tool_ids: enlistmentMessages.toolReserved(stem.code) }]);
    expect((await reserve(second.id, [elsewhere.id])).body.fields).toEqual({ tool_ids: enlistmentMessages.toolIncompatible(elsewhere.code) });
    expect((await reserve(second.id, [inRepair.id])).body.fields).toEqual({ tool_ids: enlistmentMessages.toolNotAvailable(inRepair.code) });
    expect((await reserve(second.id, [ids.southTool])).body.fields).toEqual({ tool_ids: enlistmentMessages.toolMissing });
    const reservable = (await t.http().get(`/api/die-enlistment/${second.id}/reservable-tools`).set(as(TECH))).body as { id: number }[];
    expect(reservable.map((row) => row.id)).not.toEqual(expect.arrayContaining([stem.id]));
    expect(reservable.map((row) => row.id)).not.toContain(elsewhere.id);

    const released = await reserve(first.id, []);
    expect(released.body.tools).toEqual([expect.objectContaining({ tool_id: stem.id, released_at: expect.any(String) })]);
    expect(await toolState(stem.id)).toBe('available');
    expect((await reserve(second.id, [stem.id])).status).toBe(200);
    expect(await t.sql(`select 1 from die_enlistment_tool where tool_id = $1 and released_at is null`, [stem.id])).toHaveLength(1);
  });
});

describe('the list', () => {
  it('shows overdue ones first, then by needed time, flags the dies needed soon and the oven dwell alarm', async () => {
    await t.sql(`update die_enlistment set status = 'cancelled' where company_id = $1 and status in ('requested', 'preparing', 'oven', 'ready')`, [north]);
    const hours = (count: number) => new Date(Date.now() + count * 3600_000).toISOString();
    const later = (await request(await dieInStock(), { needed_at: hours(30) })).body as EnlistmentDetail;
    const soon = (await request(await dieInStock(), { needed_at: hours(5) })).body as EnlistmentDetail;
    const late = (await request(await dieInStock(), { needed_at: hours(-2) })).body as EnlistmentDetail;
    await step(soon.id, 'oven-in', {});
    // Nine hours in the oven, past the company's 8.
    await t.sql(`update die_enlistment set oven_in_at = now() - interval '9 hours' where id = $1`, [soon.id]);

    const list = (await t.http().get('/api/die-enlistment/all').set(as(TECH))).body as { items: EnlistmentRow[] };
    expect(list.items.map((row) => [row.id, row.overdue, row.needed_soon, row.dwell_alarm])).toEqual([
      [late.id, true, true, false],
      [soon.id, false, true, true],
      [later.id, false, false, false],
    ]);
    const detail = (await t.http().get(`/api/die-enlistment/${soon.id}`).set(as(TECH))).body as EnlistmentDetail;
    expect([detail.dwell_alarm, detail.dwell_hours! >= 9, detail.oven_max_dwell_hours]).toEqual([true, true, 8]);
    const due = (await t.http().get('/api/die-enlistment/all?due_within_hours=12').set(as(TECH))).body as { items: EnlistmentRow[] };
    expect(due.items.map((row) => row.id)).toEqual([late.id, soon.id]);
    const withClosed = (await t.http().get('/api/die-enlistment/all?include_closed=true&pageSize=500').set(as(TECH))).body as { items: EnlistmentRow[] };
    expect(withClosed.items.some((row) => row.status === 'cancelled')).toBe(true);
  });
});

describe('grants and tenancy', () => {
  it('refuses a guest every route and hides another company’s preparations, dies, tools and ovens', async () => {
    const { body } = await request(await dieInStock());
    const routes: [string, string, object?][] = [
      ['get', '/api/die-enlistment/all'],
      ['get', '/api/die-enlistment/ovens'],
      ['get', `/api/die-enlistment/${body.id}`],
      ['get', `/api/die-enlistment/${body.id}/reservable-tools`],
      ['post', '/api/die-enlistment', { die_id: 1, needed_at: new Date().toISOString() }],
      ['patch', `/api/die-enlistment/${body.id}/checklist`, { is_clean: true }],
      ['put', `/api/die-enlistment/${body.id}/tools`, { tool_ids: [] }],
      ['patch', `/api/die-enlistment/${body.id}/oven-in`, {}],
      ['patch', `/api/die-enlistment/${body.id}/oven-out`, { measured_temp_c: 450 }],
      ['patch', `/api/die-enlistment/${body.id}/ready`, {}],
      ['patch', `/api/die-enlistment/${body.id}/deliver`, {}],
      ['patch', `/api/die-enlistment/${body.id}/cancel`, { reason: 'x' }],
    ];
    for (const [method, path, payload] of routes) {
      const call = (t.http() as unknown as Record<string, (path: string) => ReturnType<ReturnType<TestApp['http']>['get']>>)[method](path).set(as(GUEST));
      const response = payload ? await call.send(payload) : await call;
      expect([path, method, response.status]).toEqual([path, method, 403]);
    }
    for (const [method, path, payload] of routes.filter(([, path]) => path.includes(String(body.id)))) {
      const call = (t.http() as unknown as Record<string, (path: string) => ReturnType<ReturnType<TestApp['http']>['get']>>)[method](path).set(as(SOUTH));
      const response = payload ? await call.send(payload) : await call;
      expect([path, method, response.status, response.body.message]).toEqual([path, method, 404, messages.notFound]);
    }
    expect((await request(ids.southDie)).body.fields).toEqual({ die_id: enlistmentMessages.dieMissing });
    const southList = (await t.http().get('/api/die-enlistment/all?include_closed=true').set(as(SOUTH))).body as { items: EnlistmentRow[] };
    // The south plant sees its own preparations (its demo), none of the north's.
    const northNumbers = (
      (await t.http().get('/api/die-enlistment/all?include_closed=true&pageSize=500').set(as(TECH))).body as { items: EnlistmentRow[] }
    ).items.map((row) => row.id);
    expect(southList.items.filter((row) => northNumbers.includes(row.id))).toEqual([]);
    const ovens = (await t.http().get('/api/die-enlistment/ovens').set(as(TECH))).body as { id: number }[];
    expect(ovens.map((oven) => oven.id)).toContain(ids.oven);
    expect(ovens.map((oven) => oven.id)).not.toContain(ids.southOven);
    expect(await dieState(ids.southDie)).toBe('in_stock');
  });
});
