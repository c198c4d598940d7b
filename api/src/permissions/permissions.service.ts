import { Injectable } from '@nestjs/common';
import type { CrudAction } from '@planta/contracts';
import type { RequestIdentity } from '../tenancy/request-context';
import { GrantCache } from './grant-cache.service';

/** Page-role permissions of the caller's active company. */
@Injectable()
export class PermissionsService {
  constructor(private readonly grants: GrantCache) {}

  can(identity: Pick<RequestIdentity, 'roles' | 'companyId'>, alias: string, action: CrudAction): Promise<boolean> {
    return this.grants.can(identity.companyId, identity.roles, alias, action);
  }
}

const ACTION_BY_METHOD: Record<string, CrudAction> = { GET: 'read', HEAD: 'read', POST: 'insert', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

export const actionFor = (method: string): CrudAction | undefined => ACTION_BY_METHOD[method.toUpperCase()];
