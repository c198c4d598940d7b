import { Injectable } from '@nestjs/common';
import { liveEvents, type CrudGrant, type ListQuery, type MyGrants, type PageRoleRow } from '@planta/contracts';
import { RealtimeService } from '../realtime/realtime.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { PageRoleEntity } from './page-role.entity';

const ROW = `
  select grant_row.id, grant_row.page_id, grant_row.role_id, grant_row.read, grant_row.insert, grant_row.update, grant_row.delete,
         page.name as page_name, page.description as page_description, page.alias as page_alias,
         role.name as role_name, role.description as role_description
    from page_role grant_row
    join page on page.id = grant_row.page_id
    join role on role.id = grant_row.role_id`;

/** Columns the page-role list may be sorted by (spec 2.4 columns), and the SQL of each. */
const SORTS: Record<string, string> = {
  page_name: 'page.name',
  page_alias: 'page.alias',
  page_description: 'page.description',
  role_name: 'role.name',
  role_description: 'role.description',
  id: 'grant_row.id',
};

/** The page-role permissions of the active company (spec 2.4, 3) and what the caller's roles are granted. */
@Injectable()
export class PageRolesService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly realtime: RealtimeService,
  ) {}

  /** The union of the grants of the caller's roles, per page alias. */
  async myGrants(caller: Pick<RequestIdentity, 'companyId' | 'roles'>): Promise<MyGrants> {
    const rows: ({ alias: string } & CrudGrant)[] = await this.tenantDb.transaction(
      (scope) =>
        scope.manager.query(
          `select page.alias, bool_or(grant_row.read) as read, bool_or(grant_row.insert) as insert,
                  bool_or(grant_row.update) as update, bool_or(grant_row.delete) as delete
             from page_role grant_row
             join page on page.id = grant_row.page_id
             join role on role.id = grant_row.role_id
            where grant_row.company_id = $1 and role.name = any($2)
            group by page.alias`,
          [caller.companyId, caller.roles],
        ),
      caller.companyId,
    );
    return {
      company_id: caller.companyId,
      grants: Object.fromEntries(rows.map(({ alias, read, insert, update, delete: remove }) => [alias, { read, insert, update, delete: remove }])),
    };
  }

  /** Spec 2.4 table: search over page and role names, descriptions and aliases. */
  list(query: ListQuery): Promise<PageOf<PageRoleRow>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      let where = 'grant_row.company_id = $1';
      if (query.search) {
        params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where += ` and (page.name ilike $2 or page.alias ilike $2 or page.description ilike $2 or role.name ilike $2 or role.description ilike $2)`;
      }
      const sort = Object.hasOwn(SORTS, query.sort ?? '') ? SORTS[query.sort!] : 'page.name';
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await scope.manager.query(
        `select count(*)::int as total from page_role grant_row join page on page.id = grant_row.page_id join role on role.id = grant_row.role_id where ${where}`,
        params,
      );
      const items: PageRoleRow[] = await scope.manager.query(
        `${ROW} where ${where} order by ${sort} ${direction}, role.name, grant_row.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  one(id: number): Promise<PageRoleRow> {
    return this.tenantDb.transaction((scope) => this.row(scope, id));
  }

  /** Changes a grant; every open session of the company fetches its grants again at once. */
  async update(caller: Pick<RequestIdentity, 'companyId'>, id: number, change: Partial<CrudGrant>): Promise<PageRoleRow> {
    const row = await this.tenantDb.transaction(async (scope) => {
      await this.row(scope, id);
      const columns = (['read', 'insert', 'update', 'delete'] as const).filter((name) => change[name] !== undefined);
      if (columns.length > 0) {
        await scope.manager.query(`update page_role set ${columns.map((name, index) => `"${name}" = $${index + 2}`).join(', ')} where id = $1`, [
          id,
          ...columns.map((name) => change[name]),
        ]);
      }
      return this.row(scope, id);
    });
    this.realtime.toCompany(caller.companyId, liveEvents.grantsChanged, { company_id: caller.companyId });
    return row;
  }

  private async row(scope: TenantScope, id: number): Promise<PageRoleRow> {
    // The tenant repository answers 404 for a row that is missing or of another company.
    await scope.repository(PageRoleEntity).findOne(id);
    const [row] = await scope.manager.query(`${ROW} where grant_row.id = $1`, [id]);
    return row;
  }
}
