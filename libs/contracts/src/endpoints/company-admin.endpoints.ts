import { listQuerySchema, pagedSchema } from '../common.schema';
import {
  companyCreateSchema,
  companyRecordSchema,
  companyUpdateSchema,
  pageRecordSchema,
  pageUpdateSchema,
  roleCreateSchema,
  roleRecordSchema,
  roleUpdateSchema,
} from '../company-admin.schema';
import { endpoint, idParams } from '../endpoint';

const companies = { page: 'companies' } as const;
const roles = { page: 'roles' } as const;
const pages = { page: 'pages' } as const;

/**
 * The companies the caller belongs to (issue 11). A change to a company other than the active one
 * also needs the grant in that company; one the caller does not belong to answers 404.
 */
export const companyAdminEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'company/list',
    access: companies,
    tag: 'administration',
    summary: 'A page of the companies the caller belongs to, with their details and member counts',
    query: listQuerySchema,
    response: pagedSchema(companyRecordSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'company/:id',
    access: companies,
    tag: 'administration',
    summary: 'One company the caller belongs to',
    params: idParams,
    response: companyRecordSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'company',
    access: companies,
    tag: 'administration',
    summary: 'A new company: its creator becomes its administrator and it gets the default grants',
    body: companyCreateSchema,
    response: companyRecordSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'company/:id',
    access: companies,
    tag: 'administration',
    summary: 'Change a company, or deactivate (nobody can switch into it, its sessions end) or activate it',
    params: idParams,
    body: companyUpdateSchema,
    response: companyRecordSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'company/:id',
    access: companies,
    tag: 'administration',
    summary: 'Delete a company that has no other member and no data',
    params: idParams,
    errors: [409],
    response: null,
  }),
} as const;

/** The four built-in roles (read only) and the active company's own roles. */
export const roleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'role/all',
    access: roles,
    tag: 'administration',
    summary: 'A page of the roles of the active company: the built-in ones and its own',
    query: listQuerySchema,
    response: pagedSchema(roleRecordSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'role/:id',
    access: roles,
    tag: 'administration',
    summary: 'One role',
    params: idParams,
    response: roleRecordSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'role',
    access: roles,
    tag: 'administration',
    summary: 'A role of the active company, with no grant until one is given',
    body: roleCreateSchema,
    response: roleRecordSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'role/:id',
    access: roles,
    tag: 'administration',
    summary: "Rename or describe one of the company's own roles",
    params: idParams,
    body: roleUpdateSchema,
    response: roleRecordSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'role/:id',
    access: roles,
    tag: 'administration',
    summary: "Delete one of the company's own roles that nobody holds",
    params: idParams,
    // The built-in roles, and roles still given to someone.
    errors: [409],
    response: null,
  }),
} as const;

/** The catalogue's pages as the active company names them; the catalogue itself comes from the code. */
export const pageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'page/all',
    access: pages,
    tag: 'administration',
    summary: "A page of the portal's screens with the active company's names and descriptions",
    query: listQuerySchema,
    response: pagedSchema(pageRecordSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: 'page/:id',
    access: pages,
    tag: 'administration',
    summary: 'One page of the portal',
    params: idParams,
    response: pageRecordSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'page/:id',
    access: pages,
    tag: 'administration',
    summary: "The active company's name and description of a page (the catalogue's own values restore it)",
    params: idParams,
    body: pageUpdateSchema,
    response: pageRecordSchema,
  }),
} as const;
