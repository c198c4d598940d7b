import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import {
  GRANT_ACTIONS,
  isColleague,
  liveEvents,
  messages,
  type CrudGrant,
  type ListQuery,
  type MyGrants,
  type PageRoleMatrix,
  type PageRoleRow,
} from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { RealtimeService } from '../realtime/realtime.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { heldGrantsSql } from './held-grants';
import { PageRoleEntity } from './page-role.entity';
import { sortColumn } from '../common/sort-column';
import { GrantCache } from './grant-cache.service';

/** The page whose permissions decide who administers the permissions themselves. */
const ADMINISTERING_PAGE = 'page-roles';

/** A page's name as the company calls it (its own name when it gave one, else the catalogue's). */
const PAGE_NAME = `coalesce(own_page.name, page.name)`;
const PAGE_DESCRIPTION = `coalesce(own_page.description, page.description)`;

/** The roles the active company sees: the four built-in ones and its own. */
const ROLE_OF_COMPANY = `(role.company_id is null or role.company_id = grant_row.company_id)`;

const FROM = `
    from page_role grant_row
    join page on page.id = grant_row.page_id
    join role on role.id = grant_row.role_id
    left join company_page own_page on own_page.company_id = grant_row.company_id and own_page.page_id = page.id`;

const ROW = `
  select grant_row.id, grant_row.page_id, grant_row.role_id, grant_row.read, grant_row.insert, grant_row.update, grant_row.delete,
         ${PAGE_NAME} as page_name, ${PAGE_DESCRIPTION} as page_description, page.alias as page_alias,
         role.name as role_name, role.description as role_description
  ${FROM}`;

/** Columns the page-role list may be sorted by (spec 2.4 columns), and the SQL of each. */
const SORTS: Record<string, string> = {
  page_name: PAGE_NAME,
  page_alias: 'page.alias',
  page_description: PAGE_DESCRIPTION,
  role_name: 'role.name',
  role_description: 'role.description',
  id: 'grant_row.id',
};

const flags = (row: CrudGrant): CrudGrant => ({ read: row.read, insert: row.insert, update: row.update, delete: row.delete });
const labelOf = (row: PageRoleRow) => `${row.page_name} · ${row.role_name}`;

/** The page-role permissions of the active company (spec 2.4, 3) and what the caller's roles are granted. */
@Injectable()
export class PageRolesService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
    private readonly audit: AuditService,
    private readonly grants: GrantCache,
  ) {}

  /** The union of the grants of the caller's roles, per page alias, and whether the colleague calls are theirs. */
  async myGrants(caller: Pick<RequestIdentity, 'companyId' | 'roles'>): Promise<MyGrants> {
    return { company_id: caller.companyId, grants: await this.grants.held(caller.companyId, caller.roles), colleague: isColleague(caller.roles) };
  }

  /** Spec 2.4 table: search over page and role names, descriptions and aliases. */
  list(query: ListQuery): Promise<PageOf<PageRoleRow>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      let where = `grant_row.company_id = $1 and ${ROLE_OF_COMPANY}`;
      if (query.search) {
        params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where += ` and (${PAGE_NAME} ilike $2 or page.alias ilike $2 or ${PAGE_DESCRIPTION} ilike $2 or role.name ilike $2 or role.description ilike $2)`;
      }
      const sort = sortColumn(SORTS, query.sort, PAGE_NAME);
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total ${FROM} where ${where}`, params);
      const items: PageRoleRow[] = await scope.manager.query(
        `${ROW} where ${where} order by ${sort} ${direction}, role.name, grant_row.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** Pages (in catalogue order, by area) × the company's roles (built-in first) with every permission, in one answer. */
  matrix(): Promise<PageRoleMatrix> {
    return this.tenantDb.transaction(async (scope) => {
      const pages = await scope.manager.query(
        `select page.id, page.alias, page.area, ${PAGE_NAME} as name, ${PAGE_DESCRIPTION} as description
           from page left join company_page own_page on own_page.company_id = $1 and own_page.page_id = page.id
          order by page.id`,
        [scope.companyId],
      );
      const roles: { id: number; name: string; description: string; builtIn: boolean }[] = await scope.manager.query(
        `select id, name, description, company_id is null as "builtIn" from role
          where company_id is null or company_id = $1 order by company_id nulls first, id`,
        [scope.companyId],
      );
      const grants = await scope.manager.query(
        `select grant_row.id, grant_row.page_id, grant_row.role_id, grant_row.read, grant_row.insert, grant_row.update, grant_row.delete
           from page_role grant_row join role on role.id = grant_row.role_id
          where grant_row.company_id = $1 and ${ROLE_OF_COMPANY}`,
        [scope.companyId],
      );
      return { pages, roles, grants };
    });
  }

  one(id: number): Promise<PageRoleRow> {
    return this.tenantDb.transaction((scope) => this.row(scope, id));
  }

  /**
   * Changes a grant, audited in the same transaction; every open session of the company fetches
   * its grants again at once. Refused, with nothing changed, when it grants what the caller does
   * not hold (403, the attempt audited), or when it would leave the caller or the company without
   * a way to administer the permissions (409).
   */
  async update(caller: RequestIdentity, id: number, change: Partial<CrudGrant>): Promise<PageRoleRow> {
    const refusal = await this.tenantDb.transaction(async (scope) => {
      // One change of a company's permissions at a time: the checks below read what the others write.
      await scope.manager.query(`select pg_advisory_xact_lock(hashtext('page_role'), $1)`, [scope.companyId]);
      const before = await this.row(scope, id);
      const granted = GRANT_ACTIONS.filter((action) => change[action] === true && !before[action]);
      const missing = await this.missingForCaller(scope, caller, before.page_id, granted);
      if (missing.length > 0) return { before, missing };

      const columns = GRANT_ACTIONS.filter((action) => change[action] !== undefined && change[action] !== before[action]);
      if (columns.length === 0) return null;
      await scope.manager.query(`update page_role set ${columns.map((name, index) => `"${name}" = $${index + 2}`).join(', ')} where id = $1`, [
        id,
        ...columns.map((name) => change[name]),
      ]);
      if (before.page_alias === ADMINISTERING_PAGE) await this.keepAdministration(scope, caller);
      const after = await this.row(scope, id);
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'page-role',
        entityId: id,
        label: labelOf(after),
        before: flags(before),
        after: flags(after),
      });
      return null;
    });
    if (refusal) {
      const actions = refusal.missing.map((action) => messages.pageRoleActions[action]).join(', ');
      const message = messages.pageRoleEscalation(actions, refusal.before.page_name);
      // Its own transaction: the refusal leaves the permission as it was, and the attempt on record.
      await this.tenantDb.transaction((scope) =>
        this.audit.record(scope, caller, {
          action: 'refused',
          entity: 'page-role',
          entityId: id,
          label: labelOf(refusal.before),
          before: flags(refusal.before),
          after: { ...change, reason: message },
        }),
      );
      throw new ForbiddenException(message);
    }
    // The caller's next call sees the change even before this process hears its own notification.
    this.grants.forgetCompany(caller.companyId);
    this.realtime.toEveryoneIn(caller.companyId, liveEvents.grantsChanged, { company_id: caller.companyId });
    return this.one(id);
  }

  /** Of `actions` on the page, those none of the caller's roles in the company has. */
  private async missingForCaller(scope: TenantScope, caller: RequestIdentity, pageId: number, actions: (keyof CrudGrant)[]) {
    if (actions.length === 0) return [];
    const [held]: (CrudGrant | undefined)[] = await scope.manager.query(
      `select mine.read, mine.insert, mine.update, mine.delete from (${heldGrantsSql('$1', '$3')}) mine where mine.page_id = $2`,
      [scope.companyId, pageId, caller.userId],
    );
    return actions.filter((action) => !held?.[action]);
  }

  /**
   * After a change of the page-role screen's own permissions: some role held by an active member
   * must still read and change them, and so must one of the caller's roles (else 409, rolled back).
   */
  private async keepAdministration(scope: TenantScope, caller: RequestIdentity): Promise<void> {
    const [{ company, caller: callerKeeps }] = await scope.manager.query(
      `with administering as (
         select grant_row.role_id from page_role grant_row join page on page.id = grant_row.page_id
          where grant_row.company_id = $1 and page.alias = $2 and grant_row.read and grant_row.update)
       select exists (select 1 from company_member_role held join active_member member on member.user_id = held.user_id and member.company_id = held.company_id
                       where held.company_id = $1 and held.role_id in (select role_id from administering)) as company,
              exists (select 1 from company_member_role held
                       where held.company_id = $1 and held.user_id = $3 and held.role_id in (select role_id from administering)) as caller`,
      [scope.companyId, ADMINISTERING_PAGE, caller.userId],
    );
    if (!company) throw new ConflictException(messages.pageRoleLastAdministrator);
    if (!callerKeeps) throw new ConflictException(messages.pageRoleSelfLockout);
  }

  private async row(scope: TenantScope, id: number): Promise<PageRoleRow> {
    // The tenant repository answers 404 for a row that is missing or of another company.
    await scope.repository(PageRoleEntity).findOne(id);
    const [row] = await scope.manager.query(`${ROW} where grant_row.id = $1`, [id]);
    return row;
  }
}
