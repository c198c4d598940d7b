import type { IndicatorArea } from '@planta/contracts';

/**
 * The PostgreSQL channel on which changes behind the dashboards' indicators are announced, with
 * `<company id>:<area>` as the payload: triggers on the rows the indicators are computed from
 * notify it whoever writes them (an API process, the seed, SQL), once per company and area per
 * transaction, and every API process relays it to its own sockets (realtime/indicators-live.service.ts).
 */
export const INDICATORS_CHANGED_CHANNEL = 'planta_indicators_changed';

/** The tables each area's indicators read (machine stops count for production's availability too). */
export const INDICATOR_SOURCE_TABLES: Record<string, readonly IndicatorArea[]> = {
  order_die: ['production', 'dieshop'],
  dimension_record: ['production'],
  machine_stop: ['production', 'maintenance'],
  work_order: ['maintenance'],
  pm_plan: ['maintenance'],
  die: ['dieshop'],
  die_enlistment: ['dieshop'],
  nitriding_batch: ['dieshop'],
  correction_record: ['dieshop'],
  correction_report: ['dieshop'],
};

/** `<company id>:<area>` → its parts, or null for anything else on the channel. */
export function parseIndicatorsChange(payload: string | undefined): { companyId: number; area: IndicatorArea } | null {
  const match = /^(\d+):(production|maintenance|dieshop)$/.exec(payload ?? '');
  return match ? { companyId: Number(match[1]), area: match[2] as IndicatorArea } : null;
}

/**
 * The channel on which writes to company-owned tables are announced, with the table's name as the
 * payload: a statement-level trigger on every table with a company_id column notifies it
 * (migration 1765300000000, whoever writes: an API process, the seed, SQL), once per table per
 * transaction, and every API process forgets the list totals it keeps of that table
 * (tenancy/list-counts.service.ts).
 */
export const LIST_CHANGED_CHANNEL = 'planta_list_changed';
