import { z } from 'zod';
import { AREAS } from './pages';
import { pageRoleSchema } from './admin.schema';

/** The four actions a page-role permission grants, in the order the screens show them. */
export const GRANT_ACTIONS = ['read', 'insert', 'update', 'delete'] as const;

/**
 * `GET /api/page-role/matrix`: every page of the catalogue × every role the active company sees
 * (the four built-in ones and its own), with the permission of each pair, in one answer.
 */
export const pageRoleMatrixSchema = z.object({
  pages: z.array(z.object({ id: z.number().int(), alias: z.string(), area: z.enum(AREAS), name: z.string(), description: z.string() })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string(), builtIn: z.boolean() })),
  /** One per page and role; a pair without a row grants nothing and cannot be changed here. */
  grants: z.array(pageRoleSchema),
});
export type PageRoleMatrix = z.infer<typeof pageRoleMatrixSchema>;
