import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  complianceFromTotals,
  CORRECTION_INDICATORS_PAGE,
  correctionsPer10t,
  DIE_STATES,
  DIESHOP_INDICATORS_PAGE,
  figuresFromTotals,
  HOUR_MS,
  indicatorMessages,
  MAINTENANCE_INDICATORS_PAGE,
  messages,
  resolveIndicatorPeriod,
  shareOf,
  type DieshopIndicators,
  type DieState,
  type IndicatorPeriodQuery,
  type MaintenanceIndicators,
  type ReliabilityFigures,
  type StopCause,
} from '@planta/contracts';
import type { EntityManager } from 'typeorm';
import { companyTimeZone } from '../companies/company-time-zone';
import { DIE_COPY_FROM, nitridingFilterSql } from '../dieshop/die-copy.queries';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { CLIPPED_STOPS, iso, n, OPEN_CORRECTIONS_SQL, OPEN_ORDERS_SQL, readablePages, RUN_KG_PER_DIE } from './indicators.queries';

/** kg as the production indicators give them (to the gram). */
const kg = (value: number) => Math.round(value * 1000) / 1000;
const round = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);
const reliability = (figures: ReliabilityFigures) => ({
  period_hours: round(figures.periodHours)!,
  stop_hours: round(figures.stopHours)!,
  failures: figures.failureCount,
  failure_hours: round(figures.failureHours)!,
  mtbf_hours: round(figures.mtbfHours),
  mttr_hours: round(figures.mttrHours),
  availability: round(figures.availability),
});

/** The maintenance and die-shop indicators of the caller's company. */
@Injectable()
export class AreaIndicatorsService {
  constructor(private readonly tenantDb: TenantDb) {}

  /** The period asked, its days alone in the company's time zone. */
  private static async period(scope: Pick<TenantScope, 'manager' | 'companyId'>, query: IndicatorPeriodQuery) {
    const now = new Date();
    const { from, to } = resolveIndicatorPeriod(query, await companyTimeZone(scope), now);
    const measuredEnd = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now.getTime())));
    return { now, from, to, measuredEnd, periodHours: (measuredEnd.getTime() - from.getTime()) / HOUR_MS };
  }

  private static async mayRead(manager: EntityManager, companyId: number, caller: RequestIdentity, page: string) {
    return (await readablePages(manager, companyId, caller.userId)).has(page);
  }

  /** MTBF, MTTR and availability of the presses (domain.md B), PM compliance, work orders, downtime by cause. */
  async maintenance(caller: RequestIdentity, query: IndicatorPeriodQuery & { line_id?: number }): Promise<MaintenanceIndicators> {
    return this.tenantDb.read(async ({ manager, companyId }) => {
      if (!(await AreaIndicatorsService.mayRead(manager, companyId, caller, MAINTENANCE_INDICATORS_PAGE))) throw new ForbiddenException(messages.forbidden);
      const p = await AreaIndicatorsService.period({ manager, companyId }, query);
      const lineId = query.line_id ?? null;
      if (lineId) {
        const [line] = await manager.query(`select id from extrusion_line where company_id = $1 and id = $2`, [companyId, lineId]);
        if (!line) throw new NotFoundException(indicatorMessages.lineNotFound);
      }
      const scope = `($4::int is null or machine.line_id = $4::int)`;
      const params = [companyId, p.from, p.measuredEnd, lineId];
      const presses: { id: number; name: string; line_id: number | null; stop_hours: string; failures: string; failure_hours: string }[] = await manager.query(
        `select machine.id, machine.name, machine.line_id,
                coalesce(sum(stop.hours), 0) as stop_hours, count(stop.id) filter (where stop.failure) as failures,
                coalesce(sum(stop.hours) filter (where stop.failure), 0) as failure_hours
           from machine left join (${CLIPPED_STOPS}) stop on stop.machine_id = machine.id and stop.hours > 0
          where machine.company_id = $1 and machine.type = 'press' and ${scope}
          group by machine.id order by machine.name, machine.id`,
        params,
      );
      const [orders] = await manager.query(
        `select count(*) filter (where wo.status in (${OPEN_ORDERS_SQL})) as open,
                count(*) filter (where wo.status in (${OPEN_ORDERS_SQL}) and wo.due_at < $5) as overdue,
                count(*) filter (where wo.type = 'preventive' and wo.status <> 'cancelled' and wo.due_at >= $2 and wo.due_at < $3) as pm_due,
                count(*) filter (where wo.type = 'preventive' and wo.status <> 'cancelled' and wo.due_at >= $2 and wo.due_at < $3 and wo.completed_at <= wo.due_at) as pm_on_time
           from work_order wo left join machine on machine.id = wo.machine_id
          where wo.company_id = $1 and ($4::int is null or machine.line_id = $4::int)`,
        [...params, p.now],
      );
      const causes: { cause: StopCause; hours: string; stops: string }[] = await manager.query(
        `select stop.cause, sum(stop.hours) as hours, count(*) as stops
           from (${CLIPPED_STOPS}) stop join machine on machine.id = stop.machine_id
          where stop.hours > 0 and ${scope}
          group by stop.cause order by hours desc, stop.cause`,
        params,
      );
      const figures = (row: { stop_hours: string; failures: string; failure_hours: string }[]) =>
        figuresFromTotals({
          periodHours: p.periodHours * row.length,
          stopHours: row.reduce((sum, press) => sum + n(press.stop_hours), 0),
          failureCount: row.reduce((sum, press) => sum + n(press.failures), 0),
          failureHours: row.reduce((sum, press) => sum + n(press.failure_hours), 0),
        });
      const compliance = complianceFromTotals(n(orders.pm_due), n(orders.pm_on_time));
      return {
        period: { from: iso(p.from), to: iso(p.to), now: iso(p.now) },
        plant: reliability(figures(presses)),
        presses: presses.map((press) => ({ machine_id: press.id, name: press.name, line_id: press.line_id, ...reliability(figures([press])) })),
        compliance: { due: compliance.due, on_time: compliance.onTime, share: round(compliance.share) },
        open_work_orders: n(orders.open),
        overdue_work_orders: n(orders.overdue),
        downtime_by_cause: causes.map((row) => ({ cause: row.cause, hours: round(n(row.hours))!, stops: n(row.stops) })),
      };
    });
  }

  /** Dies by state and nitriding due (now), dies scrapped, corrections and their rates (in the period). */
  async dieshop(caller: RequestIdentity, query: IndicatorPeriodQuery): Promise<DieshopIndicators> {
    return this.tenantDb.read(async ({ manager, companyId }) => {
      const pages = await readablePages(manager, companyId, caller.userId);
      if (!pages.has(DIESHOP_INDICATORS_PAGE)) throw new ForbiddenException(messages.forbidden);
      const p = await AreaIndicatorsService.period({ manager, companyId }, query);
      const states: { state: DieState; count: string }[] = await manager.query(`select state, count(*) from die where company_id = $1 group by state`, [
        companyId,
      ]);
      const [nitriding] = await manager.query(
        `select count(*) filter (where ${nitridingFilterSql('soon')} and not (${nitridingFilterSql('overdue')})) as soon,
                count(*) filter (where ${nitridingFilterSql('overdue')}) as overdue
           ${DIE_COPY_FROM} where d.company_id = $1`,
        [companyId],
      );
      const [scrapped] = await manager.query(`select count(*) from die where company_id = $1 and scrapped_at >= $2 and scrapped_at < $3`, [
        companyId,
        p.from,
        p.to,
      ]);

      let corrections: DieshopIndicators['corrections'] = null;
      if (pages.has(CORRECTION_INDICATORS_PAGE)) {
        const [open] = await manager.query(
          `select count(*) filter (where status in (${OPEN_CORRECTIONS_SQL})) as open,
                  count(*) filter (where status in (${OPEN_CORRECTIONS_SQL}) and due_at is not null and due_at < $2) as overdue
             from correction_record where company_id = $1`,
          [companyId, p.now],
        );
        // Corrections opened in the period beside the billet kg each die extruded in it (what a
        // period produced, RUN_KG_PER_DIE: the same kg as the production indicators' 'Kg de tocho').
        const perDie: { die_id: number; die_reference: string; copy_number: number; corrections: string; extruded_kg: string }[] = await manager.query(
          `select d.id as die_id, d.die_reference, d.copy_number, coalesce(c.count, 0) as corrections, coalesce(r.kg, 0) as extruded_kg
             from die d
             left join (select die_id, count(*) from correction_record where company_id = $1 and opened_at >= $2 and opened_at < $4 group by die_id) c on c.die_id = d.id
             left join (${RUN_KG_PER_DIE}) r on r.die_id = d.id
            where d.company_id = $1 and (c.count is not null or r.kg is not null)
            order by d.die_reference, d.copy_number`,
          [companyId, p.from, p.measuredEnd, p.to],
        );
        const [trials] = await manager.query(
          `select count(*) as decided, count(*) filter (where report.trial_result = 'approved') as approved
             from correction_report report
            where report.company_id = $1 and report.attempt_no = 1 and report.trial_result in ('approved', 'rejected')
              and report.finished_at >= $2 and report.finished_at < $3`,
          [companyId, p.from, p.to],
        );
        const opened = perDie.reduce((sum, row) => sum + n(row.corrections), 0);
        const extrudedKg = kg(perDie.reduce((sum, row) => sum + n(row.extruded_kg), 0));
        corrections = {
          open: n(open.open),
          overdue: n(open.overdue),
          opened_in_period: opened,
          extruded_kg: extrudedKg,
          per_10t: correctionsPer10t(opened, extrudedKg),
          per_die: perDie
            .filter((row) => n(row.corrections) > 0)
            .map((row) => ({
              die_id: row.die_id,
              die_reference: row.die_reference,
              copy_number: row.copy_number,
              corrections: n(row.corrections),
              extruded_kg: kg(n(row.extruded_kg)),
              per_10t: correctionsPer10t(n(row.corrections), kg(n(row.extruded_kg))),
            }))
            .sort((a, b) => (b.per_10t ?? Infinity) - (a.per_10t ?? Infinity) || b.corrections - a.corrections),
          first_trial: { decided: n(trials.decided), approved: n(trials.approved), share: shareOf(n(trials.approved), n(trials.decided)) },
        };
      }
      return {
        period: { from: iso(p.from), to: iso(p.to), now: iso(p.now) },
        dies_by_state: DIE_STATES.map((state) => ({ state, count: n(states.find((row) => row.state === state)?.count) })),
        nitriding: { soon: n(nitriding.soon), overdue: n(nitriding.overdue) },
        scrapped_in_period: n(scrapped.count),
        corrections,
      };
    });
  }
}
