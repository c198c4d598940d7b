import type { INestApplication } from '@nestjs/common';
import { preventiveMessages } from '@planta/contracts';
import { createApp } from '../src/app.factory';
import { Clock } from '../src/common/clock';
import { PmPlanEntity } from '../src/maintenance/pm-plan.entity';
import { PreventivePlansService } from '../src/maintenance/preventive-plans.service';
import { PreventiveScheduler } from '../src/maintenance/preventive-scheduler.service';
import { TenantDb } from '../src/tenancy/tenant-db.service';
import { alloy6063T6, insertTestPress, seededCopiesInStock } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const ids = { line: 0, press: 0, otherMachine: 0, billets: 0, otherMeter: 0, southMachine: 0, operator: 0, jefe: 0, die: 0, alloy: 0, finish: 0 };

/** The API's clock, moved by the tests (every app of this file reads its own). */
const setClock = (app: INestApplication, at: string) => {
  app.get(Clock).now = () => new Date(at);
};

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of ['admin@norte.example', 'jefe@norte.example', 'operario@norte.example', 'invitado@norte.example', 'admin@sur.example']) {
    tokens[email] = (await t.login(email)).access_token;
  }
  const press = await insertTestPress(t, { company: north, name: 'Prensa preventivo', machine: { name: 'Prensa PM' } });
  const [other] = await t.sql<{ id: number }>(`insert into machine (company_id, name, type) values ($1, 'Horno PM', 'press') returning id`, [north]);
  const [billets] = await t.sql<{ id: number }>(`select id from meter where machine_id = $1 and kind = 'billets'`, [press.machine]);
  const [otherMeter] = await t.sql<{ id: number }>(`select id from meter where machine_id = $1 and kind = 'billets'`, [other.id]);
  const [southMachine] = await t.sql<{ id: number }>(`insert into machine (company_id, name, type) values ($1, 'Prensa Sur PM', 'press') returning id`, [
    south,
  ]);
  const [operator] = await t.sql<{ id: number }>(`select id from app_user where email = 'operario@norte.example'`);
  const [jefe] = await t.sql<{ id: number }>(`select id from app_user where email = 'jefe@norte.example'`);
  const [die] = await seededCopiesInStock(t, north, 'EN-6003');
  const [finish] = await t.sql<{ id: number }>(`select id from finish where company_id = $1 order by id limit 1`, [north]);
  Object.assign(ids, {
    line: press.line,
    press: press.machine,
    otherMachine: other.id,
    billets: billets.id,
    otherMeter: otherMeter.id,
    southMachine: southMachine.id,
    operator: operator.id,
    jefe: jefe.id,
    die: die.id,
    alloy: await alloy6063T6(t, north),
    finish: finish.id,
  });
});
/**
 * A second API on the same database (another process, as far as PostgreSQL can tell). Closed only
 * at the end: passport's strategy registry is module-wide, so the last app created answers the
 * sign-ins of both, and closing it would cut the first one's database access.
 */
let second: INestApplication | undefined;
afterAll(async () => {
  await second?.close();
  await t.close();
});

const as = (email: string) => bearer(tokens[email]);
const calendarPlan = (name: string, extra: object = {}) => ({
  machine_id: ids.press,
  name,
  trigger: 'calendar',
  every_n: 1,
  unit: 'month',
  anchor: 'fixed',
  starts_on: '2026-03-10',
  lead_days: 3,
  checklist: [
    { kind: 'check', label: 'Revisar nivel de aceite', required: true },
    { kind: 'number', label: 'Presión del acumulador (bar)', required: false },
  ],
  ...extra,
});
const post = (body: object, who = 'jefe@norte.example') => t.http().post('/api/preventive-plan').set(as(who)).send(body);
const scheduler = (app: INestApplication = t.app) => app.get(PreventiveScheduler);
const ordersOf = (planId: number) =>
  t.sql<{
    id: number;
    number: string;
    status: string;
    occurrence_on: string | null;
    due_at: Date | null;
    trigger_meter_value: string | null;
    overdue_notified_at: Date | null;
  }>(
    `select id, number, status, to_char(occurrence_on, 'YYYY-MM-DD') as occurrence_on, due_at, trigger_meter_value, overdue_notified_at from work_order where pm_plan_id = $1 order by id`,
    [planId],
  );
/** Completes an order as the board will (SQL here), then runs the completion hook through the app's service. */
const complete = async (orderId: number, at: string) => {
  await t.sql(`update work_order set status = 'completed', completed_at = $2 where id = $1`, [orderId, at]);
  await t.app.get(TenantDb).transaction((scope) => t.app.get(PreventivePlansService).onOrderCompleted(scope, orderId, new Date(at)), north);
};

describe('preventive plans: CRUD, validation, tenancy and grants', () => {
  it('creates, reads, lists, changes and deletes a plan; only leads write', async () => {
    setClock(t.app, '2026-03-02T08:00:00Z');
    expect((await post(calendarPlan('Engrase mensual'), 'operario@norte.example')).status).toBe(403);
    const created = await post(calendarPlan('Engrase mensual'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Engrase mensual', machine_name: 'Prensa PM', next_due_on: '2026-03-10', open_order: null, overdue: false });
    const id = created.body.id;

    expect((await t.http().get(`/api/preventive-plan/${id}`).set(as('operario@norte.example'))).body).toMatchObject({
      checklist: [
        { kind: 'check', label: 'Revisar nivel de aceite', required: true },
        { kind: 'number', label: 'Presión del acumulador (bar)', required: false },
      ],
      orders: [],
      skips: [],
    });
    const list = await t
      .http()
      .get(`/api/preventive-plan/all?search=engrase&machine_id=${ids.press}&trigger=calendar&active=true`)
      .set(as('operario@norte.example'));
    expect(list.status).toBe(200);
    expect(list.body.items.map((plan: { id: number }) => plan.id)).toEqual([id]);
    expect(
      (await t.http().get(`/api/preventive-plan/all?due_within_days=30`).set(as('jefe@norte.example'))).body.items.map((p: { id: number }) => p.id),
    ).toContain(id);
    expect(
      (await t.http().get(`/api/preventive-plan/all?due_within_days=3`).set(as('jefe@norte.example'))).body.items.map((p: { id: number }) => p.id),
    ).not.toContain(id);
    expect((await t.http().get(`/api/preventive-plan/all`).set(as('invitado@norte.example'))).status).toBe(403);

    expect((await t.http().patch(`/api/preventive-plan/${id}`).set(as('operario@norte.example')).send({ priority: 'high' })).status).toBe(403);
    const changed = await t.http().patch(`/api/preventive-plan/${id}`).set(as('jefe@norte.example')).send({ priority: 'high', starts_on: '2026-03-16' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ priority: 'high', next_due_on: '2026-03-16' });
    const [audit] = await t.sql<{ action: string }>(`select action from audit_entry where entity = 'pm-plan' and entity_id = $1 order by id desc limit 1`, [
      id,
    ]);
    expect(audit.action).toBe('update');

    expect((await t.http().delete(`/api/preventive-plan/${id}`).set(as('operario@norte.example'))).status).toBe(403);
    expect((await t.http().delete(`/api/preventive-plan/${id}`).set(as('jefe@norte.example'))).status).toBe(204);
    expect((await t.http().get(`/api/preventive-plan/${id}`).set(as('jefe@norte.example'))).status).toBe(404);
  });

  it('refuses incomplete or inconsistent plans with Spanish messages per field', async () => {
    const calendarMissing = await post({ machine_id: ids.press, name: 'Sin calendario', trigger: 'calendar' });
    expect(calendarMissing.status).toBe(400);
    expect(calendarMissing.body.fields).toMatchObject({
      every_n: 'Este campo es obligatorio',
      unit: preventiveMessages.chooseUnit,
      starts_on: 'Este campo es obligatorio',
    });
    const counterMissing = await post({ machine_id: ids.press, name: 'Sin contador', trigger: 'both', every_n: 1, unit: 'week', starts_on: '2026-03-10' });
    expect(counterMissing.body.fields).toEqual({ meter_id: preventiveMessages.chooseMeter, interval_value: 'Este campo es obligatorio' });
    expect((await post(calendarPlan('Anticipo largo', { every_n: 2, unit: 'week', lead_days: 14 }))).body.fields).toEqual({
      lead_days: preventiveMessages.leadDaysTooLong,
    });
    const bigLead = await post({
      machine_id: ids.press,
      name: 'Aviso grande',
      trigger: 'counter',
      meter_id: ids.billets,
      interval_value: 100,
      lead_value: 100,
    });
    expect(bigLead.body.fields).toEqual({ lead_value: preventiveMessages.leadValueTooBig });
    const foreignMeter = await post({ machine_id: ids.press, name: 'Contador ajeno', trigger: 'counter', meter_id: ids.otherMeter, interval_value: 100 });
    expect([foreignMeter.status, foreignMeter.body.fields]).toEqual([400, { meter_id: preventiveMessages.meterNotOfMachine }]);
    const southMachine = await post(calendarPlan('Máquina del Sur', { machine_id: ids.southMachine }));
    expect([southMachine.status, southMachine.body.fields]).toEqual([400, { machine_id: preventiveMessages.machineMissing }]);
    const [southUser] = await t.sql<{ id: number }>(`select id from app_user where email = 'operario@sur.example'`);
    expect((await post(calendarPlan('Responsable del Sur', { assignee_id: southUser.id }))).body.fields).toEqual({
      assignee_id: preventiveMessages.assigneeNotMember,
    });
    expect((await post(calendarPlan('Nombre repetido'))).status).toBe(201);
    const again = await post(calendarPlan('Nombre repetido'));
    expect([again.status, again.body.message]).toEqual([409, preventiveMessages.nameTaken]);
    // A change is checked as a whole plan: turning it into a counter plan needs the counter part.
    const [{ id }] = await t.sql<{ id: number }>(`select id from pm_plan where name = 'Nombre repetido'`);
    const toCounter = await t.http().patch(`/api/preventive-plan/${id}`).set(as('jefe@norte.example')).send({ trigger: 'counter' });
    expect(toCounter.body.fields).toEqual({ meter_id: preventiveMessages.chooseMeter, interval_value: 'Este campo es obligatorio' });
  });

  it("never shows or changes another company's plan", async () => {
    const [plan] = await t.sql<{ id: number }>(`select id from pm_plan where name = 'Nombre repetido'`);
    const south = 'admin@sur.example';
    expect((await t.http().get(`/api/preventive-plan/${plan.id}`).set(as(south))).status).toBe(404);
    expect((await t.http().patch(`/api/preventive-plan/${plan.id}`).set(as(south)).send({ priority: 'low' })).status).toBe(404);
    expect((await t.http().delete(`/api/preventive-plan/${plan.id}`).set(as(south))).status).toBe(404);
    expect((await t.http().post(`/api/preventive-plan/${plan.id}/generate`).set(as(south))).status).toBe(404);
    expect((await t.http().get(`/api/preventive-plan/all?search=repetido`).set(as(south))).body.total).toBe(0);
  });

  it("offers the form's machines, meters and people of the active company only, to whoever may read plans", async () => {
    expect((await t.http().get('/api/preventive-plan-options').set(as('invitado@norte.example'))).status).toBe(403);
    const mine = await t.http().get('/api/preventive-plan-options').set(as('operario@norte.example'));
    expect(mine.status).toBe(200);
    expect(mine.body.machines).toContainEqual({ id: ids.press, name: 'Prensa PM' });
    expect(mine.body.meters).toContainEqual({ id: ids.billets, machine_id: ids.press, name: 'Tochos empujados', unit: 'tochos', value: expect.any(Number) });
    expect(mine.body.assignees).toContainEqual({ id: ids.operator, name: expect.any(String) });
    const theirs = await t.http().get('/api/preventive-plan-options').set(as('admin@sur.example'));
    expect(theirs.body.machines.map((machine: { id: number }) => machine.id)).toEqual(expect.arrayContaining([ids.southMachine]));
    expect(theirs.body.machines.map((machine: { id: number }) => machine.id)).not.toContain(ids.press);
    expect(theirs.body.meters.map((meter: { id: number }) => meter.id)).not.toContain(ids.billets);
    expect(theirs.body.assignees.map((user: { id: number }) => user.id)).not.toContain(ids.operator);
  });

  it('generates the next order on demand once, with the checklist, and keeps a plan with orders from being deleted', async () => {
    setClock(t.app, '2026-03-02T08:00:00Z');
    const plan = (await post(calendarPlan('Generada a mano', { assignee_id: ids.operator, estimated_h: 2.5, priority: 'urgent' }))).body;
    expect((await t.http().post(`/api/preventive-plan/${plan.id}/generate`).set(as('operario@norte.example'))).status).toBe(403);
    const first = await t.http().post(`/api/preventive-plan/${plan.id}/generate`).set(as('jefe@norte.example'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: true, order: { status: 'assigned', number: expect.stringMatching(/^OT-2026-\d{4}$/) } });
    const second = await t.http().post(`/api/preventive-plan/${plan.id}/generate`).set(as('jefe@norte.example'));
    expect(second.body).toEqual({ created: false, order: first.body.order });
    const [order] = await t.sql<Record<string, unknown>>(
      `select type, title, machine_id, priority, estimated_h::float8 as estimated_h, assignee_id, created_by, to_char(occurrence_on, 'YYYY-MM-DD') as occurrence_on, due_at
         from work_order where id = $1`,
      [first.body.order.id],
    );
    expect(order).toMatchObject({
      type: 'preventive',
      title: 'Generada a mano',
      machine_id: ids.press,
      priority: 'urgent',
      estimated_h: 2.5,
      assignee_id: ids.operator,
      created_by: ids.jefe,
      occurrence_on: '2026-03-10',
    });
    // End of the due day in the company's time zone.
    const [{ expected }] = await t.sql<{ expected: Date }>(
      `select (('2026-03-11'::timestamp at time zone time_zone) - interval '1 second') as expected from company where id = $1`,
      [north],
    );
    expect(order.due_at).toEqual(expected);
    const items = await t.sql(`select position, kind, label, required from work_order_item where work_order_id = $1 order by position`, [first.body.order.id]);
    expect(items).toEqual([
      { position: 1, kind: 'check', label: 'Revisar nivel de aceite', required: true },
      { position: 2, kind: 'number', label: 'Presión del acumulador (bar)', required: false },
    ]);
    const [note] = await t.sql<{ text_message: string }>(`select text_message from notification where user_id = $1 order by id desc limit 1`, [ids.operator]);
    expect(note.text_message).toBe(`Se te asignó la actividad de mantenimiento preventivo ${first.body.order.number}: Generada a mano`);
    expect(note.text_message).toMatch(/mantenimiento/);
    expect(note.text_message).toMatch(/preventivo/);

    const detail = await t.http().get(`/api/preventive-plan/${plan.id}`).set(as('jefe@norte.example'));
    expect(detail.body.open_order).toMatchObject({ id: first.body.order.id, status: 'assigned' });
    expect(detail.body.orders.map((o: { id: number }) => o.id)).toEqual([first.body.order.id]);
    const refused = await t.http().delete(`/api/preventive-plan/${plan.id}`).set(as('jefe@norte.example'));
    expect([refused.status, refused.body.message]).toEqual([409, preventiveMessages.hasOrders]);
    expect((await t.http().patch(`/api/preventive-plan/${plan.id}`).set(as('jefe@norte.example')).send({ active: false })).body.active).toBe(false);
    const inactive = await t.http().post(`/api/preventive-plan/${plan.id}/generate`).set(as('jefe@norte.example'));
    expect([inactive.status, inactive.body.message]).toEqual([409, preventiveMessages.inactive]);
  });
});

describe('the scheduler', () => {
  let calendarId = 0;

  it('creates a calendar plan order lead days before its due date, by the fake clock', async () => {
    setClock(t.app, '2026-04-01T08:00:00Z');
    calendarId = (await post(calendarPlan('Revisión hidráulica', { starts_on: '2026-04-20', lead_days: 5, assignee_id: ids.operator }))).body.id;
    setClock(t.app, '2026-04-14T12:00:00Z');
    await scheduler().runCompany(north);
    expect(await ordersOf(calendarId)).toEqual([]);
    setClock(t.app, '2026-04-15T08:00:00Z');
    const run = await scheduler().runCompany(north);
    expect(run.ran).toBe(true);
    const orders = await ordersOf(calendarId);
    expect(orders).toHaveLength(1);
    expect(run.created).toContain(orders[0].id);
    expect(orders[0]).toMatchObject({ status: 'assigned', occurrence_on: '2026-04-20', overdue_notified_at: null });
    // Every further minute finds it open.
    await scheduler().runCompany(north);
    expect(await ordersOf(calendarId)).toHaveLength(1);
  });

  it('flags the order overdue once its due day has passed, with one warning, and never a completed one', async () => {
    setClock(t.app, '2026-04-20T20:00:00Z');
    expect((await scheduler().runCompany(north)).overdue).toEqual([]);
    setClock(t.app, '2026-04-21T09:00:00Z');
    const [order] = await ordersOf(calendarId);
    const before = await t.sql(`select id from notification where user_id = $1`, [ids.operator]);
    const run = await scheduler().runCompany(north);
    expect(run.overdue).toEqual([order.id]);
    setClock(t.app, '2026-04-22T09:00:00Z');
    expect((await scheduler().runCompany(north)).overdue).toEqual([]);
    const notes = await t.sql<{ text_message: string; variant: string }>(
      `select text_message, variant from notification where user_id = $1 and id <> all($2::int[])`,
      [ids.operator, before.map((row) => row.id)],
    );
    expect(notes).toEqual([{ text_message: preventiveMessages.overdue(order.number, 'Revisión hidráulica'), variant: 'warning' }]);
    const listed = await t.http().get(`/api/preventive-plan/all?search=hidráulica`).set(as('jefe@norte.example'));
    expect(listed.body.items[0]).toMatchObject({ overdue: true, open_order: { id: order.id } });
  });

  it('skips the occurrences a late completion missed, logs them and moves the next due date', async () => {
    const [order] = await ordersOf(calendarId);
    await complete(order.id, '2026-07-02T10:00:00Z');
    setClock(t.app, '2026-07-02T11:00:00Z');
    const detail = await t.http().get(`/api/preventive-plan/${calendarId}`).set(as('jefe@norte.example'));
    expect(detail.body).toMatchObject({ next_due_on: '2026-07-20', open_order: null, overdue: false, last_completed_at: '2026-07-02T10:00:00.000Z' });
    expect(detail.body.skips).toEqual([
      {
        id: expect.any(Number),
        skipped: 2,
        from_on: '2026-05-20',
        to_on: '2026-06-20',
        work_order_number: order.number,
        logged_at: '2026-07-02T10:00:00.000Z',
      },
    ]);
    // The completed order is never flagged overdue again; the next order waits for its lead days.
    expect(await scheduler().runCompany(north)).toMatchObject({ created: [], overdue: [] });
    setClock(t.app, '2026-07-15T07:00:00Z');
    await scheduler().runCompany(north);
    const orders = await ordersOf(calendarId);
    expect(orders.map((o) => [o.status, o.occurrence_on])).toEqual([
      ['completed', '2026-04-20'],
      ['assigned', '2026-07-20'],
    ]);
  });

  it('runs once across two API processes at the same time, and the unique index holds even without the lock', async () => {
    setClock(t.app, '2026-08-01T08:00:00Z');
    const plan = (await post(calendarPlan('Dos procesos', { starts_on: '2026-08-10', lead_days: 2 }))).body;
    const other = await createApp(t.config, t.database.url, { logger: false });
    second = other;
    {
      for (const app of [t.app, other]) setClock(app, '2026-08-08T06:00:00Z');
      const runs = await Promise.all([scheduler(t.app).runCompany(north), scheduler(other).runCompany(north)]);
      const orders = await ordersOf(plan.id);
      expect(orders).toHaveLength(1);
      expect(runs.flatMap((run) => run.created).filter((id) => id === orders[0].id)).toHaveLength(1);

      // No lock: two transactions create the order of another plan at once; the second one finds the first's.
      const racing = (await post(calendarPlan('Sin candado', { starts_on: '2026-08-10', lead_days: 2 }))).body;
      let release = () => undefined as void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const first = t.app.get(TenantDb).transaction(async (scope) => {
        const outcome = await t.app
          .get(PreventivePlansService)
          .createOrder(scope, await scope.repository(PmPlanEntity).findOne(racing.id), new Date('2026-08-08T06:00:00Z'));
        await gate;
        return outcome;
      }, north);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const racer = other
        .get(TenantDb)
        .transaction(
          async (scope) =>
            other.get(PreventivePlansService).createOrder(scope, await scope.repository(PmPlanEntity).findOne(racing.id), new Date('2026-08-08T06:00:00Z')),
          north,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const [a, b] = await Promise.all([first, racer]);
      expect(a.created).toBe(true);
      expect(b).toMatchObject({ created: false, order: { id: a.order.id } });
      expect(await ordersOf(racing.id)).toHaveLength(1);
      // The loser gave its OT number back: numbers stay consecutive.
      const [next] = await t.sql<{ number: string }>(`select next_document_number($1, 'OT', '2026-08-08') as number`, [north]);
      expect(Number(next.number.slice(-4))).toBe(Number(a.order.number.slice(-4)) + 1);
    }
  });
});

describe('counter plans fed by extrusion runs', () => {
  let planId = 0;
  let orderId = 0;

  const run = async (billets: number) => {
    const started = await t
      .http()
      .post('/api/extrusion/start')
      .set(as('operario@norte.example'))
      .send({ order_id: orderId, die_id: ids.die, line_id: ids.line });
    expect(started.status).toBe(201);
    const stopped = await t
      .http()
      .post(`/api/extrusion/${started.body.id}/stop`)
      .set(as('operario@norte.example'))
      .send({ billets_pushed: billets, good_kg: 100, scrap_kg: 0 });
    expect(stopped.status).toBe(200);
  };

  it('creates exactly one order with the checklist when the press meter passes next due less the lead, and no second while it is open', async () => {
    t.app.get(Clock).now = () => new Date();
    const productionOrder = await t.http().post('/api/orders').set(as('jefe@norte.example')).send({
      number: 'OP-PM-1',
      customer: 'Cliente',
      profile: 'Perfil',
      die_id: ids.die,
      alloy_id: ids.alloy,
      finish_id: ids.finish,
      length_mm: 6000,
      quantity_pieces: 500,
      quantity_kg: 1800,
      due_date: '2026-12-15',
    });
    expect([productionOrder.status, productionOrder.body]).toMatchObject([201, {}]);
    orderId = productionOrder.body.id;
    const [meter] = await t.sql<{ value: string }>(`select value from meter where id = $1`, [ids.billets]);
    expect(Number(meter.value)).toBe(0);
    const created = await post({
      machine_id: ids.press,
      name: 'Cambio de cuchilla',
      trigger: 'counter',
      meter_id: ids.billets,
      interval_value: 100,
      lead_value: 20,
      checklist: [{ kind: 'inspection', label: 'Inspeccionar la cuchilla de corte', required: true }],
    });
    expect(created.body).toMatchObject({ last_done_value: 0, next_due_value: 100, meter_value: 0, counter_used: 0 });
    planId = created.body.id;

    await run(30);
    await run(30);
    expect(await ordersOf(planId)).toEqual([]);
    await run(30); // 90 ≥ 100 − 20
    const orders = await ordersOf(planId);
    expect(orders).toHaveLength(1);
    expect(Number(orders[0].trigger_meter_value)).toBe(90);
    expect(await t.sql(`select kind, label, required from work_order_item where work_order_id = $1`, [orders[0].id])).toEqual([
      { kind: 'inspection', label: 'Inspeccionar la cuchilla de corte', required: true },
    ]);
    await run(30); // 120: past due, still the one order
    expect(await ordersOf(planId)).toHaveLength(1);
    const listed = (await t.http().get(`/api/preventive-plan/all?search=cuchilla`).set(as('jefe@norte.example'))).body.items[0];
    expect(listed).toMatchObject({ meter_value: 120, overdue: true, open_order: { id: orders[0].id } });
    expect(listed.counter_used).toBeCloseTo(1.2);
  });

  it('counts from the meter value at completion, and a meter reset on service goes back to zero', async () => {
    const [order] = await ordersOf(planId);
    await complete(order.id, new Date().toISOString());
    const [plan] = await t.sql<{ last_done_value: string; next_due_value: string }>(`select last_done_value, next_due_value from pm_plan where id = $1`, [
      planId,
    ]);
    expect([Number(plan.last_done_value), Number(plan.next_due_value)]).toEqual([120, 220]);
    await run(30);
    expect(await ordersOf(planId)).toHaveLength(1);

    await t.sql(`update meter set reset_on_pm = true where id = $1`, [ids.billets]);
    await t.http().post(`/api/preventive-plan/${planId}/generate`).set(as('jefe@norte.example')).expect(200);
    const [, second] = await ordersOf(planId);
    await complete(second.id, new Date().toISOString());
    const [after] = await t.sql<{ last_done_value: string; next_due_value: string; value: string }>(
      `select last_done_value, next_due_value, meter.value from pm_plan join meter on meter.id = pm_plan.meter_id where pm_plan.id = $1`,
      [planId],
    );
    expect([Number(after.last_done_value), Number(after.next_due_value), Number(after.value)]).toEqual([0, 100, 0]);
    const [reading] = await t.sql<{ value: string; source: string }>(`select value, source from meter_reading where meter_id = $1 order by id desc limit 1`, [
      ids.billets,
    ]);
    expect([Number(reading.value), reading.source]).toEqual([0, 'reset']);
  });
});
