import {
  liveEvents,
  MAINTENANCE_BOARD_CHANGED,
  messages,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  workOrderMessages,
  type MaintenanceBoard,
  type WorkOrderDetail,
  type WorkOrderStatus,
} from '@planta/contracts';
import { closeSockets, connect, nextEvent, pause, recorder } from './support/sockets';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let url: string;
let north: number;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let machine: { id: number; name: string };
let otherMachine: number;
let southMachine: number;

const EMAILS = [
  'jefe@norte.example',
  'admin@norte.example',
  'mantenimiento@norte.example',
  'operario@norte.example',
  'invitado@norte.example',
  'operario@sur.example',
  'admin@sur.example',
];
const JEFE = 'jefe@norte.example';
const TECH = 'mantenimiento@norte.example';
const OPERARIO = 'operario@norte.example';
const GUEST = 'invitado@norte.example';
const SUR = 'admin@sur.example';

beforeAll(async () => {
  t = await startTestApp({ REALTIME_ACCESS_CHECK_MS: '600000' });
  url = await t.listen();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of EMAILS) {
    const session = await t.login(email);
    tokens[email] = session.access_token;
    users[email] = session.user.data.id;
  }
  const machines = await t.sql<{ id: number; name: string }>(`select id, name from machine where company_id = $1 order by id limit 2`, [north]);
  [machine] = machines;
  otherMachine = machines[1].id;
  [{ id: southMachine }] = await t.sql<{ id: number }>(`select id from machine where company_id <> $1 limit 1`, [north]);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const as = (email: string) => bearer(tokens[email]);
let counter = 0;
const createOrder = async (extra: object = {}, who = JEFE): Promise<WorkOrderDetail> => {
  counter += 1;
  const response = await t
    .http()
    .post('/api/work-order')
    .set(as(who))
    .send({ machine_id: machine.id, title: `Fuga de aceite ${counter}`, priority: 'high', ...extra });
  expect([response.status, response.body.message]).toEqual([201, undefined]);
  return response.body as WorkOrderDetail;
};
const detail = async (id: number, who = JEFE) => (await t.http().get(`/api/work-order/${id}`).set(as(who))).body as WorkOrderDetail;
const move = (id: number, version: number, to: WorkOrderStatus, extra: object = {}, who = JEFE) =>
  t
    .http()
    .post('/api/maintenance-board/move')
    .set(as(who))
    .send({ id, to_status: to, version, before_id: null, ...extra });
const board = async (query = '', who = JEFE) => (await t.http().get(`/api/maintenance-board${query}`).set(as(who))).body as MaintenanceBoard;
const column = (body: MaintenanceBoard, status: WorkOrderStatus) => body.columns.find((entry) => entry.status === status)?.cards ?? [];
const notificationsOf = (email: string) =>
  t.sql<{ text_message: string }>(`select text_message from notification where user_id = $1 and company_id = $2 order by id`, [users[email], north]);

/** Puts an order straight into a state, with what that state carries, as the board would have left it (created before it started). */
async function forceState(id: number, status: WorkOrderStatus) {
  await t.sql(
    `update work_order set status = $2::text, assignee_id = $3, created_at = least(created_at, now() - interval '3 hours'),
            hold_reason = case when $2::text = 'on_hold' then 'spare_part' end,
            started_at = case when $2::text in ('in_progress','on_hold','completed','verified') then now() - interval '2 hours' end,
            completed_at = case when $2::text in ('completed','verified') then now() - interval '1 hour' end,
            completed_by = case when $2::text in ('completed','verified') then $4::int end,
            verified_at = case when $2::text = 'verified' then now() end,
            verified_by = case when $2::text = 'verified' then $5::int end,
            cancelled_reason = case when $2::text = 'cancelled' then 'No procede' else '' end
      where id = $1`,
    [id, status, users[TECH], users[TECH], users[JEFE]],
  );
  const [{ version }] = await t.sql<{ version: number }>(`select version from work_order where id = $1`, [id]);
  return version;
}

describe('board moves', () => {
  const pairs = WORK_ORDER_STATUSES.flatMap((from) => WORK_ORDER_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs)('%s → %s: allowed exactly when WORK_ORDER_TRANSITIONS says so', async (from, to) => {
    const order = await createOrder();
    const version = await forceState(order.id, from);
    const response = await move(order.id, version, to, { hold_reason: 'spare_part', reason: 'Motivo de prueba' });
    if (WORK_ORDER_TRANSITIONS[from].includes(to)) {
      expect([response.status, response.body.message]).toEqual([200, undefined]);
      const after = await detail(order.id);
      expect(after.status).toBe(to);
      expect(after.version).toBe(version + 1);
    } else {
      expect([response.status, response.body.message]).toEqual([409, workOrderMessages.illegalMove(from, to)]);
      expect((await detail(order.id)).status).toBe(from);
    }
  });

  it('names the states in Spanish when refusing', () => {
    expect(workOrderMessages.illegalMove('pending', 'completed')).toBe('No se puede pasar de «Pendiente» a «Completada»');
  });

  it('persists positions: a card goes in front of the card it was dropped on, or at the end', async () => {
    const [a, b, c] = [await createOrder(), await createOrder(), await createOrder()];
    const pendingIds = () => board().then((body) => column(body, 'pending').map((card) => card.id));
    expect((await pendingIds()).slice(-3)).toEqual([a.id, b.id, c.id]);
    const moved = await move(c.id, c.version, 'pending', { before_id: a.id });
    expect(moved.status).toBe(200);
    const ids = column(moved.body as MaintenanceBoard, 'pending').map((card) => card.id);
    expect(ids.slice(-3)).toEqual([c.id, a.id, b.id]);
    expect(await pendingIds()).toEqual(ids);
    const positions = await t.sql<{ id: number; board_position: number }>(
      `select id, board_position from work_order where company_id = $1 and status = 'pending' order by board_position, id`,
      [north],
    );
    expect(positions.map((row) => row.board_position)).toEqual(positions.map((_, index) => index));
    expect(positions.map((row) => row.id)).toEqual(ids);
    // Assigned, then dropped at the end of 'Asignada'.
    await t.http().patch(`/api/work-order/${a.id}`).set(as(JEFE)).send({ assignee_id: users[TECH] }).expect(200);
    const assigned = await board();
    expect(column(assigned, 'assigned').at(-1)!.id).toBe(a.id);
    // A card of another column is no place to drop in front of.
    const current = await detail(b.id);
    const wrong = await move(b.id, current.version, 'pending', { before_id: a.id });
    expect([wrong.status, wrong.body.fields]).toEqual([400, { before_id: workOrderMessages.beforeNotInColumn }]);
  });

  it('refuses a stale version with 409 and leaves the card where it was', async () => {
    const order = await createOrder({ assignee_id: users[TECH] });
    await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ title: 'Cambió el título' }).expect(200);
    const response = await move(order.id, order.version, 'in_progress');
    expect([response.status, response.body.message]).toEqual([409, workOrderMessages.staleVersion]);
    expect((await detail(order.id)).status).toBe('assigned');
  });

  it("refuses 'Asignada' without an assignee, 'En espera' without a reason, and sets started_at once", async () => {
    const order = await createOrder();
    const refused = await move(order.id, order.version, 'assigned');
    expect([refused.status, refused.body.message]).toEqual([409, workOrderMessages.assignFirst]);
    const assigned = (await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ assignee_id: users[TECH] })).body as WorkOrderDetail;
    expect(assigned.status).toBe('assigned');
    await move(order.id, assigned.version, 'in_progress', {}, TECH).expect(200);
    const started = await detail(order.id);
    expect(started.started_at).not.toBeNull();
    const noReason = await move(order.id, started.version, 'on_hold', {}, TECH);
    expect([noReason.status, noReason.body.fields]).toEqual([400, { hold_reason: workOrderMessages.holdReason }]);
    await move(order.id, started.version, 'on_hold', { hold_reason: 'spare_part' }, TECH).expect(200);
    const held = await detail(order.id);
    expect(held.hold_reason).toBe('spare_part');
    await move(order.id, held.version, 'in_progress', {}, TECH).expect(200);
    expect((await detail(order.id)).started_at).toBe(started.started_at);
  });

  it('writes an audit entry for each move and tells the company live, not other companies', async () => {
    const order = await createOrder({ assignee_id: users[TECH] });
    const [north1, south] = await Promise.all([connect(url, tokens[OPERARIO]), connect(url, tokens[SUR])]);
    const southEvents = recorder(south);
    const live = nextEvent<{ id: number; status: string }>(north1, MAINTENANCE_BOARD_CHANGED, 5000, (payload) => payload.id === order.id);
    await move(order.id, order.version, 'in_progress', {}, TECH).expect(200);
    expect(await live).toEqual({ id: order.id, status: 'in_progress' });
    await pause(200);
    expect(southEvents.filter(([name]) => name === MAINTENANCE_BOARD_CHANGED)).toEqual([]);
    const entries = await t.sql<{ after: { status: string }; actor_id: number }>(
      `select after, actor_id from audit_entry where entity = 'work-order' and entity_id = $1 and action = 'update' order by id`,
      [order.id],
    );
    expect(entries.at(-1)).toEqual({ after: expect.objectContaining({ status: 'in_progress' }), actor_id: users[TECH] });
  });
});

describe('completion and verification', () => {
  it('needs every required checklist item answered before completing, and names the missing ones', async () => {
    const order = await createOrder({
      assignee_id: users[TECH],
      items: [
        { kind: 'check', label: 'Presión del circuito', required: true },
        { kind: 'number', label: 'Temperatura del aceite', required: true },
        { kind: 'text', label: 'Observaciones', required: false },
      ],
    });
    await move(order.id, order.version, 'in_progress', {}, TECH).expect(200);
    let current = await detail(order.id);
    const refused = await move(order.id, current.version, 'completed', {}, TECH);
    expect([refused.status, refused.body.message]).toEqual([409, workOrderMessages.requiredItems(['Presión del circuito', 'Temperatura del aceite'])]);
    await t.http().patch(`/api/work-order/${order.id}/items/${current.items[0].id}`).set(as(TECH)).send({ ok: true }).expect(200);
    current = await detail(order.id);
    const stillOne = await move(order.id, current.version, 'completed', {}, TECH);
    expect(stillOne.body.message).toBe(workOrderMessages.requiredItems(['Temperatura del aceite']));
    const answered = (await t.http().patch(`/api/work-order/${order.id}/items/${current.items[1].id}`).set(as(TECH)).send({ value: '54' }))
      .body as WorkOrderDetail;
    expect(answered.items[1]).toEqual(expect.objectContaining({ value: '54', answered_by_name: expect.any(String) }));
    await move(order.id, answered.version, 'completed', {}, TECH).expect(200);
    const done = await detail(order.id);
    expect([done.status, done.completed_by]).toEqual(['completed', users[TECH]]);
    expect(done.completed_at).not.toBeNull();
  });

  it('refuses verification by who completed it and by a non-lead, accepts a lead: the stop closes and the machine operates again', async () => {
    await t.sql(`update machine_stop set ended_at = greatest(now(), started_at + interval '1 second') where machine_id = $1 and ended_at is null`, [
      machine.id,
    ]);
    const order = await createOrder({ assignee_id: users[TECH] });
    const [stop] = await t.sql<{ id: number }>(
      `insert into machine_stop (company_id, machine_id, started_at, cause, work_order_id) values ($1, $2, now() - interval '3 hours', 'hydraulic', $3) returning id`,
      [north, machine.id, order.id],
    );
    await t.sql(`update machine set status = 'stopped' where id = $1`, [machine.id]);
    expect((await detail(order.id)).stops).toEqual([expect.objectContaining({ id: stop.id, ended_at: null, minutes: 180 })]);
    await move(order.id, order.version, 'in_progress', {}, TECH).expect(200);
    await move(order.id, (await detail(order.id)).version, 'completed', {}, TECH).expect(200);
    const completed = await detail(order.id);

    const byCompleter = await move(order.id, completed.version, 'verified', {}, TECH);
    expect([byCompleter.status, byCompleter.body.message]).toEqual([409, workOrderMessages.verifyBySomeoneElse]);
    const byUser = await move(order.id, completed.version, 'verified', {}, OPERARIO);
    expect([byUser.status, byUser.body.message]).toEqual([403, workOrderMessages.verifyByLead]);
    const [{ status: still }] = await t.sql<{ status: string }>(`select status from machine where id = $1`, [machine.id]);
    expect(still).toBe('stopped');

    await move(order.id, completed.version, 'verified', {}, JEFE).expect(200);
    const verified = await detail(order.id);
    expect([verified.status, verified.verified_by]).toEqual(['verified', users[JEFE]]);
    const [closed] = await t.sql<{ ended_at: Date | null; closed_by: number }>(`select ended_at, closed_by from machine_stop where id = $1`, [stop.id]);
    expect(closed.ended_at).not.toBeNull();
    expect(closed.closed_by).toBe(users[JEFE]);
    const [{ status }] = await t.sql<{ status: string }>(`select status from machine where id = $1`, [machine.id]);
    expect(status).toBe('operating');
    // The verified column shows it; a closed order takes no more changes.
    expect(column(await board(), 'verified').map((card) => card.id)).toContain(order.id);
    const late = await t.http().post(`/api/work-order/${order.id}/labor`).set(as(TECH)).send({ minutes: 10, worked_on: '2026-03-01' });
    expect([late.status, late.body.message]).toEqual([409, workOrderMessages.closedOrder]);
  });

  it('sends a completed order back to work only with a reason, which goes on the record', async () => {
    const order = await createOrder({ assignee_id: users[TECH] });
    const version = await forceState(order.id, 'completed');
    const bare = await move(order.id, version, 'in_progress');
    expect([bare.status, bare.body.fields]).toEqual([400, { reason: workOrderMessages.rejectReason }]);
    await move(order.id, version, 'in_progress', { reason: 'Sigue goteando por el racor' }).expect(200);
    const back = await detail(order.id);
    expect([back.status, back.completed_at, back.completed_by]).toEqual(['in_progress', null, null]);
    expect(back.comments.map((comment) => comment.text)).toContain('Sigue goteando por el racor');
  });

  it('leaves cancelled orders off the board', async () => {
    const order = await createOrder();
    await move(order.id, order.version, 'cancelled', { reason: 'Duplicada' }).expect(200);
    const cards = (await board()).columns.flatMap((entry) => entry.cards);
    expect(cards.map((card) => card.id)).not.toContain(order.id);
    expect((await detail(order.id)).cancelled_reason).toBe('Duplicada');
  });
});

describe('blocked flag', () => {
  it("raises taskBlocked with 'bloqueado' to the creator and the leads (stored and live), resets on a move, unblocking tells nobody", async () => {
    const order = await createOrder({ assignee_id: users[TECH] });
    const [jefeSocket, adminSocket, techSocket, operarioSocket] = await Promise.all(
      [JEFE, 'admin@norte.example', TECH, OPERARIO].map((email) => connect(url, tokens[email])),
    );
    const [techEvents, operarioEvents] = [recorder(techSocket), recorder(operarioSocket)];
    const reason = 'falta retén del cilindro';
    const toJefe = nextEvent<{ text: string }>(jefeSocket, liveEvents.taskBlocked);
    const toAdmin = nextEvent<{ text: string }>(adminSocket, liveEvents.taskBlocked);
    const blocked = await t.http().post(`/api/work-order/${order.id}/block`).set(as(TECH)).send({ blocked: true, reason });
    expect(blocked.status).toBe(200);
    expect([blocked.body.blocked, blocked.body.blocked_reason]).toEqual([true, reason]);
    const expected = `El trabajo de la orden ${order.number} (${machine.name}) quedó bloqueado. Motivo: ${reason}`;
    // The lead's notification opens the blocked work order (issue 37).
    expect(await toJefe).toMatchObject({ text: expected, record_path: `/apps/corrective-maintenance/${order.id}` });
    expect((await toAdmin).text).toContain('bloqueado');
    expect((await notificationsOf(JEFE)).map((row) => row.text_message)).toContain(expected);
    const [stored] = await t.sql<{ record_path: string }>(`select record_path from notification where text_message = $1 and user_id = $2`, [
      expected,
      users[JEFE],
    ]);
    expect(stored.record_path).toBe(`/apps/corrective-maintenance/${order.id}`);
    await pause(200);
    expect([...techEvents, ...operarioEvents].filter(([name]) => name === liveEvents.taskBlocked)).toEqual([]);
    const card = column(await board(), 'assigned').find((entry) => entry.id === order.id)!;
    expect([card.blocked, card.blocked_reason]).toEqual([true, reason]);

    // A reason is needed.
    const noReason = await t.http().post(`/api/work-order/${order.id}/block`).set(as(TECH)).send({ blocked: true, reason: ' ' });
    expect(noReason.status).toBe(400);
    // A column change resets it (Odoo's kanban_state).
    await move(order.id, blocked.body.version, 'in_progress', {}, TECH).expect(200);
    expect((await detail(order.id)).blocked).toBe(false);

    await t.http().post(`/api/work-order/${order.id}/block`).set(as(TECH)).send({ blocked: true, reason }).expect(200);
    const before = (await notificationsOf(JEFE)).length;
    const jefeEvents = recorder(jefeSocket);
    const unblocked = await t.http().post(`/api/work-order/${order.id}/block`).set(as(TECH)).send({ blocked: false });
    expect([unblocked.status, unblocked.body.blocked, unblocked.body.blocked_reason]).toEqual([200, false, '']);
    await pause(200);
    expect(jefeEvents.filter(([name]) => name === liveEvents.taskBlocked)).toEqual([]);
    expect((await notificationsOf(JEFE)).length).toBe(before);
  });
});

describe('assignment and mentions', () => {
  it('assigning notifies the assignee (stored and live) with a text the shell links to the board, and moves a pending card to Asignada', async () => {
    const order = await createOrder();
    expect(order.status).toBe('pending');
    const techSocket = await connect(url, tokens[TECH]);
    const live = nextEvent<{ text: string }>(techSocket, liveEvents.userLabelMaintenanceBoard);
    const patched = await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ assignee_id: users[TECH] });
    expect([patched.status, patched.body.status, patched.body.assignee_id]).toEqual([200, 'assigned', users[TECH]]);
    const text = `Se te asignó la actividad de mantenimiento correctivo ${order.number}: ${order.title}`;
    expect((await live).text).toBe(text);
    const stored = (await notificationsOf(TECH)).map((row) => row.text_message);
    expect(stored).toContain(text);
    expect(text).toMatch(/mantenimiento/i);
    expect(text).toMatch(/correctiv|preventiv/i);
    // Unassigned, it is pending again; assigned again, the assignee hears of it again.
    const unassigned = await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ assignee_id: null });
    expect([unassigned.status, unassigned.body.status, unassigned.body.assignee_id]).toEqual([200, 'pending', null]);
    await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ assignee_id: users[TECH] }).expect(200);
    expect((await notificationsOf(TECH)).filter((row) => row.text_message === text)).toHaveLength(2);
    // Another company's person, or nobody known, cannot be assigned.
    const foreign = await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ assignee_id: users['operario@sur.example'] });
    expect([foreign.status, foreign.body.fields]).toEqual([400, { assignee_id: workOrderMessages.userNotMember }]);
  });

  it('a preventive order says preventivo', async () => {
    const order = await createOrder();
    await t.sql(`update work_order set type = 'preventive' where id = $1`, [order.id]);
    await t.http().patch(`/api/work-order/${order.id}`).set(as(JEFE)).send({ assignee_id: users[OPERARIO] }).expect(200);
    expect((await notificationsOf(OPERARIO)).map((row) => row.text_message)).toContain(
      `Se te asignó la actividad de mantenimiento preventivo ${order.number}: ${order.title}`,
    );
  });

  it('an @mention raises userLabelMaintenanceBoard to the mentioned user only', async () => {
    const order = await createOrder();
    const [operarioSocket, techSocket, jefeSocket] = await Promise.all([OPERARIO, TECH, JEFE].map((email) => connect(url, tokens[email])));
    const [techEvents, jefeEvents] = [recorder(techSocket), recorder(jefeSocket)];
    const live = nextEvent<{ text: string }>(operarioSocket, liveEvents.userLabelMaintenanceBoard);
    const response = await t
      .http()
      .post(`/api/work-order/${order.id}/comments`)
      .set(as(JEFE))
      .send({ text: `@[Operario](${users[OPERARIO]}) revisa el filtro antes del turno` });
    expect(response.status).toBe(201);
    expect((await live).text).toBe(`Te mencionaron en ${order.number}: @Operario revisa el filtro antes del turno`);
    const comment = (response.body as WorkOrderDetail).comments.at(-1)!;
    expect(comment.mentions.map((mention) => mention.id)).toEqual([users[OPERARIO]]);
    await pause(200);
    expect([...techEvents, ...jefeEvents].filter(([name]) => name === liveEvents.userLabelMaintenanceBoard)).toEqual([]);
    expect(column(await board(), 'pending').find((card) => card.id === order.id)!.comment_count).toBe(1);
    // Someone of another company cannot be mentioned.
    const foreign = await t
      .http()
      .post(`/api/work-order/${order.id}/comments`)
      .set(as(JEFE))
      .send({ text: `@[Sur](${users['operario@sur.example']}) hola` });
    expect([foreign.status, foreign.body.fields]).toEqual([400, { text: workOrderMessages.userNotMember }]);
  });
});

describe('labour', () => {
  it('records minutes (1..1440) for the caller by default; own entries or a lead may delete', async () => {
    const order = await createOrder({ assignee_id: users[TECH] });
    for (const minutes of [0, 1441, 12.5]) {
      const bad = await t.http().post(`/api/work-order/${order.id}/labor`).set(as(TECH)).send({ minutes, worked_on: '2026-03-01' });
      expect([minutes, bad.status, bad.body.fields]).toEqual([minutes, 400, { minutes: workOrderMessages.minutes }]);
    }
    const added = (
      await t.http().post(`/api/work-order/${order.id}/labor`).set(as(TECH)).send({ minutes: 90, worked_on: '2026-03-01', note: 'Cambio de retén' })
    ).body as WorkOrderDetail;
    expect(added.labor).toEqual([expect.objectContaining({ user_id: users[TECH], minutes: 90, worked_on: '2026-03-01', note: 'Cambio de retén' })]);
    const second = (await t.http().post(`/api/work-order/${order.id}/labor`).set(as(JEFE)).send({ minutes: 30, worked_on: '2026-03-02', user_id: users[TECH] }))
      .body as WorkOrderDetail;
    expect(second.labor_minutes).toBe(120);
    expect(column(await board(), 'assigned').find((card) => card.id === order.id)!.labor_minutes).toBe(120);
    const foreignUser = await t
      .http()
      .post(`/api/work-order/${order.id}/labor`)
      .set(as(JEFE))
      .send({ minutes: 30, worked_on: '2026-03-02', user_id: users['operario@sur.example'] });
    expect([foreignUser.status, foreignUser.body.fields]).toEqual([400, { user_id: workOrderMessages.userNotMember }]);

    const [first, other] = second.labor;
    const notOwn = await t.http().delete(`/api/work-order/${order.id}/labor/${first.id}`).set(as(OPERARIO));
    expect([notOwn.status, notOwn.body.message]).toEqual([403, workOrderMessages.laborNotYours]);
    await t.http().delete(`/api/work-order/${order.id}/labor/${first.id}`).set(as(GUEST)).expect(403);
    await t.http().delete(`/api/work-order/${order.id}/labor/${first.id}`).set(as(SUR)).expect(404);
    await t.http().delete(`/api/work-order/${order.id}/labor/${first.id}`).set(as(TECH)).expect(204);
    await t.http().delete(`/api/work-order/${order.id}/labor/${other.id}`).set(as(JEFE)).expect(204);
    expect((await detail(order.id)).labor).toEqual([]);
  });
});

describe('records and lists', () => {
  it('keeps the tabs and line breaks of a description, and refuses them, and other control characters, in a title (issue 36)', async () => {
    const description = 'Fuga por la junta:\n\t- cambiar la junta\r\n\t- revisar la manguera';
    const order = await createOrder({ description, due_at: '2026-12-01T08:00:00+14:00' });
    expect(order.description).toBe(description);
    expect(order.due_at).toBe('2026-11-30T18:00:00.000Z');
    const [stored] = await t.sql<{ description: string }>(`select description from work_order where id = $1`, [order.id]);
    expect(stored.description).toBe(description);
    for (const title of ['Fuga\nde aceite', 'Fuga\tde aceite', 'Fuga\u0007 de aceite']) {
      const refused = await t.http().post('/api/work-order').set(as(JEFE)).send({ machine_id: machine.id, title });
      expect({ status: refused.status, fields: refused.body.fields }).toEqual({ status: 400, fields: { title: messages.singleLineText } });
    }
    const bell = await t.http().post('/api/work-order').set(as(JEFE)).send({ machine_id: machine.id, title: 'Fuga', description: 'Fuga\u0007' });
    expect({ status: bell.status, fields: bell.body.fields }).toEqual({ status: 400, fields: { description: messages.controlCharacters } });
  });

  it('lists with names and filters, and answers the detail with its report and photos', async () => {
    const order = await createOrder({ title: 'Rotura de la cizalla hidráulica', machine_id: otherMachine, assignee_id: users[TECH] });
    const list = await t
      .http()
      .get(`/api/work-order/all?search=${encodeURIComponent('cizalla hidraulica')}`)
      .set(as(OPERARIO));
    expect(list.status).toBe(200);
    expect(list.body.items.map((row: { id: number }) => row.id)).toEqual([order.id]);
    expect(list.body.items[0]).toEqual(expect.objectContaining({ assignee_name: expect.any(String), machine_name: expect.any(String), report_number: null }));
    // The corrective list holds corrective orders only.
    await t.sql(`update work_order set type = 'improvement' where id = (select min(id) from work_order where company_id = $1)`, [north]);
    const corrective = await t.http().get('/api/work-order/corrective/all?pageSize=500').set(as(TECH));
    expect(corrective.status).toBe(200);
    expect(corrective.body.items.length).toBeGreaterThan(0);
    expect(corrective.body.items.every((row: { type: string }) => row.type === 'corrective')).toBe(true);
    expect(corrective.body.total).toBe((await t.sql(`select id from work_order where company_id = $1 and type = 'corrective'`, [north])).length);
    const mine = await t.http().get(`/api/work-order/all?mine=true&pageSize=500`).set(as(TECH));
    expect(mine.body.items.every((row: { assignee_id: number }) => row.assignee_id === users[TECH])).toBe(true);
    expect(mine.body.items.map((row: { id: number }) => row.id)).toContain(order.id);
    // A report with a photo, linked to the order.
    const [file] = await t.sql<{ id: number }>(
      `insert into stored_file (company_id, sha256, content_type, size_bytes, data) values ($1, repeat('a', 64), 'image/png', 3, '\\x010203') returning id`,
      [north],
    );
    const [report] = await t.sql<{ id: number; number: string }>(
      `insert into failure_report (company_id, number, machine_id, kind, severity, description, reported_by)
       values ($1, 'RF-2026-9001', $2, 'failure', 'high', 'Pierde aceite', $3) returning id, number`,
      [north, otherMachine, users[OPERARIO]],
    );
    await t.sql(`insert into failure_report_photo (company_id, failure_report_id, file_id, file_name) values ($1, $2, $3, 'fuga.png')`, [
      north,
      report.id,
      file.id,
    ]);
    await t.sql(`update work_order set failure_report_id = $2 where id = $1`, [order.id, report.id]);
    const full = await detail(order.id, TECH);
    expect(full.report).toEqual(
      expect.objectContaining({ number: report.number, photos: [expect.objectContaining({ file_id: file.id, url: `/api/file/${file.id}` })] }),
    );
    expect(full.report_number).toBe(report.number);
  });

  it('an inspection item answered as failed becomes a corrective order (leads only)', async () => {
    const order = await createOrder({ items: [{ kind: 'inspection', label: 'Estado de las mangueras', required: false }] });
    const item = order.items[0];
    await t.http().patch(`/api/work-order/${order.id}/items/${item.id}`).set(as(TECH)).send({ ok: false, value: 'Manguera agrietada' }).expect(200);
    await t.http().post(`/api/work-order/${order.id}/items/${item.id}/corrective`).set(as(TECH)).expect(403);
    const created = await t.http().post(`/api/work-order/${order.id}/items/${item.id}/corrective`).set(as(JEFE));
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expect.objectContaining({ type: 'corrective', machine_id: machine.id, status: 'pending' }));
    expect(created.body.description).toContain('Manguera agrietada');
  });
});

describe('tenancy and grants', () => {
  it("keeps another company's orders, machines and people out of reach", async () => {
    const order = await createOrder();
    const routes: [string, string, object?][] = [
      ['get', `/api/work-order/${order.id}`],
      ['patch', `/api/work-order/${order.id}`, { title: 'x' }],
      ['post', `/api/work-order/${order.id}/comments`, { text: 'hola' }],
      ['post', `/api/work-order/${order.id}/labor`, { minutes: 5, worked_on: '2026-03-01' }],
      ['post', `/api/work-order/${order.id}/block`, { blocked: true, reason: 'x' }],
      ['post', '/api/maintenance-board/move', { id: order.id, to_status: 'cancelled', version: order.version, reason: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      const response = await (t.http() as unknown as Record<string, (path: string) => import('supertest').Test>)[method](path).set(as(SUR)).send(body);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    const southBoard = await board('', SUR);
    expect(southBoard.columns.flatMap((entry) => entry.cards).map((card) => card.id)).not.toContain(order.id);
    const southList = await t.http().get('/api/work-order/all?pageSize=500').set(as(SUR));
    expect(southList.body.items.map((row: { id: number }) => row.id)).not.toContain(order.id);
    const foreignMachine = await t.http().post('/api/work-order').set(as(JEFE)).send({ machine_id: southMachine, title: 'x' });
    expect([foreignMachine.status, foreignMachine.body.fields]).toEqual([400, { machine_id: workOrderMessages.machineMissing }]);
    const members = await t.http().get('/api/maintenance-board/members').set(as(TECH));
    expect(members.body.map((member: { id: number }) => member.id)).not.toContain(users['operario@sur.example']);
    expect(members.body.map((member: { id: number }) => member.id)).toContain(users[OPERARIO]);
  });

  it('refuses the guest on every route, and the user role creating orders', async () => {
    const order = await createOrder({ items: [{ kind: 'inspection', label: 'Juntas', required: false }] });
    const item = order.items[0].id;
    const routes: [string, string, object?][] = [
      ['get', '/api/work-order/all'],
      ['get', '/api/work-order/corrective/all'],
      ['get', `/api/work-order/${order.id}`],
      ['post', '/api/work-order', { machine_id: machine.id, title: 'x' }],
      ['patch', `/api/work-order/${order.id}`, { title: 'x' }],
      ['post', `/api/work-order/${order.id}/comments`, { text: 'hola' }],
      ['post', `/api/work-order/${order.id}/labor`, { minutes: 5, worked_on: '2026-03-01' }],
      ['patch', `/api/work-order/${order.id}/items/${item}`, { ok: false }],
      ['post', `/api/work-order/${order.id}/items/${item}/corrective`],
      ['post', `/api/work-order/${order.id}/block`, { blocked: true, reason: 'x' }],
      ['get', '/api/maintenance-board'],
      ['get', '/api/maintenance-board/members'],
      ['post', '/api/maintenance-board/move', { id: order.id, to_status: 'cancelled', version: order.version, reason: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      const response = await (t.http() as unknown as Record<string, (path: string) => import('supertest').Test>)[method](path).set(as(GUEST)).send(body);
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
    await t.http().post('/api/work-order').set(as(TECH)).send({ machine_id: machine.id, title: 'x' }).expect(403);
    await t.http().get('/api/maintenance-board').expect(401);
  });
});
