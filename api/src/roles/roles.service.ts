import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { INT4_MAX, messages, type ListQuery, type RoleCreate, type RoleRecord, type RoleUpdate } from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { grantDefaultPermissions } from '../permissions/default-permissions';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { GrantCache } from '../permissions/grant-cache.service';
import { MemberCache } from '../users/member-cache.service';
import { sortColumn } from '../common/sort-column';

type Caller = Pick<RequestIdentity, 'userId' | 'email' | 'companyId'>;

/** The roles the active company `$1` sees: the four built-in ones and its own, with how many of its members hold each. */
const ROW = `
  select role.id, role.name, role.description, role.company_id is null as built_in,
         (select count(*)::int from company_member_role held where held.role_id = role.id and held.company_id = $1) as holders
    from role
   where (role.company_id is null or role.company_id = $1)`;

const SORTS: Record<string, string> = { name: 'lower(role.name)', description: 'lower(role.description)', built_in: 'built_in', holders: 'holders' };

/**
 * Roles of the active company (issue 11). The built-in ones are read only (every company's grants
 * and the spec's role rules name them); a company's own role is named uniquely among all the
 * roles it sees, and is deleted only while nobody holds it.
 */
@Injectable()
export class RolesService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
    private readonly grants: GrantCache,
    private readonly members: MemberCache,
  ) {}

  /**
   * After a change of the company's roles commits: its grants, and for a renamed role who holds
   * it (an identity's roles are names), are read again by this process's next call, before its
   * own notification arrives.
   */
  private changed(companyId: number, renamed = false): void {
    this.grants.forgetCompany(companyId);
    if (renamed) this.members.forgetAll();
  }

  list(query: ListQuery): Promise<PageOf<RoleRecord>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      let where = '';
      if (query.search) {
        params.push(query.search);
        where = ` and ${containsFoldedSql(['role.name', 'role.description'], '$2')}`;
      }
      const sort = sortColumn(SORTS, query.sort, SORTS.name);
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from (${ROW}${where}) listed`, params);
      const items: RoleRecord[] = await scope.manager.query(
        `${ROW}${where} order by ${sort} ${direction}, role.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<RoleRecord> {
    return this.tenantDb.transaction((scope) => this.row(scope, id));
  }

  /** A role of the active company: no grant until one is given, but a row per page (all false) for the page-role screen. */
  async create(caller: Caller, input: RoleCreate): Promise<RoleRecord> {
    const created = await this.tenantDb.transaction(async (scope) => {
      await this.refuseTakenName(scope, input.name);
      const [{ id }]: { id: number }[] = await scope.manager.query(`insert into role (name, description, company_id) values ($1, $2, $3) returning id`, [
        input.name,
        input.description,
        scope.companyId,
      ]);
      await grantDefaultPermissions(scope.manager, scope.companyId);
      await this.audit.record(scope, caller, { action: 'create', entity: 'role', entityId: id, label: input.name, after: { ...input } });
      return this.row(scope, id);
    });
    this.changed(caller.companyId);
    return created;
  }

  async update(caller: Caller, id: number, change: RoleUpdate): Promise<RoleRecord> {
    const updated = await this.tenantDb.transaction(async (scope) => {
      const current = await this.ownRole(scope, id);
      if (change.name !== undefined) await this.refuseTakenName(scope, change.name, id);
      const after = { name: change.name ?? current.name, description: change.description ?? current.description };
      await scope.manager.query(`update role set name = $2, description = $3 where id = $1`, [id, after.name, after.description]);
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'role',
        entityId: id,
        label: after.name,
        before: { name: current.name, description: current.description },
        after,
      });
      return this.row(scope, id);
    });
    this.changed(caller.companyId, change.name !== undefined);
    return updated;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    await this.tenantDb.transaction(async (scope) => {
      const current = await this.ownRole(scope, id);
      if (current.holders > 0) throw new ConflictException(messages.roleHeld(current.holders));
      // Its grants go with it (page_role cascades); row-level security keeps this to the company's role.
      await scope.manager.query(`delete from role where id = $1 and company_id = $2`, [id, scope.companyId]);
      await this.audit.record(scope, caller, {
        action: 'delete',
        entity: 'role',
        entityId: id,
        label: current.name,
        before: { name: current.name, description: current.description },
      });
    });
    this.changed(caller.companyId);
  }

  /** One of the company's own roles, locked for the change; a built-in one is read only. */
  private async ownRole(scope: TenantScope, id: number): Promise<RoleRecord> {
    const role = await this.row(scope, id);
    if (role.built_in) throw new ConflictException(messages.builtInRoleReadOnly);
    await scope.manager.query(`select 1 from role where id = $1 for update`, [id]);
    return role;
  }

  private async row(scope: TenantScope, id: number): Promise<RoleRecord> {
    const [row] = id > 0 && id <= INT4_MAX ? await scope.manager.query(`${ROW} and role.id = $2`, [scope.companyId, id]) : [];
    if (!row) throw new NotFoundException(messages.notFound);
    return row;
  }

  /** Unique, case aside, among the built-in roles and the company's own. */
  private async refuseTakenName(scope: TenantScope, name: string, except = 0): Promise<void> {
    const taken: unknown[] = await scope.manager.query(
      `select 1 from role where lower(name) = lower($1) and (company_id is null or company_id = $2) and id <> $3`,
      [name, scope.companyId, except],
    );
    if (taken.length > 0) throw fieldError('name', messages.roleNameTaken, 409);
  }
}
