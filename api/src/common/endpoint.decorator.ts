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
  HTTP_REASONS,
  issuesToFields,
  messages,
  openApiOverride,
  pathParams,
  successStatus,
  unstorableTextPath,
  type EndpointArgs,
  type EndpointDefinition,
  type HttpMethod,
} from '@planta/contracts';
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

function documentation(definition: EndpointDefinition): MethodDecorator[] {
  const status = successStatus(definition);
  const decorators: MethodDecorator[] = [
    ApiOperation({ summary: definition.summary }),
    ApiExtension('x-planta-access', accessText(definition)),
    definition.response
      ? ApiResponse({ status, description: HTTP_REASONS[status] ?? 'OK', schema: openApiSchema(definition.response, 'output') })
      : ApiResponse({ status, description: 'No Content' }),
  ];
  for (const name of pathParams(definition.path)) {
    const shape = definition.params?.shape[name] as z.ZodType | undefined;
    decorators.push(ApiParam({ name, required: true, schema: shape ? openApiSchema(shape, 'input') : { type: 'string' } }));
  }
  for (const [name, schema] of Object.entries(definition.query?.shape ?? {})) {
    const field = schema as z.ZodType;
    decorators.push(ApiQuery({ name, required: !field.safeParse(undefined).success, schema: openApiSchema(field, 'input') }));
  }
  if (definition.body) decorators.push(ApiBody({ schema: openApiSchema(definition.body, 'input') }));
  return decorators;
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

/**
 * The validated input of the route's contract: `{ params, query, body }`, each parsed with its
 * schema. Any failure answers 400 with the Spanish message of each field (`fields`).
 */
export const Input = createParamDecorator((_data: unknown, context: ExecutionContext): EndpointArgs<EndpointDefinition> => {
  const definition = Reflect.getMetadata(ENDPOINT_KEY, context.getHandler()) as EndpointDefinition | undefined;
  if (!definition) throw new Error('@Input() needs the route to be declared with @Endpoint()');
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const fields = new Map<string, string>();
  const params = parsePart(definition.params, request.params, fields);
  const query = parsePart(definition.query, request.query, fields);
  const body = parsePart(definition.body, request.body, fields);
  if (!params.valid || !query.valid || !body.valid) {
    // Object.fromEntries keeps every name as the field's own key, `__proto__` included.
    throw new BadRequestException({ message: fields.values().next().value ?? messages.validationFailed, fields: Object.fromEntries(fields) });
  }
  return { params: params.data, query: query.data, body: body.data } as EndpointArgs<EndpointDefinition>;
});

/** The contract of a handler (route declaration check, response check). */
export const endpointOf = (handler: object): EndpointDefinition | undefined => Reflect.getMetadata(ENDPOINT_KEY, handler) as EndpointDefinition | undefined;
