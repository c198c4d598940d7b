import { Injectable } from '@nestjs/common';
import type { CrudAction } from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb } from '../tenancy/tenant-db.service';

/** Page-role permissions of the caller's active company. */
@Injectable()
export class PermissionsService {
  constructor(private readonly tenantDb: TenantDb) {}

  async can(identity: Pick<RequestIdentity, 'roles' | 'companyId'>, alias: string, action: CrudAction): Promise<boolean> {
    if (identity.roles.length === 0) return false;
    const rows: unknown[] = await this.tenantDb.transaction(
      (scope) =>
        scope.manager.query(
          `select 1 from page_role grant_row
             join page on page.id = grant_row.page_id
             join role on role.id = grant_row.role_id
            where grant_row.company_id = $1 and page.alias = $2 and role.name = any($3) and grant_row."${action}"
            limit 1`,
          [identity.companyId, alias, identity.roles],
        ),
      identity.companyId,
    );
    return rows.length > 0;
  }
}

const ACTION_BY_METHOD: Record<string, CrudAction> = { GET: 'read', HEAD: 'read', POST: 'insert', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

export const actionFor = (method: string): CrudAction | undefined => ACTION_BY_METHOD[method.toUpperCase()];
