import { ForbiddenException, HttpStatus, Injectable } from '@nestjs/common';
import {
  liveEvents,
  MAINTENANCE_BOARD_CHANGED,
  maintenanceNotices,
  mentionedUserIds,
  mentionsAsText,
  notificationRecordPaths,
  OPEN_WORK_ORDER_STATUSES,
  sqlValues,
  workOrderMessages,
  type MaintenanceBoardChanged,
  type WorkOrderListQuery,
  type WorkOrderRow,
} from '@planta/contracts';
import type { z } from 'zod';
import type {
  workOrderBlockSchema,
  workOrderCommentCreateSchema,
  workOrderCreateSchema,
  workOrderItemAnswerSchema,
  workOrderLaborCreateSchema,
  workOrderPatchSchema,
} from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { NotificationsService, type NewNotification } from '../notifications/notifications.service';
import { RealtimeService } from '../realtime/realtime.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import {
  activeMember,
  activeMembers,
  assertOpen,
  holds,
  iso,
  isMaintenanceLead,
  maintenanceLeads,
  ownMachine,
  ownWorkOrder,
  readWorkOrder,
  type WorkOrderRecord,
} from './work-order.queries';
import { sortColumn } from '../common/sort-column';
import { assignmentNotification } from './assignment-notice';

type Create = z.output<typeof workOrderCreateSchema>;
type Patch = z.output<typeof workOrderPatchSchema>;

const OPEN_ORDERS = sqlValues(OPEN_WORK_ORDER_STATUSES);

/** A notification to send once the transaction that caused it has committed. */
export type Outgoing = { userId: number; notification: NewNotification };

const LIST_SORTS: Record<string, string> = {
  number: 'o.number',
  title: 'lower(o.title)',
  status: 'o.status',
  priority: 'o.priority',
  machine_name: 'lower(m.name)',
  assignee_name: 'lower(a.display_name)',
  created_at: 'o.created_at',
  due_at: 'o.due_at',
};

/** The assignee's notification (spec 2.2). */
export const assignmentNotice = (order: Pick<WorkOrderRecord, 'type' | 'number' | 'title'>, userId: number): Outgoing => ({
  userId,
  notification: assignmentNotification(order),
});

/** Work orders: the list, the record and the work done on it (comments, labour, checklist, blocking). */
@Injectable()
export class WorkOrderService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimeService,
    private readonly audit: AuditService,
  ) {}

  /** Sends what a committed change has to say: the notifications, and the board's refresh. */
  async announce(companyId: number, outgoing: Outgoing[], changed?: MaintenanceBoardChanged): Promise<void> {
    for (const { userId, notification } of outgoing) await this.notifications.notify(userId, notification, companyId);
    if (changed) this.realtime.toCompany(companyId, MAINTENANCE_BOARD_CHANGED, changed);
  }

  list(caller: RequestIdentity, query: WorkOrderListQuery): Promise<PageOf<WorkOrderRow>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['o.company_id = $1'];
      if (query.type) where.push(`o.type = ${bind(query.type)}`);
      if (query.status) where.push(`o.status = ${bind(query.status)}`);
      if (query.machine_id) where.push(`o.machine_id = ${bind(query.machine_id)}`);
      if (query.assignee_id) where.push(`o.assignee_id = ${bind(query.assignee_id)}`);
      if (query.mine) where.push(`o.assignee_id = ${bind(caller.userId)}`);
      if (query.overdue) where.push(`o.due_at < now() and o.status in ('pending','assigned','in_progress','on_hold')`);
      if (query.open !== undefined) where.push(`${query.open ? '' : 'not '}(o.status in (${OPEN_ORDERS}))`);
      if (query.search) where.push(containsFoldedSql(['o.number', 'o.title', "coalesce(m.name, '')"], bind(query.search)));
      const from = `from work_order o left join machine m on m.id = o.machine_id left join app_user a on a.id = o.assignee_id
                    left join failure_report r on r.id = o.failure_report_id where ${where.join(' and ')}`;
      const sort = sortColumn(LIST_SORTS, query.sort, 'o.created_at');
      const direction = sortColumn(LIST_SORTS, query.sort, null) ? query.direction : 'desc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${from}`, params);
      const items = await scope.manager.query(
        `select o.id, o.number, o.type, o.title, o.status, o.priority, o.machine_id, m.name as machine_name, o.assignee_id, a.display_name as assignee_name,
                r.number as report_number, o.blocked, ${iso('o.created_at')} as created_at, ${iso('o.due_at')} as due_at,
                (o.due_at is not null and o.due_at < now() and o.status in ('pending','assigned','in_progress','on_hold')) as overdue,
                coalesce((select sum(extract(epoch from coalesce(s.ended_at, now()) - s.started_at))::int / 60 from machine_stop s where s.work_order_id = o.id), 0)::int as downtime_minutes
           ${from} order by ${sort} ${direction} nulls last, o.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  detail(id: number) {
    return this.tenantDb.transaction((scope) => readWorkOrder(scope, id));
  }

  /** The people who can be assigned or mentioned. */
  members() {
    return this.tenantDb.transaction((scope) => activeMembers(scope));
  }

  async create(caller: RequestIdentity, body: Create, origin: { failure_report_id?: number | null; description?: string } = {}) {
    const outgoing: Outgoing[] = [];
    const detail = await this.tenantDb.transaction(async (scope) => {
      const id = await this.insert(scope, caller, body, origin, outgoing);
      return readWorkOrder(scope, id);
    });
    await this.announce(caller.companyId, outgoing, { id: detail.id, status: detail.status });
    return detail;
  }

  /** Inserts an order at the end of its column, with its checklist; returns its id. */
  private async insert(scope: TenantScope, caller: RequestIdentity, body: Create, origin: { failure_report_id?: number | null }, outgoing: Outgoing[]) {
    await ownMachine(scope, body.machine_id);
    const assignee = body.assignee_id ? await activeMember(scope, body.assignee_id, 'assignee_id') : null;
    const status = assignee ? 'assigned' : 'pending';
    const [order] = await scope.manager.query(
      `insert into work_order (company_id, number, type, machine_id, title, description, priority, status, assignee_id, created_by, due_at, estimated_h,
                               failure_report_id, board_position)
       values ($1, next_document_number($1, 'OT', now()), $2, $3, $4, $5, $6, $7::text, $8, $9, $10, $11, $12,
               (select coalesce(max(board_position) + 1, 0) from work_order where company_id = $1 and status = $7::text))
       returning id, number, type, title`,
      [
        scope.companyId,
        body.type,
        body.machine_id,
        body.title,
        body.description,
        body.priority,
        status,
        assignee?.id ?? null,
        caller.userId,
        body.due_at ?? null,
        body.estimated_h ?? null,
        origin.failure_report_id ?? null,
      ],
    );
    for (const [position, item] of body.items.entries()) {
      await scope.manager.query(`insert into work_order_item (company_id, work_order_id, position, kind, label, required) values ($1, $2, $3, $4, $5, $6)`, [
        scope.companyId,
        order.id,
        position,
        item.kind,
        item.label,
        item.required,
      ]);
    }
    await this.audit.record(scope, caller, {
      action: 'create',
      entity: 'work-order',
      entityId: order.id,
      label: order.number,
      after: { ...body, status, items: body.items.length },
    });
    if (assignee) outgoing.push(assignmentNotice(order, assignee.id));
    return order.id as number;
  }

  async update(caller: RequestIdentity, id: number, patch: Patch) {
    const outgoing: Outgoing[] = [];
    let changed: MaintenanceBoardChanged | undefined;
    const detail = await this.tenantDb.transaction(async (scope) => {
      const order = await ownWorkOrder(scope, id, true);
      assertOpen(order);
      const before = await readWorkOrder(scope, id);
      const sets: string[] = [];
      const params: unknown[] = [scope.companyId, id];
      const set = (column: string, value: unknown) => sets.push(`${column} = $${params.push(value)}`);
      for (const column of [
        'title',
        'description',
        'priority',
        'due_at',
        'estimated_h',
        'cause_category',
        'root_cause',
        'solution',
        'signed_by_name',
      ] as const) {
        if (patch[column] !== undefined) set(column, patch[column]);
      }
      if (patch.assignee_id !== undefined && patch.assignee_id !== order.assignee_id) {
        const assignee = patch.assignee_id === null ? null : await activeMember(scope, patch.assignee_id, 'assignee_id');
        set('assignee_id', assignee?.id ?? null);
        if (assignee) {
          outgoing.push(assignmentNotice(order, assignee.id));
          if (order.status === 'pending') {
            set('status', 'assigned');
            sets.push(
              `board_position = (select coalesce(max(board_position) + 1, 0) from work_order where company_id = $1 and status = 'assigned')`,
              'blocked = false',
              `blocked_reason = ''`,
            );
            changed = { id, status: 'assigned' };
          }
        } else if (order.status === 'assigned') {
          // 'Asignada' means someone has it: without anyone it is pending again.
          set('status', 'pending');
          sets.push(
            `board_position = (select coalesce(max(board_position) + 1, 0) from work_order where company_id = $1 and status = 'pending')`,
            'blocked = false',
            `blocked_reason = ''`,
          );
          changed = { id, status: 'pending' };
        }
      }
      if (sets.length > 0) {
        await scope.manager.query(
          `update work_order set ${sets.join(', ')}, version = version + 1, updated_at = now() where company_id = $1 and id = $2`,
          params,
        );
      }
      const after = await readWorkOrder(scope, id);
      const fields = [
        'title',
        'description',
        'priority',
        'due_at',
        'estimated_h',
        'cause_category',
        'root_cause',
        'solution',
        'signed_by_name',
        'assignee_id',
        'status',
      ];
      const pick = (values: Record<string, unknown>) => Object.fromEntries(fields.map((field) => [field, values[field]]));
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'work-order',
        entityId: id,
        label: order.number,
        before: pick(before),
        after: pick(after),
      });
      changed ??= sets.length > 0 ? { id, status: after.status } : undefined;
      return after;
    });
    await this.announce(caller.companyId, outgoing, changed);
    return detail;
  }

  /** A comment; each `@[Name](id)` mention of an active member gets `userLabelMaintenanceBoard`. */
  async comment(caller: RequestIdentity, id: number, body: z.output<typeof workOrderCommentCreateSchema>) {
    const outgoing: Outgoing[] = [];
    const detail = await this.tenantDb.transaction(async (scope) => {
      const order = await ownWorkOrder(scope, id);
      const mentioned = mentionedUserIds(body.text);
      for (const userId of mentioned) await activeMember(scope, userId, 'text');
      await this.insertComment(scope, caller, id, body.text, mentioned);
      const excerpt = mentionsAsText(body.text);
      for (const userId of mentioned.filter((userId) => userId !== caller.userId)) {
        outgoing.push({
          userId,
          notification: {
            event: liveEvents.userLabelMaintenanceBoard,
            text: `Te mencionaron en ${order.number}: ${excerpt.length > 140 ? `${excerpt.slice(0, 139)}…` : excerpt}`,
            variant: 'info',
            record_path: notificationRecordPaths.workOrder(id),
            from: caller.userId,
          },
        });
      }
      return readWorkOrder(scope, id);
    });
    await this.announce(caller.companyId, outgoing, { id, status: detail.status });
    return detail;
  }

  async insertComment(scope: TenantScope, caller: RequestIdentity, id: number, text: string, mentions: number[] = []) {
    await scope.manager.query(`insert into work_order_comment (company_id, work_order_id, author_id, text, mentions) values ($1, $2, $3, $4, $5)`, [
      scope.companyId,
      id,
      caller.userId,
      text,
      mentions,
    ]);
  }

  async addLabor(caller: RequestIdentity, id: number, body: z.output<typeof workOrderLaborCreateSchema>) {
    const detail = await this.tenantDb.transaction(async (scope) => {
      const order = await ownWorkOrder(scope, id);
      assertOpen(order);
      const user = await activeMember(scope, body.user_id ?? caller.userId, 'user_id');
      const [entry] = await scope.manager.query(
        `insert into work_order_labor (company_id, work_order_id, user_id, minutes, worked_on, note) values ($1, $2, $3, $4, $5, $6) returning id`,
        [scope.companyId, id, user.id, body.minutes, body.worked_on, body.note],
      );
      await this.audit.record(scope, caller, {
        action: 'create',
        entity: 'work-order',
        entityId: id,
        label: order.number,
        after: { labor_id: entry.id, user: user.name, minutes: body.minutes, worked_on: body.worked_on },
      });
      return readWorkOrder(scope, id);
    });
    await this.announce(caller.companyId, [], { id, status: detail.status });
    return detail;
  }

  /** One's own entry (with update on the board), or any entry as a lead. */
  async removeLabor(caller: RequestIdentity, id: number, laborId: number): Promise<void> {
    await this.tenantDb.transaction(async (scope) => {
      if (!(await holds(scope, caller.userId, 'maintenance-board', 'update'))) throw new ForbiddenException(workOrderMessages.laborNotYours);
      const order = await ownWorkOrder(scope, id);
      assertOpen(order);
      const [entry] = await scope.manager.query(`select id, user_id, minutes from work_order_labor where company_id = $1 and work_order_id = $2 and id = $3`, [
        scope.companyId,
        id,
        laborId,
      ]);
      if (!entry) throw fieldError('laborId', 'No encontrado', HttpStatus.NOT_FOUND);
      if (entry.user_id !== caller.userId && !(await isMaintenanceLead(scope, caller.userId))) throw new ForbiddenException(workOrderMessages.laborNotYours);
      await scope.manager.query(`delete from work_order_labor where company_id = $1 and id = $2`, [scope.companyId, laborId]);
      await this.audit.record(scope, caller, {
        action: 'delete',
        entity: 'work-order',
        entityId: id,
        label: order.number,
        before: { labor_id: laborId, minutes: entry.minutes },
      });
    });
    await this.announce(caller.companyId, [], { id, status: (await this.detail(id)).status });
  }

  async answerItem(caller: RequestIdentity, id: number, itemId: number, body: z.output<typeof workOrderItemAnswerSchema>) {
    const detail = await this.tenantDb.transaction(async (scope) => {
      const order = await ownWorkOrder(scope, id);
      assertOpen(order);
      const [item] = await scope.manager.query(`select id from work_order_item where company_id = $1 and work_order_id = $2 and id = $3`, [
        scope.companyId,
        id,
        itemId,
      ]);
      if (!item) throw fieldError('itemId', 'No encontrado', HttpStatus.NOT_FOUND);
      await scope.manager.query(
        `update work_order_item set value = coalesce($4, value), ok = case when $5::boolean then $6::boolean else ok end, answered_by = $7, answered_at = now()
          where company_id = $1 and work_order_id = $2 and id = $3`,
        [scope.companyId, id, itemId, body.value ?? null, body.ok !== undefined, body.ok ?? null, caller.userId],
      );
      return readWorkOrder(scope, id);
    });
    await this.announce(caller.companyId, [], { id, status: detail.status });
    return detail;
  }

  /** An inspection item found failed becomes a corrective order on the same machine (Atlas #56). */
  async correctiveFromItem(caller: RequestIdentity, id: number, itemId: number) {
    const outgoing: Outgoing[] = [];
    const detail = await this.tenantDb.transaction(async (scope) => {
      const order = await ownWorkOrder(scope, id);
      const [item] = await scope.manager.query(
        `select id, kind, label, ok, value from work_order_item where company_id = $1 and work_order_id = $2 and id = $3`,
        [scope.companyId, id, itemId],
      );
      if (!item) throw fieldError('itemId', 'No encontrado', HttpStatus.NOT_FOUND);
      if (item.kind !== 'inspection') throw fieldError('itemId', workOrderMessages.itemNotInspection, HttpStatus.CONFLICT);
      if (item.ok !== false) throw fieldError('itemId', workOrderMessages.itemNotFailed, HttpStatus.CONFLICT);
      if (order.machine_id === null) throw fieldError('machine_id', workOrderMessages.chooseMachine);
      const created = await this.insert(
        scope,
        caller,
        {
          type: 'corrective',
          machine_id: order.machine_id,
          title: `${item.label} (${order.number})`.slice(0, 160),
          description: `Falla detectada en la inspección de ${order.number}: ${item.label}${item.value ? ` — ${item.value}` : ''}`,
          priority: 'medium',
          items: [],
        },
        {},
        outgoing,
      );
      return readWorkOrder(scope, created);
    });
    await this.announce(caller.companyId, outgoing, { id: detail.id, status: detail.status });
    return detail;
  }

  /** Blocking raises taskBlocked ('bloqueado') to the creator and the leads; unblocking tells nobody. */
  async block(caller: RequestIdentity, id: number, body: z.output<typeof workOrderBlockSchema>) {
    const outgoing: Outgoing[] = [];
    const detail = await this.tenantDb.transaction(async (scope) => {
      const order = await ownWorkOrder(scope, id, true);
      assertOpen(order);
      const reason = body.blocked ? body.reason : '';
      await scope.manager.query(
        `update work_order set blocked = $3, blocked_reason = $4, version = version + 1, updated_at = now() where company_id = $1 and id = $2`,
        [scope.companyId, id, body.blocked, reason],
      );
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'work-order',
        entityId: id,
        label: order.number,
        before: { blocked: order.blocked },
        after: { blocked: body.blocked, blocked_reason: reason },
      });
      if (body.blocked) {
        const text = maintenanceNotices.taskBlocked({ number: order.number, machine: order.machine_name }, reason);
        const record_path = notificationRecordPaths.workOrder(id);
        const recipients = new Set([...(order.created_by ? [order.created_by] : []), ...(await maintenanceLeads(scope))]);
        recipients.delete(caller.userId);
        for (const userId of recipients) {
          outgoing.push({
            userId,
            notification: { event: liveEvents.taskBlocked, text, variant: 'warning', record_path },
          });
        }
      }
      return readWorkOrder(scope, id);
    });
    await this.announce(caller.companyId, outgoing, { id, status: detail.status });
    return detail;
  }
}
