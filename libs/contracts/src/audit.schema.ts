import { z } from 'zod';
import { listQuerySchema, queryInteger } from './common.schema';

/** What an audit entry records (issue 11): the changes of administration and every sign-in. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'activate',
  'deactivate',
  'password-reset',
  'password-change',
  'sign-in',
  'sign-in-failed',
  'refused',
  'invite',
  'accept',
  'revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an entry is about. */
export const AUDIT_ENTITIES = [
  'company',
  'role',
  'page',
  'page-role',
  'user',
  'user-invitation',
  'failure-report',
  'machine-stop',
  'work-order',
  'pm-plan',
  'meter',
  'document-upload',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Field values before and after a change (only the fields that changed). */
export const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  /** Who did it, as they were known then (their email); empty for the system. */
  actor_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number().int().nullable(),
  /** The record's name when the entry was written. */
  label: z.string(),
  before: auditValuesSchema,
  after: auditValuesSchema,
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit/all`: the list's query plus the filters of a record's history tab. */
export const auditQuerySchema = listQuerySchema.extend({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: queryInteger({ min: 1 }).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * A network address as a person reads it: an IPv4 address the server saw through its IPv6 socket
 * ('::ffff:127.0.0.1') reads as the IPv4 address it is ('127.0.0.1'); the stored value stays as seen.
 */
export const readableAddress = (address: string | null | undefined): string | null =>
  address ? address.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1') : null;
