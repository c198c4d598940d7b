import { z } from 'zod';
import { requiredText, trimmedText } from './common.schema';

/** Spec 3: role name and description. */
export const roleSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type Role = z.infer<typeof roleSchema>;

/** Spec 3: page name, description and alias (the navigation item id). */
export const pageSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string(), alias: z.string() });
export type Page = z.infer<typeof pageSchema>;

export const pageInputSchema = z.object({
  name: requiredText(120),
  description: trimmedText().max(300).default(''),
  alias: requiredText(80).regex(/^[a-z0-9-]+$/, 'Solo minúsculas, números y guiones'),
});

/** Spec 3: read, insert, update, delete per role per page. */
export const pageRoleSchema = z.object({
  id: z.number().int(),
  page_id: z.number().int(),
  role_id: z.number().int(),
  read: z.boolean(),
  insert: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type PageRole = z.infer<typeof pageRoleSchema>;

/** A row of the page-role screen (spec 2.4): page name, description, alias, role name and description. */
export const pageRoleRowSchema = pageRoleSchema.extend({
  page_name: z.string(),
  page_description: z.string(),
  page_alias: z.string(),
  role_name: z.string(),
  role_description: z.string(),
});
export type PageRoleRow = z.infer<typeof pageRoleRowSchema>;

export const pageRoleUpdateSchema = pageRoleSchema.pick({ read: true, insert: true, update: true, delete: true }).partial();

/** A page's four grants. */
export const crudGrantSchema = z.object({ read: z.boolean(), insert: z.boolean(), update: z.boolean(), delete: z.boolean() });

/** `GET /api/grants`: what the caller's roles may do on each page of the active company. */
export const myGrantsSchema = z.object({
  company_id: z.number().int(),
  /** Page alias → grants; a page that is not listed grants nothing. */
  grants: z.record(z.string(), crudGrantSchema),
  /** Whether the caller may make the `colleague` calls (chat, presence, share links): any role but guest. */
  colleague: z.boolean(),
});
export type MyGrants = z.infer<typeof myGrantsSchema>;
