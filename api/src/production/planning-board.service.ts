import { ConflictException, Injectable } from '@nestjs/common';
import {
  BOARD_COLUMN_CARDS,
  PLANNING_BOARD_CHANGED,
  planningBoardQuerySchema,
  productionMessages,
  type BoardCard,
  type OrderStatus,
  type PlanningBoardMove,
  type PlanningBoardQuery,
} from '@planta/contracts';
import { isCheckViolation } from '../common/db-errors';
import { containsFoldedSql } from '../common/text-search';
import { RealtimeService } from '../realtime/realtime.service';
import { requestContext } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { ownLine } from './catalog.service';
import { openLineStops } from './line-stops';
import { ExtrusionLineEntity } from './production.entities';
import { ProductionOrderEntity } from './production-order.entity';

/** The board without filters, its first window of finished orders. */
const WHOLE_BOARD: PlanningBoardQuery = planningBoardQuerySchema.parse({});

/** A card as read from the database (dates not yet serialised). */
type BoardCardRow = Omit<BoardCard, 'finished_at'> & { finished_at: Date | null };

const CARD = `
  select o.id, o.number, o.customer, o.profile, to_char(o.due_date, 'YYYY-MM-DD') as due_date, o.quantity_kg::float8 as quantity_kg,
         d.die_reference, d.copy_number, o.line_id, l.name as line_name, o.status, o.board_position as position, o.finished_at,
         exists (select 1 from order_die od where od.order_id = o.id and od.end_extrusion_time is null) as running
    from production_order o join die d on d.id = o.die_id left join extrusion_line l on l.id = o.line_id`;

/**
 * The orders of a column, each matching an index (PlanningBoardIndexes), so that a column stops
 * after its cards, however many orders the company keeps.
 */
const BOARD_ORDERS = {
  position: 'o.board_position, o.id',
  recently_finished: 'o.finished_at desc nulls last, o.id desc',
} as const;
type BoardOrder = keyof typeof BOARD_ORDERS;

/** A column's statement: the cards `where` selects, in the column's order, at most `limit`. */
function boardColumnSql(where: string, order: BoardOrder, limit: number): string {
  return `${CARD} where ${where} order by ${BOARD_ORDERS[order]} limit ${limit}`;
}

/**
 * 'Planificada': the first BOARD_COLUMN_CARDS cards of each line in `lineIds` (an int[] parameter), so that
 * a line with many orders does not crowd the others out of the column.
 */
function plannedColumnSql(where: string, lineIds: string): string {
  return `select card.* from unnest(${lineIds}::int[]) as board_line(id)
    cross join lateral (${boardColumnSql(`${where} and o.line_id = board_line.id`, 'position', BOARD_COLUMN_CARDS)}) card`;
}

/** The planning board: to plan, planned per line, in press, finished; moves persisted and checked. */
@Injectable()
export class PlanningBoardService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
  ) {}

  board(query: PlanningBoardQuery = WHOLE_BOARD) {
    return this.tenantDb.read((scope) => readBoard(scope, query));
  }

  /** Moves a card and answers the board with the caller's filters (`query`). */
  async move(move: PlanningBoardMove, query: PlanningBoardQuery = WHOLE_BOARD) {
    const companyId = requestContext.current().companyId;
    const board = await this.tenantDb.transaction(async (scope) => {
      // One board move of a company at a time, so positions stay consistent.
      await scope.manager.query(`select pg_advisory_xact_lock(hashtext('planning-board'), $1)`, [scope.companyId]);
      const order = await scope.repository(ProductionOrderEntity).findOne(move.order_id);
      const [{ running, ran }] = await scope.manager.query(
        `select bool_or(end_extrusion_time is null) is true as running, count(*) > 0 as ran from order_die where company_id = $1 and order_id = $2`,
        [scope.companyId, order.id],
      );
      const target = move.to_column;
      // 'En prensa' is its runs' state: only a running order is there (a move within the column reorders it).
      if (target === 'in_press' && !running) throw new ConflictException(productionMessages.boardIntoPress);
      if (target === 'finished' && order.status !== 'finished') {
        if (running) throw new ConflictException(productionMessages.boardRunning);
        if (!ran) throw new ConflictException(productionMessages.boardFinishNeverRan);
      }
      if (target === 'planned' || target === 'to_plan') {
        if (order.status === 'finished') throw new ConflictException(productionMessages.boardFinishedIsFinal);
        if (running) throw new ConflictException(productionMessages.boardRunning);
      }
      let lineId = order.line_id;
      if (target === 'planned') lineId = (await ownLine(scope, move.to_line_id))!.id;
      if (target === 'to_plan') lineId = null;

      await keepingRunsState(() =>
        scope.repository(ProductionOrderEntity).update(order.id, {
          status: target,
          line_id: lineId,
          finished_at: target === 'finished' ? (order.finished_at ?? new Date()) : null,
        }),
      );
      if (target !== 'finished') await reorder(scope, order.id, target, lineId, move.position, move.before_order_id ?? null);
      return readBoard(scope, query);
    });
    this.realtime.toCompany(companyId, PLANNING_BOARD_CHANGED, {
      order_id: move.order_id,
      to_column: move.to_column,
      to_line_id: move.to_line_id ?? null,
      position: move.position,
    });
    return board;
  }
}

/** A run started or ended meanwhile: the order's state is its runs' (trigger order_in_press_has_run), said as a 409. */
async function keepingRunsState<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isCheckViolation(error, 'order_in_press_has_run')) throw new ConflictException(productionMessages.orderInPressWithoutRun);
    throw error;
  }
}

/**
 * Puts the order in front of `beforeId` when that order is in the column, otherwise at `position`,
 * and renumbers the column 0..n-1.
 */
async function reorder(scope: TenantScope, orderId: number, status: OrderStatus, lineId: number | null, position: number, beforeId: number | null) {
  const byLine = status !== 'in_press';
  const rows: { id: number }[] = await scope.manager.query(
    `select id from production_order where company_id = $1 and status = $2 and ($3::boolean = false or line_id is not distinct from $4::int) and id <> $5
      order by board_position, id`,
    [scope.companyId, status, byLine, lineId, orderId],
  );
  const ids = rows.map((row) => row.id);
  const before = beforeId === null ? -1 : ids.indexOf(beforeId);
  ids.splice(before >= 0 ? before : Math.min(position, ids.length), 0, orderId);
  await scope.manager.query(
    `update production_order o set board_position = v.position
       from unnest($2::int[], $3::int[]) as v(id, position)
      where o.company_id = $1 and o.id = v.id and o.board_position <> v.position`,
    [scope.companyId, ids, ids.map((_, index) => index)],
  );
}

/** A statement with its parameters. */
interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The statements of the board's columns for `query`, in the company `companyId`, with the lines
 * `lineIds` shown ('Planificada' has one group per line) and `chosenLineId` when one line is asked
 * for; and the conditions that count each column's orders (`counts`). Exported for the plan test.
 */
export function boardColumnStatements(companyId: number, query: PlanningBoardQuery, lineIds: number[], chosenLineId: number | null) {
  // The filters every column shares; the line filter leaves 'Por planificar' whole.
  const params: unknown[] = [companyId];
  const shared: string[] = [];
  if (query.search) {
    params.push(query.search);
    shared.push(containsFoldedSql(['o.number', 'o.customer', 'o.profile'], `$${params.length}::text`));
  }
  if (query.due_from) {
    params.push(query.due_from);
    shared.push(`o.due_date >= $${params.length}::date`);
  }
  if (query.due_to) {
    params.push(query.due_to);
    shared.push(`o.due_date <= $${params.length}::date`);
  }
  const where = (status: OrderStatus, byChosenLine: boolean): Statement => {
    const conditions = [`o.company_id = $1`, `o.status = '${status}'`, ...shared];
    if (chosenLineId === null || !byChosenLine) return { sql: conditions.join(' and '), params };
    // The line's parameter comes last, so that the other columns can leave it out.
    return { sql: [...conditions, `o.line_id = $${params.length + 1}`].join(' and '), params: [...params, chosenLineId] };
  };
  const column = (status: OrderStatus, order: BoardOrder, limit: number): Statement => {
    const condition = where(status, status !== 'to_plan');
    return { sql: boardColumnSql(condition.sql, order, limit), params: condition.params };
  };
  // 'Planificada' takes its lines by parameter, the chosen one among them.
  const planned = where('planned', false);
  const next = `$${planned.params.length + 1}`;
  return {
    to_plan: column('to_plan', 'position', BOARD_COLUMN_CARDS),
    planned: { sql: plannedColumnSql(planned.sql, next), params: [...planned.params, lineIds] },
    in_press: column('in_press', 'position', BOARD_COLUMN_CARDS),
    finished: column('finished', 'recently_finished', query.finished_limit),
    counts: {
      to_plan: where('to_plan', false),
      plannedOn: (lineId: number): Statement => ({ sql: `${planned.sql} and o.line_id = ${next}`, params: [...planned.params, lineId] }),
      in_press: where('in_press', true),
      finished: where('finished', true),
    },
  };
}

async function readBoard(scope: TenantScope, query: PlanningBoardQuery) {
  const chosenLine = await ownLine(scope, query.line_id);
  const lines = chosenLine ? [chosenLine] : await scope.repository(ExtrusionLineEntity).find({ order: { name: 'ASC' } });
  const statements = boardColumnStatements(
    scope.companyId,
    query,
    lines.map((line) => line.id),
    chosenLine?.id ?? null,
  );
  const cards = ({ sql, params }: Statement): Promise<BoardCardRow[]> => scope.manager.query(sql, params);
  // One after the other: the queries share the transaction's connection (pg refuses overlapping ones).
  const toPlan = await cards(statements.to_plan);
  const planned = await cards(statements.planned);
  const inPress = await cards(statements.in_press);
  const finished = await cards(statements.finished);
  // A column showing fewer cards than it may holds all its orders; else they are counted, the count
  // kept until the orders are written (ListCounts): most of a plant's orders are finished.
  const count = ({ sql, params }: Statement) => scope.totalWhere(ProductionOrderEntity, sql, params);
  const totalOf = (cards: BoardCardRow[], limit: number, condition: Statement) => (cards.length < limit ? cards.length : count(condition));
  const toPlanTotal = await totalOf(toPlan, BOARD_COLUMN_CARDS, statements.counts.to_plan);
  const plannedLines: { line: ExtrusionLineEntity; cards: BoardCardRow[]; total: number }[] = [];
  for (const line of lines) {
    const cards = planned.filter((card) => card.line_id === line.id);
    plannedLines.push({ line, cards, total: await totalOf(cards, BOARD_COLUMN_CARDS, statements.counts.plannedOn(line.id)) });
  }
  const inPressTotal = await totalOf(inPress, BOARD_COLUMN_CARDS, statements.counts.in_press);
  const finishedTotal = await totalOf(finished, query.finished_limit, statements.counts.finished);
  const stops = await openLineStops(scope);
  const stopOf = (lineId: number) => stops.get(lineId) ?? null;
  return {
    to_plan: toPlan,
    to_plan_total: toPlanTotal,
    planned: plannedLines.map(({ line, cards, total }) => ({ line_id: line.id, line_name: line.name, cards, total, stopped: stopOf(line.id) })),
    in_press: inPress,
    in_press_total: inPressTotal,
    finished,
    finished_total: finishedTotal,
  };
}
