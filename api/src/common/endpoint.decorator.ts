import {
  applyDecorators,
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { ApiBody, ApiExtension, ApiOperation, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  endpointRules,
  errorStatuses,
  HTTP_REASONS,
  issuesToFields,
  mediaTypesOf,
  messages,
  openApiOverride,
  pathParams,
  successStatus,
  unstorableTextPath,
  type EndpointArgs,
  type EndpointDefinition,
  type HttpMethod,
} from '@planta/contracts';
import { ReceivesFiles } from '../files/uploads';
import { ChoosesCompany, Colleague, Page, Public, Shareable, SignedIn } from '../permissions/route-access.decorators';

export const ENDPOINT_KEY = 'planta:endpoint';

const METHODS: Record<HttpMethod, RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

type JsonSchema = Record<string, unknown>;

/** The OpenAPI (3.0) schema of a contract schema: what a request may carry, or what an answer holds. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any', override: openApiOverride }) as JsonSchema;
  return json;
}

/** How the access of an endpoint reads in the OpenAPI document (`x-planta-access`). */
export const accessText = (definition: EndpointDefinition) => (typeof definition.access === 'object' ? `page:${definition.access.page}` : definition.access);

/** The name of the API's one error shape among the document's schemas (api-document.ts puts it there). */
export const API_ERROR_SCHEMA = 'ApiError';

/** Statuses whose answer says when to come back (Retry-After, in seconds). */
const RETRY_AFTER_STATUSES = new Set([409, 429, 503]);

/** The success answer: the response schema as JSON, a file in its media types, or nothing (204). */
function successResponse(definition: EndpointDefinition): MethodDecorator {
  const status = successStatus(definition);
  const description = HTTP_REASONS[status] ?? (status === 204 ? 'No Content' : 'OK');
  if (!definition.response) return ApiResponse({ status, description });
  const mediaTypes = mediaTypesOf(definition.response);
  if (mediaTypes) {
    const schema = openApiSchema(definition.response, 'output');
    return ApiResponse({ status, description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) });
  }
  return ApiResponse({ status, description, schema: openApiSchema(definition.response, 'output') });
}

/** Each error status the route may answer (`errorStatuses`), in the one error shape. */
function errorResponses(definition: EndpointDefinition): MethodDecorator[] {
  return errorStatuses(definition).map((status) =>
    ApiResponse({
      status,
      description: HTTP_REASONS[status] ?? 'Error',
      schema: { $ref: `#/components/schemas/${API_ERROR_SCHEMA}` },
      ...(RETRY_AFTER_STATUSES.has(status)
        ? { headers: { 'Retry-After': { description: 'Seconds to wait before sending the request again', schema: { type: 'integer' } } } }
        : {}),
    }),
  );
}

/** The request body: JSON, or a multipart form with the route's files and its JSON body's fields as text fields. */
function requestBody(definition: EndpointDefinition): MethodDecorator[] {
  const body = definition.body ? openApiSchema(definition.body, 'input') : undefined;
  if (!definition.upload) return body ? [ApiBody({ schema: body })] : [];
  const { field, many } = definition.upload;
  const file = { type: 'string', format: 'binary' };
  const schema = {
    type: 'object',
    ...body,
    properties: { ...(body?.properties as object), [field]: many ? { type: 'array', items: file, description: 'In a multipart form only' } : file },
    required: [...((body?.required as string[] | undefined) ?? []), ...(many ? [] : [field])],
  };
  return [ReceivesFiles(definition.upload), ApiBody({ schema })];
}

function documentation(definition: EndpointDefinition): MethodDecorator[] {
  const rules = endpointRules(definition);
  const decorators: MethodDecorator[] = [
    ApiOperation({ summary: definition.summary }),
    ApiExtension('x-planta-access', accessText(definition)),
    ...(rules.length > 0 ? [ApiExtension('x-planta-rules', rules)] : []),
    successResponse(definition),
    ...errorResponses(definition),
  ];
  for (const name of pathParams(definition.path)) {
    const shape = definition.params?.shape[name] as z.ZodType | undefined;
    decorators.push(ApiParam({ name, required: true, schema: shape ? openApiSchema(shape, 'input') : { type: 'string' } }));
  }
  for (const [name, schema] of Object.entries(definition.query?.shape ?? {})) {
    const field = schema as z.ZodType;
    decorators.push(ApiQuery({ name, required: !field.safeParse(undefined).success, schema: openApiSchema(field, 'input') }));
  }
  return [...decorators, ...requestBody(definition)];
}

function access(definition: EndpointDefinition): MethodDecorator[] {
  const decorators: MethodDecorator[] = [];
  if (definition.access === 'public') decorators.push(Public());
  else if (definition.access === 'signed-in') decorators.push(SignedIn());
  else if (definition.access === 'colleague') decorators.push(Colleague());
  else decorators.push(Page(definition.access.page));
  if (definition.shareable) decorators.push(Shareable(definition.shareable.type, definition.shareable.param));
  if (definition.choosesCompany) decorators.push(ChoosesCompany());
  return decorators;
}

/**
 * Mounts a route from its contract (libs/contracts endpoints): method and path, success status,
 * who may call it (page grant, colleague, signed-in or public; share links), and its OpenAPI entry with the
 * request and response schemas. The handler reads its validated input with `@Input()`.
 * Controllers carry no path of their own (`@Controller()`): the contract's path is the whole one.
 */
export function Endpoint(definition: EndpointDefinition): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: definition.path, method: METHODS[definition.method] }),
    HttpCode(successStatus(definition)),
    SetMetadata(ENDPOINT_KEY, definition),
    ...access(definition),
    ...documentation(definition),
  );
}

/**
 * Parses one part of the request, adding the first message of each failing field to `fields`
 * (a Map: a field may be called `__proto__`). Whatever the schema, a text no column can store (a
 * NUL, half a surrogate pair), as a value or as a key, anywhere in the part, is refused on its
 * field: no request carries one to the database.
 */
function parsePart(schema: z.ZodType | undefined, value: unknown, fields: Map<string, string>): { valid: boolean; data?: unknown } {
  if (!schema) return { valid: true };
  const add = (name: string, message: string) => {
    if (!fields.has(name)) fields.set(name, message);
  };
  const unstorable = unstorableTextPath(value);
  if (unstorable !== undefined) add(unstorable, messages.invalidCharacters);
  const result = schema.safeParse(value ?? (schema instanceof z.ZodObject ? {} : value));
  if (result.success) return unstorable === undefined ? { valid: true, data: result.data } : { valid: false };
  for (const [name, message] of Object.entries(issuesToFields(result.error.issues))) add(name, message);
  return { valid: false };
}

/** Query parameters the route does not declare: each refused on its own name (issue 36), so that a misspelt filter is not silently ignored. */
function unknownParameters(schema: z.ZodObject<z.ZodRawShape> | undefined, query: unknown, fields: Map<string, string>): boolean {
  const names = query && typeof query === 'object' ? Object.keys(query) : [];
  const unknown = names.filter((name) => !schema || !Object.hasOwn(schema.shape, name));
  for (const name of unknown) if (!fields.has(name)) fields.set(name, messages.unknownParameter(name));
  return unknown.length > 0;
}

/**
 * The route's input checked against its contract: `{ params, query, body }`, each parsed with its
 * schema, and no query parameter it does not declare. Any failure answers 400 with the Spanish
 * message of each field (`fields`). Run for every route (InputInterceptor), whether or not its
 * handler reads the input.
 */
export function validatedInput(definition: EndpointDefinition, request: FastifyRequest): EndpointArgs<EndpointDefinition> {
  const fields = new Map<string, string>();
  const params = parsePart(definition.params, request.params, fields);
  const unknown = unknownParameters(definition.query, request.query, fields);
  const query = parsePart(definition.query, request.query, fields);
  const body = parsePart(definition.body, request.body, fields);
  if (!params.valid || unknown || !query.valid || !body.valid) {
    // Object.fromEntries keeps every name as the field's own key, `__proto__` included.
    const refused = Object.fromEntries(fields);
    const known = definition.fieldCodes;
    const codes = known && Object.fromEntries([...fields.keys()].flatMap((field) => (Object.hasOwn(known, field) ? [[field, known[field]]] : [])));
    throw new BadRequestException({ message: fields.values().next().value ?? messages.validationFailed, fields: refused, ...(codes ? { codes } : {}) });
  }
  return { params: params.data, query: query.data, body: body.data } as EndpointArgs<EndpointDefinition>;
}

/** What InputInterceptor validated, by request. */
const validated = new WeakMap<object, EndpointArgs<EndpointDefinition>>();

/** Keeps a request's validated input for `@Input()`. */
export const keepInput = (request: object, input: EndpointArgs<EndpointDefinition>) => validated.set(request, input);

/** The validated input of the route's contract (`validatedInput`), as InputInterceptor checked it. */
export const Input = createParamDecorator((_data: unknown, context: ExecutionContext): EndpointArgs<EndpointDefinition> => {
  const input = validated.get(context.switchToHttp().getRequest<object>());
  if (!input) throw new Error('@Input() needs the route to be declared with @Endpoint()');
  return input;
});

/** The contract of a handler (route declaration check, response check). */
export const endpointOf = (handler: object): EndpointDefinition | undefined => Reflect.getMetadata(ENDPOINT_KEY, handler) as EndpointDefinition | undefined;
