import { ConflictException, HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  afterCompletion,
  firstDueOn,
  liveEvents,
  messages,
  OPEN_WORK_ORDER_STATUSES,
  pmUsesCalendar,
  pmUsesCounter,
  preventiveMessages,
  preventivePlanSchema,
  sqlValues,
  type CalendarRule,
  type PmFormOptions,
  type PreventivePlan,
  type PreventivePlanDetail,
  type PreventivePlanListQuery,
  type PreventivePlanPatch,
  type PreventivePlanView,
  type WorkOrderStatus,
} from '@planta/contracts';
import { AuditService, changedValues } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { checkWhole, isUniqueViolation, refusingConflicts } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { NotificationsService } from '../notifications/notifications.service';
import { heldGrantsSql } from '../permissions/held-grants';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { PmPlanEntity } from './pm-plan.entity';
import { sortColumn } from '../common/sort-column';
import { assignmentNotification } from './assignment-notice';

const OPEN = sqlValues(OPEN_WORK_ORDER_STATUSES);

/** A notification to send once the transaction that decided it has committed. */
export interface PendingNotification {
  userId: number;
  text: string;
  variant: 'info' | 'warning';
  /** The work order it is about, opened from the notification (issue 37). */
  record_path?: string;
}

export interface PmOrderRef {
  id: number;
  number: string;
  status: WorkOrderStatus;
  due_at: string | null;
}

export interface PlanOrderOutcome {
  created: boolean;
  order: PmOrderRef;
  notifications: PendingNotification[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The plan's calendar rule, when it has one. */
export const calendarRuleOf = (plan: Pick<PmPlanEntity, 'trigger' | 'every_n' | 'unit' | 'anchor' | 'skip_weekends'>): CalendarRule | null =>
  pmUsesCalendar(plan.trigger) && plan.every_n && plan.unit
    ? { every_n: plan.every_n, unit: plan.unit, anchor: plan.anchor, skip_weekends: plan.skip_weekends }
    : null;

/** The company's calendar day at `at` (its time zone). */
export async function companyToday(scope: TenantScope, at: Date): Promise<string> {
  const [row] = await scope.manager.query(`select to_char(($1::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as today from company where id = $2`, [
    at,
    scope.companyId,
  ]);
  return row.today;
}

/** SQL: the company's active members who may accept failure reports (INSERT on 'corrective-maintenance'): the maintenance leads. */
export const MAINTENANCE_LEADS_SQL = `
  select u.id from active_member m join app_user u on u.id = m.user_id
   where m.company_id = $1
     and exists (select 1 from (${heldGrantsSql('$1', 'u.id')}) held join page on page.id = held.page_id
                  where page.alias = 'corrective-maintenance' and held.insert)`;

const PLAN_ROWS = `
  select p.id, p.name, p.machine_id, machine.name as machine_name, p.description, p.trigger, p.every_n, p.unit, p.anchor, p.skip_weekends,
         p.lead_days, to_char(p.starts_on, 'YYYY-MM-DD') as starts_on, to_char(p.next_due_on, 'YYYY-MM-DD') as next_due_on,
         p.meter_id, meter.name as meter_name, meter.unit as meter_unit, meter.value::float8 as meter_value,
         p.interval_value::float8 as interval_value, p.lead_value::float8 as lead_value, p.last_done_value::float8 as last_done_value,
         p.next_due_value::float8 as next_due_value, p.checklist, p.priority, p.estimated_h::float8 as estimated_h, p.assignee_id,
         assignee.display_name as assignee_name, p.require_signature, p.active, p.last_completed_at, p.created_at,
         open.id as open_id, open.number as open_number, open.status as open_status, open.due_at as open_due_at,
         (p.active and (
            (p.trigger <> 'counter' and p.next_due_on < $2::date)
            or (p.trigger <> 'calendar' and meter.value >= p.next_due_value)
            or (open.due_at is not null and open.due_at < $3::timestamptz))) as overdue
    from pm_plan p
    join machine on machine.id = p.machine_id
    left join meter on meter.id = p.meter_id
    left join app_user assignee on assignee.id = p.assignee_id
    left join work_order open on open.pm_plan_id = p.id and open.status in (${OPEN})`;

interface PlanRow extends Omit<PreventivePlanView, 'open_order' | 'counter_used' | 'last_completed_at' | 'created_at'> {
  last_completed_at: Date | null;
  created_at: Date;
  open_id: number | null;
  open_number: string | null;
  open_status: WorkOrderStatus | null;
  open_due_at: Date | null;
}

const toView = (row: PlanRow): PreventivePlanView => {
  const { open_id, open_number, open_status, open_due_at, ...plan } = row;
  const span = plan.interval_value && plan.last_done_value !== null ? plan.interval_value : null;
  return {
    ...plan,
    checklist: plan.checklist ?? [],
    counter_used: span && plan.meter_value !== null ? Math.max(0, (plan.meter_value - (plan.last_done_value ?? 0)) / span) : null,
    last_completed_at: iso(plan.last_completed_at),
    created_at: iso(plan.created_at)!,
    open_order: open_id ? { id: open_id, number: open_number!, status: open_status!, due_at: iso(open_due_at) } : null,
  };
};

const SORTS: Record<string, string> = {
  name: 'lower(p.name)',
  machine_name: 'lower(machine.name)',
  next_due_on: 'p.next_due_on',
  trigger: 'p.trigger',
  priority: 'p.priority',
  counter_used: '(meter.value - p.last_done_value) / nullif(p.interval_value, 0)',
};

/**
 * Preventive plans (domain.md A1.1–A1.3): their CRUD, and the one way a plan creates its work
 * order (ahead of time, at most one open per plan: the partial unique index
 * `work_order_one_open_per_plan` keeps that even when two processes try at once) and moves on
 * when that order is completed.
 */
@Injectable()
export class PreventivePlansService {
  private readonly logger = new Logger('PreventivePlans');

  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  list(query: PreventivePlanListQuery) {
    return this.tenantDb.transaction(async (scope) => {
      const now = this.clock.now();
      const today = await companyToday(scope, now);
      const params: unknown[] = [scope.companyId, today, now];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['p.company_id = $1'];
      if (query.search) where.push(containsFoldedSql(['p.name', 'machine.name', 'p.description'], bind(query.search)));
      if (query.machine_id) where.push(`p.machine_id = ${bind(query.machine_id)}`);
      if (query.trigger) where.push(`p.trigger = ${bind(query.trigger)}`);
      if (query.active !== undefined) where.push(`p.active = ${bind(query.active)}`);
      if (query.due_within_days !== undefined) {
        const horizon = bind(query.due_within_days);
        where.push(`(
          (p.trigger <> 'counter' and p.next_due_on <= $2::date + ${horizon}::int)
          or (p.trigger <> 'calendar' and meter.value >= p.next_due_value - p.lead_value)
          or (open.due_at is not null and open.due_at <= $3::timestamptz + make_interval(days => ${horizon}::int)))`);
      }
      const sort = sortColumn(SORTS, query.sort, SORTS.next_due_on);
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const base = `${PLAN_ROWS} where ${where.join(' and ')}`;
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from (${base}) counted`, params);
      const rows: PlanRow[] = await scope.manager.query(
        `${base} order by ${sort} ${direction} nulls last, p.id limit ${bind(query.pageSize)} offset ${bind((query.page - 1) * query.pageSize)}`,
        params,
      );
      return { items: rows.map(toView), total, page: query.page, pageSize: query.pageSize };
    });
  }

  private async view(scope: TenantScope, id: number): Promise<PreventivePlanView> {
    const now = this.clock.now();
    const rows: PlanRow[] = await scope.manager.query(`${PLAN_ROWS} where p.company_id = $1 and p.id = $4`, [
      scope.companyId,
      await companyToday(scope, now),
      now,
      id,
    ]);
    if (!rows[0]) throw new NotFoundException(messages.notFound);
    return toView(rows[0]);
  }

  formOptions(): Promise<PmFormOptions> {
    return this.tenantDb.transaction(async (scope) => ({
      machines: await scope.manager.query(`select id, name from machine where company_id = $1 order by lower(name), id`, [scope.companyId]),
      meters: await scope.manager.query(
        `select id, machine_id, name, unit, value::float8 as value from meter where company_id = $1 order by machine_id, lower(name), id`,
        [scope.companyId],
      ),
      assignees: await scope.manager.query(
        `select u.id, u.display_name as name from active_member m join app_user u on u.id = m.user_id
          where m.company_id = $1 order by lower(u.display_name), u.id`,
        [scope.companyId],
      ),
    }));
  }

  detail(id: number): Promise<PreventivePlanDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const plan = await scope.repository(PmPlanEntity).findOne(id);
      const view = await this.view(scope, plan.id);
      const orders = await scope.manager.query(
        `select wo.id, wo.number, wo.status, wo.due_at, to_char(wo.occurrence_on, 'YYYY-MM-DD') as occurrence_on,
                wo.trigger_meter_value::float8 as trigger_meter_value, wo.created_at, wo.completed_at, u.display_name as assignee_name
           from work_order wo left join app_user u on u.id = wo.assignee_id
          where wo.company_id = $1 and wo.pm_plan_id = $2 order by wo.created_at desc, wo.id desc limit 200`,
        [scope.companyId, plan.id],
      );
      const skips = await scope.manager.query(
        `select s.id, s.skipped, to_char(s.from_on, 'YYYY-MM-DD') as from_on, to_char(s.to_on, 'YYYY-MM-DD') as to_on, wo.number as work_order_number, s.logged_at
           from pm_skip_log s left join work_order wo on wo.id = s.work_order_id
          where s.company_id = $1 and s.pm_plan_id = $2 order by s.logged_at desc, s.id desc limit 200`,
        [scope.companyId, plan.id],
      );
      return {
        ...view,
        orders: orders.map((order: Record<string, unknown>) => ({
          ...order,
          due_at: iso(order.due_at as Date | null),
          created_at: iso(order.created_at as Date),
          completed_at: iso(order.completed_at as Date | null),
        })),
        skips: skips.map((skip: Record<string, unknown>) => ({ ...skip, logged_at: iso(skip.logged_at as Date) })),
      } as PreventivePlanDetail;
    });
  }

  /** The references a plan names, looked up in the active company; the calendar and counter positions it starts from. */
  private async settle(scope: TenantScope, plan: PreventivePlan, before: PmPlanEntity | null): Promise<Partial<PmPlanEntity>> {
    const [machine] = await scope.manager.query(`select id from machine where company_id = $1 and id = $2`, [scope.companyId, plan.machine_id]);
    if (!machine) throw fieldError('machine_id', preventiveMessages.machineMissing, HttpStatus.BAD_REQUEST);
    if (plan.assignee_id !== null) {
      const [member] = await scope.manager.query(
        `select 1 from active_member m join app_user u on u.id = m.user_id where m.company_id = $1 and m.user_id = $2`,
        [scope.companyId, plan.assignee_id],
      );
      if (!member) throw fieldError('assignee_id', preventiveMessages.assigneeNotMember);
    }
    const settled: Partial<PmPlanEntity> = {};
    const usesCounter = pmUsesCounter(plan.trigger);
    if (usesCounter) {
      const [meter] = await scope.manager.query(`select id, value::float8 as value from meter where company_id = $1 and id = $2 and machine_id = $3`, [
        scope.companyId,
        plan.meter_id,
        plan.machine_id,
      ]);
      if (!meter) throw fieldError('meter_id', preventiveMessages.meterNotOfMachine);
      const sameCounter = before && before.meter_id === plan.meter_id && pmUsesCounter(before.trigger);
      const lastDone = plan.last_done_value ?? (sameCounter ? before.last_done_value : null) ?? meter.value;
      settled.last_done_value = lastDone;
      settled.next_due_value = lastDone + plan.interval_value!;
    } else {
      Object.assign(settled, { meter_id: null, interval_value: null, last_done_value: null, next_due_value: null });
    }
    const rule = calendarRuleOf(plan);
    if (rule) {
      const unchanged =
        before &&
        before.next_due_on &&
        pmUsesCalendar(before.trigger) &&
        (['every_n', 'unit', 'anchor', 'skip_weekends', 'starts_on'] as const).every((key) => before[key] === plan[key]);
      if (!unchanged) settled.next_due_on = firstDueOn(rule, plan.starts_on!, await companyToday(scope, this.clock.now()));
    } else {
      Object.assign(settled, { every_n: null, unit: null, starts_on: null, next_due_on: null });
    }
    return settled;
  }

  create(caller: RequestIdentity, input: PreventivePlan): Promise<PreventivePlanView> {
    return refusingConflicts(
      () =>
        this.tenantDb.transaction(async (scope) => {
          const settled = await this.settle(scope, input, null);
          const plan = await scope.repository(PmPlanEntity).create({ ...input, ...settled });
          await this.audit.record(scope, caller, { action: 'create', entity: 'pm-plan', entityId: plan.id, label: plan.name, after: { ...input, ...settled } });
          return this.view(scope, plan.id);
        }),
      { unique: { pm_plan_name_unique: preventiveMessages.nameTaken } },
    );
  }

  update(caller: RequestIdentity, id: number, patch: PreventivePlanPatch): Promise<PreventivePlanView> {
    return refusingConflicts(
      () =>
        this.tenantDb.transaction(async (scope) => {
          const before = await scope.repository(PmPlanEntity).findOne(id);
          const {
            id: _id,
            company_id: _company,
            created_at: _created,
            last_completed_at: _last,
            next_due_on: _due,
            next_due_value: _value,
            ...stored
          } = before;
          const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
          const merged = checkWhole(preventivePlanSchema, { ...stored, ...defined });
          const settled = await this.settle(scope, merged, before);
          const after = await scope.repository(PmPlanEntity).update(id, { ...merged, ...settled });
          const { before: old, after: now } = changedValues(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
          if (old || now)
            await this.audit.record(scope, caller, { action: 'update', entity: 'pm-plan', entityId: id, label: after.name, before: old, after: now });
          return this.view(scope, id);
        }),
      { unique: { pm_plan_name_unique: preventiveMessages.nameTaken } },
    );
  }

  /** Only a plan that never created an order: one with history is deactivated instead (409 says so). */
  remove(caller: RequestIdentity, id: number): Promise<void> {
    return this.tenantDb.transaction(async (scope) => {
      const plan = await scope.repository(PmPlanEntity).findOne(id);
      const [{ orders }] = await scope.manager.query(`select count(*)::int as orders from work_order where company_id = $1 and pm_plan_id = $2`, [
        scope.companyId,
        id,
      ]);
      if (orders > 0) throw new ConflictException(preventiveMessages.hasOrders);
      await scope.repository(PmPlanEntity).remove(id);
      await this.audit.record(scope, caller, { action: 'delete', entity: 'pm-plan', entityId: id, label: plan.name });
    });
  }

  /** `POST …/:id/generate`: the lead creates the next order now (or is shown the open one). */
  async generate(caller: RequestIdentity, id: number) {
    const outcome = await this.tenantDb.transaction(async (scope) => {
      const plan = await scope.repository(PmPlanEntity).findOne(id);
      if (!plan.active) throw new ConflictException(preventiveMessages.inactive);
      return this.createOrder(scope, plan, this.clock.now(), caller.userId);
    });
    await this.send(outcome.notifications, caller.companyId);
    return { created: outcome.created, order: outcome.order };
  }

  /** Sends notifications decided inside a committed transaction; a failed one is logged, not thrown (the work is done). */
  async send(notifications: PendingNotification[], companyId: number): Promise<void> {
    for (const note of notifications) {
      await this.notifications
        .notify(note.userId, { event: liveEvents.userLabelMaintenanceBoard, text: note.text, variant: note.variant, record_path: note.record_path }, companyId)
        .catch((error: unknown) => this.logger.error(`Notification to user ${note.userId} failed: ${String(error)}`));
    }
  }

  private async openOrder(scope: TenantScope, planId: number): Promise<PmOrderRef | null> {
    const [order] = await scope.manager.query(
      `select id, number, status, due_at from work_order where company_id = $1 and pm_plan_id = $2 and status in (${OPEN})`,
      [scope.companyId, planId],
    );
    return order ? { ...order, due_at: iso(order.due_at) } : null;
  }

  /**
   * When a counter plan's order is due: the meter's rate over the last 30 days carried to its due
   * value (now, if reached; unknown when the meter did not move).
   */
  private async counterDueAt(scope: TenantScope, plan: PmPlanEntity, now: Date): Promise<{ at: Date | null; value: number | null }> {
    if (!pmUsesCounter(plan.trigger) || plan.meter_id === null || plan.next_due_value === null) return { at: null, value: null };
    const [meter] = await scope.manager.query(
      `select meter.value::float8 as value,
              (select coalesce(sum(delta), 0)::float8 from meter_reading r where r.meter_id = meter.id and r.source <> 'reset'
                  and r.read_at > $3::timestamptz - interval '30 days' and r.read_at <= $3::timestamptz) as recent
         from meter where company_id = $1 and id = $2`,
      [scope.companyId, plan.meter_id, now],
    );
    if (!meter) return { at: null, value: null };
    const remaining = plan.next_due_value - meter.value;
    if (remaining <= 0) return { at: now, value: meter.value };
    if (meter.recent <= 0) return { at: null, value: meter.value };
    const perMs = meter.recent / (30 * 86_400_000);
    return { at: new Date(now.getTime() + remaining / perMs), value: meter.value };
  }

  /**
   * Creates the plan's next work order, unless one is open (then that one is answered). Inside a
   * savepoint: if another process created it meanwhile, the unique index refuses ours, the
   * savepoint is rolled back (giving the OT number back) and theirs is answered.
   */
  async createOrder(scope: TenantScope, plan: PmPlanEntity, now: Date, createdBy: number | null = null): Promise<PlanOrderOutcome> {
    const open = await this.openOrder(scope, plan.id);
    if (open) return { created: false, order: open, notifications: [] };
    const occurrenceOn = calendarRuleOf(plan) ? plan.next_due_on : null;
    const counter = await this.counterDueAt(scope, plan, now);
    const [calendar] = occurrenceOn
      ? await scope.manager.query(`select ((($1::date + 1)::timestamp at time zone time_zone) - interval '1 second') as due_at from company where id = $2`, [
          occurrenceOn,
          scope.companyId,
        ])
      : [{ due_at: null }];
    const dueCandidates = [calendar.due_at as Date | null, counter.at].filter((at): at is Date => at !== null);
    const dueAt = dueCandidates.length ? new Date(Math.min(...dueCandidates.map((at) => new Date(at).getTime()))) : null;
    const status: WorkOrderStatus = plan.assignee_id ? 'assigned' : 'pending';
    await scope.manager.query(`savepoint pm_plan_order`);
    try {
      const [order] = await scope.manager.query(
        `insert into work_order (company_id, number, type, machine_id, title, description, priority, status, assignee_id, created_by, created_at, updated_at,
                                 due_at, estimated_h, pm_plan_id, occurrence_on, trigger_meter_value, board_position)
         values ($1, next_document_number($1, 'OT', $2), 'preventive', $3, $4, $5, $6, $7::varchar, $8, $9, $2, $2, $10, $11, $12, $13, $14,
                 coalesce((select max(board_position) + 1 from work_order where company_id = $1 and status = $7::varchar), 0))
         returning id, number, status, due_at`,
        [
          scope.companyId,
          now,
          plan.machine_id,
          plan.name.slice(0, 160),
          plan.description,
          plan.priority,
          status,
          plan.assignee_id,
          createdBy,
          dueAt,
          plan.estimated_h,
          plan.id,
          occurrenceOn,
          counter.value,
        ],
      );
      for (const [position, item] of plan.checklist.entries()) {
        await scope.manager.query(`insert into work_order_item (company_id, work_order_id, position, kind, label, required) values ($1, $2, $3, $4, $5, $6)`, [
          scope.companyId,
          order.id,
          position + 1,
          item.kind,
          item.label,
          item.required,
        ]);
      }
      await scope.manager.query(`release savepoint pm_plan_order`);
      const notifications: PendingNotification[] = plan.assignee_id
        ? [{ userId: plan.assignee_id, ...assignmentNotification({ type: 'preventive', number: order.number, title: plan.name }) }]
        : [];
      return { created: true, order: { ...order, due_at: iso(order.due_at) }, notifications };
    } catch (error) {
      await scope.manager.query(`rollback to savepoint pm_plan_order`);
      if (!isUniqueViolation(error, 'work_order_one_open_per_plan')) throw error;
      const theirs = await this.openOrder(scope, plan.id);
      if (!theirs) throw error;
      return { created: false, order: theirs, notifications: [] };
    }
  }

  /**
   * After a plan's order is completed (`completedAt`): the calendar moves to its next date (the
   * occurrences that passed meanwhile skipped and logged), the counter counts from the meter's
   * value now (a meter reset on service goes back to 0 first). Runs inside the completion's transaction.
   */
  async onOrderCompleted(scope: TenantScope, workOrderId: number, completedAt: Date): Promise<void> {
    const [order] = await scope.manager.query(
      `select id, pm_plan_id, to_char(occurrence_on, 'YYYY-MM-DD') as occurrence_on from work_order where company_id = $1 and id = $2`,
      [scope.companyId, workOrderId],
    );
    if (!order?.pm_plan_id) return;
    await scope.manager.query(`select id from pm_plan where id = $1 for update`, [order.pm_plan_id]);
    const plan = await scope.repository(PmPlanEntity).findOne(order.pm_plan_id);
    const patch: Partial<PmPlanEntity> = { last_completed_at: completedAt };
    const rule = calendarRuleOf(plan);
    if (rule && plan.starts_on) {
      const completedOn = await companyToday(scope, completedAt);
      const outcome = afterCompletion(rule, { starts_on: plan.starts_on, occurrence_on: order.occurrence_on ?? plan.next_due_on ?? completedOn }, completedOn);
      patch.next_due_on = outcome.next_due_on;
      if (outcome.skipped.length > 0)
        await scope.manager.query(
          `insert into pm_skip_log (company_id, pm_plan_id, work_order_id, skipped, from_on, to_on, logged_at) values ($1, $2, $3, $4, $5, $6, $7)`,
          [scope.companyId, plan.id, order.id, outcome.skipped.length, outcome.skipped[0], outcome.skipped[outcome.skipped.length - 1], completedAt],
        );
    }
    if (pmUsesCounter(plan.trigger) && plan.meter_id !== null && plan.interval_value !== null) {
      const [meter] = await scope.manager.query(`select id, value::float8 as value, reset_on_pm from meter where company_id = $1 and id = $2 for update`, [
        scope.companyId,
        plan.meter_id,
      ]);
      let value: number = meter.value;
      if (meter.reset_on_pm && value > 0) {
        await scope.manager.query(
          `insert into meter_reading (company_id, meter_id, value, delta, read_at, source, note) values ($1, $2, 0, $3, $4, 'reset', $5)`,
          [scope.companyId, meter.id, -value, completedAt, plan.name.slice(0, 300)],
        );
        await scope.manager.query(`update meter set value = 0, updated_at = $2 where id = $1`, [meter.id, completedAt]);
        value = 0;
      }
      patch.last_done_value = value;
      patch.next_due_value = value + plan.interval_value;
    }
    await scope.repository(PmPlanEntity).update(plan.id, patch);
  }
}
