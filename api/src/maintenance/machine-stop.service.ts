import { HttpStatus, Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import {
  isMachineDown,
  machineStopMessages,
  messages,
  periodInstant,
  type MachineStopCreate,
  type MachineStopListQuery,
  type MachineStopPatch,
  type MachineStopView,
  type StopCause,
} from '@planta/contracts';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { companyTimeZone } from '../companies/company-time-zone';
import { NotificationsService } from '../notifications/notifications.service';
import { productionFigures, runningHoursSql, type FinishedRun } from '../production/figures';
import { askOperatorsToResume } from '../production/run-pauses';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { sortColumn } from '../common/sort-column';

export const STOP_VIEW = `
  select s.id, s.machine_id, m.name as machine_name, s.line_id, l.name as line_name, s.started_at, s.ended_at, s.planned, s.cause, s.note,
         s.failure_report_id, r.number as failure_report_number, s.work_order_id, s.order_die_id, s.lost_kg_est::float8 as lost_kg_est,
         round((extract(epoch from coalesce(s.ended_at, now()) - s.started_at) / 3600)::numeric, 2)::float8 as hours
    from machine_stop s
    join machine m on m.id = s.machine_id
    left join extrusion_line l on l.id = s.line_id
    left join failure_report r on r.id = s.failure_report_id`;

export interface OwnMachine {
  id: number;
  name: string;
  line_id: number | null;
  status: string;
}

/** A machine of the scope's company, or 404 on the field that named it. */
export async function ownMachine(scope: TenantScope, id: number, field = 'machine_id'): Promise<OwnMachine> {
  const [machine]: OwnMachine[] = await scope.manager.query(`select id, name, line_id, status from machine where company_id = $1 and id = $2`, [
    scope.companyId,
    id,
  ]);
  if (!machine) throw fieldError(field, machineStopMessages.machineNotFound, HttpStatus.NOT_FOUND);
  return machine;
}

/** The database's refusal of overlapping stops of one machine, as the 409 a person can read. */
export async function refusingOverlap<T>(work: () => Promise<T>, field = 'started_at'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const driver = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
    if (driver?.code === '23P01' && driver.constraint === 'machine_stop_no_overlap') throw fieldError(field, machineStopMessages.overlap, HttpStatus.CONFLICT);
    throw error;
  }
}

/**
 * A stopped press starts no run (issue 37): a stop of a press entered or lengthened by hand may not
 * hold the start of a run on its line. Refused on `field`, naming the run's order.
 */
async function refuseRunStartInside(scope: TenantScope, machineId: number, from: Date, to: Date | null, field: string): Promise<void> {
  const [run]: { number: string }[] = await scope.manager.query(
    `select o.number from machine press
       join order_die run on run.line_id = press.line_id and run.company_id = press.company_id
       join production_order o on o.id = run.order_id
      where press.id = $1 and press.type = 'press' and run.start_extrusion_time >= $2 and ($3::timestamptz is null or run.start_extrusion_time < $3)
      order by run.start_extrusion_time limit 1`,
    [machineId, from, to],
  );
  if (run) throw fieldError(field, machineStopMessages.runStartedInside(run.number), HttpStatus.CONFLICT);
}

/** The run running on a line now, if any (the one a stop interrupts). */
export async function runningRun(scope: TenantScope, lineId: number | null): Promise<number | null> {
  if (lineId === null) return null;
  const [run]: { id: number }[] = await scope.manager.query(
    `select id from order_die where company_id = $1 and line_id = $2 and end_extrusion_time is null order by start_extrusion_time desc limit 1`,
    [scope.companyId, lineId],
  );
  return run?.id ?? null;
}

/**
 * Opens the stop of a failure report that says the machine stopped (domain.md A1.3 step 2), in
 * the report's transaction: tied to the run on the machine's line, then the machine set
 * 'stopped' (the status trigger finds the stop open and adds none). A machine already stopped
 * keeps its open stop, which gets the report if it has none.
 */
export async function openStopForReport(
  scope: TenantScope,
  machine: OwnMachine,
  report: { id: number; cause?: StopCause; at: Date },
  openedBy: number,
): Promise<number> {
  const [open]: { id: number }[] = await scope.manager.query(
    `select id from machine_stop where company_id = $1 and machine_id = $2 and ended_at is null for update`,
    [scope.companyId, machine.id],
  );
  let stopId: number;
  if (open) {
    await scope.manager.query(`update machine_stop set failure_report_id = coalesce(failure_report_id, $2) where id = $1`, [open.id, report.id]);
    stopId = open.id;
  } else {
    const orderDie = await runningRun(scope, machine.line_id);
    const [created]: { id: number }[] = await refusingOverlap(() =>
      scope.manager.query(
        // From when the report was made; a report that waited offline cannot reach back into a stop closed since.
        `insert into machine_stop (company_id, machine_id, line_id, started_at, planned, cause, failure_report_id, order_die_id, opened_by)
         values ($1, $2, $3, greatest($8::timestamptz, (select max(ended_at) from machine_stop where machine_id = $2)), false, $4, $5, $6, $7) returning id`,
        [scope.companyId, machine.id, machine.line_id, report.cause ?? 'other', report.id, orderDie, openedBy, report.at],
      ),
    );
    stopId = created.id;
  }
  if (!isMachineDown(machine.status)) await scope.manager.query(`update machine set status = 'stopped' where id = $1`, [machine.id]);
  return stopId;
}

/**
 * Closes a stop at `at`: its lost kg estimated from the interrupted run's kg/h when that is known
 * (a finished run), and its machine back to 'operating' when this was its last open stop and it
 * is in one of `returnFrom` (the down statuses, or only 'stopped').
 */
async function closeStop(scope: TenantScope, stopId: number, at: Date | string, closedBy: number | null, returnFrom: readonly string[]): Promise<void> {
  const [stop]: { machine_id: number; started_at: Date; order_die_id: number | null }[] = await scope.manager.query(
    `select machine_id, started_at, order_die_id from machine_stop where id = $1`,
    [stopId],
  );
  const [run]: FinishedRun[] =
    stop.order_die_id === null
      ? []
      : await scope.manager.query(
          `select start_extrusion_time as start, end_extrusion_time as "end", ${runningHoursSql('run')} as running_hours, billets_pushed, billet_kg::float8 as billet_kg, good_kg::float8 as good_kg, scrap_kg::float8 as scrap_kg
             from order_die run where id = $1`,
          [stop.order_die_id],
        );
  const kgH = run ? productionFigures([run]).kg_h : null;
  const hours = (new Date(at).getTime() - new Date(stop.started_at).getTime()) / 3_600_000;
  const lost = kgH !== null && hours > 0 ? Math.round(kgH * hours * 10) / 10 : null;
  await refusingOverlap(
    () =>
      scope.manager.query(`update machine_stop set ended_at = $2, lost_kg_est = $3, closed_by = coalesce($4, closed_by) where id = $1`, [
        stopId,
        at,
        lost,
        closedBy,
      ]),
    'ended_at',
  );
  await scope.manager.query(
    `update machine set status = 'operating'
      where id = $1 and status = any($2)
        and not exists (select 1 from machine_stop where machine_id = $1 and ended_at is null)`,
    [stop.machine_id, returnFrom],
  );
}

/**
 * Closes the open stops tied to a work order or to its failure report (the work order is
 * verified, domain.md A1.2), and returns each machine from 'stopped' to 'operating' when no other
 * stop of it stays open. For the work-order slice, inside its verification transaction.
 */
export async function closeStopsOfWorkOrder(scope: TenantScope, workOrderId: number, at: Date, closedBy: number | null = null): Promise<number[]> {
  const open: { id: number; started_at: Date }[] = await scope.manager.query(
    `select s.id, s.started_at from machine_stop s
      where s.company_id = $1 and s.ended_at is null
        and (s.work_order_id = $2 or s.failure_report_id = (select failure_report_id from work_order where company_id = $1 and id = $2))
      for update`,
    [scope.companyId, workOrderId],
  );
  for (const stop of open) {
    const end = at.getTime() > new Date(stop.started_at).getTime() ? at : new Date(new Date(stop.started_at).getTime() + 1000);
    await closeStop(scope, stop.id, end, closedBy, ['stopped']);
  }
  return open.map((stop) => stop.id);
}

const STOP_SORTS: Record<string, string> = { started_at: 's.started_at', ended_at: 's.ended_at', cause: 's.cause', machine_name: 'm.name', hours: 'hours' };

/** Stops (paros) of the company's machines. */
@Injectable()
export class MachineStopService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  list(query: MachineStopListQuery) {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['s.company_id = $1'];
      if (query.machine_id) where.push(`s.machine_id = ${bind(query.machine_id)}`);
      if (query.open !== undefined) where.push(query.open ? 's.ended_at is null' : 's.ended_at is not null');
      if (query.cause) where.push(`s.cause = ${bind(query.cause)}`);
      if (query.from || query.to) {
        const timeZone = await companyTimeZone(scope);
        if (query.from) where.push(`coalesce(s.ended_at, 'infinity') > ${bind(periodInstant(query.from, 'from', timeZone))}`);
        if (query.to) where.push(`s.started_at < ${bind(periodInstant(query.to, 'to', timeZone))}`);
      }
      if (query.search) where.push(containsFoldedSql(['m.name', 's.note', "coalesce(r.number, '')"], bind(query.search)));
      const condition = where.join(' and ');
      const sort = sortColumn(STOP_SORTS, query.sort, null);
      const order = sort ? `${sort} ${query.direction === 'desc' ? 'desc' : 'asc'}, s.id desc` : 's.started_at desc, s.id desc';
      const [{ total }] = await scope.manager.query(
        `select count(*)::int as total from machine_stop s join machine m on m.id = s.machine_id left join failure_report r on r.id = s.failure_report_id where ${condition}`,
        params,
      );
      const items: MachineStopView[] = await scope.manager.query(
        `${STOP_VIEW} where ${condition} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  detail(id: number) {
    return this.tenantDb.transaction((scope) => stopView(scope, id));
  }

  /** A stop entered by hand; an open one puts an up machine down (stopped, or maintenance when planned). */
  create(caller: RequestIdentity, input: MachineStopCreate) {
    return this.tenantDb.transaction(async (scope) => {
      const machine = await ownMachine(scope, input.machine_id);
      const startedAt = input.started_at ? new Date(input.started_at) : new Date();
      if (startedAt.getTime() > Date.now() + 60_000) throw fieldError('started_at', machineStopMessages.future);
      // The schema compares the two when both are given; a start of 'now' is only known here.
      if (input.ended_at && new Date(input.ended_at) <= startedAt) throw fieldError('ended_at', machineStopMessages.endBeforeStart);
      const open = !input.ended_at;
      await refuseRunStartInside(scope, machine.id, startedAt, input.ended_at ? new Date(input.ended_at) : null, input.ended_at ? 'ended_at' : 'started_at');
      const orderDie = open || startedAt.getTime() > Date.now() - 60_000 ? await runningRun(scope, machine.line_id) : null;
      const [created]: { id: number }[] = await refusingOverlap(() =>
        scope.manager.query(
          `insert into machine_stop (company_id, machine_id, line_id, started_at, ended_at, planned, cause, note, order_die_id, opened_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
          [scope.companyId, machine.id, machine.line_id, startedAt, input.ended_at ?? null, input.planned, input.cause, input.note, orderDie, caller.userId],
        ),
      );
      if (open && !isMachineDown(machine.status) && machine.status !== 'out-of-service')
        await scope.manager.query(`update machine set status = $2 where id = $1`, [machine.id, input.planned ? 'maintenance' : 'stopped']);
      const view = await stopView(scope, created.id);
      await this.audit.record(scope, actor(caller), {
        action: 'create',
        entity: 'machine-stop',
        entityId: created.id,
        label: machine.name,
        after: auditOf(view),
      });
      return view;
    });
  }

  /** Changes what a stop says, or closes it (ended_at after its start). */
  async update(caller: RequestIdentity, id: number, patch: MachineStopPatch) {
    let sendAsked = () => {};
    const updated = await this.tenantDb.transaction(async (scope) => {
      const before = await stopView(scope, id);
      await scope.manager.query(`select 1 from machine_stop where id = $1 for update`, [id]);
      const changes: string[] = [];
      const params: unknown[] = [id];
      const set = (column: string, value: unknown) => changes.push(`${column} = $${params.push(value)}`);
      if (patch.cause !== undefined) set('cause', patch.cause);
      if (patch.planned !== undefined) set('planned', patch.planned);
      if (patch.note !== undefined) set('note', patch.note);
      if (changes.length) await scope.manager.query(`update machine_stop set ${changes.join(', ')} where id = $1`, params);
      if (patch.ended_at !== undefined) {
        if (new Date(patch.ended_at) <= new Date(before.started_at)) throw fieldError('ended_at', machineStopMessages.endBeforeStart);
        if (new Date(patch.ended_at).getTime() > Date.now() + 60_000) throw fieldError('ended_at', machineStopMessages.futureEnd);
        await refuseRunStartInside(scope, before.machine_id, new Date(before.started_at), new Date(patch.ended_at), 'ended_at');
        if (before.ended_at !== null && new Date(before.ended_at).getTime() === new Date(patch.ended_at).getTime()) {
          // The same end again changes nothing.
        } else {
          await closeStop(scope, id, patch.ended_at, caller.userId, before.ended_at === null ? ['stopped', 'maintenance'] : []);
        }
      }
      const after = await stopView(scope, id);
      await this.audit.record(scope, actor(caller), {
        action: 'update',
        entity: 'machine-stop',
        entityId: id,
        label: after.machine_name,
        before: auditOf(before),
        after: auditOf(after),
      });
      // The run paused by this stop counts again: its operator is asked to carry on or end it.
      sendAsked = await askOperatorsToResume(scope, this.notifications);
      return after;
    });
    sendAsked();
    return updated;
  }
}

export async function stopView(scope: TenantScope, id: number): Promise<MachineStopView> {
  const [stop]: MachineStopView[] = await scope.manager.query(`${STOP_VIEW} where s.company_id = $1 and s.id = $2`, [scope.companyId, id]);
  if (!stop) throw fieldError('id', messages.notFound, HttpStatus.NOT_FOUND);
  return stop;
}

const auditOf = (stop: MachineStopView) => ({
  machine_id: stop.machine_id,
  started_at: stop.started_at,
  ended_at: stop.ended_at,
  planned: stop.planned,
  cause: stop.cause,
  note: stop.note,
});

export const actor = (caller: RequestIdentity): AuditActor => ({ userId: caller.userId, email: caller.email });
