import { auditEntrySchema, auditQuerySchema } from '../audit.schema';
import { pagedSchema } from '../common.schema';
import { endpoint, idParams } from '../endpoint';

const audit = { page: 'audit' } as const;

/** The audit trail of the active company (issue 11): read-only, newest first unless sorted otherwise. */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'audit/all',
    access: audit,
    tag: 'administration',
    summary: 'A page of audit entries: search, sort, paging, and the history of one record (entity, entity_id)',
    query: auditQuerySchema,
    response: pagedSchema(auditEntrySchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'audit/:id',
    access: audit,
    tag: 'administration',
    summary: 'One audit entry',
    params: idParams,
    response: auditEntrySchema,
  }),
} as const;
