import { z } from 'zod';
import type { ShareResourceType } from './auth.schema';
import { queryInteger } from './common.schema';
import { messages } from './messages';
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

/** A record id in a path: digits only, a positive `int` (a bigger id can name no row). */
export const pathId = queryInteger({ min: 1, max: INT4_MAX, message: messages.invalidId });

/** `:id` in a path. */
export const idParams = z.object({ id: pathId });
