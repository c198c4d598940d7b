import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { CrudAction, CrudGrant } from '@planta/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { GRANTS_CHANGED_CHANNEL } from '../database/access-changes';
import { ListenPool } from '../database/listen-pool';
import { NotifiedCache } from '../database/notified-cache';
import { TenantDb } from '../tenancy/tenant-db.service';

const MAX_COMPANIES = 2_000;

/** A company's page grants: page alias → role name → what that role may do there. */
export type CompanyGrants = ReadonlyMap<string, ReadonlyMap<string, CrudGrant>>;

/**
 * Each company's page-role grants (spec 2.4), read once and kept until the database announces a
 * change of them (GRANTS_CHANGED_CHANNEL: a page_role row, a role or a page renamed or removed,
 * whichever process or person made the change). So a permission check costs no query, and still
 * follows every change at once. A process that changes grants also forgets them itself
 * (`forgetCompany`), not waiting for its own notification. A change made with the triggers off
 * is still seen within `realtime.accessCheckMs` (as MemberCache's).
 */
@Injectable()
export class GrantCache implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly companies: NotifiedCache<CompanyGrants>;
  private stopListening?: () => void;

  constructor(
    private readonly tenantDb: TenantDb,
    private readonly pool: ListenPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.companies = new NotifiedCache({ ttlMs: config.realtime.accessCheckMs, maxEntries: MAX_COMPANIES });
  }

  onApplicationBootstrap(): void {
    this.stopListening = this.pool.listen(
      GRANTS_CHANGED_CHANNEL,
      'Grant cache',
      (payload) => (payload === '*' ? this.companies.clear() : this.forgetCompany(Number(payload))),
      // Changes may have been missed while the connection was lost.
      () => this.companies.clear(),
    );
  }

  beforeApplicationShutdown(): void {
    this.stopListening?.();
  }

  /** Whether one of `roles` may do `action` on the page `alias` in the company. */
  async can(companyId: number, roles: readonly string[], alias: string, action: CrudAction): Promise<boolean> {
    if (roles.length === 0) return false;
    const byRole = (await this.of(companyId)).get(alias);
    return !!byRole && roles.some((role) => byRole.get(role)?.[action] === true);
  }

  /** The union of what `roles` are granted, per page alias (the pages none of them is granted anything on are left out). */
  async held(companyId: number, roles: readonly string[]): Promise<Record<string, CrudGrant>> {
    const held: Record<string, CrudGrant> = {};
    for (const [alias, byRole] of await this.of(companyId)) {
      const grants = roles.map((role) => byRole.get(role)).filter((grant): grant is CrudGrant => grant !== undefined);
      if (grants.length === 0) continue;
      held[alias] = {
        read: grants.some((grant) => grant.read),
        insert: grants.some((grant) => grant.insert),
        update: grants.some((grant) => grant.update),
        delete: grants.some((grant) => grant.delete),
      };
    }
    return held;
  }

  forgetCompany(companyId: number): void {
    const key = String(companyId);
    this.companies.forget((held) => held === key);
  }

  private of(companyId: number): Promise<CompanyGrants> {
    return this.companies.get(String(companyId), () => this.read(companyId));
  }

  private async read(companyId: number): Promise<CompanyGrants> {
    const rows: ({ alias: string; role: string } & CrudGrant)[] = await this.tenantDb.read(
      (scope) =>
        scope.manager.query(
          `select page.alias, role.name as role, grant_row.read, grant_row.insert, grant_row.update, grant_row.delete
             from page_role grant_row
             join page on page.id = grant_row.page_id
             join role on role.id = grant_row.role_id
            where grant_row.company_id = $1`,
          [companyId],
        ),
      companyId,
    );
    const grants = new Map<string, Map<string, CrudGrant>>();
    for (const { alias, role, read, insert, update, delete: remove } of rows) {
      const byRole = grants.get(alias) ?? new Map<string, CrudGrant>();
      grants.set(alias, byRole);
      byRole.set(role, { read, insert, update, delete: remove });
    }
    return grants;
  }
}
