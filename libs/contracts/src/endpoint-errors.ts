import { z } from 'zod';
import type { EndpointDefinition } from './endpoint';
import { IDEMPOTENT_WRITE_METHODS } from './idempotency';
import { messages } from './messages';

/**
 * What a route may answer besides its success, derived from its contract here and nowhere else,
 * for the OpenAPI document (api/src/common/endpoint.decorator.ts) and whoever reads it (issue 36).
 */

const WRITES: readonly string[] = IDEMPOTENT_WRITE_METHODS;

/**
 * The error statuses of a route, each in the API's one error shape:
 * - 400 on every route: input off its schemas, and query parameters it does not declare;
 * - 401 and 403 on every route that is not public: no or a bad token; a grant, the company or a
 *   share link that does not reach it;
 * - 404 with path parameters or references in the input (`endpointRules`): what they name does
 *   not exist or is another company's;
 * - 409 and 422 on a signed-in POST, PUT or PATCH, which may carry an Idempotency-Key: one still
 *   being answered, one already used for another request;
 * - 413 with a body (over the body limit) or files (over the company's upload limit), 415 with
 *   files of a type the route does not take;
 * - 503 on every route: the database out of reach, or the API stopping (with Retry-After);
 * - and those the contract declares (`errors`).
 * A method the path does not answer is a 405 with Allow, documented once for the whole API.
 */
export function errorStatuses(definition: EndpointDefinition): number[] {
  const statuses = new Set<number>([400, 503, ...(definition.errors ?? [])]);
  const signedIn = definition.access !== 'public';
  if (signedIn) statuses.add(401).add(403);
  if (definition.params || endpointRules(definition).some((rule) => rule.reference)) statuses.add(404);
  if (signedIn && WRITES.includes(definition.method)) statuses.add(409).add(422);
  if (definition.body || definition.upload) statuses.add(413);
  if (definition.upload) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

// ------------------------------------------------------------------------------------- rules

/**
 * A refusal (400 on `field`) that input following the schemas may still meet, as the OpenAPI
 * document lists it (`x-planta-rules`): a rule across fields or beyond what JSON Schema says, with
 * its Spanish message; or a reference (`reference`), an id that must name a record of the active
 * company this call may use, refused with a message that says which.
 */
export interface DocumentedRule {
  in?: 'params' | 'query' | 'body';
  field: string;
  message?: string;
  reference?: true;
}

/** The meta key of the refusals a refinement makes that zod cannot list (a `superRefine`). */
export const RULES = 'x-planta-rules';
/** The meta key of the media types of a file answer (`fileResponse`). */
export const MEDIA_TYPES = 'x-planta-media-types';

/** Declares the refusals of a `superRefine` (or of the API's check of a whole record): fields relative to the schema, with their messages. */
export const withRules = <T extends z.ZodType>(schema: T, rules: readonly { field?: string; message: string }[]): T =>
  schema.meta({ [RULES]: rules.map((rule) => ({ field: rule.field ?? '', message: rule.message })) }) as T;

/** A field of the API's `fields`: dotted, items as `*`, the whole part as `_` (issuesToFields). */
const fieldName = (path: readonly string[]) => path.join('.') || '_';

/** Names of the fields that hold record ids: `id`, `die_id`, `corrector_ids`. */
const REFERENCE = /^(?:id|.+_ids?)$/;

interface ZodNode {
  type: string;
  checks?: { _zod: { def: { check: string; error?: (issue?: unknown) => unknown; path?: PropertyKey[] } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
}

/** The refusals a schema documents, through objects, arrays, unions and wrappers; `path` is where it is. */
function rulesOf(schema: z.ZodType, path: string[], rules: DocumentedRule[], depth = 0): void {
  if (depth > 12) return;
  const def = schema._zod.def as unknown as ZodNode;
  const last = path[path.length - 1];
  if (last !== undefined && REFERENCE.test(last)) rules.push({ field: fieldName(path), reference: true });
  for (const check of def.checks ?? []) {
    const own = check._zod.def;
    const message = own.check === 'custom' ? own.error?.() : undefined;
    if (typeof message === 'string') rules.push({ field: fieldName([...path, ...(own.path ?? []).map(String)]), message });
  }
  const declared = (z.globalRegistry.get(schema) as Record<string, unknown> | undefined)?.[RULES] as { field: string; message: string }[] | undefined;
  for (const rule of declared ?? []) rules.push({ field: fieldName([...path, ...(rule.field ? rule.field.split('.') : [])]), message: rule.message });
  const inner = (child: z.ZodType | undefined, at = path) => child && rulesOf(child, at, rules, depth + 1);
  for (const [name, child] of Object.entries(def.shape ?? {})) inner(child, [...path, name]);
  for (const child of [def.innerType, def.in, def.out, def.left, def.right, ...(def.options ?? [])]) inner(child);
  for (const child of [def.element, def.valueType, ...(def.items ?? [])]) inner(child, [...path, '*']);
}

/**
 * The refusals of every request, listed once for the whole API: a text no column can store (a NUL,
 * half a surrogate pair), anywhere in it, under any name (`*`), even one no schema lists.
 */
export const REQUEST_RULES: readonly DocumentedRule[] = [{ field: '*', message: messages.invalidCharacters }];
const requestRuleMessages = new Set(REQUEST_RULES.map((rule) => rule.message));

/**
 * The refusals of input following the schemas that a route documents: its schemas' refinements
 * and references, and its contract's `rules` (without those of every request, `REQUEST_RULES`).
 */
export function endpointRules(definition: EndpointDefinition): DocumentedRule[] {
  const rules: DocumentedRule[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = definition[part];
    if (!schema) continue;
    const found: DocumentedRule[] = [];
    rulesOf(schema, [], found);
    // A path id that names nothing is a 404, not a refusal of input.
    rules.push(...found.filter((rule) => part !== 'params' || !rule.reference).map((rule) => ({ in: part, ...rule })));
  }
  for (const rule of definition.rules ?? []) rules.push({ field: rule.field, message: rule.message });
  const seen = new Set<string>();
  return rules.filter((rule) => {
    if (rule.message !== undefined && requestRuleMessages.has(rule.message)) return false;
    const key = JSON.stringify([rule.field, rule.message ?? null, rule.reference ?? null]);
    return !seen.has(key) && seen.add(key);
  });
}
