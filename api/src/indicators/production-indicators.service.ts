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
import { companyTimeZone } from '../companies/company-time-zone';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';
import { iso, n, PRESS_STOP_TOTALS, readablePages, RUN_TOTALS, WINDOW_HOURS } from './indicators.queries';

/** PRESS_STOP_TOTALS: hours per line, day and kind (line_id set), or per cause for the loss Pareto (line_id null). Numbers as text. */
type StopTotalsRow =
  { line_id: number; day: string; planned: boolean; hours: string } | { line_id: null; cause: StopCause; minutes: string; stops: string; pareto_rank: string };

/** RUN_TOTALS: per line and day; null where no run counted. Numbers as text. */
interface RunTotalsRow {
  line_id: number;
  day: string;
  run_hours: string | null;
  billet_kg: string | null;
  good_kg: string | null;
  scrap_kg: string | null;
  goal_kg: string | null;
  checks_expected: string | null;
  checks_answered: string | null;
  checks_late: string | null;
}

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
  checksLate: 0,
};

/** The list of `key` in `lists`, made empty the first time. */
function listIn<K, V>(lists: Map<K, V[]>, key: K): V[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}

/** OEE and the production figures per press (line), for the plant and per day, of the caller's company. */
@Injectable()
export class ProductionIndicatorsService {
  constructor(private readonly tenantDb: TenantDb) {}

  async production(caller: RequestIdentity, query: ProductionIndicatorsQuery): Promise<ProductionIndicators> {
    const now = new Date();
    return this.tenantDb.read(async ({ manager, companyId }) => {
      if (!(await readablePages(manager, companyId, caller.userId)).has(PRODUCTION_INDICATORS_PAGE)) throw new ForbiddenException(messages.forbidden);
      const timeZone = await companyTimeZone({ manager, companyId });
      const { from, to } = resolveIndicatorPeriod(query, timeZone, now);
      const measuredEnd = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now.getTime())));

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
      const stops: StopTotalsRow[] = await manager.query(PRESS_STOP_TOTALS, params);
      const runs: RunTotalsRow[] = await manager.query(RUN_TOTALS, [...params, now]);
      const causes = stops.flatMap((row) => (row.line_id === null ? [row] : [])).sort((a, b) => n(a.pareto_rank) - n(b.pareto_rank));

      // Sums per line and day, then added up per line, for the plant and per day (each in the order the cells were made).
      const windowHours = new Map(windows.map((window) => [window.day, n(window.hours)]));
      const cells = new Map<string, ProductionTotals>();
      const cellsOfLine = new Map<number, ProductionTotals[]>();
      const cellsOfDay = new Map<string, ProductionTotals[]>();
      const cell = (lineId: number, day: string) => {
        const key = `${lineId}|${day}`;
        let entry = cells.get(key);
        if (!entry) {
          entry = { ...EMPTY, periodHours: windowHours.get(day) ?? 0 };
          cells.set(key, entry);
          listIn(cellsOfLine, lineId).push(entry);
          listIn(cellsOfDay, day).push(entry);
        }
        return entry;
      };
      for (const line of lines) for (const window of windows) cell(line.id, window.day);
      for (const row of stops) {
        if (row.line_id === null) continue;
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
        entry.checksExpected += n(row.checks_expected);
        entry.checksAnswered += n(row.checks_answered);
        entry.checksLate += n(row.checks_late);
      }
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
          ...productionFiguresFromTotals(addProductionTotals(cellsOfLine.get(line.id) ?? [])),
        })),
        trend: windows.map((window) => ({ day: window.day, ...productionFiguresFromTotals(addProductionTotals(cellsOfDay.get(window.day) ?? [])) })),
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
