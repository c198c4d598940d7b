import type { DimensionMark } from '@planta/contracts';
import type { TenantScope } from '../tenancy/tenant-db.service';
import { dimensionMarks, withLateAnswers } from './figures';
import type { Pause } from './run-pauses';

/** A run's checks: when the on-time ones were made, and the marks answered late. */
export interface RunChecks {
  onTime: Date[];
  lateMarks: Date[];
}

/**
 * The checks of runs, by run, oldest first. One check saves DimensionA and DimensionB together: A
 * stands for the check.
 */
export async function runChecks(scope: TenantScope, orderDieIds: number[]): Promise<Map<number, RunChecks>> {
  const byRun = new Map<number, RunChecks>(orderDieIds.map((id) => [id, { onTime: [], lateMarks: [] }]));
  if (!orderDieIds.length) return byRun;
  const records: { order_die_id: number; date_saved: Date; answers_mark: Date | null }[] = await scope.manager.query(
    `select order_die_id, date_saved, answers_mark from dimension_record
      where company_id = $1 and order_die_id = any($2) and dimension_text = 'DimensionA' order by date_saved, id`,
    [scope.companyId, orderDieIds],
  );
  for (const record of records) {
    const checks = byRun.get(record.order_die_id);
    if (record.answers_mark) checks?.lateMarks.push(record.answers_mark);
    else checks?.onTime.push(record.date_saved);
  }
  return byRun;
}

/** A run's 10-minute marks up to its end (or now), counted in running time (`pauses`: its press's stops), the missed ones answered afterwards as 'late'. */
export const runMarks = (start: Date, end: Date | null, checks: RunChecks | undefined, now: Date, pauses: readonly Pause[] = []): DimensionMark[] =>
  withLateAnswers(dimensionMarks(start, end, checks?.onTime ?? [], now, pauses), checks?.lateMarks ?? []);
