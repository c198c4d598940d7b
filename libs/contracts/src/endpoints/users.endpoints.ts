import { authResponseSchema } from '../auth.schema';
import { pagedSchema } from '../common.schema';
import { endpoint, idParams } from '../endpoint';
import {
  managedUserSchema,
  passwordChangeSchema,
  passwordResetSchema,
  userCreateSchema,
  userListQuerySchema,
  userOptionsSchema,
  userUpdateSchema,
  userWithPasswordSchema,
} from '../users.schema';

const users = { page: 'users' } as const;

/** The users of the active company (issue 11): who they are, their roles and companies, active or not. */
export const userEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'users/all',
    access: users,
    tag: 'administration',
    summary: 'A page of the users of the active company: search, sort, paging',
    query: userListQuerySchema,
    response: pagedSchema(managedUserSchema),
  }),
  options: endpoint({
    method: 'GET',
    path: 'users/options',
    access: users,
    tag: 'administration',
    summary: "The roles of the active company and the caller's own companies, for the user form",
    response: userOptionsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: 'users/:id',
    access: users,
    tag: 'administration',
    summary: 'One user of the active company',
    params: idParams,
    response: managedUserSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'users',
    access: users,
    tag: 'administration',
    summary: 'A new user with a temporary password (shown once in the answer) that must be changed at the first sign-in',
    body: userCreateSchema,
    response: userWithPasswordSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'users/:id',
    access: users,
    tag: 'administration',
    summary: "A user's name, position, photo, roles in the active company, companies and whether active",
    params: idParams,
    body: userUpdateSchema,
    response: managedUserSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'users/:id/reset-password',
    access: users,
    tag: 'administration',
    summary: 'A new temporary password (shown once in the answer) that must be changed at the next sign-in',
    params: idParams,
    body: passwordResetSchema,
    response: userWithPasswordSchema,
    status: 200,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'users/:id',
    access: users,
    tag: 'administration',
    summary: 'Remove a user who has no history (otherwise 409: deactivate instead)',
    params: idParams,
    response: null,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'auth/change-password',
    access: 'signed-in',
    beforePasswordChange: true,
    tag: 'auth',
    summary: "The caller's own new password (a temporary one must be changed before anything else)",
    body: passwordChangeSchema,
    response: authResponseSchema,
    status: 200,
  }),
} as const;
