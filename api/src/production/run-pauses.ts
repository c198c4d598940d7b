import { liveEvents, notificationRecordPaths, productionMessages, type RunPause, type StopCause } from '@planta/contracts';
import type { NewNotification, NotificationsService } from '../notifications/notifications.service';
import type { TenantScope } from '../tenancy/tenant-db.service';

/**
 * A run's pauses: the stops of its line's press that overlap it (a press stopped by a failure
 * report, by hand, or put down for maintenance). While its press is stopped a run does not count
 * running time, and its 10-minute critical-dimension clock stands still (issue 37). Every place
 * that computes a run's elapsed time or its marks takes the pauses from here.
 */
export interface Pause {
  from: Date;
  /** null: the press is still stopped. */
  to: Date | null;
  cause: StopCause;
}

export interface PausableRun {
  id: number;
  line_id: number;
  start: Date;
  end: Date | null;
}

export interface PressStop {
  line_id: number;
  started_at: Date;
  ended_at: Date | null;
  cause: StopCause;
}

/** The stops of the run's line clipped to the run, in time order, overlapping ones merged (the first one's cause kept). */
export function pausesWithin(run: Omit<PausableRun, 'id'>, stops: readonly PressStop[]): Pause[] {
  const start = run.start.getTime();
  const end = run.end?.getTime() ?? Infinity;
  const clipped = stops
    .filter((stop) => stop.line_id === run.line_id)
    .map((stop) => ({ from: Math.max(start, stop.started_at.getTime()), to: Math.min(end, stop.ended_at?.getTime() ?? Infinity), cause: stop.cause }))
    .filter((stop) => stop.from < stop.to)
    .sort((a, b) => a.from - b.from);
  const merged: typeof clipped = [];
  for (const stop of clipped) {
    const last = merged.at(-1);
    if (last && stop.from <= last.to) last.to = Math.max(last.to, stop.to);
    else merged.push({ ...stop });
  }
  return merged.map((stop) => ({ from: new Date(stop.from), to: stop.to === Infinity ? null : new Date(stop.to), cause: stop.cause }));
}

/** Milliseconds of the pauses (still open ones up to `until`) before `until`. */
export function pausedMs(pauses: readonly Pause[], until: Date): number {
  const limit = until.getTime();
  return pauses.reduce((total, pause) => {
    const to = Math.min(pause.to?.getTime() ?? limit, limit);
    return total + Math.max(0, to - pause.from.getTime());
  }, 0);
}

/** Running time of a run up to its end (or `now`): the wall time less its pauses. */
export function runningMs(start: Date, end: Date | null, pauses: readonly Pause[], now = new Date()): number {
  const until = end ?? now;
  return Math.max(0, until.getTime() - start.getTime() - pausedMs(pauses, until));
}

/**
 * The wall-clock instant at which a run has run `running` ms: counted from its start, skipping
 * its pauses; Infinity when that falls after a pause still open. A mark never falls inside a pause.
 */
export function wallTimeAfter(start: Date, pauses: readonly Pause[], running: number): number {
  let at = start.getTime();
  let left = running;
  for (const pause of pauses) {
    const from = pause.from.getTime();
    if (at + left <= from) break;
    left -= Math.max(0, from - at);
    if (pause.to === null) return Infinity;
    at = Math.max(at, pause.to.getTime());
  }
  return at + left;
}

/** The pause a run is in at `now` (its press still stopped), or null. */
export const currentPause = (pauses: readonly Pause[], now = new Date()): Pause | null =>
  pauses.find((pause) => pause.from.getTime() <= now.getTime() && (pause.to === null || pause.to.getTime() > now.getTime())) ?? null;

/** How a run's pause state is answered (the contracts' runPauseSchema). */
export function pauseView(pauses: readonly Pause[], start: Date, end: Date | null, now = new Date()): RunPause {
  const current = end === null ? currentPause(pauses, now) : null;
  return {
    paused: current !== null,
    paused_since: current ? current.from.toISOString() : null,
    pause_cause: current ? current.cause : null,
    paused_ms: pausedMs(pauses, end ?? now),
    running_ms: runningMs(start, end, pauses, now),
  };
}

/**
 * The stops of the presses (machines of type 'press') of the runs' lines overlapping them, as
 * each run's pauses. One query for all the runs.
 */
export async function runPauses(scope: TenantScope, runs: readonly PausableRun[]): Promise<Map<number, Pause[]>> {
  const byRun = new Map<number, Pause[]>(runs.map((run) => [run.id, []]));
  if (runs.length === 0) return byRun;
  const earliest = new Date(Math.min(...runs.map((run) => run.start.getTime())));
  const stops: PressStop[] = await scope.manager.query(
    `select s.line_id, s.started_at, s.ended_at, s.cause
       from machine_stop s join machine m on m.id = s.machine_id
      where s.company_id = $1 and m.type = 'press' and s.line_id = any($2::int[]) and coalesce(s.ended_at, 'infinity') > $3
      order by s.started_at`,
    [scope.companyId, [...new Set(runs.map((run) => run.line_id))], earliest],
  );
  for (const run of runs) byRun.set(run.id, pausesWithin(run, stops));
  return byRun;
}

/** The open stop of a line's press, if it is stopped now (what refuses a new run on it). */
export async function openPressStop(scope: TenantScope, lineIds: readonly number[]): Promise<Map<number, { cause: StopCause; started_at: Date }>> {
  const rows: { line_id: number; cause: StopCause; started_at: Date }[] = lineIds.length
    ? await scope.manager.query(
        `select distinct on (s.line_id) s.line_id, s.cause, s.started_at
           from machine_stop s join machine m on m.id = s.machine_id
          where s.company_id = $1 and m.type = 'press' and s.line_id = any($2::int[]) and s.ended_at is null and s.started_at <= now()
          order by s.line_id, s.started_at`,
        [scope.companyId, lineIds],
      )
    : [];
  return new Map(rows.map((row) => [row.line_id, { cause: row.cause, started_at: row.started_at }]));
}

/**
 * What the operators are told when stops end (issue 37): for each ended stop of a press whose line
 * has no other press stop open, the run going on that line is no longer paused; the operator who
 * started it is asked to carry on or to end it (the start form has the stop control).
 */
async function runsResumedBy(scope: TenantScope, stopIds: readonly number[]): Promise<{ userId: number; notification: NewNotification }[]> {
  if (stopIds.length === 0) return [];
  const rows: { started_by: number; line_name: string; order_number: string }[] = await scope.manager.query(
    `select distinct run.started_by, l.name as line_name, o.number as order_number
       from machine_stop s
       join machine m on m.id = s.machine_id and m.type = 'press'
       join order_die run on run.line_id = s.line_id and run.end_extrusion_time is null and run.start_extrusion_time < s.ended_at
       join extrusion_line l on l.id = run.line_id
       join production_order o on o.id = run.order_id
      where s.company_id = $1 and s.id = any($2::int[]) and s.ended_at is not null and run.started_by is not null
        and not exists (select 1 from machine_stop other join machine pm on pm.id = other.machine_id and pm.type = 'press'
                         where other.line_id = s.line_id and other.ended_at is null)`,
    [scope.companyId, stopIds],
  );
  return rows.map((row) => ({
    userId: row.started_by,
    notification: {
      event: liveEvents.runResumable,
      text: productionMessages.runResumable(row.line_name, row.order_number),
      variant: 'info' as const,
      record_path: notificationRecordPaths.runStart(),
    },
  }));
}

/**
 * The one place that asks operators to resume or end their runs when stops end, whichever path
 * ended them: an end entered on the stop, a verified work order, or the machine's status set back
 * up (the database's status trigger). The database marks each stop with the transaction that ends
 * it (`machine_stop.ended_in_xact`); this takes the marks of the transaction it runs in and stores
 * the notifications there, so each ended stop is asked about once and only if the change commits.
 * Call it in every transaction that may end a stop, after the change; call the returned function
 * once that transaction has committed, to send them live.
 */
export async function askOperatorsToResume(scope: TenantScope, notifications: NotificationsService): Promise<() => void> {
  const ended: { id: number }[] = await scope.manager.query(`select id from machine_stop where company_id = $1 and ended_in_xact = pg_current_xact_id()`, [
    scope.companyId,
  ]);
  // Most changes end no stop: then machine_stop is not written, so its statement triggers (the lists'
  // change notice, the marks' recount) do not fire for nothing on every board move or machine edit.
  if (ended.length === 0) return () => {};
  const stopIds = ended.map((stop) => stop.id);
  await scope.manager.query(`update machine_stop set ended_in_xact = null where id = any($1::int[])`, [stopIds]);
  const sends: (() => void)[] = [];
  for (const { userId, notification } of await runsResumedBy(scope, stopIds)) sends.push((await notifications.storeIn(scope, userId, notification)).send);
  return () => sends.forEach((send) => send());
}
