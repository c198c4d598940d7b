import { HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  DUMMY_BLOCK_GROWTH_LIMIT_MM,
  DUMMY_BLOCK_OD_MEASURE,
  dummyBlockGrowth,
  messages,
  OPEN_ENLISTMENT_STATUSES,
  toolMessages,
  type Tool,
  type ToolCheck,
  type ToolCheckCreate,
  type ToolCreate,
  type ToolDetail,
  type ToolListQuery,
  type ToolUpdate,
} from '@planta/contracts';
import { isUniqueViolation } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { sortColumn } from '../common/sort-column';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';

const OPEN = `(${OPEN_ENLISTMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`;

const TOOL_COLUMNS = `
  select t.id, t.code, t.kind, t.description, t.state, t.compatible_line_ids,
         array(select l.name from extrusion_line l where l.id = any(t.compatible_line_ids) order by l.name) as compatible_line_names,
         t.diameter_mm::float8, t.length_mm::float8, t.nominal_od_mm::float8, t.location, t.billets_total, t.last_check_at, t.created_at,
         (select c.ok from tool_check c where c.tool_id = t.id order by c.checked_at desc, c.id desc limit 1) as last_check_ok,
         (select json_build_object('id', e.id, 'number', e.number) from die_enlistment_tool et join die_enlistment e on e.id = et.enlistment_id
           where et.tool_id = t.id and et.released_at is null and e.status in ${OPEN} limit 1) as held_by
    from tool t`;

const SORTS: Record<string, string> = { code: 't.code', kind: 't.kind', state: 't.state', location: 't.location', last_check_at: 't.last_check_at' };
const EDITABLE = ['code', 'kind', 'description', 'state', 'compatible_line_ids', 'diameter_mm', 'length_mm', 'nominal_od_mm', 'location'] as const;

type ToolRow = Omit<Tool, 'last_check_at' | 'created_at'> & { last_check_at: Date | null; created_at: Date };
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const toTool = (row: ToolRow): Tool => ({ ...row, last_check_at: iso(row.last_check_at), created_at: row.created_at.toISOString() });

/** The press tooling register and its measured checks (a dummy block's OD against its growth limit). */
@Injectable()
export class ToolService {
  constructor(private readonly tenantDb: TenantDb) {}

  list(query: ToolListQuery): Promise<PageOf<Tool>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['t.company_id = $1'];
      if (query.search) where.push(containsFoldedSql(['t.code', 't.description', 't.location'], bind(query.search)));
      if (query.kind) where.push(`t.kind = ${bind(query.kind)}`);
      if (query.state) where.push(`t.state = ${bind(query.state)}`);
      const condition = where.join(' and ');
      const sort = sortColumn(SORTS, query.sort, 't.code');
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from tool t where ${condition}`, params);
      const rows: ToolRow[] = await scope.manager.query(
        `${TOOL_COLUMNS} where ${condition} order by ${sort} ${query.direction === 'desc' ? 'desc' : 'asc'} nulls last, t.code, t.id
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items: rows.map(toTool), total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<ToolDetail> {
    return this.tenantDb.transaction((scope) => this.detail(scope, id));
  }

  create(input: ToolCreate): Promise<ToolDetail> {
    if (input.state === 'in_use') throw fieldError('state', toolMessages.inUseByPreparation);
    return this.tenantDb
      .transaction(async (scope) => {
        await this.checkLines(scope, input.compatible_line_ids);
        const [{ id }] = await scope.manager.query(
          `insert into tool (company_id, ${EDITABLE.join(', ')}) values ($1, ${EDITABLE.map((_, index) => `$${index + 2}`).join(', ')}) returning id`,
          [scope.companyId, ...EDITABLE.map((column) => input[column])],
        );
        return this.detail(scope, id);
      })
      .catch(this.codeTaken);
  }

  update(id: number, patch: ToolUpdate): Promise<ToolDetail> {
    return this.tenantDb
      .transaction(async (scope) => {
        const [tool] = await scope.manager.query(`select id, state from tool where id = $1 and company_id = $2 for update`, [id, scope.companyId]);
        if (!tool) throw new NotFoundException(messages.notFound);
        if (patch.state !== undefined && patch.state !== tool.state) {
          if (tool.state === 'in_use') throw fieldError('state', toolMessages.heldByPreparation, HttpStatus.CONFLICT);
          if (patch.state === 'in_use') throw fieldError('state', toolMessages.inUseByPreparation);
        }
        if (patch.compatible_line_ids) await this.checkLines(scope, patch.compatible_line_ids);
        const changed = EDITABLE.filter((column) => patch[column] !== undefined);
        if (changed.length > 0)
          await scope.manager.query(`update tool set ${changed.map((column, index) => `${column} = $${index + 2}`).join(', ')} where id = $1`, [
            id,
            ...changed.map((column) => patch[column]),
          ]);
        return this.detail(scope, id);
      })
      .catch(this.codeTaken);
  }

  /** A measured check; a dummy block's outer diameter gets its limit (nominal + 0.5 mm) and its result from the nominal. */
  addCheck(caller: RequestIdentity, id: number, input: ToolCheckCreate): Promise<ToolDetail> {
    return this.tenantDb.transaction(async (scope) => {
      const [tool] = await scope.manager.query(`select id, kind, nominal_od_mm::float8 from tool where id = $1 and company_id = $2 for update`, [
        id,
        scope.companyId,
      ]);
      if (!tool) throw new NotFoundException(messages.notFound);
      let limit = input.limit_value;
      let ok = limit === null ? (input.ok ?? true) : input.value <= limit;
      if (tool.kind === 'dummy_block' && input.measure === DUMMY_BLOCK_OD_MEASURE) {
        if (tool.nominal_od_mm === null) throw fieldError('measure', toolMessages.nominalMissing);
        limit = Math.round((tool.nominal_od_mm + DUMMY_BLOCK_GROWTH_LIMIT_MM) * 1000) / 1000;
        ok = dummyBlockGrowth(tool.nominal_od_mm, input.value).ok;
      }
      await scope.manager.query(
        `insert into tool_check (company_id, tool_id, checked_by, measure, value, limit_value, ok, note) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [scope.companyId, id, caller.userId, input.measure, input.value, limit, ok, input.note],
      );
      await scope.manager.query(`update tool set last_check_at = now() where id = $1`, [id]);
      return this.detail(scope, id);
    });
  }

  private readonly codeTaken = (error: unknown): never => {
    if (isUniqueViolation(error, 'tool_code_unique')) throw fieldError('code', toolMessages.codeTaken, HttpStatus.CONFLICT);
    throw error;
  };

  private async checkLines(scope: TenantScope, lineIds: number[]): Promise<void> {
    if (lineIds.length === 0) return;
    const [{ found }] = await scope.manager.query(`select count(*)::int as found from extrusion_line where company_id = $1 and id = any($2::int[])`, [
      scope.companyId,
      [...new Set(lineIds)],
    ]);
    if (found !== new Set(lineIds).size) throw fieldError('compatible_line_ids', toolMessages.lineMissing);
  }

  private async detail(scope: TenantScope, id: number): Promise<ToolDetail> {
    const [row] = await scope.manager.query(`${TOOL_COLUMNS} where t.id = $1 and t.company_id = $2`, [id, scope.companyId]);
    if (!row) throw new NotFoundException(messages.notFound);
    const tool = toTool(row as ToolRow);
    const checks: (Omit<ToolCheck, 'checked_at' | 'growth_mm' | 'warning'> & { checked_at: Date })[] = await scope.manager.query(
      `select c.id, c.checked_at, u.display_name as checked_by_name, c.measure, c.value::float8, c.limit_value::float8, c.ok, c.note
         from tool_check c left join app_user u on u.id = c.checked_by where c.tool_id = $1 order by c.checked_at desc, c.id desc limit 200`,
      [id],
    );
    const preparations = await scope.manager.query(
      `select e.id, e.number, e.status, et.reserved_at, et.released_at from die_enlistment_tool et join die_enlistment e on e.id = et.enlistment_id
        where et.tool_id = $1 order by et.reserved_at desc limit 50`,
      [id],
    );
    const dummyOd = tool.kind === 'dummy_block' && tool.nominal_od_mm !== null;
    return {
      ...tool,
      growth_limit_mm: DUMMY_BLOCK_GROWTH_LIMIT_MM,
      checks: checks.map((check) => {
        const growth = dummyOd && check.measure === DUMMY_BLOCK_OD_MEASURE ? dummyBlockGrowth(tool.nominal_od_mm!, check.value).growth : null;
        return {
          ...check,
          checked_at: check.checked_at.toISOString(),
          growth_mm: growth,
          warning: growth !== null && !check.ok ? toolMessages.dummyBlockGrowth : null,
        };
      }),
      preparations: preparations.map((prep: { reserved_at: Date; released_at: Date | null }) => ({
        ...prep,
        reserved_at: prep.reserved_at.toISOString(),
        released_at: iso(prep.released_at),
      })),
    };
  }
}
