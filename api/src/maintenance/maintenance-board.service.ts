import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import {
  BOARD_VERIFIED_DAYS,
  canMoveWorkOrder,
  MAINTENANCE_BOARD_COLUMNS,
  maintenanceBoardQuerySchema,
  workOrderMessages,
  type MaintenanceBoard,
  type MaintenanceBoardQuery,
  type WorkOrderStatus,
} from '@planta/contracts';
import type { z } from 'zod';
import type { maintenanceBoardMoveSchema } from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { NotificationsService } from '../notifications/notifications.service';
import { askOperatorsToResume } from '../production/run-pauses';
import { closeStopsOfWorkOrder } from './machine-stop.service';
import { PreventivePlansService } from './preventive-plans.service';
import { iso, isMaintenanceLead, ownWorkOrder, type WorkOrderRecord } from './work-order.queries';
import { WorkOrderService } from './work-order.service';

type Move = z.output<typeof maintenanceBoardMoveSchema>;

const WHOLE_BOARD: MaintenanceBoardQuery = maintenanceBoardQuerySchema.parse({});

/** Cards per column at most (the verified column also keeps to the last 30 days). */
const COLUMN_LIMIT = 500;

const CARD = `
  select o.id, o.number, o.title, o.type, o.priority, o.status, o.board_position as position, o.version, o.machine_id, m.name as machine_name,
         o.assignee_id, a.display_name as assignee_name, o.blocked, o.blocked_reason, ${iso('o.due_at')} as due_at,
         (o.due_at is not null and o.due_at < now() and o.status in ('pending','assigned','in_progress','on_hold')) as overdue,
         (select count(*) filter (where i.value <> '' or i.ok is not null) from work_order_item i where i.work_order_id = o.id)::int as items_done,
         (select count(*) from work_order_item i where i.work_order_id = o.id)::int as items_total,
         coalesce((select sum(l.minutes) from work_order_labor l where l.work_order_id = o.id), 0)::int as labor_minutes,
         (select count(*) from work_order_comment cm where cm.work_order_id = o.id)::int as comment_count
    from work_order o left join machine m on m.id = o.machine_id left join app_user a on a.id = o.assignee_id`;

/** The maintenance board: the open work orders by state, and their moves (domain.md A1.2 transitions). */
@Injectable()
export class MaintenanceBoardService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly workOrders: WorkOrderService,
    private readonly audit: AuditService,
    private readonly plans: PreventivePlansService,
    private readonly notifications: NotificationsService,
  ) {}

  board(caller: RequestIdentity, query: MaintenanceBoardQuery = WHOLE_BOARD): Promise<MaintenanceBoard> {
    return this.tenantDb.transaction((scope) => readBoard(scope, caller, query));
  }

  /**
   * One move, one transaction: checks the rule of the transition, sets what the new state means,
   * renumbers the target column, bumps the version and writes the audit entry; then tells the
   * company's viewers.
   */
  async move(caller: RequestIdentity, move: Move, query: MaintenanceBoardQuery = WHOLE_BOARD): Promise<MaintenanceBoard> {
    let sendAsked = () => {};
    const board = await this.tenantDb.transaction(async (scope) => {
      // One move of a company's board at a time, so positions stay consistent.
      await scope.manager.query(`select pg_advisory_xact_lock(hashtext('maintenance-board'), $1)`, [scope.companyId]);
      const order = await ownWorkOrder(scope, move.id, true);
      if (order.version !== move.version) throw new ConflictException(workOrderMessages.staleVersion);
      const from = order.status;
      const to = move.to_status;
      if (!canMoveWorkOrder(from, to)) throw new ConflictException(workOrderMessages.illegalMove(from, to));
      if (from !== to) await this.changeState(scope, caller, order, move);
      if ((MAINTENANCE_BOARD_COLUMNS as readonly string[]).includes(to)) await reorder(scope, order.id, to, move.before_id);
      await scope.manager.query(`update work_order set version = version + 1, updated_at = now() where company_id = $1 and id = $2`, [
        scope.companyId,
        order.id,
      ]);
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'work-order',
        entityId: order.id,
        label: order.number,
        before: { status: from },
        after: {
          status: to,
          before_id: move.before_id,
          ...(move.hold_reason ? { hold_reason: move.hold_reason } : {}),
          ...(move.reason ? { reason: move.reason } : {}),
        },
      });
      if (to === 'completed' && from !== 'completed') await this.afterCompletion(scope, order);
      // A verified repair ends its stops: the runs they paused count again, and their operators are asked.
      sendAsked = await askOperatorsToResume(scope, this.notifications);
      return readBoard(scope, caller, query);
    });
    sendAsked();
    await this.workOrders.announce(caller.companyId, [], { id: move.id, status: move.to_status });
    return board;
  }

  private async changeState(scope: TenantScope, caller: RequestIdentity, order: WorkOrderRecord, move: Move) {
    const to = move.to_status;
    const sets = [`status = $3`, `blocked = false`, `blocked_reason = ''`];
    if (to !== 'on_hold') sets.push('hold_reason = null');
    const params: unknown[] = [scope.companyId, order.id, to];
    const set = (column: string, value: unknown) => sets.push(`${column} = $${params.push(value)}`);
    switch (to) {
      case 'assigned':
        if (order.assignee_id === null) throw new ConflictException(workOrderMessages.assignFirst);
        break;
      case 'on_hold':
        if (!move.hold_reason) throw fieldError('hold_reason', workOrderMessages.holdReason);
        set('hold_reason', move.hold_reason);
        if (move.reason) await this.workOrders.insertComment(scope, caller, order.id, move.reason);
        break;
      case 'cancelled':
        if (!move.reason) throw fieldError('reason', workOrderMessages.cancelReason);
        set('cancelled_reason', move.reason);
        break;
      case 'in_progress':
        if (order.status === 'completed') {
          // Verification rejected: why goes on the record, and it is to be completed again.
          if (!move.reason) throw fieldError('reason', workOrderMessages.rejectReason);
          await this.workOrders.insertComment(scope, caller, order.id, move.reason);
          sets.push('completed_at = null', 'completed_by = null');
        }
        sets.push('started_at = coalesce(started_at, now())');
        break;
      case 'completed': {
        const missing: { label: string }[] = await scope.manager.query(
          `select label from work_order_item where company_id = $1 and work_order_id = $2 and required and value = '' and ok is null order by position, id`,
          [scope.companyId, order.id],
        );
        if (missing.length > 0) throw new ConflictException(workOrderMessages.requiredItems(missing.map((item) => item.label)));
        if (order.type === 'preventive' && order.require_signature && order.signed_by_name.trim() === '')
          throw new ConflictException(workOrderMessages.signatureRequired);
        set('completed_by', caller.userId);
        sets.push('completed_at = now()');
        break;
      }
      case 'verified':
        if (order.completed_by === caller.userId) throw new ConflictException(workOrderMessages.verifyBySomeoneElse);
        if (!(await isMaintenanceLead(scope, caller.userId))) throw new ForbiddenException(workOrderMessages.verifyByLead);
        set('verified_by', caller.userId);
        sets.push('verified_at = now()');
        break;
    }
    await scope.manager.query(`update work_order set ${sets.join(', ')} where company_id = $1 and id = $2`, params);
    if (to === 'verified') await closeStopsOfWorkOrder(scope, order.id, new Date(), caller.userId);
  }

  /** After a preventive order is completed its plan moves on (next due date or counter, skipped occurrences). */
  private async afterCompletion(scope: TenantScope, order: WorkOrderRecord): Promise<void> {
    if (order.pm_plan_id !== null) await this.plans.onOrderCompleted(scope, order.id, new Date());
  }
}

/** Puts the order in front of `beforeId` (a card of that column) or at the end, and renumbers the column 0..n-1. */
async function reorder(scope: TenantScope, orderId: number, status: WorkOrderStatus, beforeId: number | null) {
  const rows: { id: number }[] = await scope.manager.query(
    `select id from work_order where company_id = $1 and status = $2 and id <> $3 order by board_position, id`,
    [scope.companyId, status, orderId],
  );
  const ids = rows.map((row) => row.id);
  const before = beforeId === null ? -1 : ids.indexOf(beforeId);
  if (beforeId !== null && before < 0) throw fieldError('before_id', workOrderMessages.beforeNotInColumn);
  ids.splice(before >= 0 ? before : ids.length, 0, orderId);
  await scope.manager.query(
    `update work_order o set board_position = v.position
       from unnest($2::int[], $3::int[]) as v(id, position)
      where o.company_id = $1 and o.id = v.id and o.board_position <> v.position`,
    [scope.companyId, ids, ids.map((_, index) => index)],
  );
}

async function readBoard(scope: TenantScope, caller: RequestIdentity, query: MaintenanceBoardQuery): Promise<MaintenanceBoard> {
  const params: unknown[] = [scope.companyId];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const where = ['o.company_id = $1', `o.status <> 'cancelled'`, `(o.status <> 'verified' or o.verified_at >= now() - interval '${BOARD_VERIFIED_DAYS} days')`];
  if (query.type) where.push(`o.type = ${bind(query.type)}`);
  if (query.machine_id) where.push(`o.machine_id = ${bind(query.machine_id)}`);
  if (query.assignee_id) where.push(`o.assignee_id = ${bind(query.assignee_id)}`);
  if (query.mine) where.push(`o.assignee_id = ${bind(caller.userId)}`);
  const cards = await scope.manager.query(
    `select * from (select card.*, row_number() over (partition by card.status order by card.position, card.id) as rank
                      from (${CARD} where ${where.join(' and ')}) card) ranked
      where rank <= ${COLUMN_LIMIT} order by position, id`,
    params,
  );
  return {
    columns: MAINTENANCE_BOARD_COLUMNS.map((status) => ({
      status,
      cards: cards.filter((card: { status: string }) => card.status === status).map(({ rank: _rank, ...card }: { rank: unknown }) => card),
    })),
    verified_days: BOARD_VERIFIED_DAYS,
  };
}
