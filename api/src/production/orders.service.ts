import { ConflictException, ForbiddenException, HttpStatus, Injectable } from '@nestjs/common';
import {
  OPEN_ORDER_STATUSES,
  orderSchema,
  productionMessages,
  STOP_CAUSE_WORDS,
  type DimensionRecord,
  type RunningOrderDie,
  type OrderInput,
  type OrderListQuery,
  type ProductionOrderView,
  type SaveDieCriticalDimensionRequest,
  type SavedDimensionRecord,
} from '@planta/contracts';
import { fieldError } from '../common/field-error';
import { labelMatchConditions, labelSortExpression, type LabelledColumns } from '../common/list-labels';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { ownLine } from './catalog.service';
import { checkWhole, refuseIfAny, refusingConflicts } from '../common/db-errors';
import { DimensionRecordEntity } from './dimension-record.entity';
import { productionFigures, runningHoursSql, type FinishedRun } from './figures';
import { runChecks, runMarks } from './run-marks';
import { currentPause, pauseView, runPauses } from './run-pauses';
import { AluminumAlloyEntity, FinishEntity } from './production.entities';
import { OrderDieEntity } from './order-die.entity';
import { ProductionOrderEntity } from './production-order.entity';
import { DieEntity } from '../dieshop/die.entity';
import { runTolerances, withTolerances } from '../dieshop/profile-tolerance';
import { CorrectionService, type Announcement } from '../dieshop/correction.service';

/** An order as the API answers it (ORDER_COLUMNS), with the names it refers to (ORDER_NAMES). */
const ORDER_COLUMNS = `
  o.id, o.number, o.customer, o.profile, o.die_id, d.die_reference, d.copy_number,
  o.alloy_id, a.designation as alloy_designation, a.temper as alloy_temper,
  o.finish_id, f.name as finish_name, o.length_mm::float8 as length_mm, o.quantity_pieces,
  o.quantity_kg::float8 as quantity_kg, to_char(o.due_date, 'YYYY-MM-DD') as due_date,
  o.line_id, l.name as line_name, o.status, o.board_position, o.finished_at, o.created_at`;
const ORDER_NAMES = `
  join die d on d.id = o.die_id
  join aluminum_alloy a on a.id = o.alloy_id
  left join finish f on f.id = o.finish_id
  left join extrusion_line l on l.id = o.line_id`;
const ORDER_FROM = `from production_order o ${ORDER_NAMES}`;

/**
 * A page of the order list: the orders of the page first (read in their order from an index when
 * sorted by due date), then the names they refer to for those rows only. Joined around the whole
 * search, the five tables under row-level security cost PostgreSQL three times as long to plan
 * as the page took to read.
 */
export const orderPageSql = (condition: string, order: string, limit: number, offset: number) =>
  `select ${ORDER_COLUMNS}
     from (select o.* from production_order o where ${condition} order by ${order} limit ${limit} offset ${offset}) o ${ORDER_NAMES}
    order by ${order}`;

/** Columns a list may be sorted by, and the SQL of each. */
const SORTS: Record<string, string> = {
  due_date: 'o.due_date',
  number: 'o.number_key',
  customer: 'o.customer_key',
  profile: 'o.profile_key',
  status: 'o.status',
  line_id: 'o.line_id',
  quantity_kg: 'o.quantity_kg',
  created_at: 'o.created_at',
  id: 'o.id',
};

/** Columns the list shows by a label: the status and the line (list-labels.ts). */
const LABELLED: LabelledColumns = { status: { sql: 'o.status' }, line_id: { sql: 'o.line_id' } };

/**
 * Orders whose number, customer or profile starts with the term in `param`, accents and case
 * aside: the stored folded keys with ^@ (starts_with), which their indexes answer even under
 * row-level security (migrations 1764100000000 and 1764300000000).
 */
export const orderSearchCondition = (param: string) =>
  `(o.number_key ^@ fold_text(${param}) or o.customer_key ^@ fold_text(${param}) or o.profile_key ^@ fold_text(${param}))`;

/** An order as read from the database (dates not yet serialised). */
export type OrderRow = Omit<ProductionOrderView, 'finished_at' | 'created_at'> & { finished_at: Date | null; created_at: Date };

/** Production orders of the active company, their runs, critical dimensions and figures. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly corrections: CorrectionService,
  ) {}

  /** Paged list; the search is a prefix of the number, customer or profile (index-backed) or a shown status or line. */
  list(query: OrderListQuery) {
    return this.tenantDb.read(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const where = ['o.company_id = $1'];
      if (query.search) where.push(`(${[orderSearchCondition(bind(query.search)), ...labelMatchConditions(query, LABELLED, bind)].join(' or ')})`);
      if (query.status) where.push(`o.status = ${bind(query.status)}`);
      if (query.line_id) where.push(`o.line_id = ${bind(query.line_id)}`);
      if (query.due_from) where.push(`o.due_date >= ${bind(query.due_from)}::date`);
      if (query.due_to) where.push(`o.due_date <= ${bind(query.due_to)}::date`);
      const condition = where.join(' and ');
      // The count's parameters: the sort's own are bound after them.
      const filter = [...params];
      const sortKey = query.sort && Object.hasOwn(SORTS, query.sort) ? query.sort : 'due_date';
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const byLabel = query.sort === sortKey ? labelSortExpression(query, sortKey, LABELLED, bind) : undefined;
      const order = [byLabel ? `${byLabel} ${direction} nulls last` : null, `${SORTS[sortKey]} ${direction}`, `o.id ${direction}`].filter(Boolean).join(', ');
      const items: OrderRow[] = await scope.manager.query(orderPageSql(condition, order, query.pageSize, (query.page - 1) * query.pageSize), params);
      // Kept until the orders are written (ListCounts): a page of 100,000 orders costs its 50 rows.
      const total = await scope.totalWhere(ProductionOrderEntity, condition, filter);
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** Spec 7 work orders: the open (not finished) orders, by due date. */
  openOrders() {
    return this.tenantDb.read(
      (scope) =>
        scope.manager.query(`select ${ORDER_COLUMNS} ${ORDER_FROM} where o.company_id = $1 and o.status = any($2) order by o.due_date, o.id`, [
          scope.companyId,
          OPEN_ORDER_STATUSES,
        ]) as Promise<OrderRow[]>,
    );
  }

  /** The order with its runs (order dies), each with its 10-minute marks and figures, and the order's figures. */
  detail(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const order = await orderRow(scope, id);
      const runs: (OrderDieEntity & { die_reference: string; copy_number: number; line_name: string; running_hours: number | null })[] =
        await scope.manager.query(
          `select od.id, od.order_id, od.die_id, od.line_id, od.started_by, od.start_extrusion_time, od.end_extrusion_time, od.billets_pushed,
                od.billet_kg::float8 as billet_kg, od.good_kg::float8 as good_kg, od.scrap_kg::float8 as scrap_kg,
                d.die_reference, d.copy_number, l.name as line_name, ${runningHoursSql('od')} as running_hours
           from order_die od join die d on d.id = od.die_id join extrusion_line l on l.id = od.line_id
          where od.company_id = $1 and od.order_id = $2 order by od.start_extrusion_time`,
          [scope.companyId, id],
        );
      const checks = await runChecks(
        scope,
        runs.map((run) => run.id),
      );
      const now = new Date();
      const pauses = await runPauses(
        scope,
        runs.map((run) => ({ id: run.id, line_id: run.line_id, start: run.start_extrusion_time, end: run.end_extrusion_time })),
      );
      // A run's running hours make its figures; the run itself is answered without them.
      const orderDies = runs.map((row) => {
        const { running_hours: _figuresOnly, ...run } = row;
        const paused = pauses.get(run.id) ?? [];
        const marks = runMarks(run.start_extrusion_time, run.end_extrusion_time, checks.get(run.id), now, paused);
        return {
          ...run,
          active_timer: run.end_extrusion_time === null,
          dimension_marks: marks,
          missed_checks: marks.filter((mark) => mark.state === 'missed').length,
          figures: productionFigures([asRun(row)]),
          ...pauseView(paused, run.start_extrusion_time, run.end_extrusion_time, now),
        };
      });
      return {
        ...order,
        order_dies: orderDies,
        missed_checks: orderDies.reduce((total, run) => total + run.missed_checks, 0),
        figures: productionFigures(runs.map(asRun)),
      };
    });
  }

  create(input: OrderInput) {
    return this.tenantDb.transaction((scope) => createOrder(scope, input));
  }

  update(id: number, patch: Partial<OrderInput>) {
    return this.tenantDb.transaction(async (scope) => {
      const repository = scope.repository(ProductionOrderEntity);
      const current = await repository.findOne(id);
      const { id: _id, company_id: _company, status: _status, board_position: _position, finished_at: _finished, created_at: _created, ...fields } = current;
      const merged = checkWhole(orderSchema, { ...fields, ...patch });
      await checkReferences(scope, merged);
      await refuseIfAny(
        scope,
        `select 1 from production_order where company_id = $1 and number = $2 and id <> $3`,
        [scope.companyId, merged.number, id],
        productionMessages.orderNumberTaken,
      );
      const lineId = merged.line_id ?? null;
      const changes: Partial<ProductionOrderEntity> = { ...merged, finish_id: merged.finish_id ?? null, line_id: lineId };
      if (lineId !== current.line_id) {
        if (current.status === 'in_press' || current.status === 'finished')
          throw fieldError('line_id', productionMessages.orderLineLocked, HttpStatus.CONFLICT);
        changes.status = lineId ? 'planned' : 'to_plan';
        changes.board_position = await nextPosition(scope, changes.status, lineId);
      }
      await refusingConflicts(() => repository.update(id, changes), { unique: { production_order_number_unique: productionMessages.orderNumberTaken } });
      return orderRow(scope, id);
    });
  }

  remove(id: number) {
    return this.tenantDb.transaction(async (scope) => {
      const order = await scope.repository(ProductionOrderEntity).findOne(id);
      await refuseIfAny(scope, `select 1 from order_die where order_id = $1`, [order.id], productionMessages.orderInUse);
      await refusingConflicts(() => scope.repository(ProductionOrderEntity).remove(id), { inUse: productionMessages.orderInUse });
    });
  }

  /**
   * The caller's running order dies in the active company (spec 3 order die shape), paused while
   * their press is stopped, with the profile tolerances of A and B the prompt shows.
   */
  async activeTimerOrders(caller: RequestIdentity, userId?: number): Promise<RunningOrderDie[]> {
    if (userId !== undefined && userId !== caller.userId) throw new ForbiddenException(productionMessages.activeTimerOnlyYours);
    const { rows, pauses, tolerances } = await this.tenantDb.read(async (scope) => {
      const rows: { id: number; line_id: number; start_extrusion_time: Date; die_reference: string; copy_number: number }[] = await scope.manager.query(
        `select od.id, od.line_id, od.start_extrusion_time, d.die_reference, d.copy_number
           from order_die od join die d on d.id = od.die_id
          where od.company_id = $1 and od.started_by = $2 and od.end_extrusion_time is null
          order by od.start_extrusion_time`,
        [scope.companyId, caller.userId],
      );
      return {
        rows,
        pauses: await runPauses(
          scope,
          rows.map((row) => ({ id: row.id, line_id: row.line_id, start: row.start_extrusion_time, end: null })),
        ),
        tolerances: await runTolerances(
          scope,
          rows.map((row) => row.id),
        ),
      };
    });
    const now = new Date();
    return rows.map((row) => ({
      tolerances: tolerances.get(row.id) ?? [],
      id: row.id,
      active_timer: true,
      start_extrusion_time: row.start_extrusion_time.toISOString(),
      dies_model_order_die_reference: row.die_reference,
      dies_model_order_copy_number: row.copy_number,
      ...pauseView(pauses.get(row.id) ?? [], row.start_extrusion_time, null, now),
    }));
  }

  /**
   * Saves DimensionA and DimensionB of an order die of the active company, each compared with its
   * die's profile. They are dated when the operator answered (`answeredAt`: now, or earlier for a
   * check the offline queue kept), so they must have been answered while the run was going; a
   * device's clock cannot date them before the run started.
   */
  async saveDimensions(caller: RequestIdentity, records: SaveDieCriticalDimensionRequest, answeredAt = new Date()): Promise<SavedDimensionRecord[]> {
    let draft: Announcement | null = null;
    const answer = await this.tenantDb.transaction(async (scope) => {
      const [orderDie] = await scope.repository(OrderDieEntity).find({ where: { id: records[0].order_dies_id } });
      if (!orderDie) throw fieldError('order_dies_id', 'La orden en extrusión no existe', HttpStatus.NOT_FOUND);
      if (orderDie.end_extrusion_time !== null && answeredAt >= orderDie.end_extrusion_time) throw new ConflictException(productionMessages.orderDieNotRunning);
      const dated = answeredAt < orderDie.start_extrusion_time ? orderDie.start_extrusion_time : answeredAt;
      // While its press is stopped a run's clock stands still: no mark is due, so no check is taken
      // (a late answer to a mark closed before the stop goes through late-check).
      const pauses = await runPauses(scope, [
        { id: orderDie.id, line_id: orderDie.line_id, start: orderDie.start_extrusion_time, end: orderDie.end_extrusion_time },
      ]);
      const pause = currentPause(pauses.get(orderDie.id) ?? [], dated);
      if (pause) throw fieldError('order_dies_id', productionMessages.checkWhilePaused(STOP_CAUSE_WORDS[pause.cause]), HttpStatus.CONFLICT);
      const saved: DimensionRecord[] = [];
      for (const record of records) {
        const row = await scope.repository(DimensionRecordEntity).create({
          order_die_id: orderDie.id,
          dimension_text: record.dimension_text,
          dimension_value: record.dimension_value,
          date_saved: dated,
          saved_by: caller.userId,
        });
        saved.push({
          order_dies_id: row.order_die_id,
          dimension_text: record.dimension_text,
          dimension_value: Number(row.dimension_value),
          date_saved: row.date_saved.toISOString(),
        });
      }
      // Issue 14: repeated out-of-tolerance checks open a draft correction (never at the cost of these checks).
      draft = await this.corrections.draftFromChecks(scope, caller, orderDie.id);
      return withTolerances(scope, orderDie.id, saved);
    });
    await this.corrections.announce(draft);
    return answer;
  }
}

/** One order with the names of what it refers to, or 404. */
/** A new order, in the scope's transaction (the orders page, and a confirmed production order document). */
export async function createOrder(scope: TenantScope, input: OrderInput): Promise<OrderRow> {
  await checkReferences(scope, input);
  await refuseIfAny(
    scope,
    `select 1 from production_order where company_id = $1 and number = $2`,
    [scope.companyId, input.number],
    productionMessages.orderNumberTaken,
  );
  const status = input.line_id ? 'planned' : 'to_plan';
  const created = await refusingConflicts(
    async () =>
      scope.repository(ProductionOrderEntity).create({
        ...input,
        finish_id: input.finish_id ?? null,
        line_id: input.line_id ?? null,
        status,
        board_position: await nextPosition(scope, status, input.line_id ?? null),
      }),
    { unique: { production_order_number_unique: productionMessages.orderNumberTaken } },
  );
  return orderRow(scope, created.id);
}

export async function orderRow(scope: TenantScope, id: number): Promise<OrderRow> {
  await scope.repository(ProductionOrderEntity).findOne(id);
  const [row] = await scope.manager.query(`select ${ORDER_COLUMNS} ${ORDER_FROM} where o.company_id = $1 and o.id = $2`, [scope.companyId, id]);
  return row;
}

/** The next position at the end of a board column. */
export async function nextPosition(scope: TenantScope, status: string, lineId: number | null): Promise<number> {
  const byLine = status === 'planned' || status === 'to_plan';
  const [{ next }] = await scope.manager.query(
    `select coalesce(max(board_position) + 1, 0)::int as next from production_order
      where company_id = $1 and status = $2 and ($3::boolean = false or line_id is not distinct from $4::int)`,
    [scope.companyId, status, byLine, status === 'planned' ? lineId : null],
  );
  return next;
}

const asRun = (run: OrderDieEntity & Pick<FinishedRun, 'running_hours'>): FinishedRun => ({
  start: run.start_extrusion_time,
  end: run.end_extrusion_time,
  running_hours: run.running_hours,
  billets_pushed: run.billets_pushed,
  billet_kg: run.billet_kg,
  good_kg: run.good_kg,
  scrap_kg: run.scrap_kg,
});

/** The die, alloy, finish and line of an order must be the company's (another company's answers as missing). */
async function checkReferences(scope: TenantScope, order: Pick<OrderInput, 'die_id' | 'alloy_id' | 'finish_id' | 'line_id'>) {
  if ((await scope.repository(DieEntity).count({ id: order.die_id })) === 0) throw fieldError('die_id', 'La matriz elegida no existe');
  if ((await scope.repository(AluminumAlloyEntity).count({ id: order.alloy_id })) === 0) throw fieldError('alloy_id', 'La aleación elegida no existe');
  if (order.finish_id && (await scope.repository(FinishEntity).count({ id: order.finish_id })) === 0)
    throw fieldError('finish_id', 'El acabado elegido no existe');
  await ownLine(scope, order.line_id);
}
