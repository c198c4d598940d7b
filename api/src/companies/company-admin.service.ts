import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { messages, type CompanyCreate, type CompanyRecord, type CompanyUpdate, type CrudAction, type ListQuery } from '@planta/contracts';
import { AuditService } from '../audit/audit.service';
import { isUniqueViolation } from '../common/db-errors';
import { fieldError } from '../common/field-error';
import { containsFoldedSql } from '../common/text-search';
import { PermissionsService } from '../permissions/permissions.service';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf } from '../tenancy/tenant-db.service';
import { MemberCache } from '../users/member-cache.service';
import { UsersService } from '../users/users.service';
import { companyAuditValues, setUpCompany } from './company-setup';
import { sortColumn } from '../common/sort-column';

type Caller = Pick<RequestIdentity, 'userId' | 'email' | 'companyId'>;

/**
 * A company row as the screen shows it, for the caller `$1` in the active company `$2`: only the
 * companies they belong to (the company table is no one company's, so membership is the filter).
 */
const ROW = `
  select company.id, company.name, company.tax_id, company.address, company.time_zone, company.currency, company.upload_limit_mb, company.active,
         (select count(*)::int from company_member everyone where everyone.company_id = company.id) as member_count,
         company.id = $2 as current,
         exists (select 1 from page_role grant_row
                   join page on page.id = grant_row.page_id and page.alias = 'companies'
                   join company_member_role held on held.company_id = grant_row.company_id and held.role_id = grant_row.role_id and held.user_id = $1
                  where grant_row.company_id = company.id and grant_row.update) as manageable
    from company
    join company_member member on member.company_id = company.id and member.user_id = $1`;

const SORTS: Record<string, string> = {
  name: 'lower(company.name)',
  tax_id: 'company.tax_id',
  address: 'lower(company.address)',
  time_zone: 'company.time_zone',
  currency: 'company.currency',
  upload_limit_mb: 'company.upload_limit_mb',
  active: 'company.active',
  member_count: 'member_count',
};

/** Tables whose rows of a company do not count as its data when it is deleted: its set-up and trail. */
// The corrections' settings and catalogues (issue 14) are seeded for every new company: configuration, not data.
const SET_UP_TABLES = new Set([
  'page_role',
  'company_page',
  'role',
  'audit_entry',
  'company_member',
  'dieshop_setting',
  'correction_setting',
  'correction_defect',
  'correction_operation',
]);

/**
 * The administration of the companies a caller belongs to. A company is nobody's tenant data, so
 * every read is filtered by membership here, and a change to a company other than the active one
 * needs the companies grant in that company too (the guard has checked the active company's).
 */
@Injectable()
export class CompanyAdminService {
  constructor(
    private readonly tenantDb: TenantDb,
    private readonly audit: AuditService,
    private readonly permissions: PermissionsService,
    private readonly users: UsersService,
    private readonly members: MemberCache,
  ) {}

  list(caller: Caller, query: ListQuery): Promise<PageOf<CompanyRecord>> {
    return this.tenantDb.system(async (manager) => {
      const params: unknown[] = [caller.userId, caller.companyId];
      let where = 'true';
      if (query.search) {
        params.push(query.search);
        where = containsFoldedSql(['company.name', 'company.tax_id', 'company.address', 'company.time_zone'], `$${params.length}`);
      }
      const sort = sortColumn(SORTS, query.sort, SORTS.name);
      const direction = query.direction === 'desc' ? 'desc' : 'asc';
      const [{ total }] = await manager.query(`select count(*)::int as total from (${ROW} where ${where}) listed`, params);
      const items: CompanyRecord[] = await manager.query(
        `${ROW} where ${where} order by ${sort} ${direction}, company.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(caller: Caller, id: number): Promise<CompanyRecord> {
    return this.tenantDb.system((manager) => this.row(manager, caller, id));
  }

  /** A new company: the caller becomes its administrator, it gets the default grants, and its trail begins. */
  async create(caller: Caller, input: CompanyCreate): Promise<CompanyRecord> {
    const id = await this.tenantDb.system(async (manager) => {
      await this.refuseTakenName(manager, input.name);
      const [{ id }]: { id: number }[] = await this.saving(() =>
        manager.query(`insert into company (name, tax_id, address, time_zone, currency, upload_limit_mb) values ($1, $2, $3, $4, $5, $6) returning id`, [
          input.name,
          input.tax_id,
          input.address,
          input.time_zone,
          input.currency,
          input.upload_limit_mb,
        ]),
      );
      await setUpCompany(manager, id, caller.userId);
      await this.audit.recordFor(manager, id, caller, {
        action: 'create',
        entity: 'company',
        entityId: id,
        label: input.name,
        after: companyAuditValues({ ...input, active: true }),
      });
      return id;
    });
    return this.get(caller, id);
  }

  async update(caller: Caller, id: number, change: CompanyUpdate): Promise<CompanyRecord> {
    const current = await this.get(caller, id);
    await this.authorise(caller, current, 'update');
    if (change.active === false && current.active && current.current) throw fieldError('active', messages.companyDeactivateCurrent, 409);
    await this.tenantDb.transaction(async (scope) => {
      if (change.name !== undefined) await this.refuseTakenName(scope.manager, change.name, id);
      const { active, ...fields } = change;
      const columns = Object.keys(fields).filter((name) => fields[name as keyof typeof fields] !== undefined) as (keyof typeof fields)[];
      if (columns.length > 0) {
        await this.saving(() =>
          scope.manager.query(`update company set ${columns.map((name, index) => `"${name}" = $${index + 2}`).join(', ')} where id = $1`, [
            id,
            ...columns.map((name) => fields[name]),
          ]),
        );
        const after = { ...current, ...fields };
        await this.audit.record(scope, caller, {
          action: 'update',
          entity: 'company',
          entityId: id,
          label: after.name,
          before: companyAuditValues(current),
          after: companyAuditValues(after),
        });
      }
      if (active !== undefined && active !== current.active) {
        // The trigger company_access_changed ends the sessions of everybody working in it.
        await scope.manager.query(`update company set active = $2 where id = $1`, [id, active]);
        await this.audit.record(scope, caller, {
          action: active ? 'activate' : 'deactivate',
          entity: 'company',
          entityId: id,
          label: fields.name ?? current.name,
          before: { active: current.active },
          after: { active },
        });
      }
    }, id);
    // A company deactivated or back: nobody working in it is who they were a moment ago.
    if (change.active !== undefined) this.members.forgetAll();
    return this.get(caller, id);
  }

  /** Only a company with nobody else in it and no data; the entry goes to the trail of the company the caller works in. */
  async remove(caller: Caller, id: number): Promise<void> {
    const current = await this.get(caller, id);
    await this.authorise(caller, current, 'delete');
    if (current.current) throw new ConflictException(messages.companyDeleteCurrent);
    await this.tenantDb.system(async (manager) => {
      const held = await this.contents(manager, caller, id);
      if (held.length > 0) throw new ConflictException(messages.companyNotEmpty(held.join(' y ')));
      await manager.query(`delete from company where id = $1`, [id]);
      await this.audit.recordFor(manager, caller.companyId, caller, {
        action: 'delete',
        entity: 'company',
        entityId: id,
        label: current.name,
        before: companyAuditValues(current),
      });
    });
  }

  /** What keeps a company from being deleted: other members, and rows of any table that refers to it. */
  private async contents(manager: EntityManager, caller: Caller, id: number): Promise<string[]> {
    const [{ others }] = await manager.query(`select count(*)::int as others from company_member where company_id = $1 and user_id <> $2`, [id, caller.userId]);
    const references: { table: string; column: string }[] = await manager.query(
      `select referring.relname as table, attribute.attname as column
         from pg_constraint reference
         join pg_class referring on referring.oid = reference.conrelid
         join pg_attribute attribute on attribute.attrelid = reference.conrelid and attribute.attnum = reference.conkey[1]
        where reference.contype = 'f' and reference.confrelid = 'company'::regclass and cardinality(reference.conkey) = 1`,
    );
    let rows = 0;
    for (const { table, column } of references) {
      if (SET_UP_TABLES.has(table)) continue;
      const [{ count }] = await manager.query(`select count(*)::int as count from "${table}" where "${column}" = $1`, [id]);
      rows += count;
    }
    const held: string[] = [];
    if (others > 0) held.push(others === 1 ? 'otro miembro' : `${others} miembros más`);
    if (rows > 0) held.push(`datos (${rows} ${rows === 1 ? 'registro' : 'registros'})`);
    return held;
  }

  /**
   * The guard checked the grant in the active company; a change to another company needs it there
   * too. A refusal is an escalation attempt: 403, written to that company's trail.
   */
  private async authorise(caller: Caller, company: CompanyRecord, action: CrudAction): Promise<void> {
    if (company.current) return;
    const roles = await this.users.rolesIn(caller.userId, company.id);
    if (await this.permissions.can({ roles, companyId: company.id }, 'companies', action)) return;
    await this.tenantDb.transaction(
      (scope) =>
        this.audit.record(scope, caller, { action: 'refused', entity: 'company', entityId: company.id, label: company.name, after: { attempt: action } }),
      company.id,
    );
    throw new ForbiddenException(messages.forbidden);
  }

  private async row(manager: EntityManager, caller: Caller, id: number): Promise<CompanyRecord> {
    const [row] = await manager.query(`${ROW} where company.id = $3`, [caller.userId, caller.companyId, id]);
    if (!row) throw new NotFoundException(messages.notFound);
    return row;
  }

  /** Names differ in more than case, so that the selector never shows two alike. */
  private async refuseTakenName(manager: EntityManager, name: string, except = 0): Promise<void> {
    const taken: unknown[] = await manager.query(`select 1 from company where lower(name) = lower($1) and id <> $2`, [name, except]);
    if (taken.length > 0) throw fieldError('name', messages.companyNameTaken, 409);
  }

  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'company_name_key')) throw fieldError('name', messages.companyNameTaken, 409);
      throw error;
    }
  }
}
