import { myGrantsSchema, pageRoleRowSchema, pageRoleUpdateSchema } from '../admin.schema';
import { listQuerySchema, pagedSchema } from '../common.schema';
import { pageRoleMatrixSchema } from '../page-role-matrix.schema';
import { endpoint, idParams } from '../endpoint';

const pageRoles = { page: 'page-roles' } as const;

/**
 * The caller's grants, which the browser obeys for every menu item, route and button, and the
 * page-role permissions (spec 2.4, 3) administrators change; a change reaches open sessions live.
 */
export const permissionEndpoints = {
  myGrants: endpoint({
    method: 'GET',
    path: 'grants',
    access: 'signed-in',
    tag: 'permissions',
    summary: "The caller's grants (read, insert, update, delete) per page in the active company",
    response: myGrantsSchema,
  }),
  pageRoles: endpoint({
    method: 'GET',
    path: 'page-role/all',
    access: pageRoles,
    tag: 'permissions',
    summary: 'A page of page-role permissions with page and role names',
    query: listQuerySchema,
    response: pagedSchema(pageRoleRowSchema),
  }),
  pageRoleMatrix: endpoint({
    method: 'GET',
    path: 'page-role/matrix',
    access: pageRoles,
    tag: 'permissions',
    summary: 'Every page × every role of the company with their permissions, for the matrix view',
    response: pageRoleMatrixSchema,
  }),
  pageRole: endpoint({
    method: 'GET',
    path: 'page-role/:id',
    access: pageRoles,
    tag: 'permissions',
    summary: 'One page-role permission',
    params: idParams,
    response: pageRoleRowSchema,
  }),
  updatePageRole: endpoint({
    method: 'PATCH',
    path: 'page-role/:id',
    access: pageRoles,
    tag: 'permissions',
    summary:
      'Change what a role may do on a page; open sessions of the company follow at once. Refused (409) when it would lock the caller or the company out of this screen, and (403, audited) when it grants what the caller does not hold',
    params: idParams,
    body: pageRoleUpdateSchema,
    response: pageRoleRowSchema,
  }),
} as const;
