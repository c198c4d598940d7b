import { z } from 'zod';
import type { ShareResourceType } from './auth.schema';
import { queryInteger } from './common.schema';
import { messages } from './messages';
import { MEDIA_TYPES } from './endpoint-errors';
import { INT4_MAX } from './safe-input';
import type { PageAlias } from './pages';

/**
 * One API call, declared once and used by both sides: the API mounts its route, guard, validation
 * and OpenAPI entry from it (api/src/common/endpoint.decorator.ts); the browser calls it through
 * the typed client (`call()` in @planta/session) and asks the caller's grants whether it may
 * (`useCan()`), so a button is shown exactly when the API would accept its call.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anybody; any signed-in user (not share-link guests): their own profile, password,
 * grants and notifications; any signed-in colleague, that is every role but guest (`isColleague`):
 * chat, presence, share links; or whoever holds the grant of the page for the verb (GET read, POST
 * insert, PUT/PATCH update, DELETE delete).
 */
export type EndpointAccess = 'public' | 'signed-in' | 'colleague' | { page: PageAlias };

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * Statuses of a route that its contract cannot show by itself (the rest are derived by
 * `errorStatuses`): a conflict with stored data on a route without an idempotency key (a delete, a
 * public call), a rate limit, a refusal of a sign-in.
 */
export type DeclaredErrorStatus = 401 | 403 | 404 | 409 | 429;

/**
 * A refusal (400 on `field`) of input that follows the schemas, for what only stored data or a
 * record's state can say: its Spanish message, as the API sends it. Refinements of the schemas and
 * references to records are documented without it (`endpointRules`).
 */
export interface StateRule {
  field: string;
  message: string;
}

/** Files a route receives in a multipart form: the form's field, and whether it takes several (then a JSON body without files too). */
export interface EndpointUpload {
  field: string;
  many?: true;
}

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path below `/api`, with `:name` parameters: `orders/:id`. */
  path: string;
  access: EndpointAccess;
  /** OpenAPI tag and one-line summary. */
  tag: string;
  summary: string;
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** The answer's JSON shape; `null` answers 204 without a body. */
  response: z.ZodType | null;
  /** Files in a multipart form (the route's JSON `body`, if any, is then its text fields). */
  upload?: EndpointUpload;
  /** Error statuses the contract does not show by itself (see `errorStatuses`). */
  errors?: readonly DeclaredErrorStatus[];
  /** Refusals of input that follows the schemas, by stored data or state (see `StateRule`). */
  rules?: readonly StateRule[];
  /** Machine codes a client matches on, by refused field, sent as the error's `codes` (spec 8's registration codes). */
  fieldCodes?: Readonly<Record<string, string>>;
  /** Success status when not the verb's usual one (POST 201, DELETE 204, otherwise 200). */
  status?: 200 | 201 | 204;
  /** A read a share-link guest may make for the one resource of its token (`param` holds the id). */
  shareable?: { type: ShareResourceType; param: string };
  /** The route's `company_id` names a company to move to, not the one to act in. */
  choosesCompany?: true;
  /**
   * A POST whose repetition changes nothing more than its first call (it reads, or sets a value):
   * the browser sends it again after a network failure or a 503, as it does every GET.
   */
  idempotent?: true;
}

/** Declares an endpoint, keeping its literal types (for the typed client). */
export const endpoint = <const E extends EndpointDefinition>(definition: E): E => definition;

/** The success status of an endpoint. */
export function successStatus(definition: Pick<EndpointDefinition, 'method' | 'status' | 'response'>): number {
  if (definition.status) return definition.status;
  if (definition.response === null) return 204;
  return definition.method === 'POST' ? 201 : 200;
}

// ------------------------------------------------------------------------------------- typing

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the API handler receives: params, query and body, validated and parsed. */
export interface EndpointArgs<E extends EndpointDefinition> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

type Part<K extends string, S> = S extends z.ZodType
  ? Record<string, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller sends: the parts the endpoint declares, typed from its schemas. */
export type EndpointRequest<E extends EndpointDefinition> = Part<'params', E['params']> & Part<'query', E['query']> & Part<'body', E['body']>;

/** The answer of an endpoint (JSON: dates as ISO strings). */
export type EndpointResponse<E extends EndpointDefinition> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

// ------------------------------------------------------------------------------ common pieces

/** An answer that is a file, not JSON: its bytes in one of `mediaTypes`, as its Content-Type says. */
export const fileResponse = (mediaTypes: readonly string[], description: string) =>
  z.unknown().meta({ type: 'string', format: 'binary', description, [MEDIA_TYPES]: [...mediaTypes] });

/** The media types of a file answer (`fileResponse`); undefined for a JSON one. */
export const mediaTypesOf = (response: z.ZodType | null): readonly string[] | undefined =>
  response ? ((z.globalRegistry.get(response) as Record<string, unknown> | undefined)?.[MEDIA_TYPES] as string[] | undefined) : undefined;

/** A record id in a path: digits only, a positive `int` (a bigger id can name no row). */
export const pathId = queryInteger({ min: 1, max: INT4_MAX, message: messages.invalidId });

/** `:id` in a path. */
export const idParams = z.object({ id: pathId });
