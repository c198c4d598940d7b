import { BOARD_FINISHED_MAX, BOARD_FINISHED_PAGE, planningBoardQuerySchema, productionMessages, type PlanningBoard } from '@planta/contracts';
import { boardColumnStatements } from '../src/production/planning-board.service';
import { placeTestOrder } from './support/orders.fixture';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/** The planning board's query: the window of finished orders, search, one line, a due date range. */
type Board = PlanningBoard;

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const ids = { die: 0, alloy: 0, lines: [] as number[] };

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  for (const email of ['jefe@norte.example', 'operario@norte.example', 'operario@sur.example']) tokens[email] = (await t.login(email)).access_token;
  [{ id: ids.die }] = await t.sql<{ id: number }>(`select id from die where company_id = $1 and copy_number = 1 order by id limit 1`, [north]);
  [{ id: ids.alloy }] = await t.sql<{ id: number }>(`select id from aluminum_alloy where company_id = $1 order by id limit 1`, [north]);
  ids.lines = (await t.sql<{ id: number }>(`select id from extrusion_line where company_id = $1 order by name`, [north])).map((line) => line.id);
});
afterAll(() => t.close());

const as = (email: string) => bearer(tokens[email]);
const board = (query = '', who = 'operario@norte.example') => t.http().get(`/api/planning-board${query}`).set(as(who));
const cardsOf = (body: Board) => [...body.to_plan, ...body.planned.flatMap((line) => line.cards), ...body.in_press, ...body.finished];
const createOrder = (number: string, extra: object = {}) =>
  placeTestOrder(t, as('jefe@norte.example'), { number, profile: 'Perfil de pruebas', die_id: ids.die, alloy_id: ids.alloy, ...extra });

describe('planning board query', () => {
  it('shows the most recently finished orders, a window that grows with finished_limit, and how many there are', async () => {
    const [{ total }] = await t.sql<{ total: number }>(`select count(*)::int as total from production_order where company_id = $1 and status = 'finished'`, [
      north,
    ]);
    expect(total).toBeGreaterThan(BOARD_FINISHED_PAGE);
    const first = (await board()).body as Board;
    expect(first.finished_total).toBe(total);
    expect(first.finished).toHaveLength(BOARD_FINISHED_PAGE);
    const times = first.finished.map((card) => Date.parse(card.finished_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const [{ newest }] = await t.sql<{ newest: number }>(
      `select id as newest from production_order where company_id = $1 and status = 'finished' order by finished_at desc, id desc limit 1`,
      [north],
    );
    expect(first.finished[0].id).toBe(newest);

    const more = (await board(`?finished_limit=${BOARD_FINISHED_PAGE + 5}`)).body as Board;
    expect(more.finished).toHaveLength(BOARD_FINISHED_PAGE + 5);
    expect(more.finished.slice(0, BOARD_FINISHED_PAGE).map((card) => card.id)).toEqual(first.finished.map((card) => card.id));
    expect(((await board(`?finished_limit=${BOARD_FINISHED_MAX}`)).body as Board).finished).toHaveLength(total);
    // The open columns are not windowed.
    expect(more.to_plan.length).toBe(first.to_plan.length);
  });

  it('searches number, customer and profile anywhere in the text, without case or accents, finished orders beyond the window included', async () => {
    const fresh = await createOrder('OP-BÚSQUEDA-1', { customer: 'Carpintería Mañana S.L.', profile: 'Perfil Ñandú único' });
    for (const term of ['carpinteria manana', 'MAÑANA', 'busqueda', 'nandu UNICO', 'ía Ma']) {
      const found = (await board(`?search=${encodeURIComponent(term)}`)).body as Board;
      expect([term, cardsOf(found).map((card) => card.id)]).toEqual([term, [fresh.id]]);
    }
    // An old finished order is found though the window shows only the latest ones.
    const [oldest] = await t.sql<{ id: number; number: string }>(
      `select id, number from production_order where company_id = $1 and status = 'finished' order by finished_at asc limit 1`,
      [north],
    );
    const found = (await board(`?search=${encodeURIComponent(oldest.number.toLowerCase())}`)).body as Board;
    expect(found.finished.map((card) => card.id)).toEqual([oldest.id]);
    expect(found.finished_total).toBe(1);
    // Another company's orders stay out of reach.
    const south = (await board(`?search=${encodeURIComponent(oldest.number)}`, 'operario@sur.example')).body as Board;
    expect(cardsOf(south)).toEqual([]);
  });

  it("shows one line: its planned column and the orders in press and finished on it, 'Por planificar' whole", async () => {
    const whole = (await board()).body as Board;
    const lineId = ids.lines[1];
    const response = await board(`?line_id=${lineId}&finished_limit=${BOARD_FINISHED_MAX}`);
    expect([response.status, response.body.message]).toEqual([200, undefined]);
    const one = response.body as Board;
    expect(one.planned.map((line) => line.line_id)).toEqual([lineId]);
    expect(one.planned[0].cards.map((card) => card.id)).toEqual(whole.planned.find((line) => line.line_id === lineId)!.cards.map((card) => card.id));
    expect(one.in_press.length).toBeGreaterThan(0);
    expect([...one.in_press, ...one.finished].every((card) => card.line_id === lineId)).toBe(true);
    const [{ onLine }] = await t.sql<{ onLine: number }>(
      `select count(*)::int as "onLine" from production_order where company_id = $1 and status = 'finished' and line_id = $2`,
      [north, lineId],
    );
    expect([one.finished.length, one.finished_total]).toEqual([onLine, onLine]);
    expect(one.to_plan.map((card) => card.id)).toEqual(whole.to_plan.map((card) => card.id));
  });

  it('keeps the orders due within a date range, in every column', async () => {
    const due = await createOrder('OP-DUE-2031', { due_date: '2031-05-01' });
    const range = (await board('?due_from=2031-04-30&due_to=2031-05-02')).body as Board;
    expect(cardsOf(range).map((card) => card.id)).toEqual([due.id]);
    const [{ cutoff, early }] = await t.sql<{ cutoff: string; early: number }>(
      `select to_char(current_date - 10, 'YYYY-MM-DD') as cutoff,
              (select count(*)::int from production_order where company_id = $1 and status = 'finished' and due_date <= current_date - 10) as early`,
      [north],
    );
    const before = (await board(`?due_to=${cutoff}`)).body as Board;
    expect(before.finished_total).toBe(early);
    expect(cardsOf(before).every((card) => card.due_date <= cutoff)).toBe(true);
    expect(cardsOf(before).length).toBeGreaterThan(0);
  });

  it('shows up to 300 cards of each line and of to plan, however many another holds, and counts them all, filtered too', async () => {
    const count = async (where: string, params: unknown[] = []) =>
      (await t.sql<{ count: number }>(`select count(*)::int as count from production_order where company_id = $1 and ${where}`, [north, ...params]))[0].count;
    const plannedOn = (lineId: number) => count(`status = 'planned' and line_id = $2`, [lineId]);
    const others = await Promise.all(ids.lines.slice(1).map(plannedOn));
    expect(others.some((planned) => planned > 0)).toBe(true);
    // More orders on the first line than the three lines' cards together, placed before any other
    // planned card, and more to plan than the column shows.
    await t.sql(
      `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date, line_id, status, board_position)
       select $1, 'MUCHAS-' || g, 'Cliente Muchas', 'Perfil', $2, $3, 6000, 10, 10, current_date, case when g <= 1000 then $4::int end,
              case when g <= 1000 then 'planned' else 'to_plan' end, -2000 + g
         from generate_series(1, 1400) g`,
      [north, ids.die, ids.alloy, ids.lines[0]],
    );
    try {
      const body = (await board()).body as Board;
      expect(body.planned.map((line) => line.cards.length)).toEqual([300, ...others.map((planned) => Math.min(planned, 300))]);
      expect(body.planned.map((line) => line.total)).toEqual([await plannedOn(ids.lines[0]), ...others]);
      expect([body.to_plan.length, body.to_plan_total]).toEqual([300, await count(`status = 'to_plan'`)]);
      expect(body.in_press_total).toBe(body.in_press.length);
      // Filtered, the totals count what the filters keep.
      const searched = (await board(`?search=${encodeURIComponent('cliente muchas')}`)).body as Board;
      expect([searched.to_plan_total, searched.planned.map((line) => line.total)]).toEqual([400, [1000, ...others.map(() => 0)]]);
      const oneLine = (await board(`?line_id=${ids.lines[1]}`)).body as Board;
      expect(oneLine.planned.map((line) => [line.cards.length, line.total])).toEqual([[Math.min(others[0], 300), others[0]]]);
    } finally {
      await t.sql(`delete from production_order where company_id = $1 and number like 'MUCHAS-%'`, [north]);
    }
  });

  it('reads the columns that grow (to plan, planned, finished) of 100,000 orders from an index under row-level security, sorting nothing, with and without a line', async () => {
    await t.inCompanyScope(north, async (client) => {
      // The production bench's volume (rolled back below): a tenth to plan, a tenth planned over the lines, the rest finished.
      await client.query(
        `insert into production_order (company_id, number, customer, profile, die_id, alloy_id, length_mm, quantity_pieces, quantity_kg, due_date,
                                       line_id, status, board_position, finished_at)
         select $1, 'VOL-' || g, 'Cliente', 'Perfil ' || (g % 997), $2, $3, 6000, 10, 10, current_date,
                case when g % 10 = 0 then null else ($4::int[])[1 + g % cardinality($4::int[])] end,
                case when g % 10 = 0 then 'to_plan' when g % 10 = 1 then 'planned' else 'finished' end, g,
                case when g % 10 >= 2 then now() - (g % 400) * interval '1 day' end
           from generate_series(1, 100000) g`,
        [north, ids.die, ids.alloy, ids.lines],
      );
      await client.query('analyze production_order');
      // 'En prensa' holds at most an order per line: its few rows may come from any index and be sorted.
      const indexes = {
        to_plan: 'production_order_board_column',
        planned: 'production_order_board_line',
        finished: 'production_order_finished_recent',
      };
      const whole = boardColumnStatements(north, planningBoardQuerySchema.parse({}), ids.lines, null);
      const oneLine = boardColumnStatements(north, planningBoardQuerySchema.parse({ line_id: ids.lines[0] }), [ids.lines[0]], ids.lines[0]);
      for (const statements of [whole, oneLine]) {
        for (const [column, index] of Object.entries(indexes)) {
          const { sql, params } = statements[column as keyof typeof indexes];
          const plan = (await client.query(`explain ${sql}`, params)).rows.map((row: Record<string, string>) => row['QUERY PLAN'] as string);
          // The cards come from the index in the column's order, and the scan stops at the column's limit.
          expect({ column, scan: plan.find((line) => /Scan .*on production_order o/.test(line)) }).toEqual({
            column,
            scan: expect.stringMatching(new RegExp(`Index Scan using ${index} on production_order o`)),
          });
          expect({ column, sorts: plan.filter((line) => /Sort/.test(line)) }).toEqual({ column, sorts: [] });
        }
      }
    });
  });

  it('refuses bad values with 400 naming each field', async () => {
    const refused = async (query: string, fields: Record<string, string>) => {
      const response = await board(query);
      expect([query, response.status, response.body.fields]).toEqual([query, 400, fields]);
    };
    await refused('?finished_limit=0', { finished_limit: productionMessages.boardFinishedLimit });
    await refused(`?finished_limit=${BOARD_FINISHED_MAX + 1}`, { finished_limit: productionMessages.boardFinishedLimit });
    await refused('?finished_limit=diez', { finished_limit: productionMessages.boardFinishedLimit });
    await refused('?line_id=primera', { line_id: productionMessages.boardLine });
    await refused('?due_from=2026-02-30&due_to=15/03/2026', { due_from: productionMessages.dateFormat, due_to: productionMessages.dateFormat });
    await refused('?due_from=2026-03-15&due_to=2026-03-01', { due_to: productionMessages.boardDueRange });
    await refused(`?search=${'x'.repeat(101)}`, { search: 'El tamaño máximo es 100' });
    // Another company's line is no line of this board.
    const [{ id: southLine }] = await t.sql<{ id: number }>(`select id from extrusion_line where company_id <> $1 limit 1`, [north]);
    await refused(`?line_id=${southLine}`, { line_id: 'La línea elegida no existe' });
  });

  it('moves a card in front of the card it was dropped on, and answers the board with the same filters', async () => {
    const lineId = ids.lines[0];
    const a = await createOrder('OP-FRENTE-A', { customer: 'Frente Uno', line_id: lineId });
    const b = await createOrder('OP-FRENTE-B', { customer: 'Frente Dos', line_id: lineId });
    const moved = await t
      .http()
      .post('/api/planning-board/move?search=frente')
      .set(as('jefe@norte.example'))
      .send({ order_id: b.id, to_column: 'planned', to_line_id: lineId, position: 0, before_order_id: a.id });
    expect(moved.status).toBe(200);
    const body = moved.body as Board;
    expect(cardsOf(body).map((card) => card.id)).toEqual([b.id, a.id]);
    expect(body.planned.find((line) => line.line_id === lineId)!.cards.map((card) => card.id)).toEqual([b.id, a.id]);
    const whole = (await board()).body as Board;
    const column = whole.planned.find((line) => line.line_id === lineId)!.cards.map((card) => card.id);
    expect(column.indexOf(b.id)).toBe(column.indexOf(a.id) - 1);
  });

  it('says per line which press is stopped, why, since when and by which failure report; planning onto it stays allowed', async () => {
    const lineId = ids.lines[ids.lines.length - 1];
    const [press] = await t.sql<{ id: number; name: string }>(
      `insert into machine (company_id, name, code, type, line_id, status, criticality) values ($1, 'Prensa parada tablero', 'E2E-PT', 'press', $2, 'operating', 'A')
       returning id, name`,
      [north, lineId],
    );
    const stopOf = async () => ((await board()).body as Board).planned.find((line) => line.line_id === lineId)!.stopped;
    try {
      // A stop entered by hand: no failure report.
      const [stop] = await t.sql<{ id: number; started_at: Date }>(
        `insert into machine_stop (company_id, machine_id, line_id, started_at, planned, cause) values ($1, $2, $3, now() - interval '1 hour', false, 'electrical')
         returning id, started_at`,
        [north, press.id, lineId],
      );
      expect(await stopOf()).toEqual({ machine_name: press.name, cause: 'electrical', started_at: stop.started_at.toISOString(), failure_report_number: null });
      const order = await createOrder('OP-PARADA-1');
      const moved = await t
        .http()
        .post('/api/planning-board/move')
        .set(as('jefe@norte.example'))
        .send({ order_id: order.id, to_column: 'planned', to_line_id: lineId, position: 0, before_order_id: null });
      expect(moved.status).toBe(200);
      expect((moved.body as Board).planned.find((line) => line.line_id === lineId)!.cards[0].id).toBe(order.id);
      // Once the stop ends, the line is no longer stopped.
      await t.sql(`update machine_stop set ended_at = now() where id = $1`, [stop.id]);
      expect(await stopOf()).toBeNull();
    } finally {
      await t.sql(`delete from machine_stop where machine_id = $1`, [press.id]);
      await t.sql(`delete from machine where id = $1`, [press.id]);
    }
  });
});
