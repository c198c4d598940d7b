import { z } from 'zod';
import {
  authResponseSchema,
  createInvitationRequestSchema,
  invitationResponseSchema,
  createShareTokenRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  registrationPolicySchema,
  shareLinkListQuerySchema,
  shareLinkRowSchema,
  shareTokenResponseSchema,
  shareTokenSignInRequestSchema,
  tokenSignInRequestSchema,
  userSchema,
  userUpdateRequestSchema,
} from '../auth.schema';
import { companySchema, healthResponseSchema, switchCompanyRequestSchema } from '../company.schema';
import { pagedSchema } from '../common.schema';
import { endpoint, idParams } from '../endpoint';
import { registrationFieldCodes } from '../messages';

/** Spec 7 sign-in calls, the company selector, share links and the health check. */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: 'auth/login',
    // Repeated after a lost answer or a 503: it changes nothing but the count of failed attempts.
    idempotent: true,
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with email and password',
    body: loginRequestSchema,
    errors: [401, 429],
    response: authResponseSchema,
    status: 200,
  }),
  tokenSignIn: endpoint({
    method: 'POST',
    path: 'auth/token',
    idempotent: true,
    access: 'public',
    tag: 'auth',
    summary: 'Sign in again with a stored access token',
    body: tokenSignInRequestSchema,
    errors: [401],
    response: authResponseSchema,
    status: 200,
  }),
  shareSignIn: endpoint({
    method: 'POST',
    path: 'auth/login/token',
    idempotent: true,
    access: 'public',
    tag: 'auth',
    summary: 'Guest sign-in with a share token',
    body: shareTokenSignInRequestSchema,
    errors: [401],
    response: authResponseSchema,
    status: 200,
  }),
  register: endpoint({
    method: 'POST',
    path: 'auth/register',
    access: 'public',
    tag: 'auth',
    summary: 'Register a person and the company they administer',
    body: registerRequestSchema,
    fieldCodes: registrationFieldCodes,
    errors: [403, 409, 429],
    response: authResponseSchema,
  }),
  registration: endpoint({
    method: 'GET',
    path: 'auth/registration',
    access: 'public',
    tag: 'auth',
    summary: 'Whether new companies may register here: open, closed or by invitation only',
    response: registrationPolicySchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: 'auth/registration/invitation',
    access: { page: 'companies' },
    tag: 'auth',
    summary: 'A one-time link that lets another company register when registration is by invitation',
    body: createInvitationRequestSchema,
    response: invitationResponseSchema,
  }),
  updateUser: endpoint({
    method: 'POST',
    path: 'auth/user/update',
    access: 'signed-in',
    tag: 'auth',
    summary: "The caller's own display name, photo, settings and shortcuts",
    body: userUpdateRequestSchema,
    response: z.object({ user: userSchema }),
    status: 200,
  }),
} as const;

export const companyEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'company/all',
    access: 'signed-in',
    tag: 'companies',
    summary: 'The companies the caller may choose in the company selector',
    response: z.array(companySchema),
  }),
  switch: endpoint({
    method: 'POST',
    path: 'company/switch',
    idempotent: true,
    access: 'signed-in',
    choosesCompany: true,
    tag: 'companies',
    summary: 'Re-issue the session for another company of the caller',
    body: switchCompanyRequestSchema,
    response: authResponseSchema,
    status: 200,
  }),
} as const;

/**
 * Share links (issue 36): a colleague who may change a record shares it; its creator, or whoever
 * holds the 'share-links' grants (by default the admin role), sees and ends it.
 */
export const shareTokenEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'share-token',
    access: 'colleague',
    tag: 'auth',
    summary: 'A read-only link to one die summary, correction record or correction report; its discussion and names only if chosen',
    body: createShareTokenRequestSchema,
    errors: [404],
    response: shareTokenResponseSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: 'share-token/all',
    access: 'colleague',
    tag: 'auth',
    summary: "The links still valid that the caller made, or all the company's for a reader of 'share-links'; of one resource when given",
    query: shareLinkListQuerySchema,
    response: pagedSchema(shareLinkRowSchema),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: 'share-token/:id',
    access: 'colleague',
    tag: 'auth',
    summary: "End a share link early: one's own, or any with the delete grant of 'share-links'",
    params: idParams,
    response: null,
  }),
} as const;

/** The OpenAPI document of this API: the docs page (/api/docs) loads it with the reader's token. */
const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) });

export const healthEndpoints = {
  apiDocument: endpoint({
    method: 'GET',
    path: 'docs-json',
    access: 'colleague',
    tag: 'health',
    summary: 'The OpenAPI document of this API, for signed-in colleagues (404 when API_DOCS=off)',
    response: openApiDocumentSchema,
  }),
  health: endpoint({
    method: 'GET',
    path: 'health',
    access: 'public',
    tag: 'health',
    summary: 'Whether the API and its database are up (503 when the database is down)',
    response: healthResponseSchema,
  }),
} as const;
