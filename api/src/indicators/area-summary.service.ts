import { Injectable } from '@nestjs/common';
import {
  cardLight,
  countOf,
  SUMMARY_AREA_PAGES,
  SUMMARY_AREAS,
  SUMMARY_RED_OVERDUE_ORDERS,
  SUMMARY_RED_STOP_MINUTES,
  SUMMARY_RULES,
  topItems,
  type AreaSummary,
  type SummaryArea,
  type SummaryItem,
} from '@planta/contracts';
import type { EntityManager } from 'typeorm';
import { nitridingFilterSql, DIE_COPY_FROM } from '../dieshop/die-copy.queries';
import { companyTimeZone } from '../companies/company-time-zone';
import { runChecks, runMarks } from '../production/run-marks';
import { runPauses } from '../production/run-pauses';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, TenantScope } from '../tenancy/tenant-db.service';
import { iso, n, OPEN_CORRECTIONS_SQL, OPEN_ENLISTMENTS_SQL, OPEN_ORDERS_SQL, readablePages } from './indicators.queries';

type Items = (manager: EntityManager, companyId: number, now: Date) => Promise<SummaryItem[]>;
const minutesSince = (start: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - new Date(start).getTime()) / 60_000));

/** Open stops of machines (presses only, or all), longest first. */
async function openStops(manager: EntityManager, companyId: number, pressesOnly: boolean) {
  return (await manager.query(
    `select machine.id, machine.name, stop.started_at, stop.planned
       from machine_stop stop join machine on machine.id = stop.machine_id
      where stop.company_id = $1 and stop.ended_at is null ${pressesOnly ? `and machine.type = 'press'` : ''}
      order by stop.planned, stop.started_at, machine.name`,
    [companyId],
  )) as { id: number; name: string; started_at: Date; planned: boolean }[];
}

/**
 * The running dies with a 10-minute check overdue (its mark asked for and not answered:
 * 'Control vencido desde 16:08' in 'Mi extrusión') or missed (a mark whose ten minutes passed
 * unanswered), by `runMarks`, the one rule of those marks: one Spanish sentence naming every
 * one of them, or null when none.
 */
async function overdueChecks(manager: EntityManager, companyId: number, now: Date): Promise<string | null> {
  const runs: { id: number; line_id: number; line_name: string; start: Date }[] = await manager.query(
    `select run.id, run.line_id, line.name as line_name, run.start_extrusion_time as start
       from order_die run join extrusion_line line on line.id = run.line_id
      where run.company_id = $1 and run.end_extrusion_time is null
      order by line.name, run.start_extrusion_time, run.id`,
    [companyId],
  );
  if (runs.length === 0) return null;
  // The checks and press stops of each run, read as 'Mi extrusión' reads them (late answers and pauses included).
  const scope = new TenantScope(manager, companyId);
  const checks = await runChecks(
    scope,
    runs.map((run) => run.id),
  );
  const pauses = await runPauses(
    scope,
    runs.map((run) => ({ id: run.id, line_id: run.line_id, start: run.start, end: null })),
  );
  const time = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone: await companyTimeZone({ manager, companyId }) });
  const late = runs.flatMap((run) => {
    const marks = runMarks(run.start, null, checks.get(run.id), now, pauses.get(run.id));
    const due = marks.find((mark) => mark.state === 'due');
    const missed = marks.filter((mark) => mark.state === 'missed').length;
    return due || missed > 0 ? [{ line: run.line_name, dueSince: due ? time.format(new Date(due.at)) : null, missed }] : [];
  });
  if (late.length === 0) return null;
  if (late.length === 1) {
    const [{ line, dueSince, missed }] = late;
    if (dueSince === null) return `${line}: ${countOf(missed, 'control dimensional perdido', 'controles dimensionales perdidos')}`;
    return `${line}: control dimensional vencido desde ${dueSince}${missed > 0 ? ` y ${countOf(missed, 'perdido', 'perdidos')}` : ''}`;
  }
  const parts = late.map(({ line, dueSince, missed }) => {
    const lost = countOf(missed, 'perdido', 'perdidos');
    if (dueSince === null) return `${line}, ${lost}`;
    return `${line}, vencido desde ${dueSince}${missed > 0 ? ` y ${lost}` : ''}`;
  });
  return `Controles dimensionales: ${parts.join('; ')}`;
}

/**
 * What needs attention now in each area (SUMMARY_RULES): each item a Spanish sentence with the
 * screen it links to and how urgent it is; the card's light is its most urgent item's.
 */
const AREA_ITEMS: Record<SummaryArea, Items> = {
  async production(manager, companyId, now) {
    const items: SummaryItem[] = (await openStops(manager, companyId, true)).map((stop) => {
      const minutes = minutesSince(stop.started_at, now);
      return {
        text: `${stop.name} detenida ${minutes} min`,
        route: SUMMARY_AREA_PAGES.production.route,
        severity: !stop.planned && minutes >= SUMMARY_RED_STOP_MINUTES ? 'red' : 'amber',
      };
    });
    // Every running die with a check overdue now or missed, as 'Mi extrusión' says it (runMarks), in one item
    // placed before the stops: the card keeps three items and none of these may drop out.
    const checks = await overdueChecks(manager, companyId, now);
    if (checks) items.unshift({ text: checks, route: '/apps/extrusion-line/all', severity: 'amber' });
    return items;
  },

  async maintenance(manager, companyId, now) {
    const items: SummaryItem[] = [];
    const [orders] = await manager.query(`select count(*) from work_order where company_id = $1 and status in (${OPEN_ORDERS_SQL}) and due_at < $2`, [
      companyId,
      now,
    ]);
    const overdue = n(orders.count);
    if (overdue > 0)
      items.push({
        text: countOf(overdue, 'orden de trabajo vencida', 'órdenes de trabajo vencidas'),
        route: '/apps/maintenance-kanban-board',
        severity: overdue >= SUMMARY_RED_OVERDUE_ORDERS ? 'red' : 'amber',
      });
    for (const stop of (await openStops(manager, companyId, false)).filter((row) => !row.planned)) {
      const minutes = minutesSince(stop.started_at, now);
      items.push({
        text: `${stop.name} detenida ${minutes} min`,
        route: `/apps/maintenance-dashboard/machineResume/${stop.id}`,
        severity: minutes >= SUMMARY_RED_STOP_MINUTES ? 'red' : 'amber',
      });
    }
    const [plans] = await manager.query(
      `select count(*) from pm_plan plan join company on company.id = plan.company_id
        where plan.company_id = $1 and plan.active and plan.trigger <> 'counter' and plan.next_due_on < ($2::timestamptz at time zone company.time_zone)::date`,
      [companyId, now],
    );
    if (n(plans.count) > 0)
      items.push({
        text: countOf(n(plans.count), 'plan preventivo vencido', 'planes preventivos vencidos'),
        route: '/apps/preventiveMaintenance/all',
        severity: 'amber',
      });
    return items;
  },

  async dieshop(manager, companyId, now) {
    const items: SummaryItem[] = [];
    const [dies] = await manager.query(
      `select count(*) filter (where ${nitridingFilterSql('overdue')}) as overdue,
              count(*) filter (where ${nitridingFilterSql('soon')} and not (${nitridingFilterSql('overdue')})) as soon
         ${DIE_COPY_FROM} where d.company_id = $1`,
      [companyId],
    );
    if (n(dies.overdue) > 0)
      items.push({
        text: countOf(n(dies.overdue), 'matriz con nitrurado vencido', 'matrices con nitrurado vencido'),
        route: '/apps/dies/all',
        severity: 'red',
      });
    const [enlistments] = await manager.query(
      `select count(*) from die_enlistment where company_id = $1 and status in (${OPEN_ENLISTMENTS_SQL}) and needed_at < $2`,
      [companyId, now],
    );
    if (n(enlistments.count) > 0)
      items.push({
        text: countOf(n(enlistments.count), 'alistamiento atrasado', 'alistamientos atrasados'),
        route: '/apps/die_enlistment/all',
        severity: 'amber',
      });
    if (n(dies.soon) > 0)
      items.push({ text: countOf(n(dies.soon), 'matriz con nitrurado próximo', 'matrices con nitrurado próximo'), route: '/apps/dies/all', severity: 'amber' });
    return items;
  },

  async corrections(manager, companyId, now) {
    const items: SummaryItem[] = [];
    const [records] = await manager.query(
      `select count(*) filter (where due_at is not null and due_at < $2) as overdue, count(*) as open, count(*) filter (where status = 'draft') as drafts
         from correction_record where company_id = $1 and status in (${OPEN_CORRECTIONS_SQL})`,
      [companyId, now],
    );
    if (n(records.overdue) > 0)
      items.push({ text: countOf(n(records.overdue), 'corrección vencida', 'correcciones vencidas'), route: '/apps/correction-kanban-board', severity: 'red' });
    if (n(records.open) > 0)
      items.push({ text: countOf(n(records.open), 'corrección abierta', 'correcciones abiertas'), route: '/apps/correction-kanban-board', severity: 'amber' });
    if (n(records.drafts) > 0)
      items.push({
        text: countOf(n(records.drafts), 'borrador por revisar', 'borradores por revisar'),
        route: '/apps/correction-record/all',
        severity: 'amber',
      });
    return items;
  },
};

/** 'Resumen de áreas': a card for each area whose page the caller may read. */
@Injectable()
export class AreaSummaryService {
  constructor(private readonly tenantDb: TenantDb) {}

  summary(caller: RequestIdentity): Promise<AreaSummary> {
    const now = new Date();
    return this.tenantDb.read(async ({ manager, companyId }) => {
      const pages = await readablePages(manager, companyId, caller.userId);
      const cards: AreaSummary['cards'] = [];
      for (const area of SUMMARY_AREAS) {
        const { page, title, route } = SUMMARY_AREA_PAGES[area];
        if (!pages.has(page)) continue;
        const items = await AREA_ITEMS[area](manager, companyId, now);
        cards.push({ area, title, light: cardLight(items), rule: SUMMARY_RULES[area], route, items: topItems(items) });
      }
      return { now: iso(now), cards };
    });
  }
}
