import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notificationRecordPaths, OPEN_WORK_ORDER_STATUSES, preventiveMessages, sqlValues } from '@planta/contracts';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { PmPlanEntity } from './pm-plan.entity';
import { companyToday, MAINTENANCE_LEADS_SQL, PreventivePlansService, type PendingNotification } from './preventive-plans.service';

/** The first key of the scheduler's advisory lock (the second is the company): 'PM' in ASCII. */
export const PM_SCHEDULER_LOCK = 0x504d;

const OPEN = sqlValues(OPEN_WORK_ORDER_STATUSES);

export interface SchedulerRun {
  /** False when another process held the company's lock (it is doing this run). */
  ran: boolean;
  created: number[];
  overdue: number[];
}

/**
 * Creates the preventive plans' work orders ahead of time and flags the overdue ones (domain.md
 * A1.3 workflows 2 and 3), every minute and right after an extrusion run ends. Each company's run
 * is one transaction that first takes a PostgreSQL advisory lock on the company: with several API
 * processes only one does the work; the others skip. The lock saves work, not correctness: the
 * unique index on open orders per plan refuses a second order for one plan whatever happens.
 */
@Injectable()
export class PreventiveScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PreventiveScheduler');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tenantDb: TenantDb,
    private readonly dataSource: DataSource,
    private readonly plans: PreventivePlansService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.maintenance.schedulerIntervalMs;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      this.running = this.runAll().catch((error: unknown) => this.logger.error(`Preventive run failed: ${String(error)}`));
    }, every);
    this.timer.unref();
  }

  /** No new run starts; the one under way finishes before the pool closes. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One run over every active company (on demand, and what the interval does). */
  async runAll(): Promise<Map<number, SchedulerRun>> {
    const companies: { id: number }[] = await this.dataSource.query(`select id from company where active order by id`);
    const runs = new Map<number, SchedulerRun>();
    for (const company of companies) runs.set(company.id, await this.runCompany(company.id));
    return runs;
  }

  /** Right after an extrusion run ends: the counter plans of the company (waits for a run under way rather than skipping). */
  checkCounters(companyId: number): Promise<SchedulerRun> {
    return this.runCompany(companyId, { countersOnly: true, wait: true });
  }

  async runCompany(companyId: number, options: { countersOnly?: boolean; wait?: boolean } = {}): Promise<SchedulerRun> {
    const now = this.clock.now();
    const outcome = await this.tenantDb.transaction(async (scope) => {
      const [{ locked }] = await scope.manager.query(
        options.wait ? `select pg_advisory_xact_lock($1, $2) is not null as locked` : `select pg_try_advisory_xact_lock($1, $2) as locked`,
        [PM_SCHEDULER_LOCK, companyId],
      );
      if (!locked) return { ran: false, created: [], overdue: [], notifications: [] as PendingNotification[] };
      const created = await this.createDueOrders(scope, now, options.countersOnly ?? false);
      const overdue = await this.flagOverdue(scope, now);
      return {
        ran: true,
        created: created.map((entry) => entry.id),
        overdue: overdue.map((entry) => entry.id),
        notifications: [...created, ...overdue].flatMap((entry) => entry.notifications),
      };
    }, companyId);
    await this.plans.send(outcome.notifications, companyId);
    return { ran: outcome.ran, created: outcome.created, overdue: outcome.overdue };
  }

  /** Plans whose date is within its lead days, or whose meter reached its due value less the warning lead, and with no open order. */
  private async createDueOrders(scope: TenantScope, now: Date, countersOnly: boolean) {
    const today = await companyToday(scope, now);
    const due: { id: number }[] = await scope.manager.query(
      `select p.id from pm_plan p left join meter on meter.id = p.meter_id
        where p.company_id = $1 and p.active
          and not exists (select 1 from work_order open where open.pm_plan_id = p.id and open.status in (${OPEN}))
          and (
            (not $3 and p.trigger <> 'counter' and p.next_due_on - p.lead_days <= $2::date
              -- An occurrence whose order was cancelled is not made again by itself (the lead may generate it).
              and not exists (select 1 from work_order done where done.pm_plan_id = p.id and done.occurrence_on = p.next_due_on))
            or (p.trigger <> 'calendar' and meter.value >= p.next_due_value - p.lead_value
              and not exists (select 1 from work_order cancelled where cancelled.pm_plan_id = p.id and cancelled.status = 'cancelled'
                                and cancelled.created_at > coalesce(p.last_completed_at, '-infinity'))))
        order by p.id`,
      [scope.companyId, today, countersOnly],
    );
    const created: { id: number; notifications: PendingNotification[] }[] = [];
    for (const { id } of due) {
      const plan = await scope.repository(PmPlanEntity).findOne(id);
      const outcome = await this.plans.createOrder(scope, plan, now);
      if (outcome.created) created.push({ id: outcome.order.id, notifications: outcome.notifications });
    }
    return created;
  }

  /**
   * Open preventive orders now due (their due time passed, or their plan's meter reached its due
   * value) and not yet told: one warning to the assignee, or to the maintenance leads when nobody
   * is assigned. Only open orders: a completed or cancelled one is never overdue.
   */
  private async flagOverdue(scope: TenantScope, now: Date) {
    const orders: { id: number; number: string; assignee_id: number | null; plan_name: string }[] = await scope.manager.query(
      `with flagged as (update work_order wo set overdue_notified_at = $2
         from pm_plan p left join meter on meter.id = p.meter_id
        where wo.company_id = $1 and p.id = wo.pm_plan_id and wo.type = 'preventive' and wo.status in (${OPEN}) and wo.overdue_notified_at is null
          and (wo.due_at <= $2 or (p.trigger <> 'calendar' and meter.value >= p.next_due_value))
        returning wo.id, wo.number, wo.assignee_id, p.name as plan_name)
       select * from flagged order by id`,
      [scope.companyId, now],
    );
    if (orders.length === 0) return [];
    const leads: number[] = (await scope.manager.query(MAINTENANCE_LEADS_SQL, [scope.companyId])).map((row: { id: number }) => row.id);
    return orders.map((order) => ({
      id: order.id,
      notifications: (order.assignee_id ? [order.assignee_id] : leads).map((userId) => ({
        userId,
        text: preventiveMessages.overdue(order.number, order.plan_name),
        variant: 'warning' as const,
        record_path: notificationRecordPaths.workOrder(order.id),
      })),
    }));
  }
}
