import { OPEN_CORRECTION_STATUSES, OPEN_WORK_ORDER_STATUSES, type CorrectionRecordDetail, type WorkOrderDetail } from '@planta/contracts';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * The welcome dashboard's "my work" widgets (issue 16): the work-order list and the correction
 * records' list answer only the open ones with `open=true` (the finished ones with `open=false`),
 * beside the filters by assignee and corrector.
 */
let t: TestApp;
let north: number;
let machineId: number;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const LEAD = 'jefe@norte.example';
const MAINTENANCE_TECH = 'mantenimiento@norte.example';
const DIE_TECH = 'matriceria@norte.example';
const as = (email: string) => bearer(tokens[email]);

beforeAll(async () => {
  t = await startTestApp({ REALTIME_ACCESS_CHECK_MS: '600000' });
  await t.listen();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of [LEAD, MAINTENANCE_TECH, DIE_TECH]) {
    const session = await t.login(email);
    tokens[email] = session.access_token;
    users[email] = session.user.data.id;
  }
  [{ id: machineId }] = await t.sql<{ id: number }>(`select id from machine where company_id = $1 order by id limit 1`, [north]);
});
afterAll(() => t.close());

const ids = (body: { items: { id: number }[] }) => body.items.map((row) => row.id).sort((a, b) => a - b);

describe('my open work orders', () => {
  it('answers only the open orders of the assignee with open=true, only the closed ones with open=false', async () => {
    const created: number[] = [];
    for (const title of ['Cambio de sello', 'Ajuste de la cizalla', 'Revisión del horno', 'Fuga en el cilindro']) {
      const response = await t
        .http()
        .post('/api/work-order')
        .set(as(LEAD))
        .send({ machine_id: machineId, title, priority: 'high', assignee_id: users[MAINTENANCE_TECH] });
      expect([response.status, response.body.message]).toEqual([201, undefined]);
      created.push((response.body as WorkOrderDetail).id);
    }
    const [open, inProgress, completed, cancelled] = created;
    await t.sql(`update work_order set status = 'in_progress', started_at = now() where id = $1`, [inProgress]);
    await t.sql(`update work_order set status = 'completed', started_at = now(), completed_at = now(), completed_by = $2 where id = $1`, [
      completed,
      users[MAINTENANCE_TECH],
    ]);
    await t.sql(`update work_order set status = 'cancelled', cancelled_reason = 'No procede' where id = $1`, [cancelled]);
    // Someone else's open order stays out.
    await t.http().post('/api/work-order').set(as(LEAD)).send({ machine_id: machineId, title: 'Orden de otro', assignee_id: users[LEAD] }).expect(201);

    const isOpen = (row: { status: string }) => (OPEN_WORK_ORDER_STATUSES as readonly string[]).includes(row.status);
    const mine = await t.http().get(`/api/work-order/all?assignee_id=${users[MAINTENANCE_TECH]}&open=true&pageSize=500`).set(as(MAINTENANCE_TECH));
    expect(mine.status).toBe(200);
    expect(ids(mine.body)).toEqual(expect.arrayContaining([open, inProgress]));
    expect(ids(mine.body)).not.toEqual(expect.arrayContaining([completed]));
    expect(ids(mine.body)).not.toEqual(expect.arrayContaining([cancelled]));
    expect(mine.body.items.every((row: { status: string; assignee_id: number }) => isOpen(row) && row.assignee_id === users[MAINTENANCE_TECH])).toBe(true);
    const [{ count }] = await t.sql<{ count: number }>(
      `select count(*)::int as count from work_order where company_id = $1 and assignee_id = $2 and status in ('pending', 'assigned', 'in_progress', 'on_hold')`,
      [north, users[MAINTENANCE_TECH]],
    );
    expect(mine.body.total).toBe(count);

    const closed = await t.http().get(`/api/work-order/all?assignee_id=${users[MAINTENANCE_TECH]}&open=false&pageSize=500`).set(as(MAINTENANCE_TECH));
    expect(ids(closed.body)).toEqual(expect.arrayContaining([completed, cancelled]));
    expect(closed.body.items.some(isOpen)).toBe(false);
    const all = await t.http().get(`/api/work-order/all?assignee_id=${users[MAINTENANCE_TECH]}&pageSize=500`).set(as(MAINTENANCE_TECH));
    expect(all.body.total).toBe(mine.body.total + closed.body.total);

    const wrong = await t.http().get('/api/work-order/all?open=yes').set(as(MAINTENANCE_TECH));
    expect(wrong.status).toBe(400);
  });
});

describe('my open correction records', () => {
  let copies = 0;
  const die = async () => {
    copies += 1;
    const [row] = await t.sql<{ id: number }>(
      `insert into die (company_id, die_reference, copy_number, die_type, state) values ($1, 'MIS-CORR', $2, 'hollow', 'in_stock') returning id`,
      [north, copies],
    );
    return row.id;
  };
  const create = async (corrector: number) => {
    const response = await t
      .http()
      .post('/api/correction-record')
      .set(as(LEAD))
      .send({ die_id: await die(), origin: 'quality', description: 'Espesor fuera de tolerancia', severity: 'major', assigned_corrector_id: corrector });
    expect([response.status, response.body.message]).toEqual([201, undefined]);
    return response.body as CorrectionRecordDetail;
  };

  it('answers only the open records of the corrector with open=true, only the finished ones with open=false', async () => {
    const first = await create(users[DIE_TECH]);
    const second = await create(users[DIE_TECH]);
    const finished = await create(users[DIE_TECH]);
    const others = await create(users[LEAD]);
    await t.sql(`update correction_record set status = 'discarded', closed_at = now() where id = $1`, [finished.id]);

    const isOpen = (row: { status: string }) => (OPEN_CORRECTION_STATUSES as readonly string[]).includes(row.status);
    const mine = await t.http().get(`/api/correction-record/all?corrector_id=${users[DIE_TECH]}&open=true&pageSize=500`).set(as(DIE_TECH));
    expect(mine.status).toBe(200);
    expect(ids(mine.body)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids(mine.body)).not.toEqual(expect.arrayContaining([finished.id]));
    expect(ids(mine.body)).not.toEqual(expect.arrayContaining([others.id]));
    expect(
      mine.body.items.every((row: { status: string; assigned_corrector_id: number }) => isOpen(row) && row.assigned_corrector_id === users[DIE_TECH]),
    ).toBe(true);

    const done = await t.http().get(`/api/correction-record/all?corrector_id=${users[DIE_TECH]}&open=false&pageSize=500`).set(as(DIE_TECH));
    expect(ids(done.body)).toEqual(expect.arrayContaining([finished.id]));
    expect(done.body.items.some(isOpen)).toBe(false);
    const all = await t.http().get(`/api/correction-record/all?corrector_id=${users[DIE_TECH]}&pageSize=500`).set(as(DIE_TECH));
    expect(all.body.total).toBe(mine.body.total + done.body.total);

    const wrong = await t.http().get('/api/correction-record/all?open=1').set(as(DIE_TECH));
    expect(wrong.status).toBe(400);
  });
});
