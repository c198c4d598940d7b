import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  ENLISTMENT_CHECKLIST,
  ENLISTMENT_SOON_HOURS,
  enlistmentMessages,
  messages,
  OPEN_ENLISTMENT_STATUSES,
  type DieOven,
  type EnlistmentCancel,
  type EnlistmentChecklist,
  type EnlistmentCreate,
  type EnlistmentDetail,
  type EnlistmentListQuery,
  type EnlistmentOvenIn,
  type EnlistmentOvenOut,
  type EnlistmentRow,
  type EnlistmentStatus,
  type EnlistmentTools,
  type ReservableTool,
} from '@planta/contracts';
import { isUniqueViolation } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { sortColumn } from '../common/sort-column';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { dieCopy, readSettings } from './die-copy.service';
import { OPEN_STATUSES_SQL } from './correction.queries';
import { DieLifeService } from './die-life.service';

const OPEN = `(${OPEN_ENLISTMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Hours in the oven: until it left, or up to now while inside. */
const DWELL = `(extract(epoch from coalesce(e.oven_out_at, now()) - e.oven_in_at) / 3600)`;

/** The columns of a preparation's row (the list) and its detail. */
const ROW_COLUMNS = `
  select e.id, e.number, e.status, e.die_id, d.die_reference, d.copy_number, d.state as die_state,
         e.production_order_id, o.number as order_number, e.line_id, l.name as line_name,
         e.needed_at, e.oven_in_at, e.oven_out_at, e.requested_at, e.warnings,
         (e.status in ${OPEN} and e.needed_at < now()) as overdue,
         (e.status in ('requested', 'preparing', 'oven') and e.needed_at < now() + interval '${ENLISTMENT_SOON_HOURS} hours') as needed_soon,
         case when e.oven_in_at is null then null else round(${DWELL}::numeric, 2)::float8 end as dwell_hours,
         coalesce(e.oven_in_at is not null and ${DWELL} > s.oven_max_dwell_hours, false) as dwell_alarm`;
const ROW_FROM = `
    from die_enlistment e
    join die d on d.id = e.die_id
    join dieshop_setting s on s.company_id = e.company_id
    left join production_order o on o.id = e.production_order_id
    left join extrusion_line l on l.id = e.line_id`;

const SORTS: Record<string, string> = {
  number: 'e.number',
  needed_at: 'e.needed_at',
  status: 'e.status',
  die_reference: 'd.die_reference',
  line_name: 'l.name',
  requested_at: 'e.requested_at',
};

type Row = Omit<EnlistmentRow, 'warnings' | 'needed_at' | 'oven_in_at' | 'oven_out_at' | 'requested_at'> & {
  warnings: string;
  needed_at: Date;
  oven_in_at: Date | null;
  oven_out_at: Date | null;
  requested_at: Date;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const toRow = (row: Row): EnlistmentRow => ({
  ...row,
  needed_at: row.needed_at.toISOString(),
  oven_in_at: iso(row.oven_in_at),
  oven_out_at: iso(row.oven_out_at),
  requested_at: row.requested_at.toISOString(),
  warnings: row.warnings ? row.warnings.split('\n') : [],
});

interface Locked {
  id: number;
  status: EnlistmentStatus;
  die_id: number;
  line_id: number | null;
  oven_in_at: Date | null;
  oven_out_at: Date | null;
  warnings: string;
}

/** Preparation (alistamiento): requests, checklist, tools, oven, ready, delivery and cancellation. */
@Injectable()
export class DieEnlistmentService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly life: DieLifeService,
  ) {}

  list(query: EnlistmentListQuery): Promise<PageOf<EnlistmentRow>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['e.company_id = $1'];
      if (query.search)
        where.push(
          containsFoldedSql(['e.number', `d.die_reference || '-' || d.copy_number`, "coalesce(o.number, '')", "coalesce(l.name, '')"], bind(query.search)),
        );
      if (query.status) where.push(`e.status = ${bind(query.status)}`);
      else if (!query.include_closed) where.push(`e.status in ${OPEN}`);
      if (query.due_within_hours)
        where.push(`e.status in ('requested', 'preparing', 'oven') and e.needed_at < now() + make_interval(hours => ${bind(query.due_within_hours)}::int)`);
      const condition = where.join(' and ');
      // What is needed next comes first: overdue open ones, then by the time the die is needed.
      const order = query.sort
        ? `${sortColumn(SORTS, query.sort, 'e.needed_at')} ${query.direction === 'desc' ? 'desc' : 'asc'}`
        : `(e.status in ${OPEN} and e.needed_at < now()) desc, e.needed_at`;
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${ROW_FROM} where ${condition}`, params);
      const rows: Row[] = await scope.manager.query(
        `${ROW_COLUMNS} ${ROW_FROM} where ${condition} order by ${order}, e.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction((scope) => this.detail(scope, id));
  }

  ovens(): Promise<DieOven[]> {
    return this.tenantDb.transaction((scope) =>
      scope.manager.query(
        `select m.id, m.name, l.name as line_name from machine m left join extrusion_line l on l.id = m.line_id
          where m.company_id = $1 and m.type = 'die-oven' order by m.name, m.id`,
        [scope.companyId],
      ),
    );
  }

  reservableTools(id: number): Promise<ReservableTool[]> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id, false);
      return scope.manager.query(
        `select t.id, t.code, t.kind, t.description, t.state, t.location from tool t
          where t.company_id = $1 and t.state = 'available' and ($2::int is null or cardinality(t.compatible_line_ids) = 0 or $2 = any(t.compatible_line_ids))
          order by t.kind, t.code`,
        [scope.companyId, enlistment.line_id],
      );
    });
  }

  /** A request by hand or from a planned order: guarded by the company's enlistment_guard, then the die goes to enlistment. */
  create(caller: RequestIdentity, input: EnlistmentCreate): Promise<EnlistmentDetail> {
    return this.tenantDb
      .transaction(async (scope) => {
        let dieId = input.die_id;
        let lineId = input.line_id ?? null;
        let neededAt: Date | null = input.needed_at ? new Date(input.needed_at) : null;
        if (input.production_order_id !== undefined) {
          const [order] = await scope.manager.query(
            `select die_id, line_id, due_date::text as due_date from production_order where id = $1 and company_id = $2`,
            [input.production_order_id, scope.companyId],
          );
          if (!order) throw fieldError('production_order_id', enlistmentMessages.orderMissing);
          if (dieId !== undefined && dieId !== order.die_id) throw fieldError('production_order_id', enlistmentMessages.orderOtherDie);
          dieId = order.die_id as number;
          if (input.line_id === undefined) lineId = order.line_id;
          // Needed on the order's due date, from the start of the morning shift.
          neededAt ??= new Date(`${order.due_date}T06:00:00`);
        }
        if (!neededAt) throw fieldError('needed_at', enlistmentMessages.neededAt);
        const [die] = await scope.manager.query(`select id from die where id = $1 and company_id = $2`, [dieId, scope.companyId]);
        if (!die) throw fieldError('die_id', enlistmentMessages.dieMissing);
        if (lineId !== null) {
          const [line] = await scope.manager.query(`select 1 from extrusion_line where id = $1 and company_id = $2`, [lineId, scope.companyId]);
          if (!line) throw fieldError('line_id', enlistmentMessages.lineMissing);
        }
        const reasons = await this.guardReasons(scope, die.id);
        const settings = await readSettings(scope);
        if (reasons.length > 0 && settings.enlistment_guard === 'block')
          throw fieldError('die_id', enlistmentMessages.blocked(reasons.join(' y ')), HttpStatus.CONFLICT);
        const warnings = reasons.map(enlistmentMessages.warned);
        const [{ id }] = await scope.manager.query(
          `insert into die_enlistment (company_id, number, die_id, production_order_id, line_id, needed_at, requested_by, warnings, note)
           values ($1, next_document_number($1, 'AL', now()), $2, $3, $4, $5, $6, $7, $8) returning id`,
          [scope.companyId, die.id, input.production_order_id ?? null, lineId, neededAt, caller.userId, warnings.join('\n'), input.note],
        );
        const [{ number }] = await scope.manager.query(`select number from die_enlistment where id = $1`, [id]);
        await this.life.move(scope, die.id, 'enlistment', { kind: 'enlistment', userId: caller.userId, refId: id, note: `Alistamiento ${number}` });
        return this.detail(scope, id);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'die_enlistment_one_open')) throw fieldError('die_id', enlistmentMessages.alreadyOpen, HttpStatus.CONFLICT);
        throw error;
      });
  }

  checklist(id: number, input: EnlistmentChecklist): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      const items = ENLISTMENT_CHECKLIST.filter((item) => input[item] !== undefined);
      if (items.length > 0)
        await scope.manager.query(`update die_enlistment set ${items.map((item, index) => `${item} = $${index + 2}`).join(', ')} where id = $1`, [
          id,
          ...items.map((item) => input[item]),
        ]);
      await this.startPreparing(scope, enlistment);
      return this.detail(scope, id);
    });
  }

  /** The tools held: the new ones reserved (a tool once: die_enlistment_tool_reserved_once), the others released. */
  tools(id: number, input: EnlistmentTools): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      const wanted = [...new Set(input.tool_ids)];
      const held: { tool_id: number }[] = await scope.manager.query(
        `select tool_id from die_enlistment_tool where enlistment_id = $1 and released_at is null`,
        [id],
      );
      const heldIds = held.map((row) => row.tool_id);
      await this.release(
        scope,
        id,
        heldIds.filter((toolId) => !wanted.includes(toolId)),
      );
      for (const toolId of wanted.filter((candidate) => !heldIds.includes(candidate))) {
        const [tool] = await scope.manager.query(`select id, code, state, compatible_line_ids from tool where id = $1 and company_id = $2 for update`, [
          toolId,
          scope.companyId,
        ]);
        if (!tool) throw fieldError('tool_ids', enlistmentMessages.toolMissing);
        const reserved = await scope.manager.query(`select 1 from die_enlistment_tool where tool_id = $1 and released_at is null`, [toolId]);
        if (reserved.length > 0) throw fieldError('tool_ids', enlistmentMessages.toolReserved(tool.code), HttpStatus.CONFLICT);
        if (tool.state !== 'available') throw fieldError('tool_ids', enlistmentMessages.toolNotAvailable(tool.code), HttpStatus.CONFLICT);
        const lines = tool.compatible_line_ids as number[];
        if (enlistment.line_id !== null && lines.length > 0 && !lines.includes(enlistment.line_id))
          throw fieldError('tool_ids', enlistmentMessages.toolIncompatible(tool.code), HttpStatus.CONFLICT);
        try {
          await scope.manager.query(
            `insert into die_enlistment_tool (company_id, enlistment_id, tool_id) values ($1, $2, $3)
             on conflict (enlistment_id, tool_id) do update set reserved_at = now(), released_at = null`,
            [scope.companyId, id, toolId],
          );
        } catch (error) {
          if (isUniqueViolation(error, 'die_enlistment_tool_reserved_once'))
            throw fieldError('tool_ids', enlistmentMessages.toolReserved(tool.code), HttpStatus.CONFLICT);
          throw error;
        }
        await scope.manager.query(`update tool set state = 'in_use' where id = $1`, [toolId]);
      }
      await this.startPreparing(scope, enlistment);
      return this.detail(scope, id);
    });
  }

  ovenIn(caller: RequestIdentity, id: number, input: EnlistmentOvenIn): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      if (enlistment.oven_in_at) throw fieldError('status', enlistmentMessages.alreadyInOven, HttpStatus.CONFLICT);
      if (input.oven_machine_id !== null) {
        const [oven] = await scope.manager.query(`select 1 from machine where id = $1 and company_id = $2 and type = 'die-oven'`, [
          input.oven_machine_id,
          scope.companyId,
        ]);
        if (!oven) throw fieldError('oven_machine_id', enlistmentMessages.ovenMissing);
      }
      await this.life.move(scope, enlistment.die_id, 'oven', { kind: 'enlistment', userId: caller.userId, refId: id, note: 'Entrada al horno' });
      await scope.manager.query(
        `update die_enlistment set status = 'oven', oven_in_at = now(), oven_machine_id = $2, target_temp_c = coalesce($3, target_temp_c) where id = $1`,
        [id, input.oven_machine_id, input.target_temp_c],
      );
      return this.detail(scope, id);
    });
  }

  /** Out of the oven: the die stays hot ('oven') until its run starts; a temperature under the minimum is warned and kept. */
  ovenOut(caller: RequestIdentity, id: number, input: EnlistmentOvenOut): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      if (!enlistment.oven_in_at || enlistment.oven_out_at) throw fieldError('status', enlistmentMessages.notInOven, HttpStatus.CONFLICT);
      const settings = await readSettings(scope);
      const warnings = enlistment.warnings ? enlistment.warnings.split('\n') : [];
      const note = `Salida del horno a ${input.measured_temp_c} °C`;
      if (input.measured_temp_c < settings.min_die_temperature_c)
        warnings.push(enlistmentMessages.lowTemperature(input.measured_temp_c, settings.min_die_temperature_c));
      await scope.manager.query(
        `update die_enlistment set oven_out_at = now(), measured_temp_c = $2, target_temp_c = coalesce($3, target_temp_c), warnings = $4 where id = $1`,
        [id, input.measured_temp_c, input.target_temp_c ?? null, warnings.join('\n')],
      );
      await this.life.move(scope, enlistment.die_id, 'oven', { kind: 'enlistment', userId: caller.userId, refId: id, note });
      return this.detail(scope, id);
    });
  }

  ready(caller: RequestIdentity, id: number): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      const [checks] = await scope.manager.query(`select ${ENLISTMENT_CHECKLIST.join(' and ')} as complete from die_enlistment where id = $1`, [id]);
      if (!checks.complete) throw fieldError('status', enlistmentMessages.checklistIncomplete, HttpStatus.CONFLICT);
      if (enlistment.oven_in_at && !enlistment.oven_out_at) throw fieldError('status', enlistmentMessages.stillInOven, HttpStatus.CONFLICT);
      if (!enlistment.oven_in_at && (await readSettings(scope)).oven_required) throw fieldError('status', enlistmentMessages.ovenRequired, HttpStatus.CONFLICT);
      const die = await dieCopy(scope, enlistment.die_id);
      await scope.manager.query(`update die_enlistment set status = 'ready', ready_at = now() where id = $1`, [id]);
      await this.life.move(scope, enlistment.die_id, die.state, { kind: 'enlistment', userId: caller.userId, refId: id, note: 'Lista para prensa' });
      return this.detail(scope, id);
    });
  }

  /** Delivered to the press: the run then moves the die on it; the tools are released. */
  deliver(caller: RequestIdentity, id: number): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      if (enlistment.status !== 'ready') throw fieldError('status', enlistmentMessages.notReady, HttpStatus.CONFLICT);
      await this.release(scope, id);
      await scope.manager.query(`update die_enlistment set status = 'delivered', delivered_at = now(), delivered_by = $2 where id = $1`, [id, caller.userId]);
      const die = await dieCopy(scope, enlistment.die_id);
      await this.life.move(scope, enlistment.die_id, die.state, { kind: 'enlistment', userId: caller.userId, refId: id, note: 'Entregada a prensa' });
      return this.detail(scope, id);
    });
  }

  /** Cancelled: the die back to stock (when it is still being prepared or in the oven), the tools released. */
  cancel(caller: RequestIdentity, id: number, input: EnlistmentCancel): Promise<EnlistmentDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const enlistment = await this.lock(scope, id);
      await this.release(scope, id);
      await scope.manager.query(`update die_enlistment set status = 'cancelled', cancelled_reason = $2 where id = $1`, [id, input.reason]);
      const die = await dieCopy(scope, enlistment.die_id);
      // A die that has moved on meanwhile (on the press, scrapped) stays where it is.
      if (die.state === 'enlistment' || die.state === 'oven')
        await this.life.move(scope, enlistment.die_id, 'in_stock', {
          kind: 'enlistment',
          userId: caller.userId,
          refId: id,
          note: `Alistamiento cancelado: ${input.reason}`,
        });
      return this.detail(scope, id);
    });
  }

  /** Why the die should not be prepared: an open correction, an overdue nitriding. */
  private async guardReasons(scope: TenantScope, dieId: number): Promise<string[]> {
    const reasons: string[] = [];
    const open = await scope.manager.query(
      `select 1 from correction_record where die_id = $1 and company_id = $2 and status in (${OPEN_STATUSES_SQL}) and status <> 'draft' limit 1`,
      [dieId, scope.companyId],
    );
    if (open.length > 0) reasons.push(enlistmentMessages.openCorrection);
    if ((await dieCopy(scope, dieId)).nitriding.due === 'overdue') reasons.push(enlistmentMessages.nitridingOverdue);
    return reasons;
  }

  /** The preparation, locked; an action on a closed one is refused. */
  private async lock(scope: TenantScope, id: number, open = true): Promise<Locked> {
    const [row] = await scope.manager.query(
      `select id, status, die_id, line_id, oven_in_at, oven_out_at, warnings from die_enlistment where id = $1 and company_id = $2 for update`,
      [id, scope.companyId],
    );
    if (!row) throw new NotFoundException(messages.notFound);
    if (open && !(OPEN_ENLISTMENT_STATUSES as readonly string[]).includes(row.status))
      throw fieldError('status', enlistmentMessages.closed, HttpStatus.CONFLICT);
    return row as Locked;
  }

  private async startPreparing(scope: TenantScope, enlistment: Locked): Promise<void> {
    if (enlistment.status === 'requested') await scope.manager.query(`update die_enlistment set status = 'preparing' where id = $1`, [enlistment.id]);
  }

  /** Releases the preparation's tools (all, or those named): they are available again. */
  private async release(scope: TenantScope, id: number, toolIds?: number[]): Promise<void> {
    if (toolIds && toolIds.length === 0) return;
    await scope.manager.query(
      `with released as (
         update die_enlistment_tool set released_at = now() where enlistment_id = $1 and released_at is null and ($2::int[] is null or tool_id = any($2))
         returning tool_id)
       update tool set state = 'available' from released where tool.id = released.tool_id and tool.state = 'in_use'`,
      [id, toolIds ?? null],
    );
  }

  private async detail(scope: TenantScope, id: number): Promise<EnlistmentDetail> {
    const [row] = await scope.manager.query(
      `${ROW_COLUMNS}, e.is_clean, e.inspected, e.nitriding_valid, e.tooling_complete, e.entry_measures_ok,
              e.oven_machine_id, m.name as oven_name, e.target_temp_c, e.measured_temp_c,
              s.min_die_temperature_c, s.oven_max_dwell_hours::float8, s.oven_required,
              e.ready_at, e.delivered_at, du.display_name as delivered_by_name, ru.display_name as requested_by_name,
              e.cancelled_reason, e.override_reason, e.note
       ${ROW_FROM}
       left join machine m on m.id = e.oven_machine_id
       left join app_user du on du.id = e.delivered_by
       left join app_user ru on ru.id = e.requested_by
       where e.id = $1 and e.company_id = $2`,
      [id, scope.companyId],
    );
    if (!row) throw new NotFoundException(messages.notFound);
    const tools = await scope.manager.query(
      `select et.tool_id, t.code, t.kind, t.description, et.reserved_at, et.released_at
         from die_enlistment_tool et join tool t on t.id = et.tool_id where et.enlistment_id = $1 order by et.released_at nulls first, t.code`,
      [id],
    );
    return {
      ...toRow(row),
      ready_at: iso(row.ready_at),
      delivered_at: iso(row.delivered_at),
      tools: tools.map((tool: { reserved_at: Date; released_at: Date | null }) => ({
        ...tool,
        reserved_at: tool.reserved_at.toISOString(),
        released_at: iso(tool.released_at),
      })),
    } as EnlistmentDetail;
  }
}
