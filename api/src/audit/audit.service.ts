import { Injectable, NotFoundException } from '@nestjs/common';
import { messages, type AuditAction, type AuditEntity, type AuditEntry, type AuditQuery } from '@planta/contracts';
import type { EntityManager } from 'typeorm';
import { containsFoldedSql } from '../common/text-search';
import type { RequestIdentity } from '../tenancy/request-context';
import { TenantDb, type PageOf, type TenantScope } from '../tenancy/tenant-db.service';
import { sortColumn } from '../common/sort-column';

/** What happened to which record. `before`/`after`: the record's values (reduced to what changed). */
export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: number | null;
  /** The record's name, as it reads now (kept: names change). */
  label?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who did it: a signed-in caller, someone signing in (an email), or the system (null). */
export type AuditActor = Pick<RequestIdentity, 'userId' | 'email'> | { userId: null; email: string } | null;

/** Fields never written to the trail, whatever a caller passes. */
const SECRET_FIELDS = new Set(['password', 'password_hash', 'temporary_password', 'token', 'access_token']);

const withoutSecrets = (values: Record<string, unknown> | null | undefined): Record<string, unknown> | null =>
  values ? Object.fromEntries(Object.entries(values).filter(([name, value]) => !SECRET_FIELDS.has(name) && value !== undefined)) : null;

/** Only the fields whose values differ, on both sides, without secrets; nulls when nothing changed. */
export function changedValues(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const old = withoutSecrets(before) ?? {};
  const now = withoutSecrets(after) ?? {};
  const names = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((name) => JSON.stringify(old[name]) !== JSON.stringify(now[name]));
  if (names.length === 0) return { before: null, after: null };
  const pick = (values: Record<string, unknown>) => Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));
  return { before: pick(old), after: pick(now) };
}

/** An entry as the API answers it (row-level security keeps it to the transaction's company). */
const ENTRY = `select id::int, to_json(at) #>> '{}' as at, actor_id, actor_name, action, entity, entity_id, label, before, after, address from audit_entry`;
const AUDIT_SORTS: Record<string, string> = { at: 'at', actor_name: 'lower(actor_name)', action: 'action', entity: 'entity', label: 'lower(label)' };

/**
 * The audit trail: entries are appended in the transaction of the change they describe, so a
 * change and its entry commit or fail together; the table refuses updates and deletes.
 */
@Injectable()
export class AuditService {
  constructor(private readonly tenantDb: TenantDb) {}

  /** The active company's entries: newest first unless sorted otherwise; `entity` + `entity_id` is one record's history. */
  list(query: AuditQuery): Promise<PageOf<AuditEntry>> {
    return this.tenantDb.transaction(async (scope) => {
      const params: unknown[] = [];
      const bind = (value: unknown) => `$${params.push(value)}`;
      const where = ['true'];
      if (query.entity) where.push(`entity = ${bind(query.entity)}`);
      if (query.entity_id) where.push(`entity_id = ${bind(query.entity_id)}`);
      if (query.action) where.push(`action = ${bind(query.action)}`);
      if (query.search)
        where.push(
          containsFoldedSql(['actor_name', 'label', 'action', 'entity', "coalesce(before::text, '')", "coalesce(after::text, '')"], bind(query.search)),
        );
      const column = sortColumn(AUDIT_SORTS, query.sort, null);
      const order = column ? `${column} ${query.direction === 'desc' ? 'desc' : 'asc'}, at desc, id desc` : 'at desc, id desc';
      const [{ total }] = await scope.manager.query(`select count(*)::int as total from audit_entry where ${where.join(' and ')}`, params);
      const items: AuditEntry[] = await scope.manager.query(
        `${ENTRY} where ${where.join(' and ')} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
        params,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  get(id: number): Promise<AuditEntry> {
    return this.tenantDb.transaction(async (scope) => {
      const [entry] = await scope.manager.query(`${ENTRY} where id = $1`, [id]);
      if (!entry) throw new NotFoundException(messages.notFound);
      return entry;
    });
  }

  /** Appends an entry for the scope's company, as part of its transaction. */
  record(scope: TenantScope, actor: AuditActor, event: AuditEvent, address: string | null = null): Promise<void> {
    return this.append(scope.manager, scope.companyId, actor, event, address);
  }

  /** The same in a system transaction (sign-ins, which happen before any company is chosen). */
  recordFor(manager: EntityManager, companyId: number, actor: AuditActor, event: AuditEvent, address: string | null = null): Promise<void> {
    return this.append(manager, companyId, actor, event, address);
  }

  private async append(manager: EntityManager, companyId: number, actor: AuditActor, event: AuditEvent, address: string | null): Promise<void> {
    // An update keeps what changed, and one that changed nothing is no event.
    let before = withoutSecrets(event.before);
    let after = withoutSecrets(event.after);
    if (event.action === 'update') {
      ({ before, after } = changedValues(before, after));
      if (before === null && after === null) return;
    }
    await manager.query(
      `insert into audit_entry (company_id, actor_id, actor_name, action, entity, entity_id, label, before, after, address)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        companyId,
        actor?.userId ?? null,
        actor?.email ?? '',
        event.action,
        event.entity,
        event.entityId ?? null,
        (event.label ?? '').slice(0, 300),
        before === null ? null : JSON.stringify(before),
        after === null ? null : JSON.stringify(after),
        address,
      ],
    );
  }
}
