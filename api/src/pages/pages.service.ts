import { Injectable, NotFoundException } from '@nestjs/common';
import { INT4_MAX, messages, type ListQuery, type PageRecord, type PageUpdate } from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { sortColumn } from '../common/sort-column';

type Caller = Pick<RequestIdentity, 'userId' | 'email'>;

/** The catalogue's pages as the active company `$1` names them (company_page, its own names, over the code's). */
const ROW = `
  select page.id, page.alias, page.area, coalesce(own.name, page.name) as name, coalesce(own.description, page.description) as description,
         page.name as catalogue_name, page.description as catalogue_description, own.page_id is not null as customised
    from page
    left join company_page own on own.page_id = page.id and own.company_id = $1`;

const SORTS: Record<string, string> = {
  name: 'lower(coalesce(own.name, page.name))',
  description: 'lower(coalesce(own.description, page.description))',
  alias: 'page.alias',
  area: 'page.area',
};

/**
 * The portal's pages (issue 11). The catalogue is the code's (libs/contracts pages.ts) and is
 * rewritten on every start; a company's own name and description live in company_page, which the
 * start leaves alone, so they survive restarts. Giving back the catalogue's values restores the page.
 */
@Injectable()
export class PagesService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
  ) {}

  list(query: ListQuery): Promise<PageOf<PageRecord>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [scope.companyId];
      let where = '';
      if (query.search) {
        params.push(query.search);
        where = ` where ${containsFoldedSql(['coalesce(own.name, page.name)', 'coalesce(own.description, page.description)', 'page.alias', 'page.name'], '$2')}`;
      }
      const sort = sortColumn(SORTS, query.sort, SORTS.name);
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from (${ROW}${where}) listed`, params);
      const items: PageRecord[] = await scope.manager.query(
        `${ROW}${where} order by ${sort} ${direction}, page.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<PageRecord> {
    return this.tenantDb.transaction((scope) => this.row(scope, id));
  }

  update(caller: Caller, id: number, change: PageUpdate): Promise<PageRecord> {
    return this.tenantDb.transaction(async (scope) => {
      const current = await this.row(scope, id);
      const after = { name: change.name ?? current.name, description: change.description ?? current.description };
      if (after.name === current.catalogue_name && after.description === current.catalogue_description) {
        await scope.manager.query(`delete from company_page where company_id = $1 and page_id = $2`, [scope.companyId, id]);
      } else {
        await scope.manager.query(
          `insert into company_page (company_id, page_id, name, description) values ($1, $2, $3, $4)
           on conflict (company_id, page_id) do update set name = excluded.name, description = excluded.description, updated_at = now()`,
          [scope.companyId, id, after.name, after.description],
        );
      }
      await this.audit.record(scope, caller, {
        action: 'update',
        entity: 'page',
        entityId: id,
        label: after.name,
        before: { name: current.name, description: current.description },
        after,
      });
      return this.row(scope, id);
    });
  }

  private async row(scope: TenantScope, id: number): Promise<PageRecord> {
    const [row] = id > 0 && id <= INT4_MAX ? await scope.manager.query(`${ROW} where page.id = $2`, [scope.companyId, id]) : [];
    if (!row) throw new NotFoundException(messages.notFound);
    return row;
  }
}
