import { Injectable, NotFoundException } from '@nestjs/common';
import {
  COUNTER_PLAN_SOON_SHARE,
  figuresFromTotals,
  HOUR_MS,
  isMachineDown,
  messages,
  METER_SERIES_POINTS,
  OPEN_WORK_ORDER_STATUSES,
  resolvePeriod,
  sqlValues,
  TIMELINE_LIMIT,
  TOP_DOWNTIME_MACHINES,
  complianceFromTotals,
  type MachineSummary,
  type MaintenanceDashboard,
  type PeriodQuery,
  type ReliabilityFigures,
  type StopCause,
  type WorkOrderStatus,
} from '@planta/contracts';
import type { EntityManager } from 'typeorm';
import { companyTimeZone } from '../companies/company-time-zone';
import { CLIPPED_STOPS, FAILURE_SQL } from '../indicators/indicators.queries';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';

const OPEN_SQL = sqlValues(OPEN_WORK_ORDER_STATUSES);

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

interface Totals {
  machine_id: number;
  stop_hours: string | null;
  failures: string;
  failure_hours: string | null;
}

/** Reliability figures of the machine summary and the maintenance dashboard, always of the caller's company. */
@Injectable()
export class MachineSummaryService {
  constructor(private readonly tenantDb: TenantDb) {}

  /** The measured period: `from`, `to` (days alone in the company's time zone), and the end up to which time has passed. */
  private static async period(scope: Pick<TenantScope, 'manager' | 'companyId'>, query: PeriodQuery) {
    const now = new Date();
    const { from, to } = resolvePeriod(query, await companyTimeZone(scope), now);
    const measuredEnd = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now.getTime())));
    return { from, to, now, measuredEnd, periodHours: (measuredEnd.getTime() - from.getTime()) / HOUR_MS };
  }

  private static figures(periodHours: number, totals: Totals | undefined): ReliabilityFigures {
    return figuresFromTotals({
      periodHours,
      stopHours: Number(totals?.stop_hours ?? 0),
      failureCount: Number(totals?.failures ?? 0),
      failureHours: Number(totals?.failure_hours ?? 0),
    });
  }

  /** Stop and failure totals per machine over the period (machines without stops are absent). */
  private async stopTotals(manager: EntityManager, companyId: number, p: Awaited<ReturnType<(typeof MachineSummaryService)['period']>>, machineId?: number) {
    const rows: Totals[] = await manager.query(
      `select machine_id, sum(hours) as stop_hours, count(*) filter (where failure) as failures, sum(hours) filter (where failure) as failure_hours
         from (${CLIPPED_STOPS}${machineId ? ' and stop.machine_id = $4' : ''}) clipped
        where hours > 0
        group by machine_id`,
      // The stop hours of 'Indicadores clave' (CLIPPED_STOPS): the same hours on the maintenance dashboard and the machine summary.
      [companyId, p.from, p.measuredEnd, ...(machineId ? [machineId] : [])],
    );
    return new Map(rows.map((row) => [Number(row.machine_id), row]));
  }

  async machineSummary(machineId: number, query: PeriodQuery): Promise<MachineSummary> {
    return this.tenantDb.read(async ({ manager, companyId }) => {
      const p = await MachineSummaryService.period({ manager, companyId }, query);
      const [machine] = await manager.query(
        `select machine.id, machine.name, machine.code, machine.type, machine.status, machine.criticality, machine.location,
                machine.line_id, line.name as line_name, machine.parent_machine_id, parent.name as parent_name, machine.expected_mtbf_h
           from machine
           left join extrusion_line line on line.id = machine.line_id
           left join machine parent on parent.id = machine.parent_machine_id
          where machine.company_id = $1 and machine.id = $2`,
        [companyId, machineId],
      );
      if (!machine) throw new NotFoundException(messages.notFound);

      const [openStop] = await manager.query(
        `select id, started_at, cause, planned, work_order_id from machine_stop
          where company_id = $1 and machine_id = $2 and ended_at is null limit 1`,
        [companyId, machineId],
      );
      const totals = await this.stopTotals(manager, companyId, p, machineId);

      const failures = await manager.query(
        `(select 'report' as kind, report.id, report.reported_at as at, report.number as label, null as cause, null::float8 as hours, report.work_order_id
            from failure_report report
           where report.company_id = $1 and report.machine_id = $2 and report.kind = 'failure'
           order by report.reported_at desc limit 10)
         union all
         (select 'stop', stop.id, stop.started_at, stop.cause, stop.cause,
                 extract(epoch from coalesce(stop.ended_at, $3) - stop.started_at) / 3600, stop.work_order_id
            from machine_stop stop
           where stop.company_id = $1 and stop.machine_id = $2 and ${FAILURE_SQL}
           order by stop.started_at desc limit 10)
         order by at desc limit 10`,
        [companyId, machineId, p.now],
      );

      const orders = await manager.query(
        `select wo.id, wo.number, wo.type, wo.title, wo.status, wo.priority, wo.blocked, wo.due_at, wo.created_at, assignee.display_name as assignee_name
           from work_order wo left join app_user assignee on assignee.id = wo.assignee_id
          where wo.company_id = $1 and wo.machine_id = $2 and wo.status in (${OPEN_SQL})
          order by wo.due_at asc nulls last, wo.created_at desc limit 50`,
        [companyId, machineId],
      );

      const byDate = await this.plansByDate(manager, companyId, { machineId, now: p.now });
      const byCounter = await this.plansByCounter(manager, companyId, { machineId });
      const meters = await this.metersWithSeries(manager, companyId, machineId, p.from, p.measuredEnd);
      const timeline = await manager.query(
        `select * from (
           (select report.reported_at as at, 'report' as event, report.id as ref_id, report.number as label, report.kind || ' · ' || report.severity as detail
              from failure_report report where report.company_id = $1 and report.machine_id = $2 order by report.reported_at desc limit $3)
           union all
           (select stop.started_at, 'stop_started', stop.id, stop.cause, case when stop.planned then 'planned' else '' end
              from machine_stop stop where stop.company_id = $1 and stop.machine_id = $2 order by stop.started_at desc limit $3)
           union all
           (select stop.ended_at, 'stop_ended', stop.id, stop.cause, ''
              from machine_stop stop where stop.company_id = $1 and stop.machine_id = $2 and stop.ended_at is not null order by stop.ended_at desc limit $3)
           union all
           (select wo.created_at, 'order_created', wo.id, wo.number, wo.title
              from work_order wo where wo.company_id = $1 and wo.machine_id = $2 order by wo.created_at desc limit $3)
           union all
           (select wo.completed_at, 'order_completed', wo.id, wo.number, wo.title
              from work_order wo where wo.company_id = $1 and wo.machine_id = $2 and wo.completed_at is not null order by wo.completed_at desc limit $3)
           union all
           (select wo.verified_at, 'order_verified', wo.id, wo.number, wo.title
              from work_order wo where wo.company_id = $1 and wo.machine_id = $2 and wo.verified_at is not null order by wo.verified_at desc limit $3)
           union all
           (select skip.logged_at, 'occurrences_skipped', skip.id, plan.name, skip.skipped::text
              from pm_skip_log skip join pm_plan plan on plan.id = skip.pm_plan_id
             where skip.company_id = $1 and plan.machine_id = $2 order by skip.logged_at desc limit $3)
         ) events order by at desc limit $3`,
        [companyId, machineId, TIMELINE_LIMIT],
      );

      return {
        period: { from: iso(p.from), to: iso(p.to), now: iso(p.now) },
        machine: {
          ...machine,
          down: isMachineDown(machine.status),
          expected_mtbf_h: num(machine.expected_mtbf_h),
        },
        open_stop: openStop ? { ...openStop, started_at: iso(openStop.started_at) } : null,
        reliability: MachineSummaryService.figures(p.periodHours, totals.get(machineId)),
        last_failures: failures.map((row: Record<string, unknown>) => ({ ...row, at: iso(row.at as Date), hours: num(row.hours) })),
        open_work_orders: orders.map((row: Record<string, unknown>) => ({
          ...row,
          due_at: row.due_at ? iso(row.due_at as Date) : null,
          created_at: iso(row.created_at as Date),
        })),
        next_by_date: byDate,
        next_by_counter: byCounter,
        meters,
        timeline: timeline.map((row: Record<string, unknown>) => ({ ...row, at: iso(row.at as Date) })),
      } as MachineSummary;
    });
  }

  /** Calendar plans due by `until` (all of the machine's when no horizon is given), overdue ones included. */
  private async plansByDate(
    manager: EntityManager,
    companyId: number,
    { machineId, lineId, now, days }: { machineId?: number; lineId?: number; now: Date; days?: number },
  ) {
    const params: unknown[] = [companyId, now];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const where = [`plan.company_id = $1`, `plan.active`, `plan.trigger <> 'counter'`, `plan.next_due_on is not null`];
    if (machineId) where.push(`plan.machine_id = ${bind(machineId)}`);
    if (lineId) where.push(`machine.line_id = ${bind(lineId)}`);
    if (days !== undefined) where.push(`plan.next_due_on <= ($2::timestamptz at time zone 'UTC')::date + ${bind(days)}::int`);
    const rows = await manager.query(
      `select plan.id as plan_id, plan.name, plan.machine_id, machine.name as machine_name, plan.next_due_on::text as next_due_on,
              plan.next_due_on < ($2::timestamptz at time zone 'UTC')::date as overdue
         from pm_plan plan join machine on machine.id = plan.machine_id
        where ${where.join(' and ')}
        order by plan.next_due_on, plan.name limit 100`,
      params,
    );
    return rows as MachineSummary['next_by_date'];
  }

  /** Counter plans with their meter's progress through the interval (at least `minShare` of it used). */
  private async plansByCounter(
    manager: EntityManager,
    companyId: number,
    { machineId, lineId, minShare }: { machineId?: number; lineId?: number; minShare?: number },
  ) {
    const params: unknown[] = [companyId];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const where = [`plan.company_id = $1`, `plan.active`, `plan.trigger <> 'calendar'`];
    if (machineId) where.push(`plan.machine_id = ${bind(machineId)}`);
    if (lineId) where.push(`machine.line_id = ${bind(lineId)}`);
    const rows = await manager.query(
      `select * from (
         select plan.id as plan_id, plan.name, plan.machine_id, machine.name as machine_name, meter.id as meter_id, meter.name as meter_name, meter.unit,
                meter.value, plan.next_due_value, plan.interval_value,
                greatest(0, (meter.value - (plan.next_due_value - plan.interval_value)) / plan.interval_value) as used_share
           from pm_plan plan join meter on meter.id = plan.meter_id join machine on machine.id = plan.machine_id
          where ${where.join(' and ')}) plans
        ${minShare !== undefined ? `where used_share >= ${bind(minShare)}` : ''}
        order by used_share desc, name limit 100`,
      params,
    );
    return rows.map((row: Record<string, unknown>) => ({
      ...row,
      value: Number(row.value),
      next_due_value: Number(row.next_due_value),
      interval_value: Number(row.interval_value),
      used_share: Number(row.used_share),
    })) as MachineSummary['next_by_counter'];
  }

  /** The machine's meters with their readings in the period, at most METER_SERIES_POINTS each. */
  private async metersWithSeries(manager: EntityManager, companyId: number, machineId: number, from: Date, to: Date): Promise<MachineSummary['meters']> {
    const meters = await meterRows(manager, companyId, { machineId });
    if (meters.length === 0) return [];
    const points: { meter_id: number; read_at: Date; value: string }[] = await manager.query(
      `select meter_id, read_at, value from meter_reading
        where company_id = $1 and meter_id = any($2::int[]) and read_at >= $3 and read_at <= $4
        order by meter_id, read_at, id`,
      [companyId, meters.map((meter) => meter.id), from, to],
    );
    const series = new Map<number, { at: string; value: number }[]>();
    for (const row of downsample(points)) {
      const list = series.get(Number(row.meter_id)) ?? [];
      list.push({ at: iso(row.read_at), value: Number(row.value) });
      series.set(Number(row.meter_id), list);
    }
    return meters.map((meter) => ({ ...meter, points: series.get(meter.id) ?? [] }));
  }

  async dashboard(query: PeriodQuery & { line_id?: number }): Promise<MaintenanceDashboard> {
    const lineId = query.line_id;
    return this.tenantDb.read(async ({ manager, companyId }) => {
      const p = await MachineSummaryService.period({ manager, companyId }, query);
      if (lineId) {
        const [line] = await manager.query(`select id from extrusion_line where company_id = $1 and id = $2`, [companyId, lineId]);
        if (!line) throw new NotFoundException(messages.notFound);
      }
      const machines: { id: number; name: string; code: string; type: string; status: string; line_name: string | null; open_orders: string }[] =
        await manager.query(
          `select machine.id, machine.name, machine.code, machine.type, machine.status, line.name as line_name, coalesce(open.count, 0) as open_orders
           from machine left join extrusion_line line on line.id = machine.line_id
           left join (select wo.machine_id, count(*) from work_order wo where wo.company_id = $1 and wo.status in (${OPEN_SQL}) group by wo.machine_id) open
             on open.machine_id = machine.id
          where machine.company_id = $1 ${lineId ? 'and machine.line_id = $2' : ''}
          order by machine.type <> 'press', machine.name`,
          lineId ? [companyId, lineId] : [companyId],
        );
      const inScope = new Set(machines.map((machine) => machine.id));
      // Work orders of the line's machines only when a line is chosen.
      const scopeSql = lineId ? `and wo.machine_id in (select id from machine where company_id = $1 and line_id = ${Number(lineId)})` : '';

      const byStatus: { status: WorkOrderStatus; count: string }[] = await manager.query(
        `select status, count(*) from work_order wo where wo.company_id = $1 and wo.status in (${OPEN_SQL}) ${scopeSql} group by status`,
        [companyId],
      );
      const [orderFigures] = await manager.query(
        `select
           (select count(*) from work_order wo where wo.company_id = $1 and wo.status in (${OPEN_SQL}) and wo.due_at < $4 ${scopeSql}) as overdue,
           (select count(*) from work_order wo where wo.company_id = $1 and wo.type = 'preventive' and wo.status <> 'cancelled'
               and wo.due_at >= $2 and wo.due_at < $3 ${scopeSql}) as pm_due,
           (select count(*) from work_order wo where wo.company_id = $1 and wo.type = 'preventive' and wo.status <> 'cancelled'
               and wo.due_at >= $2 and wo.due_at < $3 and wo.completed_at <= wo.due_at ${scopeSql}) as pm_on_time,
           (select count(*) from work_order wo where wo.company_id = $1 and wo.created_at >= $2 and wo.created_at < $3 and wo.type = 'corrective' ${scopeSql}) as corrective,
           (select count(*) from work_order wo where wo.company_id = $1 and wo.created_at >= $2 and wo.created_at < $3 and wo.type = 'preventive' ${scopeSql}) as preventive,
           (select count(*) from work_order wo where wo.company_id = $1 and wo.created_at >= $2 and wo.created_at < $3 and wo.type = 'improvement' ${scopeSql}) as improvement`,
        [companyId, p.from, p.measuredEnd, p.now],
      );
      // Reactive orders (not from a plan): MTTA from the report (or creation) to the first reaction
      // — the order created from the report, or the work started — over the requests of the
      // period; cycle time from the report (or creation) to completion over the orders completed in it.
      const mttaRows = await manager.query(
        `select sum(extract(epoch from greatest(interval '0', reacted_at - requested_at)) / 3600) as hours, count(*) as count
           from (select coalesce(report.reported_at, wo.created_at) as requested_at,
                        case when report.id is not null then wo.created_at else wo.started_at end as reacted_at
                   from work_order wo left join failure_report report on report.id = wo.failure_report_id
                  where wo.company_id = $1 and wo.pm_plan_id is null and wo.type <> 'preventive'
                    and wo.created_at >= $2 and wo.created_at < $3 ${scopeSql}) orders
          where reacted_at is not null and requested_at >= $2`,
        [companyId, p.from, p.measuredEnd],
      );
      const [cycle] = await manager.query(
        `select sum(extract(epoch from greatest(interval '0', wo.completed_at - coalesce(report.reported_at, wo.created_at))) / 3600) as hours, count(*) as count
           from work_order wo left join failure_report report on report.id = wo.failure_report_id
          where wo.company_id = $1 and wo.pm_plan_id is null and wo.type <> 'preventive'
            and wo.completed_at >= $2 and wo.completed_at < $3 ${scopeSql}`,
        [companyId, p.from, p.measuredEnd],
      );

      // One pass over the period's stops: hours per machine, cause and failure, summed both ways.
      const causes: { machine_id: number; cause: StopCause; failure: boolean; hours: string; stops: string }[] = await manager.query(
        `select machine_id, cause, failure, sum(hours) as hours, count(*) as stops from (${CLIPPED_STOPS}) clipped where hours > 0 group by machine_id, cause, failure`,
        [companyId, p.from, p.measuredEnd],
      );
      const totals = new Map<number, Totals>();
      for (const row of causes) {
        const machineId = Number(row.machine_id);
        const entry = totals.get(machineId) ?? { machine_id: machineId, stop_hours: '0', failures: '0', failure_hours: '0' };
        entry.stop_hours = String(Number(entry.stop_hours) + Number(row.hours));
        if (row.failure) {
          entry.failures = String(Number(entry.failures) + Number(row.stops));
          entry.failure_hours = String(Number(entry.failure_hours) + Number(row.hours));
        }
        totals.set(machineId, entry);
      }
      const reliabilityOf = (machine: (typeof machines)[number]) => ({
        machine_id: machine.id,
        name: machine.name,
        code: machine.code,
        ...MachineSummaryService.figures(p.periodHours, totals.get(machine.id)),
      });
      const presses = machines.filter((machine) => machine.type === 'press').map(reliabilityOf);
      const topDowntime = machines
        .map(reliabilityOf)
        .filter((figures) => figures.stopHours > 0)
        .sort((a, b) => b.stopHours - a.stopHours)
        .slice(0, TOP_DOWNTIME_MACHINES);

      const byCause = new Map<StopCause, { hours: number; stops: number }>();
      for (const row of causes) {
        if (!inScope.has(Number(row.machine_id))) continue;
        const entry = byCause.get(row.cause) ?? { hours: 0, stops: 0 };
        entry.hours += Number(row.hours);
        entry.stops += Number(row.stops);
        byCause.set(row.cause, entry);
      }
      const pareto = [...byCause.entries()].map(([cause, entry]) => ({ cause, ...entry })).sort((a, b) => b.hours - a.hours);
      const downtimeTotal = pareto.reduce((sum, entry) => sum + entry.hours, 0);
      let running = 0;
      const downtimeByCause = pareto.map((entry) => {
        running += entry.hours;
        return { ...entry, cumulative_share: downtimeTotal > 0 ? running / downtimeTotal : 0 };
      });

      const openByStatus = OPEN_WORK_ORDER_STATUSES.map((status) => ({ status, count: Number(byStatus.find((row) => row.status === status)?.count ?? 0) }));
      const mtta = mttaRows[0];
      return {
        period: { from: iso(p.from), to: iso(p.to), now: iso(p.now) },
        open_by_status: openByStatus,
        open_total: openByStatus.reduce((sum, row) => sum + row.count, 0),
        overdue: Number(orderFigures.overdue),
        compliance: complianceFromTotals(Number(orderFigures.pm_due), Number(orderFigures.pm_on_time)),
        mtta: meanFromTotals(mtta?.hours, mtta?.count),
        cycle_time: meanFromTotals(cycle?.hours, cycle?.count),
        presses,
        top_downtime: topDowntime,
        downtime_by_cause: downtimeByCause,
        next_week_by_date: await this.plansByDate(manager, companyId, { lineId, now: p.now, days: 7 }),
        next_by_counter: await this.plansByCounter(manager, companyId, { lineId, minShare: COUNTER_PLAN_SOON_SHARE }),
        work_mix: { corrective: Number(orderFigures.corrective), preventive: Number(orderFigures.preventive), improvement: Number(orderFigures.improvement) },
        machines: machines.map((machine) => ({ ...machine, down: isMachineDown(machine.status), open_orders: Number(machine.open_orders) })),
      } as MaintenanceDashboard;
    });
  }
}

const meanFromTotals = (hours: unknown, count: unknown) => {
  const n = Number(count ?? 0);
  return { hours: n > 0 ? Number(hours ?? 0) / n : null, count: n };
};

/** Keeps at most METER_SERIES_POINTS readings per meter, evenly by position, always the last one. */
export function downsample<T extends { meter_id: unknown }>(rows: T[], limit = METER_SERIES_POINTS): T[] {
  const byMeter = new Map<unknown, T[]>();
  for (const row of rows) byMeter.set(row.meter_id, [...(byMeter.get(row.meter_id) ?? []), row]);
  const kept: T[] = [];
  for (const list of byMeter.values()) {
    if (list.length <= limit) {
      kept.push(...list);
      continue;
    }
    const step = list.length / limit;
    for (let index = 1; index <= limit; index += 1) kept.push(list[Math.ceil(index * step) - 1]);
  }
  return kept;
}

/** The company's meters (of one machine) with their last reading. */
export async function meterRows(manager: EntityManager, companyId: number, { machineId, meterId }: { machineId?: number; meterId?: number }) {
  const params: unknown[] = [companyId];
  const where = ['meter.company_id = $1'];
  if (machineId) where.push(`meter.machine_id = $${params.push(machineId)}`);
  if (meterId) where.push(`meter.id = $${params.push(meterId)}`);
  const rows = await manager.query(
    `select meter.id, meter.machine_id, meter.name, meter.kind, meter.unit, meter.source, meter.value, meter.reset_on_pm,
            last.read_at as last_read_at, (select count(*) from meter_reading r where r.meter_id = meter.id) as readings
       from meter
       left join lateral (select read_at from meter_reading r where r.meter_id = meter.id order by read_at desc, id desc limit 1) last on true
      where ${where.join(' and ')}
      order by meter.machine_id, meter.source desc, meter.name`,
    params,
  );
  return rows.map((row: Record<string, unknown>) => ({
    ...row,
    value: Number(row.value),
    readings: Number(row.readings),
    last_read_at: row.last_read_at ? iso(row.last_read_at as Date) : null,
  })) as {
    id: number;
    machine_id: number;
    name: string;
    kind: 'hours' | 'billets' | 'kg' | 'cycles' | 'other';
    unit: string;
    source: 'production' | 'manual';
    value: number;
    reset_on_pm: boolean;
    last_read_at: string | null;
    readings: number;
  }[];
}
