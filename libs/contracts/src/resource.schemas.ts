import { z } from 'zod';
import { bodyInteger, bodyNumber, isoDate, listQuerySchema, nameText, pagedSchema, trimmedText } from './common.schema';
import { endpoint, idParams, type EndpointDefinition } from './endpoint';
import { withRules } from './endpoint-errors';
import { messages } from './messages';
import {
  applicableValues,
  fieldApplies,
  requiredMessageOf,
  type FieldDefinition,
  type NumberField,
  type ResourceDefinition,
  type ResourceInput,
  type ResourceRecord,
  type ViewFieldKind,
} from './resource';
import { INT4_MAX } from './safe-input';

/**
 * What a resource declaration (resource.ts) derives with zod: its request and response schemas and
 * its five endpoints. Kept apart from the declarations, which the shell contract reads on the
 * sign-in page (the resources' routes): that page loads no zod.
 */

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a field must be filled in as such (not just while a condition holds). */
const alwaysRequired = (definition: FieldDefinition) => Boolean(definition.required) && !definition.when;

function numberSchema(definition: NumberField) {
  const message = definition.sign === 'nonNegative' ? messages.nonNegativeNumber : messages.positiveNumber;
  // A JSON number only: `true`, `"1"`, `null` and `[]` are no numbers, whatever JavaScript would make of them.
  let number = bodyNumber(message);
  if (definition.kind === 'integer') number = number.int(messages.wholeNumber);
  number = definition.sign === 'nonNegative' ? number.min(0, message) : number.positive(message);
  const max = definition.kind === 'integer' ? Math.min(definition.max, INT4_MAX) : definition.max;
  let schema: z.ZodType<number> = number.max(max, messages.atMost(max));
  for (const check of definition.checks ?? []) schema = schema.refine(check.test, check.message);
  return schema;
}

/** The schema of one field's value as a request carries it. */
export function fieldSchema(definition: FieldDefinition): z.ZodType {
  const required = alwaysRequired(definition);
  switch (definition.kind) {
    case 'text': {
      const missing = requiredMessageOf(definition);
      let schema = definition.multiline ? trimmedText({ error: missing, multiline: true }) : nameText({ error: missing });
      if (definition.upperCase) schema = schema.toUpperCase();
      if (required) schema = schema.min(1, missing);
      schema = schema.max(definition.max, messages.tooLong(definition.max));
      if (definition.pattern) schema = schema.regex(definition.pattern.regex, definition.pattern.message);
      return required ? schema : schema.default('');
    }
    case 'number':
    case 'integer': {
      const schema = numberSchema(definition);
      return definition.nullable || !required ? schema.nullable().optional() : schema;
    }
    case 'choice': {
      const schema = z.enum(definition.values as [string, ...string[]], { error: definition.message });
      if (definition.default !== undefined) return schema.default(definition.default);
      return definition.nullable || !required ? schema.nullable().optional() : schema;
    }
    case 'reference': {
      const message = requiredMessageOf(definition);
      const schema = bodyInteger({ message });
      return required ? schema : schema.nullable().optional();
    }
    case 'time':
      return z.string({ error: messages.timeFormat }).trim().regex(CLOCK, messages.timeFormat);
    case 'date': {
      if (required) return isoDate;
      // An emptied date input sends '': no date, as the schema says (the forms check with this schema too).
      return z
        .union([isoDate, z.literal('').transform(() => null)], { error: messages.dateFormat })
        .nullable()
        .optional()
        .meta({ description: 'A day, or none: null or an empty text' });
    }
    case 'integerSet': {
      // Checked as a whole, so that the message belongs to the field rather than to one element.
      const allowed = new Set<unknown>(definition.values);
      return z
        .array(z.unknown(), { error: definition.message })
        .min(required ? 1 : 0, definition.message)
        .refine((values) => values.every((value) => allowed.has(value)), definition.message)
        .transform((values) => [...new Set(values as number[])].sort((a, b) => a - b))
        .meta({ items: { type: 'integer', enum: [...definition.values] } });
    }
  }
}

/** The schema of a field's value in an answer. */
function viewFieldSchema(definition: FieldDefinition): z.ZodType {
  switch (definition.kind) {
    case 'text':
    case 'time':
      return z.string();
    case 'number':
      return definition.nullable ? z.number().nullable() : z.number();
    case 'integer':
      return definition.nullable ? z.number().int().nullable() : z.number().int();
    case 'choice': {
      const values = z.enum(definition.values as [string, ...string[]]);
      return definition.nullable ? values.nullable() : values;
    }
    case 'reference':
      return definition.required ? z.number().int() : z.number().int().nullable();
    case 'integerSet':
      return z.array(z.number().int());
    case 'date':
      return definition.required ? z.string() : z.string().nullable();
  }
}

/** The schema of a view field (`ResourceDefinition.view`). */
function viewKindSchema(kind: ViewFieldKind): z.ZodType {
  switch (kind) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'integer':
      return z.number().int();
    case 'boolean':
      return z.boolean();
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The refusals `checkRecord` and the database's checks make of a record whose fields each follow their schema (documented with `withRules`). */
function recordRules(resource: ResourceDefinition): { field: string; message: string }[] {
  return [
    ...Object.entries(resource.fields)
      .filter(([, definition]) => definition.when && definition.required)
      .map(([name, definition]) => ({ field: name, message: requiredMessageOf(definition) })),
    ...(resource.rules ?? []).map((rule) => ({ field: rule.path, message: rule.message })),
    ...(resource.checks ?? []).map((check) => ({ field: check.field, message: check.message })),
  ];
}

/** A field with a condition is required only while it applies; the record rules once their fields are valid. */
function checkRecord(resource: ResourceDefinition, shapes: Record<string, z.ZodType>) {
  return (record: Record<string, unknown>, context: z.RefinementCtx) => {
    for (const [name, definition] of Object.entries(resource.fields)) {
      if (definition.when && definition.required && fieldApplies(definition, record) && isEmpty(record[name])) {
        context.addIssue({ code: 'custom', message: requiredMessageOf(definition), path: [name] });
      }
    }
    for (const rule of resource.rules ?? []) {
      const readable = rule.reads.every((name) => shapes[name]?.safeParse(record[name]).success);
      if (readable && !rule.test(record)) context.addIssue({ code: 'custom', message: rule.message, path: [rule.path] });
    }
  };
}

export interface ResourceSchemas {
  /** Each field's own schema, without the record rules. */
  fields: z.ZodObject<z.ZodRawShape>;
  /** `POST`: the whole record with its rules. */
  create: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  /** `PATCH`: any subset; the API checks the merged record with `create`. */
  patch: z.ZodObject<z.ZodRawShape>;
  /** A record as the API answers it. */
  view: z.ZodObject<z.ZodRawShape>;
  /** `GET …/all`. */
  page: z.ZodObject<z.ZodRawShape>;
}

const cache = new WeakMap<ResourceDefinition, ResourceSchemas>();

/** The schemas a resource derives from its declaration (made once per resource). */
export function resourceSchemas(resource: ResourceDefinition): ResourceSchemas {
  const known = cache.get(resource);
  if (known) return known;
  const shapes = Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, fieldSchema(definition)]));
  const fields = z.object(shapes);
  const rules = recordRules(resource);
  const create = withRules(fields.superRefine(checkRecord(resource, shapes)), rules).transform((record) =>
    applicableValues(resource, record),
  ) as unknown as ResourceSchemas['create'];
  // The API checks the record a change makes with `create`: its rules are the change's too.
  const patch = withRules(
    z.object(
      Object.fromEntries(
        Object.entries(shapes).map(([name, schema]) => [name, ((schema instanceof z.ZodDefault ? schema.unwrap() : schema) as z.ZodType).optional()]),
      ),
    ),
    rules,
  );
  const view = z.object({
    id: z.number().int(),
    ...Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, viewFieldSchema(definition)])),
    ...Object.fromEntries(Object.entries(resource.view ?? {}).map(([name, kind]) => [name, viewKindSchema(kind)])),
  });
  const schemas: ResourceSchemas = { fields, create, patch, view, page: pagedSchema(view) };
  cache.set(resource, schemas);
  return schemas;
}

// ---------------------------------------------------------------------------------- endpoints

type Typed<Out, In = Out> = z.ZodType<Out, In>;

const endpointCache = new WeakMap<ResourceDefinition, unknown>();

/** The five calls of a resource, with the page's grants for each verb (made once per resource). */
export function resourceEndpoints<R extends ResourceDefinition>(resource: R): ResourceEndpoints<R> {
  const known = endpointCache.get(resource) as ResourceEndpoints<R> | undefined;
  if (known) return known;
  const endpoints = makeResourceEndpoints(resource);
  endpointCache.set(resource, endpoints);
  return endpoints;
}

function makeResourceEndpoints<R extends ResourceDefinition>(resource: R) {
  const schemas = resourceSchemas(resource);
  const access = { page: resource.page };
  const tag = resource.area;
  const view = schemas.view as unknown as Typed<ResourceRecord<R>>;
  const input = schemas.create as unknown as Typed<ResourceRecord<R>, ResourceInput<R>>;
  return {
    list: endpoint({
      method: 'GET',
      path: `${resource.api}/all`,
      access,
      tag,
      summary: `A page of ${resource.table} records: search, sort and paging`,
      query: listQuerySchema,
      response: schemas.page as unknown as Typed<{ items: ResourceRecord<R>[]; total: number; page: number; pageSize: number }>,
    }),
    get: endpoint({ method: 'GET', path: `${resource.api}/:id`, access, tag, summary: `One ${resource.table} record`, params: idParams, response: view }),
    create: endpoint({ method: 'POST', path: resource.api, access, tag, summary: `Create a ${resource.table} record`, body: input, response: view }),
    update: endpoint({
      method: 'PATCH',
      path: `${resource.api}/:id`,
      access,
      tag,
      summary: `Change a ${resource.table} record (any subset of its fields)`,
      params: idParams,
      body: schemas.patch as unknown as Typed<Partial<ResourceRecord<R>>, ResourceInput<R>>,
      response: view,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${resource.api}/:id`,
      access,
      tag,
      summary: `Delete a ${resource.table} record nothing uses`,
      params: idParams,
      response: null,
      // What still uses the record.
      errors: [409],
    }),
  } satisfies Record<string, EndpointDefinition>;
}
export type ResourceEndpoints<R extends ResourceDefinition> = ReturnType<typeof makeResourceEndpoints<R>>;
