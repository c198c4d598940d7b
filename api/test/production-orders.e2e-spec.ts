import { idempotencyMessages, MADE_AGO_HEADER, MAX_MADE_AGO_MS, productionMessages } from '@planta/contracts';
import { orderPageSql, orderSearchCondition } from '../src/production/orders.service';
import { KEPT_FROM_ROWS, ListCounts } from '../src/tenancy/list-counts.service';
import { alloy6063T6, insertTestLine, seededCopiesInStock } from './support/plant-rows.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const ids = { die: 0, dieCopyNumber: 0, otherCopy: 0, alloy: 0, finish: 0, lineA: 0, lineB: 0, southDie: 0, southAlloy: 0 };
beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  north = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  south = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  for (const email of [
    'admin@norte.example',
    'jefe@norte.example',
    'operario@norte.example',
    'invitado@norte.example',
    'admin@sur.example',
    'operario@sur.example',
  ]) {
    tokens[email] = (await t.login(email)).access_token;
  }
  const [die, otherCopy] = await seededCopiesInStock(t, north, 'EN-6003');
  const [finish] = await t.sql<{ id: number }>(`select id from finish where company_id = $1 order by id limit 1`, [north]);
  const [southDie] = await t.sql<{ id: number }>(`select id from die where company_id = $1 limit 1`, [south]);
  const [southAlloy] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 limit 1`, [south]);
  Object.assign(ids, {
    die: die.id,
    dieCopyNumber: die.copy_number,
    otherCopy: otherCopy.id,
    alloy: await alloy6063T6(t, north),
    finish: finish.id,
    southDie: southDie.id,
    southAlloy: southAlloy.id,
  });
  // Two free presses for the start/stop rules (the seeded ones are busy).
  for (const key of ['lineA', 'lineB'] as const) ids[key] = await insertTestLine(t, { company: north, name: `Prensa libre ${key}` });
});
afterAll(() => t.close());

const as = (email: string) => bearer(tokens[email]);
const order = (number: string, extra: object = {}) => ({
  number,
  customer: 'Cliente de pruebas',
  profile: 'Perfil de pruebas',
  die_id: ids.die,
  alloy_id: ids.alloy,
  finish_id: ids.finish,
  length_mm: 6000,
  quantity_pieces: 500,
  quantity_kg: 1800,
  due_date: '2026-03-15',
  ...extra,
});
const createOrder = async (number: string, extra: object = {}) => {
  const response = await t.http().post('/api/orders').set(as('jefe@norte.example')).send(order(number, extra));
  expect(response.status).toBe(201);
  return response.body as { id: number; status: string; line_id: number | null };
};

describe('orders', () => {
  it('lists a page of the company orders with prefix search, status filter and sorting', async () => {
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from production_order where company_id = $1`, [north]);
    const page = await t.http().get('/api/orders/all?pageSize=10&sort=number&direction=desc').set(as('operario@norte.example'));
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(count);
    expect(page.body.items).toHaveLength(10);
    expect(page.body.items[0]).toMatchObject({ number: 'OP-EN-02463', die_reference: expect.any(String), alloy_designation: expect.any(String) });
    const search = await t.http().get('/api/orders/all?search=op-en-0240').set(as('operario@norte.example'));
    expect(search.body.items.map((item: { number: string }) => item.number).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `OP-EN-0240${i}`));
    expect((await t.http().get('/api/orders/all?search=EN-024').set(as('operario@norte.example'))).body.total).toBe(0);
    const finished = await t.http().get('/api/orders/all?status=finished&pageSize=500').set(as('operario@norte.example'));
    expect(finished.body.items.every((item: { status: string }) => item.status === 'finished')).toBe(true);
    const open = await t.http().get(`/api/orders/hideClosedOrders?companyId=${north}`).set(as('operario@norte.example'));
    expect(open.status).toBe(200);
    expect(open.body.length).toBe(count - finished.body.total);
    expect(open.body.some((item: { status: string }) => item.status === 'finished')).toBe(false);
  });

  it('searches number, customer and profile by case-insensitive prefix, taking % and _ literally, and follows edits', async () => {
    const search = async (term: string) => {
      const response = await t
        .http()
        .get(`/api/orders/all?search=${encodeURIComponent(term)}`)
        .set(as('jefe@norte.example'));
      expect(response.status).toBe(200);
      return (response.body.items as { number: string }[]).map((item) => item.number);
    };
    const created = await createOrder('OP-SRCH-1', { customer: 'Ñandú Ventanas_50%', profile: 'Perfil Álamo 7' });
    expect(await search('ñandú ventanas_50%')).toEqual(['OP-SRCH-1']);
    // _ and % are characters, not wildcards.
    expect(await search('ñandú ventanas_5_%')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('PERFIL ÁLAMO')).toEqual(['OP-SRCH-1']);
    expect(await search('op-srch')).toEqual(['OP-SRCH-1']);
    // A prefix only: the middle of a word does not match.
    expect(await search('ventanas_50')).toEqual([]);
    const edited = await t.http().patch(`/api/orders/${created.id}`).set(as('jefe@norte.example')).send({ customer: 'Cerramientos Ébano' });
    expect(edited.status).toBe(200);
    expect(await search('ñandú')).toEqual([]);
    expect(await search('cerramientos ébano')).toEqual(['OP-SRCH-1']);
    // Accents aside, either way.
    expect(await search('CERRAMIENTOS EBANO')).toEqual(['OP-SRCH-1']);
    expect(await search('perfil alamo')).toEqual(['OP-SRCH-1']);
    // Another company's orders are not found by its own search terms.
    const south = await t.http().get('/api/orders/all?search=op-srch').set(as('admin@sur.example'));
    expect(south.body.total).toBe(0);
  });

  it('finds orders by their shown status or line, sorts by the status labels and filters by due date', async () => {
    const get = (query: string) => t.http().get(`/api/orders/all?${query}`).set(as('jefe@norte.example'));
    const planned = await get('search=planificada&labelMatches=status:planned&pageSize=500');
    expect(planned.status).toBe(200);
    expect(planned.body.total).toBeGreaterThan(0);
    expect(planned.body.items.every((item: { status: string }) => item.status === 'planned')).toBe(true);
    const [line] = await t.sql<{ id: number }>(`select line_id as id from production_order where company_id = $1 and line_id is not null limit 1`, [north]);
    const onLine = await get(`search=prensa&labelMatches=line_id:${line.id}&pageSize=500`);
    expect(onLine.body.items.every((item: { line_id: number }) => item.line_id === line.id)).toBe(true);
    const sorted = await get('sort=status&sortOrder=in_press,planned,to_plan,finished&pageSize=500');
    expect(sorted.status).toBe(200);
    const statuses = (sorted.body.items as { status: string }[]).map((item) => item.status);
    expect(statuses.indexOf('in_press')).toBeLessThan(statuses.indexOf('planned'));
    expect(statuses.lastIndexOf('planned')).toBeLessThan(statuses.indexOf('finished') === -1 ? Infinity : statuses.indexOf('finished'));
    const window = await get('due_from=2026-03-15&due_to=2026-03-31&pageSize=500');
    expect(window.status).toBe(200);
    expect(window.body.items.every((item: { due_date: string }) => item.due_date >= '2026-03-15' && item.due_date <= '2026-03-31')).toBe(true);
    const [{ count }] = await t.sql<{ count: number }>(
      `select count(*)::int as count from production_order where company_id = $1 and due_date between '2026-03-15' and '2026-03-31'`,
      [north],
    );
    expect(window.body.total).toBe(count);
    const backwards = await get('due_from=2026-04-01&due_to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual({ due_to: productionMessages.dueRange });
    expect((await get('due_from=2026-02-30')).body.fields).toHaveProperty('due_from');
    expect((await get('search=x&labelMatches=customer:1')).status).toBe(400);
    // Names of built-in object members are not sort columns.
    for (const sort of ['toString', 'constructor', '__proto__']) expect((await get(`sort=${sort}`)).status).toBe(200);
  });

  it('answers the search from its indexes under row-level security, as the app role in a company scope', async () => {
    await t.inCompanyScope(north, async (client) => {
      // Enough orders (rolled back below) for the planner to prefer an index when one can serve the search.
      await client.query(
        `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date)
       select $1, 'IDX-' || g, 'Cliente ' || g, 'Perfil ' || g, (select min(id) from die), (select min(id) from aluminum_alloy), 6000, 10, 10, current_date
         from generate_series(1, 5000) g`,
        [north],
      );
      await client.query('analyze production_order');
      const plan = await client.query(`explain select count(*) from production_order o where o.company_id = $1 and ${orderSearchCondition('$2')}`, [
        north,
        'idx-12',
      ]);
      const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
      for (const column of ['number', 'customer', 'profile']) expect(text).toMatch(new RegExp(`Index Cond: .*${column}_key ~>=~ 'idx-12'`));
    });
  });

  it('reads a sorted, searched page of 100,000 orders from an index under row-level security, sorting no more than the page', async () => {
    await t.inCompanyScope(north, async (client) => {
      // The volume of the production bench (rolled back below): 'perfil 1' matches about 11,000 of them.
      await client.query(
        `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date)
       select $1, 'VOL-' || g, (array['Aluminios Andinos', 'Perfiles Costa', 'Ventanas del Sol'])[1 + g % 3], 'Perfil ' || (g % 997),
              (select min(id) from die), (select min(id) from aluminum_alloy), 6000, 10, 10, current_date - 400 + (g % 520)
         from generate_series(1, 100000) g`,
        [north],
      );
      await client.query('analyze production_order');
      for (const direction of ['desc', 'asc']) {
        // The statement of OrdersService.list for the first page of 50 by due date.
        const sql = orderPageSql(`o.company_id = $1 and (${orderSearchCondition('$2')})`, `o.due_date ${direction}, o.id ${direction}`, 50, 0);
        const plan = await client.query(`explain ${sql}`, [north, 'perfil 1']);
        const lines = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN'] as string);
        // The rows come from the index in the page's order: the scan stops after 50 matches, whatever the number of
        // matches. Nothing is sorted below the page's limit (above it, the 50 rows with their names may be).
        const limit = lines.findIndex((line) => /->\s+Limit/.test(line));
        expect(lines.slice(limit).find((line) => /Scan/.test(line))).toMatch(
          new RegExp(`->\\s+Index Scan ${direction === 'desc' ? 'Backward ' : ''}using production_order_due_id on production_order o`),
        );
        expect(lines.slice(limit).filter((line) => /Sort/.test(line))).toEqual([]);
      }
    });
  });

  it('validates the order form in Spanish and refuses another company die', async () => {
    const empty = await t.http().post('/api/orders').set(as('jefe@norte.example')).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      number: 'Este campo es obligatorio',
      die_id: productionMessages.chooseDie,
      alloy_id: productionMessages.chooseAlloy,
      due_date: productionMessages.dateFormat,
    });
    const bad = await t
      .http()
      .post('/api/orders')
      .set(as('jefe@norte.example'))
      .send(order('OP-X', { quantity_pieces: 2.5, quantity_kg: -1, due_date: '2026-02-30' }));
    expect(bad.body.fields).toEqual({
      quantity_pieces: productionMessages.wholeNumber,
      quantity_kg: 'Debe ser un número mayor que cero',
      due_date: productionMessages.dateFormat,
    });
    const foreign = await t
      .http()
      .post('/api/orders')
      .set(as('jefe@norte.example'))
      .send(order('OP-FOREIGN', { die_id: ids.southDie }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ die_id: 'La matriz elegida no existe' });
    await createOrder('OP-DUP-1');
    const duplicate = await t.http().post('/api/orders').set(as('jefe@norte.example')).send(order('op-dup-1'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(productionMessages.orderNumberTaken);
  });

  it('shows an order with its runs, 10-minute marks (answered and missed) and figures computed on the server', async () => {
    const [finished] = await t.sql<{ id: number }>(
      `select o.id from production_order o where o.company_id = $1 and o.status = 'finished' order by o.id limit 1`,
      [north],
    );
    const detail = await t.http().get(`/api/orders/${finished.id}`).set(as('operario@norte.example'));
    expect(detail.status).toBe(200);
    const run = detail.body.order_dies[0];
    expect(run.active_timer).toBe(false);
    const states = run.dimension_marks.map((mark: { state: string }) => mark.state);
    expect(states[6]).toBe('missed');
    expect(states.filter((state: string) => state === 'answered').length).toBeGreaterThan(5);
    expect(detail.body.missed_checks).toBeGreaterThan(0);
    const figures = detail.body.figures;
    expect(figures.recovery).toBeCloseTo(figures.good_kg / figures.billet_kg, 3);
    expect(figures.kg_h).toBeCloseTo(figures.good_kg / figures.hours, 0);
    const lines = await t.http().get('/api/extrusion-line/figures').set(as('operario@norte.example'));
    expect(lines.status).toBe(200);
    expect(lines.body.lines.filter((line: { figures: { runs: number } }) => line.figures.runs > 0).length).toBe(3);
  });

  it('refuses deleting an order with extrusion history, deletes a fresh one', async () => {
    const [ran] = await t.sql<{ order_id: number }>(`select order_id from order_die where company_id = $1 limit 1`, [north]);
    const refused = await t.http().delete(`/api/orders/${ran.order_id}`).set(as('admin@norte.example'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(productionMessages.orderInUse);
    const fresh = await createOrder('OP-BORRAR');
    expect((await t.http().delete(`/api/orders/${fresh.id}`).set(as('operario@norte.example'))).status).toBe(403);
    expect((await t.http().delete(`/api/orders/${fresh.id}`).set(as('admin@norte.example'))).status).toBe(204);
  });

  it('keeps Perfiles del Sur out of every Norte order endpoint', async () => {
    const [northOrder] = await t.sql<{ id: number }>(`select id from production_order where company_id = $1 limit 1`, [north]);
    const [northRun] = await t.sql<{ id: number }>(`select id from order_die where company_id = $1 and end_extrusion_time is null limit 1`, [north]);
    const list = await t.http().get('/api/orders/all?pageSize=500').set(as('admin@sur.example'));
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from production_order where company_id = $1`, [south]);
    expect(list.body.total).toBe(count);
    expect(list.body.items.every((item: { number: string }) => item.number.startsWith('OP-PS'))).toBe(true);
    expect(
      (await t.http().get('/api/orders/hideClosedOrders').set(as('admin@sur.example'))).body.every((item: { number: string }) =>
        item.number.startsWith('OP-PS'),
      ),
    ).toBe(true);
    for (const request of [
      t.http().get(`/api/orders/${northOrder.id}`),
      t.http().patch(`/api/orders/${northOrder.id}`).send({ customer: 'X' }),
      t.http().delete(`/api/orders/${northOrder.id}`),
      t.http().post(`/api/extrusion/${northRun.id}/stop`).send({ billets_pushed: 1, good_kg: 1, scrap_kg: 0 }),
      t.http().post('/api/planning-board/move').send({ order_id: northOrder.id, to_column: 'to_plan', position: 0 }),
    ]) {
      expect((await request.set(as('admin@sur.example'))).status).toBe(404);
    }
    const save = await t
      .http()
      .post('/api/orders/saveDieCriticalDimension')
      .set(as('operario@sur.example'))
      .send([
        { order_dies_id: northRun.id, dimension_text: 'DimensionA', dimension_value: 20 },
        { order_dies_id: northRun.id, dimension_text: 'DimensionB', dimension_value: 2 },
      ]);
    expect(save.status).toBe(404);
    for (const path of [`/api/orders/all?company_id=${north}`, `/api/orders/hideClosedOrders?companyId=${north}`, `/api/planning-board?companyId=${north}`]) {
      expect((await t.http().get(path).set(as('operario@sur.example'))).status).toBe(403);
    }
    const board = await t.http().get('/api/planning-board').set(as('operario@sur.example'));
    expect(board.body.planned.map((column: { line_name: string }) => column.line_name)).toEqual(['Línea única - 1100 t']);
    expect(
      (await t.http().get('/api/orders/getActiveTimerOrders').set(as('operario@sur.example'))).body.every((run: { dies_model_order_die_reference: string }) =>
        run.dies_model_order_die_reference.startsWith('PS'),
      ),
    ).toBe(true);
  });
});

describe('extrusion start and stop', () => {
  it('runs an order die on one line at a time and a line one order die at a time', async () => {
    const first = await createOrder('OP-RUN-1');
    const second = await createOrder('OP-RUN-2');
    const start = (body: object, who = 'operario@norte.example') => t.http().post('/api/extrusion/start').set(as(who)).send(body);
    expect((await start({ order_id: first.id, die_id: ids.die, line_id: ids.lineA }, 'invitado@norte.example')).status).toBe(403);
    const started = await start({ order_id: first.id, die_id: ids.die, line_id: ids.lineA });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ active_timer: true, dies_model_order_die_reference: 'EN-6003', dies_model_order_copy_number: ids.dieCopyNumber });
    // Refused with the reasons the start form shows on its disabled choices (run-start.rules.ts).
    const twice = await start({ order_id: first.id, die_id: ids.die, line_id: ids.lineB });
    expect([twice.status, twice.body.message]).toEqual([409, productionMessages.dieInPress('Prensa libre lineA', 'OP-RUN-1')]);
    const dieBusy = await start({ order_id: second.id, die_id: ids.die, line_id: ids.lineB });
    expect([dieBusy.status, dieBusy.body.fields]).toEqual([409, { die_id: productionMessages.dieInPress('Prensa libre lineA', 'OP-RUN-1') }]);
    const lineBusy = await start({ order_id: second.id, die_id: ids.otherCopy, line_id: ids.lineA });
    expect([lineBusy.status, lineBusy.body.fields]).toEqual([409, { line_id: productionMessages.pressRunning('OP-RUN-1') }]);
    const [otherReference] = await t.sql<{ id: number }>(`select id from die where company_id = $1 and die_reference = 'EN-6010' and copy_number = 1`, [north]);
    expect((await start({ order_id: second.id, die_id: otherReference.id, line_id: ids.lineB })).body.fields).toEqual({
      die_id: productionMessages.dieNotOfOrder,
    });
    expect((await start({ order_id: second.id, die_id: ids.otherCopy, line_id: ids.lineB })).status).toBe(201);

    const mine = await t.http().get('/api/orders/getActiveTimerOrders').set(as('operario@norte.example'));
    expect(mine.body.map((run: { id: number }) => run.id)).toContain(started.body.id);
    // Spec 3's order die, whether its press holds it paused, and the profile tolerances of A and B the prompt shows before typing (issue 37).
    expect(Object.keys(mine.body[0]).sort()).toEqual([
      'active_timer',
      'dies_model_order_copy_number',
      'dies_model_order_die_reference',
      'id',
      'pause_cause',
      'paused',
      'paused_ms',
      'paused_since',
      'running_ms',
      'start_extrusion_time',
      'tolerances',
    ]);
    const [operator] = await t.sql<{ id: number }>(`select id from app_user where email = 'operario@norte.example'`);
    expect((await t.http().get(`/api/orders/getActiveTimerOrders?userId=${operator.id}`).set(as('operario@norte.example'))).status).toBe(200);
    const someoneElse = await t.http().get(`/api/orders/getActiveTimerOrders?userId=${operator.id}`).set(as('jefe@norte.example'));
    expect([someoneElse.status, someoneElse.body.message]).toEqual([403, productionMessages.activeTimerOnlyYours]);

    const stop = (body: object, who = 'operario@norte.example') => t.http().post(`/api/extrusion/${started.body.id}/stop`).set(as(who)).send(body);
    expect((await stop({ billets_pushed: 0, good_kg: -1 })).body.fields).toMatchObject({
      billets_pushed: 'Debe ser un número mayor que cero',
      good_kg: productionMessages.nonNegativeNumber,
    });
    const tooMuch = await stop({ billets_pushed: 2, good_kg: 500, scrap_kg: 10 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields.good_kg).toContain(productionMessages.tooMuchOutput);
    const stopped = await stop({ billets_pushed: 10, good_kg: 520, scrap_kg: 40 });
    expect(stopped.status).toBe(200);
    // 10 billets of 172 mm × 1000 mm of 6063 (2.69 g/cm³): 625.0 kg.
    expect(stopped.body.billet_kg).toBeCloseTo(625.03, 1);
    expect(stopped.body.figures.recovery).toBeCloseTo(520 / 625.03, 3);
    expect(stopped.body.figures.scrap_ratio).toBeCloseTo(40 / 625.03, 3);
    expect((await stop({ billets_pushed: 10, good_kg: 520, scrap_kg: 40 })).status).toBe(409);
    // The line and the die are free again.
    expect((await start({ order_id: first.id, die_id: ids.die, line_id: ids.lineA })).status).toBe(201);
  });
});

describe('critical dimensions', () => {
  it('saves the two records of a running order die, stamped by the server', async () => {
    const [run] = await t.sql<{ id: number }>(`select id from order_die where company_id = $1 and end_extrusion_time is null order by id limit 1`, [north]);
    const body = (id: number, a: unknown = 20.15, b: unknown = 2.01) => [
      { order_dies_id: id, dimension_text: 'DimensionA', dimension_value: a },
      { order_dies_id: id, dimension_text: 'DimensionB', dimension_value: b },
    ];
    const saved = await t.http().post('/api/orders/saveDieCriticalDimension').set(as('operario@norte.example')).send(body(run.id));
    expect(saved.status).toBe(201);
    // Each record also says whether it is within the tolerance of the die's profile (the die-shop test checks those figures).
    expect(saved.body).toEqual([
      expect.objectContaining({ order_dies_id: run.id, dimension_text: 'DimensionA', dimension_value: 20.15, date_saved: expect.any(String) }),
      expect.objectContaining({ order_dies_id: run.id, dimension_text: 'DimensionB', dimension_value: 2.01, date_saved: expect.any(String) }),
    ]);
    expect(saved.body.map((record: { within_tolerance: boolean | null }) => typeof record.within_tolerance)).toEqual(['boolean', 'boolean']);
    const invalid = await t
      .http()
      .post('/api/orders/saveDieCriticalDimension')
      .set(as('operario@norte.example'))
      .send(body(run.id, -1, 5000));
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ '0.dimension_value': 'Debe ser un número mayor que cero', '1.dimension_value': 'Debe ser como máximo 1000 mm' });
    expect(
      (
        await t
          .http()
          .post('/api/orders/saveDieCriticalDimension')
          .set(as('operario@norte.example'))
          .send([body(run.id)[0]])
      ).status,
    ).toBe(400);
    const [stopped] = await t.sql<{ id: number }>(`select id from order_die where company_id = $1 and end_extrusion_time is not null limit 1`, [north]);
    const notRunning = await t.http().post('/api/orders/saveDieCriticalDimension').set(as('operario@norte.example')).send(body(stopped.id));
    expect([notRunning.status, notRunning.body.message]).toEqual([409, productionMessages.orderDieNotRunning]);
    expect((await t.http().post('/api/orders/saveDieCriticalDimension').set(as('invitado@norte.example')).send(body(run.id))).status).toBe(403);
  });
});

describe('critical dimensions answered without network', () => {
  const checks = (id: number) => [
    { order_dies_id: id, dimension_text: 'DimensionA', dimension_value: 20.1 },
    { order_dies_id: id, dimension_text: 'DimensionB', dimension_value: 2.0 },
  ];
  const saveMadeAgo = (id: number, madeAgo: string) =>
    t.http().post('/api/orders/saveDieCriticalDimension').set(as('operario@norte.example')).set(MADE_AGO_HEADER, madeAgo).send(checks(id));
  /** A run's start and end, and the database's now, in ms. */
  const runTimes = async (state: 'running' | 'stopped') => {
    const [run] = await t.sql<{ id: number; started: number; ended: number | null; now: number }>(
      `select id, extract(epoch from start_extrusion_time) * 1000 as started, extract(epoch from end_extrusion_time) * 1000 as ended,
              extract(epoch from clock_timestamp()) * 1000 as now
         from order_die where company_id = $1 and end_extrusion_time is ${state === 'running' ? '' : 'not'} null
          and start_extrusion_time < now() - interval '30 minutes' order by id limit 1`,
      [north],
    );
    return { id: run.id, started: Number(run.started), ended: run.ended === null ? null : Number(run.ended), now: Number(run.now) };
  };
  const savedAt = (response: { body: { date_saved: string }[] }) => response.body.map((record) => Date.parse(record.date_saved));

  it('dates a check kept by the offline queue when it was answered, within its run', async () => {
    const running = await runTimes('running');
    const kept = await saveMadeAgo(running.id, String(25 * 60_000));
    expect(kept.status).toBe(201);
    for (const at of savedAt(kept)) expect(Math.abs(at - (running.now - 25 * 60_000))).toBeLessThan(5_000);
    // A device cannot place a check before the run started: it is dated at the start.
    const beforeStart = await saveMadeAgo(running.id, String(Math.round(running.now - running.started) + 3_600_000));
    expect(beforeStart.status).toBe(201);
    expect(savedAt(beforeStart)).toEqual([running.started, running.started]);

    // Answered while the run was going, arriving after it was stopped: kept, dated before the stop.
    const stopped = await runTimes('stopped');
    const lateArrival = await saveMadeAgo(stopped.id, String(Math.round(running.now - stopped.ended!) + 60_000));
    expect(lateArrival.status).toBe(201);
    for (const at of savedAt(lateArrival)) expect(Math.abs(at - (stopped.ended! - 60_000))).toBeLessThan(5_000);
    // Answered after the stop: refused, as a check of a stopped run always was.
    const afterStop = await saveMadeAgo(stopped.id, '0');
    expect([afterStop.status, afterStop.body.message]).toEqual([409, productionMessages.orderDieNotRunning]);
  });

  it('refuses an age that is not a whole number of milliseconds, naming the header, and saves nothing', async () => {
    const running = await runTimes('running');
    const count = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from dimension_record where order_die_id = $1`, [running.id]))[0].n;
    const before = await count();
    for (const madeAgo of ['-5', 'ayer', '1.5', '', String(MAX_MADE_AGO_MS + 1)]) {
      const refused = await saveMadeAgo(running.id, madeAgo);
      expect([madeAgo, refused.status, refused.body.fields]).toEqual([madeAgo, 400, { [MADE_AGO_HEADER]: idempotencyMessages.invalidMadeAgo }]);
    }
    expect(await count()).toBe(before);
  });
});

describe('planning board', () => {
  const move = (body: object, who = 'operario@norte.example') => t.http().post('/api/planning-board/move').set(as(who)).send(body);

  it('shows the columns in order and persists moves and reordering', async () => {
    const board = await t.http().get('/api/planning-board').set(as('operario@norte.example'));
    expect(board.status).toBe(200);
    expect(Object.keys(board.body)).toEqual(['to_plan', 'to_plan_total', 'planned', 'in_press', 'in_press_total', 'finished', 'finished_total']);
    expect(board.body.in_press.some((card: { running: boolean }) => card.running)).toBe(true);
    const fresh = await createOrder('OP-BOARD-1');
    const [{ id: lineId }] = await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1 and name = 'Prensa 2 - 1800 t'`, [north]);
    const moved = await move({ order_id: fresh.id, to_column: 'planned', to_line_id: lineId, position: 0 });
    expect(moved.status).toBe(200);
    const column = moved.body.planned.find((entry: { line_id: number }) => entry.line_id === lineId).cards;
    expect(column[0]).toMatchObject({ id: fresh.id, position: 0, status: 'planned' });
    const second = column[1].id;
    const reordered = await move({ order_id: fresh.id, to_column: 'planned', to_line_id: lineId, position: 1 });
    expect(
      reordered.body.planned
        .find((entry: { line_id: number }) => entry.line_id === lineId)
        .cards.slice(0, 2)
        .map((card: { id: number }) => card.id),
    ).toEqual([second, fresh.id]);
    const back = await move({ order_id: fresh.id, to_column: 'to_plan', position: 0 });
    expect(back.body.to_plan[0]).toMatchObject({ id: fresh.id, line_id: null });
    expect((await move({ order_id: fresh.id, to_column: 'planned', position: 0 })).body.fields).toEqual({ to_line_id: productionMessages.chooseLine });
    expect((await move({ order_id: fresh.id, to_column: 'to_plan', position: 0 }, 'invitado@norte.example')).status).toBe(403);
  });

  it('refuses illegal moves with a message', async () => {
    const fresh = await createOrder('OP-BOARD-2');
    const refused = async (body: object, message: string) => {
      const response = await move(body);
      expect([response.status, response.body.message]).toEqual([409, message]);
    };
    await refused({ order_id: fresh.id, to_column: 'finished', position: 0 }, productionMessages.boardFinishNeverRan);
    await refused({ order_id: fresh.id, to_column: 'in_press', position: 0 }, productionMessages.boardIntoPress);
    const [running] = await t.sql<{ order_id: number }>(`select order_id from order_die where company_id = $1 and end_extrusion_time is null limit 1`, [north]);
    await refused({ order_id: running.order_id, to_column: 'to_plan', position: 0 }, productionMessages.boardRunning);
    await refused({ order_id: running.order_id, to_column: 'finished', position: 0 }, productionMessages.boardRunning);
    const [finished] = await t.sql<{ id: number }>(`select id from production_order where company_id = $1 and status = 'finished' limit 1`, [north]);
    await refused({ order_id: finished.id, to_column: 'planned', to_line_id: ids.lineA, position: 0 }, productionMessages.boardFinishedIsFinal);
    // An order that ran and stopped (back on its line's plan: 'En prensa' only while a run is active) may be finished.
    const [paused] = await t.sql<{ id: number }>(
      `select o.id from production_order o where o.company_id = $1 and o.status = 'planned'
          and exists (select 1 from order_die od where od.order_id = o.id)
          and not exists (select 1 from order_die od where od.order_id = o.id and od.end_extrusion_time is null) limit 1`,
      [north],
    );
    const done = await move({ order_id: paused.id, to_column: 'finished', position: 0 });
    expect(done.status).toBe(200);
    expect(done.body.finished[0].id).toBe(paused.id);
  });
});

describe('order list totals (kept by ListCounts until the orders are written)', () => {
  const SHARED = 'Cuenta Compartida';
  const totalOf = async (email: string, query: string) => {
    const params = new URLSearchParams({ pageSize: '50', sort: 'due_date', direction: 'desc' });
    for (const [name, value] of new URLSearchParams(query)) params.set(name, value);
    const response = await t.http().get(`/api/orders/all?${params}`).set(as(email));
    expect(response.status).toBe(200);
    return response.body.total as number;
  };
  const countOf = async (companyId: number, condition = 'true') =>
    (await t.sql<{ n: number }>(`select count(*)::int as n from production_order where company_id = $1 and ${condition}`, [companyId]))[0].n;
  /** The totals both companies are answered for `query`, with what SQL counts for each. */
  const bothTotals = async (query: string, condition: string) => ({
    north: await totalOf('jefe@norte.example', query),
    south: await totalOf('admin@sur.example', query),
    counted: { north: await countOf(north, condition), south: await countOf(south, condition) },
  });
  /** Asks again for up to 2 s until `read` answers `expected` (a change announced by NOTIFY reaches the API process asynchronously). */
  const eventually = async <T>(read: () => Promise<T>, expected: T) => {
    const until = Date.now() + 2_000;
    let last = await read();
    while (!Object.is(last, expected) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = await read();
    }
    return last;
  };
  const insertShared = (companyId: number, prefix: string, from: number, to: number, die: number, alloy: number) =>
    t.sql(
      `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date)
       select $1, $2 || g, '${SHARED}', 'Perfil compartido', $3, $4, 6000, 10, 10, date '2026-06-01' + g % 90 from generate_series($5::int, $6::int) g`,
      [companyId, prefix, die, alloy, from, to],
    );
  const search = `search=${encodeURIComponent(SHARED.toLowerCase())}`;
  const searched = `customer_key ^@ 'cuenta compartida'`;

  afterAll(async () => {
    await t.sql(`delete from production_order where number like 'LC-%'`);
  });

  it("stays exact after writes through the API and in SQL, and never answers another company's total", async () => {
    const listCounts = t.app.get(ListCounts);
    // More than KEPT_FROM_ROWS orders under the same search in both companies, so that both totals are kept.
    await insertShared(north, 'LC-N-', 1, KEPT_FROM_ROWS + 300, ids.die, ids.alloy);
    await insertShared(south, 'LC-S-', 1, KEPT_FROM_ROWS + 200, ids.southDie, ids.southAlloy);
    // Each company its own total for the same filter, read twice (the second time kept), asked at once.
    for (let round = 0; round < 2; round++) {
      const [northTotal, southTotal] = await Promise.all([totalOf('jefe@norte.example', search), totalOf('admin@sur.example', search)]);
      expect([round, northTotal, southTotal]).toEqual([round, KEPT_FROM_ROWS + 300, KEPT_FROM_ROWS + 200]);
    }
    expect(listCounts.held('production_order')).toBeGreaterThanOrEqual(2);
    const all = await bothTotals('', 'true');
    expect({ north: all.north, south: all.south }).toEqual(all.counted);
    // Every filter that changes the count is part of what a total is kept by (the sort is not).
    expect(await totalOf('jefe@norte.example', `${search}&status=to_plan`)).toBe(KEPT_FROM_ROWS + 300);
    expect(await totalOf('jefe@norte.example', `${search}&status=finished`)).toBe(0);
    expect(await totalOf('jefe@norte.example', `${search}&due_from=2026-06-01&due_to=2026-06-10`)).toBe(
      await countOf(north, `${searched} and due_date between '2026-06-01' and '2026-06-10'`),
    );
    expect(await totalOf('jefe@norte.example', `${search}&sort=number&direction=asc&page=3`)).toBe(KEPT_FROM_ROWS + 300);

    // Written through the API: this process answers the new total at once.
    const created = await createOrder('LC-API-1', { customer: `${SHARED} nueva` });
    expect(await bothTotals(search, searched)).toEqual({
      north: KEPT_FROM_ROWS + 301,
      south: KEPT_FROM_ROWS + 200,
      counted: { north: KEPT_FROM_ROWS + 301, south: KEPT_FROM_ROWS + 200 },
    });
    expect(await totalOf('jefe@norte.example', '')).toBe(all.counted.north + 1);
    // A board move changes the order's status: the totals by status follow at once too.
    expect(await totalOf('jefe@norte.example', `${search}&status=planned`)).toBe(0);
    const moved = await t
      .http()
      .post('/api/planning-board/move')
      .set(as('jefe@norte.example'))
      .send({ order_id: created.id, to_column: 'planned', to_line_id: ids.lineA, position: 0 });
    expect(moved.status).toBe(200);
    expect(await totalOf('jefe@norte.example', `${search}&status=planned`)).toBe(1);
    expect((await t.http().delete(`/api/orders/${created.id}`).set(as('admin@norte.example'))).status).toBe(204);
    expect(await totalOf('jefe@norte.example', search)).toBe(KEPT_FROM_ROWS + 300);
    expect(await totalOf('jefe@norte.example', `${search}&status=planned`)).toBe(0);

    // Written in plain SQL (another process, an administrator): announced by the table's trigger.
    await insertShared(north, 'LC-SQL-', 1, 5, ids.die, ids.alloy);
    expect(await eventually(() => totalOf('jefe@norte.example', search), KEPT_FROM_ROWS + 305)).toBe(KEPT_FROM_ROWS + 305);
    expect(await totalOf('admin@sur.example', search)).toBe(KEPT_FROM_ROWS + 200);
    // The total answered is the kept one: a write made with the triggers off is not announced...
    await t.sql(
      `set session_replication_role = replica;
       insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date)
       values (${north}, 'LC-QUIET-1', '${SHARED}', 'Perfil compartido', ${ids.die}, ${ids.alloy}, 6000, 10, 10, date '2026-06-01')`,
    );
    expect(await totalOf('jefe@norte.example', search)).toBe(KEPT_FROM_ROWS + 305);
    // ...and the next announced write brings the exact total back.
    await t.sql(`delete from production_order where company_id = $1 and number like 'LC-SQL-%'`, [north]);
    expect(await eventually(() => totalOf('jefe@norte.example', search), KEPT_FROM_ROWS + 301)).toBe(KEPT_FROM_ROWS + 301);
    expect(await countOf(north, searched)).toBe(KEPT_FROM_ROWS + 301);
  });
});
