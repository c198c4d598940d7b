import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  addProductionTotals,
  indicatorMessages,
  messages,
  PRODUCTION_INDICATORS_PAGE,
  productionFiguresFromTotals,
  resolveIndicatorPeriod,
  type ProductionIndicators,
  type ProductionIndicatorsQuery,
  type ProductionTotals,
  type StopCause,
} from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { CHECK_TOTALS, iso, n, PRESS_STOP_HOURS, PRESS_STOPS_BY_CAUSE, readablePages, RUN_TOTALS, WINDOW_HOURS } from './indicators.queries';

const EMPTY: ProductionTotals = {
  periodHours: 0,
  plannedStopHours: 0,
  stopHours: 0,
  runHours: 0,
  billetKg: 0,
  goodKg: 0,
  scrapKg: 0,
  goalKg: 0,
  checksExpected: 0,
  checksAnswered: 0,
};

/** OEE and the production figures per press (line), for the plant and per day, of the caller's company. */
@Injectable()
export class ProductionIndicatorsService {
  constructor(private readonly tenantDb: TenantDb) {}

  async production(caller: RequestIdentity, query: ProductionIndicatorsQuery): Promise<ProductionIndicators> {
    const now = new Date();
    const { from, to } = resolveIndicatorPeriod(query, now);
    const measuredEnd = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now.getTime())));
    return this.tenantDb.read(async ({ manager, companyId }) => {
      if (!(await readablePages(manager, companyId, caller.userId)).has(PRODUCTION_INDICATORS_PAGE)) throw new ForbiddenException(messages.forbidden);
      const [company] = await manager.query(`select time_zone from company where id = $1`, [companyId]);
      const timeZone: string = company.time_zone;

      let shift: { id: number; name: string; start_time: string; end_time: string; days: number[]; line_id: number | null } | null = null;
      if (query.shift_id) {
        [shift] = await manager.query(`select id, name, start_time, end_time, days, line_id from shift where company_id = $1 and id = $2`, [
          companyId,
          query.shift_id,
        ]);
        if (!shift) throw new NotFoundException(indicatorMessages.shiftNotFound);
      }
      if (query.line_id) {
        const [line] = await manager.query(`select id from extrusion_line where company_id = $1 and id = $2`, [companyId, query.line_id]);
        if (!line) throw new NotFoundException(indicatorMessages.lineNotFound);
      }
      // The chosen line and the shift's own line, if it has one (both: only when they are the same).
      const lineFilter = [query.line_id, shift?.line_id].filter((id): id is number => !!id);
      const lines: { id: number; name: string; goal: string }[] = await manager.query(
        `select id, name, net_productivity_goal_kg_h as goal from extrusion_line
          where company_id = $1 and id = all($2::int[]) order by name, id`,
        [companyId, lineFilter],
      );
      const lineIds = lines.map((line) => line.id);
      const params = [companyId, from, measuredEnd, timeZone, shift?.start_time ?? null, shift?.end_time ?? null, shift ? shift.days : null, lineIds];

      const windows: { day: string; hours: string }[] = await manager.query(WINDOW_HOURS, params);
      const stops: { line_id: number; day: string; cause: StopCause; planned: boolean; hours: string }[] = await manager.query(PRESS_STOP_HOURS, params);
      const runs: { line_id: number; day: string; run_hours: string; billet_kg: string; good_kg: string; scrap_kg: string; goal_kg: string }[] =
        await manager.query(RUN_TOTALS, params);
      const checks: { line_id: number; day: string; expected: string; answered: string }[] = await manager.query(CHECK_TOTALS, [...params, now]);
      const causes: { cause: StopCause; minutes: string; stops: string }[] = await manager.query(PRESS_STOPS_BY_CAUSE, params);

      // Sums per line and day, then added up per line, for the plant and per day.
      const cells = new Map<string, ProductionTotals>();
      const cell = (lineId: number, day: string) => {
        const key = `${lineId}|${day}`;
        let entry = cells.get(key);
        if (!entry) {
          entry = { ...EMPTY, periodHours: n(windows.find((window) => window.day === day)?.hours) };
          cells.set(key, entry);
        }
        return entry;
      };
      for (const line of lines) for (const window of windows) cell(line.id, window.day);
      for (const row of stops) {
        const entry = cell(Number(row.line_id), row.day);
        if (row.planned) entry.plannedStopHours += n(row.hours);
        else entry.stopHours += n(row.hours);
      }
      for (const row of runs) {
        const entry = cell(Number(row.line_id), row.day);
        entry.runHours += n(row.run_hours);
        entry.billetKg += n(row.billet_kg);
        entry.goodKg += n(row.good_kg);
        entry.scrapKg += n(row.scrap_kg);
        entry.goalKg += n(row.goal_kg);
      }
      for (const row of checks) {
        const entry = cell(Number(row.line_id), row.day);
        entry.checksExpected += n(row.expected);
        entry.checksAnswered += n(row.answered);
      }
      const cellsOf = (match: (lineId: number, day: string) => boolean) =>
        [...cells.entries()].filter(([key]) => match(Number(key.split('|')[0]), key.split('|')[1])).map(([, totals]) => totals);

      const totalMinutes = causes.reduce((sum, row) => sum + n(row.minutes), 0);
      let running = 0;
      return {
        period: { from: iso(from), to: iso(to), now: iso(now) },
        time_zone: timeZone,
        shift: shift ? { id: shift.id, name: shift.name, start_time: shift.start_time, end_time: shift.end_time } : null,
        plant: productionFiguresFromTotals(addProductionTotals([...cells.values()])),
        presses: lines.map((line) => ({
          line_id: line.id,
          line_name: line.name,
          net_productivity_goal_kg_h: Number(line.goal),
          ...productionFiguresFromTotals(addProductionTotals(cellsOf((lineId) => lineId === line.id))),
        })),
        trend: windows.map((window) => ({ day: window.day, ...productionFiguresFromTotals(addProductionTotals(cellsOf((_, day) => day === window.day))) })),
        loss_pareto: causes.map((row) => {
          running += n(row.minutes);
          return {
            cause: row.cause,
            minutes: Math.round(n(row.minutes) * 1000) / 1000,
            stops: n(row.stops),
            cumulative_share: totalMinutes > 0 ? Math.round((running / totalMinutes) * 1e6) / 1e6 : 0,
          };
        }),
      };
    });
  }
}
