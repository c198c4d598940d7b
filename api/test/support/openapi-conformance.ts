import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './openapi-arbitraries';

/**
 * What the OpenAPI document promises, checked against what the API does (issue 36): an answer's
 * status is one its operation declares, a JSON answer follows the schema declared for its status
 * and a file comes with one of the declared media types; a request that follows the operation's
 * schemas is refused (400) only for a rule the operation documents (`x-planta-rules`).
 */

export interface ResponseDeclaration {
  description: string;
  content?: Record<string, { schema?: JsonSchema }>;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}
/** A refusal the operation documents beyond its schemas: a rule on a field with its message, or a reference (any message: it says which record). */
export interface DocumentedRule {
  in?: 'params' | 'query' | 'body';
  field: string;
  message?: string;
  reference?: true;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseDeclaration>;
  'x-planta-rules'?: DocumentedRule[];
}
export interface OpenApiDocument {
  openapi: string;
  /** The refusals of every request (`*`: any field). */
  'x-planta-rules'?: DocumentedRule[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A request as sent: path parameters and query as text (decoded), the body as JSON. */
export interface SentRequest {
  path: Record<string, string>;
  query: [string, string][];
  body?: unknown;
}

const JSON_TYPE = 'application/json';

/** A field's place in a refusal's `fields`, with array indices as `*` (documented rules name no index). */
const fieldPattern = (field: string) => field.replace(/(^|\.)\d+(?=\.|$)/g, '$1*');

export class OpenApiConformance {
  private readonly ajv = new Ajv({ strict: false, allErrors: false });
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
  }

  /** The document's schema as draft-07 for Ajv: references inlined, OpenAPI 3.0's `nullable` and boolean exclusive bounds rewritten. */
  private draft07(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.draft07(item));
    if (!schema || typeof schema !== 'object') return schema;
    let own = { ...(schema as Record<string, unknown>) };
    if (typeof own.$ref === 'string') {
      const name = own.$ref.replace('#/components/schemas/', '');
      const target = this.document.components?.schemas?.[name];
      if (!target) throw new Error(`The document refers to a schema it does not hold: ${own.$ref}`);
      return this.draft07(target);
    }
    for (const [bound, limit] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (own[bound] === true) {
        own[bound] = own[limit];
        delete own[limit];
      } else if (own[bound] === false) delete own[bound];
    }
    const nullable = own.nullable === true;
    delete own.nullable;
    own = Object.fromEntries(
      Object.entries(own).map(([key, value]) => [key, key === 'enum' || key === 'default' || key === 'example' ? value : this.draft07(value)]),
    );
    return nullable ? { anyOf: [own, { type: 'null' }] } : own;
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.draft07(schema) as object);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  private problem(schema: JsonSchema, value: unknown): string | undefined {
    const validate = this.validator(schema);
    if (validate(value)) return undefined;
    const [error] = validate.errors ?? [];
    return `${error?.instancePath || '(whole)'} ${error?.message ?? 'invalid'}`;
  }

  /**
   * What is wrong with an answer against its operation: a status it does not declare, a JSON body
   * off the declared schema, a file of a media type it does not declare. `kind` says which check
   * examined it (none for an answer without a body to check).
   */
  answerProblems(
    operation: Operation,
    method: string,
    answer: { status: number; contentType: string; allow: string | null; body: unknown; text: string },
  ): { problems: string[]; examined: ('status' | 'json' | 'file')[] } {
    // A method the path does not answer (the path given by the request, as an empty id may make it another's) is documented once for the API.
    const methodNotAllowed = answer.status === 405 && answer.allow !== null && !answer.allow.split(/,\s*/).includes(method);
    const error = this.document.components?.schemas?.ApiError;
    const declared =
      methodNotAllowed && error
        ? { description: 'Method Not Allowed', content: { [JSON_TYPE]: { schema: error } } }
        : operation.responses[String(answer.status)];
    if (!declared)
      return { problems: [`status ${answer.status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`], examined: ['status'] };
    const mediaType = answer.contentType.split(';')[0].trim().toLowerCase();
    const content = declared.content ?? {};
    if (Object.keys(content).length === 0) {
      return { problems: answer.text === '' ? [] : [`status ${answer.status} declares no body, answered ${mediaType}`], examined: ['status'] };
    }
    const json = content[JSON_TYPE];
    if (json && mediaType === JSON_TYPE) {
      const problem = json.schema ? this.problem(json.schema, answer.body) : undefined;
      return { problems: problem ? [`the JSON answer is off its declared schema: ${problem}`] : [], examined: ['status', 'json'] };
    }
    if (!content[mediaType])
      return { problems: [`status ${answer.status} answered ${mediaType || 'no type'}, declared: ${Object.keys(content).join(', ')}`], examined: ['status'] };
    return { problems: [], examined: ['status', 'file'] };
  }

  /** What in a request does not follow the operation's schemas (path and query parameters as text, the body as JSON); empty when it does. */
  requestProblems(operation: Operation, request: SentRequest): string[] {
    const problems: string[] = [];
    const parameters = operation.parameters ?? [];
    for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
      const problem = this.textProblem(parameter.schema, request.path[parameter.name]);
      if (problem) problems.push(`path ${parameter.name}: ${problem}`);
    }
    const query = parameters.filter((candidate) => candidate.in === 'query');
    for (const [name] of request.query) if (!query.some((parameter) => parameter.name === name)) problems.push(`query ${name}: not declared`);
    for (const parameter of query) {
      const values = request.query.filter(([name]) => name === parameter.name).map(([, value]) => value);
      if (values.length === 0 && parameter.required) problems.push(`query ${parameter.name}: required`);
      if (values.length > 1) problems.push(`query ${parameter.name}: sent ${values.length} times`);
      const problem = values.length === 1 ? this.textProblem(parameter.schema, values[0]) : undefined;
      if (problem) problems.push(`query ${parameter.name}: ${problem}`);
    }
    const body = operation.requestBody?.content[JSON_TYPE]?.schema;
    if (body) {
      const problem = this.problem(body, request.body);
      if (problem) problems.push(`body: ${problem}`);
    } else if (operation.requestBody?.required) problems.push(`body: required as ${Object.keys(operation.requestBody.content).join(', ')}`);
    return problems;
  }

  /** A parameter's text read as its schema's type (whole numbers in plain decimal digits, as the API reads them), then checked. */
  private textProblem(schema: JsonSchema, text: string | undefined): string | undefined {
    if (text === undefined) return 'missing';
    const type = schema.type;
    if (type === 'integer' || type === 'number') {
      const number = type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
      return number.test(text) ? this.problem(schema, Number(text)) : `"${text.slice(0, 20)}" is no ${type}`;
    }
    if (type === 'boolean') return text === 'true' || text === 'false' ? undefined : `"${text.slice(0, 20)}" is no boolean`;
    return this.problem(schema, text);
  }

  /** Whether every field of a 400 on a request that follows the schemas is refused by a rule the operation documents, with its message. */
  documentedRefusal(operation: Operation, fields: Record<string, string> | undefined): boolean {
    if (!fields || Object.keys(fields).length === 0) return false;
    const rules = [...(operation['x-planta-rules'] ?? []), ...(this.document['x-planta-rules'] ?? [])];
    return Object.entries(fields).every(([field, message]) =>
      rules.some((rule) => (rule.field === '*' || fieldPattern(rule.field) === fieldPattern(field)) && (rule.reference || rule.message === message)),
    );
  }
}
