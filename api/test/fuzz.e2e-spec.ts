import fc from 'fast-check';
import {
  extrusionLineResource,
  FREE_FORM_LIMITS,
  IMAGE_URL,
  INT4_MAX,
  messages,
  MULTILINE_TEXT,
  orderSchema,
  RESOURCES,
  resourceSchemas,
  SINGLE_LINE_TEXT,
  type ResourceDefinition,
} from '@planta/contracts';
import { fuzzedQueryText, fuzzedValue, hostileQueryText, hostileValue, validValue, withKey, type JsonSchema } from './support/openapi-arbitraries';
import { OpenApiConformance, type OpenApiDocument, type Operation } from './support/openapi-conformance';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Every route of the OpenAPI document, fuzzed against the real database (issue 10): bodies,
 * queries and path parameters made from each route's own schemas (valid values and their
 * boundaries) and hostile ones (NUL, lone surrogates, bidirectional controls, numbers beyond the
 * columns, true/"1"/null/[] for numbers, __proto__/constructor/toString as keys and sort names,
 * huge and deeply nested values, javascript: URLs). No answer may be ≥ 500, and nothing invalid
 * may be stored: the test app checks every answer against its contract's response schema (a
 * mismatch is a 500), a resource's write must echo a record its own create schema takes again,
 * and after the run the database is searched for what no column should hold.
 *
 * Every answer is also checked against the OpenAPI document the API serves (issue 36,
 * support/openapi-conformance.ts): its status is one the operation declares, a JSON answer
 * follows the schema declared for its status and a file comes in a declared media type; a request
 * that follows the operation's schemas is refused only for a rule the document lists
 * (`x-planta-rules`), and one with a query parameter the route does not declare is never accepted.
 *
 * `npm test` runs FUZZ_RUNS (default 30) requests per route with the fixed FUZZ_SEED; `npm run
 * fuzz` runs a longer one (FUZZ_RUNS=400 unless set). Most requests are the admin of Extrusiones
 * del Norte, who may call every route, so that they pass the grants and reach validation and the
 * database; one in ten is another role (staff, user, guest, a share-link guest, another company's
 * admin, no or a forged token).
 *
 * What is held back, so that the run stays meaningful: DELETE routes get only ids the run itself
 * created, ids that name nothing and hostile ids (deleting the seeded catalogue would turn every
 * later request into a 404); PATCH /api/page-role/:id may take the admin's own grants away and a
 * password reset may give the admin a temporary password, so both are put back after their route.
 */

/** A profile photo the portal takes: image data (the smallest PNG's signature). */
const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261110);
/** Statuses and examples of ≥ 500 answers, and how many requests were sent. */
const stats = { sent: 0, byStatus: new Map<number, number>(), failures: [] as string[], storedProblems: [] as string[] };
/** What the answers were checked against the document for (issue 36): how many each check examined, and what it found. */
const conformance = {
  examined: { status: 0, json: 0, file: 0, followingSchemas: 0, followingSchemasRefused: 0, undeclaredQuery: 0 },
  undeclared: [] as string[],
  offSchema: [] as string[],
  refusedFollowingSchemas: [] as string[],
  acceptedUndeclaredQuery: [] as string[],
};

let t: TestApp;
let base: string;
const tokens: Record<string, string | null> = {};
const ids = { north: 0, admin: 0, staff: 0, line: 0, die: 0, alloy: 0, finish: 0, order: 0, openOrder: 0, orderDie: 0, notification: 0 };
let shareToken = '';
/** The OpenAPI document the API serves (GET /api/docs-json), and what it promises checked against the answers. */
let document: OpenApiDocument;
let promises: OpenApiConformance;

interface Route {
  method: string;
  /** OpenAPI path: /api/machine/{id} */
  path: string;
  operation: Operation;
}

interface FuzzRequest {
  who: string;
  path: string;
  /** The path parameters as sent (before encoding). */
  params: Record<string, string>;
  query: [string, string][];
  body: { json: string } | null;
}

beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
  const [north] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  ids.north = north.id;
  const one = async (sql: string) => (await t.sql<{ id: number }>(sql, [ids.north]))[0]?.id ?? 1;
  ids.admin = await one(`select id from app_user where email = 'admin@norte.example' and $1 > 0`);
  ids.staff = await one(`select id from app_user where email = 'jefe@norte.example' and $1 > 0`);
  ids.line = await one(`select id from extrusion_line where company_id = $1 order by id limit 1`);
  ids.die = await one(`select id from die where company_id = $1 order by id limit 1`);
  ids.alloy = await one(`select id from aluminum_alloy where company_id = $1 order by id limit 1`);
  ids.finish = await one(`select id from finish where company_id = $1 order by id limit 1`);
  ids.order = await one(`select id from production_order where company_id = $1 order by id limit 1`);
  ids.openOrder = await one(`select id from production_order where company_id = $1 and status <> 'finished' order by id limit 1`);
  ids.orderDie = await one(`select id from order_die where company_id = $1 and end_extrusion_time is null order by id limit 1`);
  ids.notification = await one(`select id from notification where company_id = $1 order by id limit 1`);
  for (const [who, email] of [
    ['admin', 'admin@norte.example'],
    ['staff', 'jefe@norte.example'],
    ['user', 'operario@norte.example'],
    ['guest', 'invitado@norte.example'],
    ['southAdmin', 'admin@sur.example'],
  ] as const) {
    tokens[who] = (await t.login(email)).access_token;
  }
  const link = await fetch(`${base}/api/share-token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokens.admin}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource_type: 'die-summary', resource_id: ids.die }),
  });
  shareToken = ((await link.json()) as { token: string }).token;
  const guest = await fetch(`${base}/api/auth/login/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: shareToken }),
  });
  tokens.shareGuest = ((await guest.json()) as { access_token: string }).access_token;
  tokens.none = null;
  tokens.forged = `${tokens.admin!.slice(0, -6)}AAAAAA`;
  const served = await fetch(`${base}/api/docs-json`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
  document = (await served.json()) as OpenApiDocument;
  promises = new OpenApiConformance(document);
});
afterAll(() => t.close());

// --------------------------------------------------------------------------------- the routes

function routesOf(): Route[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** The table whose ids a path parameter names (by the route's first segments). */
function tableOf(path: string): string | undefined {
  const segments = path.replace(/^\/api\//, '');
  const known: [string, string][] = [
    ['page-role/', 'page_role'],
    ['share-token/', 'share_token'],
    ['die/', 'die'],
    ['correction-record/', 'correction_record'],
    ['correction-report/', 'correction_report'],
    ['chat/dialog/', 'app_user'],
    ['orders/', 'production_order'],
    ['extrusion/', 'order_die'],
    ...RESOURCES.map((resource): [string, string] => [`${resource.api}/`, resource.table]),
  ];
  return known.find(([prefix]) => segments.startsWith(prefix))?.[1];
}

/** The resource whose create (`/api/<api>`) or update (`/api/<api>/{id}`) a route is. */
const resourceOf = (route: Route) => RESOURCES.find((candidate) => route.path === `/api/${candidate.api}` || route.path === `/api/${candidate.api}/{id}`);

/** A record's stored fields as the API answers them: without those its `view` shapes (a derived value is no stored one). */
function storedFields(resource: ResourceDefinition, record: unknown): unknown {
  if (!record || typeof record !== 'object') return record;
  return Object.fromEntries(Object.entries(record).filter(([name]) => !Object.hasOwn(resource.view ?? {}, name)));
}

/** A valid body to start from for the write routes (then fields are replaced by fuzzed ones). */
function baseBody(route: Route): unknown {
  const key = `${route.method} ${route.path}`;
  const resource = resourceOf(route);
  if (resource && (route.method === 'POST' || route.method === 'PATCH')) return resourceExample(resource);
  const order = {
    number: 'FZ-1',
    customer: 'Cliente',
    profile: 'Perfil',
    die_id: ids.die,
    alloy_id: ids.alloy,
    finish_id: ids.finish,
    length_mm: 6000,
    quantity_pieces: 100,
    quantity_kg: 450.5,
    due_date: '2026-12-01',
    line_id: ids.line,
  };
  const bodies: Record<string, unknown> = {
    'POST /api/orders': order,
    'PATCH /api/orders/{id}': order,
    'POST /api/share-token': { resource_type: 'die-summary', resource_id: ids.die, expires_in_hours: 1 },
    'POST /api/chat/send-message': { companyId: ids.north, message: 'Hola', from_user: ids.admin, to_user: ids.staff, die_id: ids.die },
    'POST /api/chat/mark-as-read': { companyId: ids.north, from_user: ids.staff, to_user: ids.admin },
    'POST /api/chat/user/data': { status: 'online' },
    'POST /api/notification/mark-read': { id: ids.notification, is_read: true },
    'POST /api/extrusion/start': { order_id: ids.openOrder, die_id: ids.die, line_id: ids.line },
    'POST /api/extrusion/{orderDieId}/stop': { billets_pushed: 10, good_kg: 900, scrap_kg: 20 },
    'POST /api/planning-board/move': { order_id: ids.openOrder, to_column: 'to_plan', position: 0 },
    'POST /api/orders/saveDieCriticalDimension': [
      { order_dies_id: ids.orderDie, dimension_text: 'DimensionA', dimension_value: 12.5 },
      { order_dies_id: ids.orderDie, dimension_text: 'DimensionB', dimension_value: 30 },
    ],
    'POST /api/auth/user/update': {
      user: { data: { displayName: 'Ana Admin', photoURL: PHOTO, settings: { theme: { main: 'default' } }, shortcuts: ['orders'] } },
    },
    'POST /api/company/switch': { company_id: ids.north },
    'POST /api/auth/login': { email: 'nadie@norte.example', password: 'Planta2026!' },
    'POST /api/auth/token': { token: tokens.admin, email: 'admin@norte.example' },
    'POST /api/auth/login/token': { token: shareToken },
    'POST /api/auth/register': {
      displayName: 'Persona Nueva',
      email: 'nueva@fuzz.example',
      password: 'Planta2026!',
      passwordConfirm: 'Planta2026!',
      companyName: 'Fuzz SA',
    },
    'PATCH /api/page-role/{id}': { read: true },
  };
  return bodies[key];
}

function resourceExample(resource: ResourceDefinition): Record<string, unknown> {
  const example: Record<string, unknown> = { ...resource.example };
  for (const [name, definition] of Object.entries(resource.fields)) {
    if (definition.kind === 'reference' && example[name] === undefined) example[name] = ids.line;
  }
  return example;
}

// ----------------------------------------------------------------------------- the requests

const whoArbitrary = fc.oneof(
  { weight: 18, arbitrary: fc.constant('admin') },
  { weight: 2, arbitrary: fc.constantFrom('staff', 'user', 'guest', 'southAdmin', 'shareGuest', 'none', 'forged') },
);

/** Percent-encoding that also carries what encodeURIComponent refuses (a lone surrogate as its WTF-8 bytes). */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

function pathIdArbitrary(route: Route): fc.Arbitrary<string> {
  const table = tableOf(route.path);
  const created = route.method === 'DELETE' ? (createdIds.get(table ?? '') ?? []) : [];
  const known = route.method === 'DELETE' ? created : (knownIds.get(table ?? '') ?? []);
  return fc.oneof(
    ...(known.length ? [{ weight: 6, arbitrary: fc.constantFrom(...known).map(String) }] : []),
    { weight: route.method === 'DELETE' ? 2 : 3, arbitrary: fc.constantFrom('999999', '2147483647', '1') },
    { weight: 3, arbitrary: hostileQueryText() },
  );
}

function requestArbitrary(route: Route): fc.Arbitrary<FuzzRequest> {
  const parameters = route.operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const params = fc
    .tuple(...pathParameters.map(() => pathIdArbitrary(route)))
    .map((values) => Object.fromEntries(pathParameters.map((parameter, index) => [parameter.name, values[index]])));
  const queryValue = (schema: JsonSchema, name: string): fc.Arbitrary<string> =>
    name === 'sort'
      ? fc.oneof(
          fc.constantFrom('toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'name', 'id', 'due_date', 'status', 'line_id', ''),
          fuzzedQueryText(schema),
        )
      : name === 'company_id' || name === 'companyId'
        ? fc.oneof(fc.constant(String(ids.north)), fuzzedQueryText(schema))
        : fuzzedQueryText(schema);
  const query = fc
    .tuple(
      ...queryParameters.map((parameter) =>
        fc
          .option(fc.array(queryValue(parameter.schema, parameter.name), { minLength: 1, maxLength: 2 }), { freq: 2 })
          .map((values) => (values ?? []).map((value): [string, string] => [parameter.name, value])),
      ),
      fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'toString', 'sort[]', 'page[0]', 'x'), hostileQueryText()), { maxLength: 1 }),
    )
    .map((parts) => parts.flat() as [string, string][]);
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<FuzzRequest['body']> = schema
    ? bodyArbitrary(route, schema).map((value) => ({ json: JSON.stringify(value) ?? 'null' }))
    : fc.constant(null);
  return fc.record({ who: whoArbitrary, params, query, body }).map((request) => ({
    ...request,
    path: pathParameters.reduce((filled, parameter) => filled.replace(`{${parameter.name}}`, encode(request.params[parameter.name])), route.path),
  }));
}

function bodyArbitrary(route: Route, schema: JsonSchema): fc.Arbitrary<unknown> {
  const start = baseBody(route);
  const fromBase =
    start && typeof start === 'object' && !Array.isArray(start) && schema.properties
      ? fc
          .array(fc.constantFrom(...Object.keys(schema.properties)), { minLength: 1, maxLength: 3 })
          .chain((keys) => fc.tuple(fc.constant(keys), fc.tuple(...keys.map((key) => fuzzedValue(schema.properties![key])))))
          .map(([keys, values]) => {
            const copy = { ...(start as Record<string, unknown>) };
            keys.forEach((key, index) => (values[index] === undefined ? delete copy[key] : withKey(copy, key, values[index])));
            return copy;
          })
      : start !== undefined
        ? fc.oneof(fc.constant(start), fuzzedValue(schema))
        : fuzzedValue(schema);
  return fc.oneof(
    { weight: 50, arbitrary: fromBase },
    { weight: 20, arbitrary: validValue(schema) },
    { weight: 30, arbitrary: fuzzedValue(schema) },
    { weight: 10, arbitrary: hostileValue() },
    // Up to the body limit (1 MB).
    { weight: 1, arbitrary: fc.constant({ ...(start as object), name: 'x'.repeat(900_000) }) },
  );
}

async function send(route: Route, request: FuzzRequest): Promise<{ status: number; contentType: string; allow: string | null; body: unknown; text: string }> {
  const token = tokens[request.who];
  const query = request.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (request.body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${request.path}${query ? `?${query}` : ''}`, { method: route.method, headers, body: request.body?.json });
  const text = await response.text();
  stats.sent++;
  stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A non-JSON answer: kept as text for the report.
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', allow: response.headers.get('allow'), body, text };
}

/**
 * Checks an answer against what the document promises for its operation (issue 36): its status
 * declared, its JSON or file as declared, and a request that follows the schemas refused only for
 * a rule the operation documents.
 */
function checkPromises(route: Route, request: FuzzRequest, answer: Awaited<ReturnType<typeof send>>, where: string): void {
  const { problems, examined } = promises.answerProblems(route.operation, route.method, answer);
  for (const check of examined) conformance.examined[check]++;
  for (const problem of problems)
    (problem.startsWith('status') ? conformance.undeclared : conformance.offSchema).push(`${where}: ${problem} → ${answer.text.slice(0, 200)}`);
  const body = request.body ? (JSON.parse(request.body.json) as unknown) : undefined;
  const requestProblems = promises.requestProblems(route.operation, { path: request.params, query: request.query, body });
  if (requestProblems.some((problem) => problem.endsWith(': not declared'))) {
    conformance.examined.undeclaredQuery++;
    if (answer.status < 300) conformance.acceptedUndeclaredQuery.push(`${where} → ${answer.status}`);
  }
  if (requestProblems.length > 0) return;
  conformance.examined.followingSchemas++;
  if (answer.status !== 400 && answer.status !== 422) return;
  conformance.examined.followingSchemasRefused++;
  const fields = (answer.body as { fields?: Record<string, string> } | undefined)?.fields;
  if (!promises.documentedRefusal(route.operation, fields))
    conformance.refusedFollowingSchemas.push(`${where} body=${request.body?.json.slice(0, 300) ?? ''} → ${answer.status} ${answer.text.slice(0, 300)}`);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Strings of an answer that no column should have given back. */
function badStrings(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => badStrings(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => badStrings(item, path ? `${path}.${key}` : key));
  return [];
}

const knownIds = new Map<string, number[]>();
const createdIds = new Map<string, number[]>();

/** GETs first (the seeded data as it is), then writes, then changes, deletes last (of what the run made). */
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One call as the admin of Extrusiones del Norte; `body` is sent as given (JSON text when a string). */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${tokens.admin}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('the refusals of issue 10, one by one', () => {
  it.each([
    ['a NUL in a name', 'POST', '/api/finish', { name: '\u0000', type: 'mill' }, { name: messages.invalidCharacters }],
    ['half a surrogate pair', 'POST', '/api/finish', { name: 'Lacado\uD800', type: 'mill' }, { name: messages.invalidCharacters }],
    [
      'a NUL under a __proto__ key',
      'PATCH',
      '/api/machine/{machine}',
      '{"name":"Sierra","__proto__":"\\u0000"}',
      withKey({}, '__proto__', messages.invalidCharacters),
    ],
    [
      'a NUL in a chat message',
      'POST',
      '/api/chat/send-message',
      { companyId: '{north}', message: 'hola\u0000', from_user: '{admin}', to_user: '{staff}' },
      { message: messages.invalidCharacters },
    ],
    [
      'an id beyond an int column',
      'POST',
      '/api/share-token',
      { resource_type: 'die-summary', resource_id: INT4_MAX + 1, expires_in_hours: 1 },
      { resource_id: messages.invalidId },
    ],
    ['true for an id', 'POST', '/api/share-token', { resource_type: 'die-summary', resource_id: true }, { resource_id: messages.invalidId }],
    ['"1" for an id', 'POST', '/api/share-token', { resource_type: 'die-summary', resource_id: '1' }, { resource_id: messages.invalidId }],
    ['null for an id', 'POST', '/api/share-token', { resource_type: 'die-summary', resource_id: null }, { resource_id: messages.invalidId }],
    ['[] for a number', 'POST', '/api/extrusion-line', { ...extrusionLineResource.example, press_tonnage_t: [] }, { press_tonnage_t: messages.positiveNumber }],
    [
      '"1600" for a number',
      'POST',
      '/api/extrusion-line',
      { ...extrusionLineResource.example, press_tonnage_t: '1600' },
      { press_tonnage_t: messages.positiveNumber },
    ],
    [
      'a javascript: photo',
      'POST',
      '/api/auth/user/update',
      { user: { data: { photoURL: 'javascript:alert(1)' } } },
      { 'user.data.photoURL': messages.imageUrl },
    ],
    [
      '900 KB of settings',
      'POST',
      '/api/auth/user/update',
      { user: { data: { settings: { layout: { config: { blob: 'x'.repeat(900_000) } } } } } },
      { 'user.data.settings': messages.settingsTooLarge(FREE_FORM_LIMITS.maxBytes / 1024) },
    ],
    ['an id in a path beyond an int column', 'GET', `/api/machine/${INT4_MAX + 1}`, undefined, { id: messages.invalidId }],
    ['a hexadecimal id in a path', 'GET', '/api/orders/0x10', undefined, { id: messages.invalidId }],
    ['a page in exponent notation', 'GET', '/api/orders/all?page=1e3', undefined, { page: messages.wholeNumberDigits }],
    ['a page size of true', 'GET', '/api/machine/all?pageSize=true', undefined, { pageSize: messages.wholeNumberDigits }],
    ['a line beyond an int column', 'GET', `/api/planning-board?line_id=${INT4_MAX + 1}`, undefined, { line_id: 'Línea no válida' }],
    ['a day that does not exist', 'GET', '/api/orders/all?due_from=2026-02-30', undefined, { due_from: messages.dateFormat }],
    ['the year zero', 'GET', '/api/extrusion-line/figures?from=0000-01-01', undefined, { from: messages.periodBound }],
    ['a NUL in a search', 'GET', '/api/die/find?reference=%00', undefined, { reference: messages.invalidCharacters }],
    // Issue 36: the only 500s of the probe, an offset beyond what PostgreSQL takes (±15:59), now refused beyond ±14:00.
    ['an offset of +20:00 in a list period', 'GET', '/api/machine-stop/all?from=2026-01-01T00:00:00%2B20:00', undefined, { from: messages.periodBound }],
    [
      'an offset of +20:00 in a due date',
      'POST',
      '/api/work-order',
      { machine_id: '{machine}', title: 'Fuga', due_at: '2026-01-01T00:00:00+20:00' },
      { due_at: messages.dateTimeFormat },
    ],
    [
      'an offset of +14:01',
      'POST',
      '/api/work-order',
      { machine_id: '{machine}', title: 'Fuga', due_at: '2026-01-01T00:00:00+14:01' },
      { due_at: messages.dateTimeFormat },
    ],
    ['the day 0000-00-00', 'GET', '/api/planning-board?due_to=0000-00-00', undefined, { due_to: messages.dateFormat }],
    ['a moment on 30 February', 'GET', '/api/machine-stop/all?to=2026-02-30T10:00:00Z', undefined, { to: messages.periodBound }],
    ['a line break in a name', 'POST', '/api/finish', { name: 'Lacado\nnegro', type: 'mill' }, { name: messages.singleLineText }],
    [
      'a photo elsewhere',
      'POST',
      '/api/auth/user/update',
      { user: { data: { photoURL: 'https://tracker.example/p.gif' } } },
      { 'user.data.photoURL': messages.imageUrl },
    ],
  ])('refuses %s (400, on its field)', async (_what, method, path, body, fields) => {
    const fill = (text: string) =>
      text
        .replace('"{machine}"', String(knownMachine))
        .replace('{machine}', String(knownMachine))
        .replace('"{north}"', String(ids.north))
        .replace('"{admin}"', String(ids.admin))
        .replace('"{staff}"', String(ids.staff));
    const sent = body === undefined ? undefined : fill(typeof body === 'string' ? body : JSON.stringify(body));
    const answer = await call(method, fill(path), sent);
    expect({ status: answer.status, fields: answer.body.fields }).toEqual({ status: 400, fields });
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'no_such_column'])(
    'sorts a list by its default column when asked to sort by %p',
    async (sort) => {
      for (const list of ['/api/orders/all', '/api/machine/all', '/api/die/all', '/api/page-role/all']) {
        const asDefault = await call('GET', list);
        const asked = await call('GET', `${list}?sort=${encodeURIComponent(sort)}`);
        expect({ list, status: asked.status, items: asked.body.items }).toEqual({ list, status: 200, items: asDefault.body.items });
      }
    },
  );

  it('stores names without bidirectional controls, and chat messages as written', async () => {
    const machine = await call('POST', '/api/machine', { name: '\u202ESierra\u2066 2\u2069', type: 'saw', model: '\u200FX-1' });
    expect(machine.status).toBe(201);
    expect(machine.body).toMatchObject({ name: 'Sierra 2', model: 'X-1' });
    const [stored] = await t.sql<{ name: string }>(`select name from machine where id = $1`, [machine.body.id]);
    expect(stored.name).toBe('Sierra 2');
    const text = 'مرحبا \u200F(12 mm)';
    const sent = await call('POST', '/api/chat/send-message', { companyId: ids.north, message: text, from_user: ids.admin, to_user: ids.staff });
    expect(sent.status).toBe(201);
    expect((sent.body.message as { message: string }).message).toBe(text);
  });

  it('documents no request integer beyond what its column holds', () => {
    const requests = routesOf().map((route) => JSON.stringify([route.operation.parameters, route.operation.requestBody]));
    expect(requests.filter((request) => request.includes('9007199254740991'))).toEqual([]);
    expect(requests.filter((request) => request.includes(`"maximum":${INT4_MAX}`)).length).toBeGreaterThan(20);
  });
});

let knownMachine = 0;
beforeAll(async () => {
  const [machine] = await t.sql<{ id: number }>(`select id from machine where company_id = $1 order by id limit 1`, [ids.north]);
  knownMachine = machine.id;
});

/** A value of a request that a rule of issue 36 is about: where it goes, and the request carrying it (the rest left out or as its variant needs). */
interface Place {
  route: Route;
  field: string;
  request: (value: string) => { path: string; body?: unknown };
}

/**
 * Every place of every route's query and JSON body whose schema `matches` (through objects,
 * arrays and the variants of a union, whose constant fields are sent along). Path parameters name
 * no record, so that a value the rule takes changes nothing.
 */
function placesOf(matches: (schema: JsonSchema) => boolean): Place[] {
  const places: Place[] = [];
  for (const route of routesOf()) {
    const path = route.path.replace(/\{[^}]+\}/g, String(INT4_MAX));
    for (const parameter of route.operation.parameters ?? [])
      if (parameter.in === 'query' && matches(parameter.schema))
        places.push({ route, field: parameter.name, request: (value) => ({ path: `${path}?${parameter.name}=${encodeURIComponent(value)}` }) });
    const body = route.operation.requestBody?.content['application/json']?.schema;
    const walk = (schema: JsonSchema, at: string[], build: (inner: unknown) => unknown, depth: number): void => {
      if (depth > 5) return;
      if (at.length > 0 && matches(schema)) {
        places.push({ route, field: at.join('.'), request: (value) => ({ path, body: build(value) }) });
        return;
      }
      // The variants of a union of objects (a union of texts, as a period's bound, is one place).
      for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) if (variant.properties) walk(variant, at, build, depth + 1);
      if (schema.items) walk(schema.items, [...at, '0'], (inner) => build([inner]), depth + 1);
      const constants = Object.fromEntries(
        Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
          property.const !== undefined ? [[key, property.const]] : property.enum?.length === 1 ? [[key, property.enum[0]]] : [],
        ),
      );
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        walk(property, [...at, key], (inner) => build({ ...constants, [key]: inner }), depth + 1);
    };
    if (body) walk(body, [], (inner) => inner, 0);
  }
  return places;
}

const patternsOf = (schema: JsonSchema) => [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)];
const isMoment = (schema: JsonSchema) => schema.format === 'date-time';
const isDay = (schema: JsonSchema) => schema.format === 'date';
const isPeriodBound = (schema: JsonSchema) => !!schema.anyOf?.some(isMoment) && !!schema.anyOf?.some(isDay);

describe('the rules of issue 36, on every route of the OpenAPI document that takes them', () => {
  async function answers(place: Place, value: string) {
    const { path, body } = place.request(value);
    return call(place.route.method, path, body === undefined ? undefined : JSON.stringify(body));
  }
  /** What each place answers for `value`: its field's message (undefined when taken), or the status when not a field refusal. */
  async function fieldAnswers(places: Place[], value: string) {
    const seen: Record<string, unknown> = {};
    for (const place of places) {
      const answer = await answers(place, value);
      const fields = (answer.body.fields ?? {}) as Record<string, string>;
      seen[`${place.route.method} ${place.route.path} ${place.field}`] = answer.status === 400 ? fields[place.field] : answer.status;
    }
    return seen;
  }
  const expectEvery = (seen: Record<string, unknown>, expected: unknown) =>
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, expected])));

  it.each([
    ['moment', isMoment, ['2026-01-01T00:00:00+20:00', '2026-01-01T00:00:00-14:01', '2026-02-30T10:00:00Z', '0000-00-00T00:00:00Z'], messages.dateTimeFormat],
    ['period bound', isPeriodBound, ['2026-01-01T00:00:00+20:00', '0000-00-00', '2026-02-30', '1969-12-31'], messages.periodBound],
    ['day', isDay, ['0000-00-00', '2026-02-30', '2026-1-1', '2026-01-01T00:00:00Z'], messages.dateFormat],
  ])('refuses an impossible %s in Spanish, on its field, wherever one is taken', async (_kind, matches, values, message) => {
    const places = placesOf(matches);
    expect(places.length).toBeGreaterThan(3);
    for (const value of values) expectEvery(await fieldAnswers(places, value), message);
  });

  it('refuses control characters in texts of one line, and keeps tabs and line breaks in texts of several', async () => {
    const singleLine = placesOf((schema) => patternsOf(schema).includes(SINGLE_LINE_TEXT.source));
    const multiline = placesOf((schema) => patternsOf(schema).includes(MULTILINE_TEXT.source));
    expect(singleLine.length).toBeGreaterThan(50);
    expect(multiline.length).toBeGreaterThan(10);
    for (const value of ['Prensa\u0001 1', 'Prensa\n1', 'Prensa\t1', '\u001b[31mPrensa', 'Prensa\u0085'])
      expectEvery(await fieldAnswers(singleLine, value), messages.singleLineText);
    for (const value of ['Fuga\u0007 de aceite', '\u001b[31mFuga']) expectEvery(await fieldAnswers(multiline, value), messages.controlCharacters);
    const taken = Object.entries(await fieldAnswers(multiline, 'Fuga de aceite\r\n\tjunta rota')).filter(([, answer]) => typeof answer === 'string');
    expect(taken).toEqual([]);
  });

  it('takes photos that are image data or files uploaded here, never an address elsewhere', async () => {
    const photos = placesOf((schema) => patternsOf(schema).includes(IMAGE_URL.source));
    expect(photos.map((place) => `${place.route.method} ${place.route.path}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/user/update', 'PATCH /api/users/{id}']),
    );
    for (const value of ['https://tracker.example/pixel.gif', 'http://intranet:8080/ana.jpg', '//tracker.example/p.gif', 'javascript:alert(1)'])
      expectEvery(await fieldAnswers(photos, value), messages.imageUrl);
    for (const value of [PHOTO, '/api/file/1']) {
      const taken = Object.entries(await fieldAnswers(photos, value)).filter(([, answer]) => typeof answer === 'string');
      expect(taken).toEqual([]);
    }
  });
});

describe('fuzzing every route of the OpenAPI document', () => {
  it(
    `answers no request with a status ≥ 500, nor outside what the OpenAPI document promises (${RUNS} requests per route, seed ${SEED})`,
    async () => {
      const started = Date.now();
      for (const [table] of [...new Set(routesOf().map((route) => tableOf(route.path)))].filter(Boolean).map((table) => [table!])) {
        knownIds.set(
          table,
          (await t.sql<{ id: number }>(`select id from ${table} order by id limit 40`)).map((row) => Number(row.id)),
        );
      }
      const routes = routesOf().sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method) || a.path.localeCompare(b.path));
      expect(routes.length).toBeGreaterThan(60);
      let seed = SEED;
      for (const route of routes) {
        const putBack = await standingTakenBy(`${route.method} ${route.path}`);
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route), async (request) => {
            const answer = await send(route, request);
            const { status, body, text } = answer;
            const where = `${route.method} ${request.path}${request.query.length ? ` ?${request.query.map(([k, v]) => `${k}=${JSON.stringify(v).slice(0, 40)}`).join('&')}` : ''} as ${request.who}`;
            checkPromises(route, request, answer, where);
            if (status >= 500) stats.failures.push(`${status} ${where} body=${request.body?.json.slice(0, 200) ?? ''} → ${text.slice(0, 300)}`);
            if (status >= 200 && status < 300 && route.method !== 'GET') {
              for (const path of badStrings(body)) stats.storedProblems.push(`${where}: answered a NUL or a lone surrogate at ${path}`);
              // What a write echoes (the record as stored) is what the resource's contract shows and would take again.
              const resource = resourceOf(route);
              if (resource && (route.method === 'POST' || route.method === 'PATCH')) {
                const schemas = resourceSchemas(resource);
                for (const [name, schema] of [
                  ['view', schemas.view],
                  ['create', schemas.create],
                ] as const) {
                  const parsed = schema.safeParse(name === 'create' ? storedFields(resource, body) : body);
                  if (!parsed.success)
                    stats.storedProblems.push(
                      `${where}: the answer fails the ${name} schema: ${parsed.error.issues[0].path.join('.')} ${parsed.error.issues[0].message}`,
                    );
                }
              }
              const id = (body as { id?: unknown } | undefined)?.id;
              const table = tableOf(`${route.path}/`);
              if (route.method === 'POST' && table && typeof id === 'number') createdIds.set(table, [...(createdIds.get(table) ?? []), id]);
            }
            return true;
          }),
          { numRuns: RUNS, seed: seed++, endOnFailure: true },
        );
        await putBack?.();
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...stats.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
      console.log(
        [
          `Fuzz: ${stats.sent} requests over ${routes.length} routes (${RUNS} per route, seed ${SEED}) in ${seconds} s`,
          `Answers ≥ 500: ${stats.failures.length}`,
          `Statuses: ${statuses.join(', ')}`,
          ...stats.failures.slice(0, 40),
          `Checked against the document: the status of ${conformance.examined.status} answers (undeclared: ${conformance.undeclared.length}), ` +
            `${conformance.examined.json} JSON answers against their schema (off it: ${conformance.offSchema.length}), ` +
            `${conformance.examined.file} files against their media types; ${conformance.examined.followingSchemas} requests followed the schemas, ` +
            `${conformance.examined.followingSchemasRefused} of them refused (for an undocumented rule: ${conformance.refusedFollowingSchemas.length}); ` +
            `${conformance.examined.undeclaredQuery} carried a query parameter the route does not declare (accepted: ${conformance.acceptedUndeclaredQuery.length})`,
          ...[...conformance.undeclared, ...conformance.offSchema, ...conformance.refusedFollowingSchemas, ...conformance.acceptedUndeclaredQuery].slice(0, 40),
        ].join('\n'),
      );
      expect(stats.failures).toEqual([]);
      expect(stats.storedProblems).toEqual([]);
      // What the document promises (issue 36), each check having examined answers of its kind.
      expect(conformance.undeclared).toEqual([]);
      expect(conformance.offSchema).toEqual([]);
      expect(conformance.refusedFollowingSchemas).toEqual([]);
      expect(conformance.acceptedUndeclaredQuery).toEqual([]);
      expect(conformance.examined.json).toBeGreaterThan(routes.length);
      expect(conformance.examined.file).toBeGreaterThan(0);
      expect(conformance.examined.followingSchemasRefused).toBeGreaterThan(0);
      expect(conformance.examined.undeclaredQuery).toBeGreaterThan(0);
    },
    600_000 + RUNS * 2_000,
  );

  it('stored nothing a column should not hold', async () => {
    const problems: string[] = [];
    // Names and labels (varchar columns of up to 255 characters) without bidirectional controls;
    // longer ones hold what people write (a comment, a note: up to 4000), kept as written like chat.
    const columns = await t.sql<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and data_type = 'character varying' and character_maximum_length <= 255`,
    );
    for (const { table, column } of columns) {
      const [found] = await t.sql<{ count: number }>(
        `select count(*)::int as count from "${table}" where "${column}" ~ '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]'`,
      );
      if (found.count > 0) problems.push(`${table}.${column}: ${found.count} rows with bidirectional controls`);
    }
    // Numbers: no NaN or infinity in numeric columns.
    const numerics = await t.sql<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns where table_schema = 'public' and data_type = 'numeric'`,
    );
    for (const { table, column } of numerics) {
      const [found] = await t.sql<{ count: number }>(`select count(*)::int as count from "${table}" where "${column}" in ('NaN', 'Infinity', '-Infinity')`);
      if (found.count > 0) problems.push(`${table}.${column}: ${found.count} rows not finite`);
    }
    // Profiles: settings bounded, photos only data images or files uploaded here.
    const users = await t.sql<{ email: string; size: number; photo: string | null }>(
      `select email, octet_length(settings::text) as size, photo_url as photo from app_user`,
    );
    for (const user of users) {
      if (user.size > 16 * 1024) problems.push(`${user.email}: settings of ${user.size} bytes`);
      if (user.photo !== null && !IMAGE_URL.test(user.photo)) problems.push(`${user.email}: photo ${user.photo.slice(0, 60)}`);
    }
    // Every record of every resource, read back, is one its own contract accepts as it is.
    for (const resource of RESOURCES) {
      const page = await fetch(`${base}/api/${resource.api}/all?pageSize=500`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
      // Named, so that a refusal says which list (and why, in its body).
      expect({ list: resource.api, status: page.status }).toEqual({ list: resource.api, status: 200 });
      for (const record of ((await page.json()) as { items: Record<string, unknown>[] }).items) {
        const parsed = resourceSchemas(resource).create.safeParse(storedFields(resource, record));
        if (!parsed.success)
          problems.push(`${resource.name} ${record.id}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
        else
          for (const [name, definition] of Object.entries(resource.fields).filter(([field]) => !Object.hasOwn(resource.view ?? {}, field))) {
            // A set of days is a set: the order it is kept in does not matter.
            const same = (value: unknown) => JSON.stringify(definition.kind === 'integerSet' ? [...(value as number[])].sort() : value);
            if (same(parsed.data[name]) !== same(record[name]))
              problems.push(`${resource.name} ${record.id}: ${name} stored as ${JSON.stringify(record[name])}`);
          }
      }
    }
    const orders = await fetch(`${base}/api/orders/all?pageSize=500`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
    for (const order of ((await orders.json()) as { items: Record<string, unknown>[] }).items) {
      const parsed = orderSchema.safeParse(order);
      if (!parsed.success) problems.push(`order ${order.id}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * Routes whose random requests may take the seeded accounts' own standing away, and how it is put
 * back after each: a PATCH of page-role the admin's grants, a password reset the accounts' passwords
 * and sessions (a reset ends every session of the person).
 */
async function standingTakenBy(route: string): Promise<(() => Promise<void>) | null> {
  if (route === 'PATCH /api/page-role/{id}') {
    const rows = await t.sql<Record<string, unknown>>(`select * from page_role`);
    return async () => {
      for (const row of rows)
        await t.sql(`update page_role set read = $2, insert = $3, update = $4, delete = $5 where id = $1`, [
          row.id,
          row.read,
          row.insert,
          row.update,
          row.delete,
        ]);
    };
  }
  if (route === 'POST /api/users/{id}/reset-password') {
    const users = await t.sql<{ id: number; password_hash: string; session_version: number; kept_session: string | null }>(
      `select id, password_hash, session_version, kept_session from app_user`,
    );
    return async () => {
      for (const user of users)
        await t.sql(`update app_user set password_hash = $2, session_version = $3, kept_session = $4 where id = $1`, [
          user.id,
          user.password_hash,
          user.session_version,
          user.kept_session,
        ]);
    };
  }
  return null;
}
