import { PAGES, RESOURCES, resourceNamed, type FieldDefinition } from '@planta/contracts';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/** The declarations the API stands on, checked against what it really serves and stores. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Operation {
  'x-planta-access'?: string;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

async function openApiOperations(): Promise<{ route: string; operation: Operation }[]> {
  const { access_token } = await t.login('jefe@norte.example');
  const document = (await t.http().get('/api/docs-json').set(bearer(access_token))).body as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
  );
}

/**
 * Every route the server answers under /api, read from Fastify's route tree
 * (`printRoutes({ commonPrefix: false })`: one line a node, `├── /path (GET, HEAD)`, children
 * indented by four characters and continuing their parent's path). HEAD is Fastify's own for
 * every GET route, not a route of the API.
 */
function servedRoutes(): string[] {
  const fastify = t.app.getHttpAdapter().getInstance() as { printRoutes(options: { commonPrefix: boolean }): string };
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1].length / 4;
    paths[depth] = (depth > 0 ? paths[depth - 1] : '') + node[2];
    const path = paths[depth];
    // The docs pages are the viewer of the OpenAPI document, served by the swagger module.
    if (!path.startsWith('/api/') || /^\/api\/docs([/*]|$)/.test(path)) continue;
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('every route is declared by a contract', () => {
  it('says who may call it (a page of the catalogue, public, signed-in or colleague) and what it answers', async () => {
    const accesses = new Set(['public', 'signed-in', 'colleague', ...PAGES.map((page) => `page:${page.alias}`)]);
    const problems: string[] = [];
    const operations = await openApiOperations();
    for (const { route, operation } of operations) {
      if (!accesses.has(operation['x-planta-access'] ?? '')) problems.push(`${route}: access ${operation['x-planta-access']}`);
      const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      if (success.length !== 1) problems.push(`${route}: success answers ${success.join(',') || 'none'}`);
      else if (success[0] !== '204') {
        // JSON with its schema, or a file: bytes in the media types it may have (issue 36).
        const content = operation.responses[success[0]].content ?? {};
        const schema = content['application/json']?.schema;
        const files = Object.entries(content).filter(([type]) => type !== 'application/json');
        if (schema) {
          if (Object.keys(schema).length === 0) problems.push(`${route}: no response schema`);
        } else if (files.length === 0) problems.push(`${route}: no response schema`);
        else
          for (const [type, file] of files)
            if (file.schema?.type !== 'string' || file.schema.format !== 'binary') problems.push(`${route}: ${type} is not declared as bytes`);
      }
    }
    expect(problems).toEqual([]);
    expect(operations.length).toBeGreaterThan(60);
  });

  it('documents exactly the routes the server answers', async () => {
    const documented = (await openApiOperations()).map(({ route }) => route).sort();
    const served = [...new Set(servedRoutes())].sort();
    expect(served.length).toBeGreaterThan(60);
    expect(documented).toEqual(served);
  });
});

describe('row-level security', () => {
  it('is forced, with a policy, on every table with a company_id column', async () => {
    const tables = await t.sql<{ name: string; enabled: boolean; forced: boolean; policy: boolean }>(
      `select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
              exists (select 1 from pg_policy p where p.polrelid = c.oid) as policy
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
        order by c.relname`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(RESOURCES.map((resource) => resource.table)));
    expect(tables.filter((table) => !(table.enabled && table.forced && table.policy)).map((table) => table.name)).toEqual([]);
  });
});

/** What a field's column must look like in the hand-written SQL. */
function expectedColumn(definition: FieldDefinition): { type: string; length?: number; nullable: boolean } {
  const optional = !definition.required || Boolean(definition.when);
  switch (definition.kind) {
    case 'text':
      return { type: definition.multiline ? 'text' : 'character varying', length: definition.multiline ? undefined : definition.max, nullable: false };
    case 'number':
      return { type: 'numeric', nullable: Boolean(definition.nullable) || optional };
    case 'integer':
      return { type: 'integer', nullable: Boolean(definition.nullable) || optional };
    case 'choice':
      return { type: 'character varying', nullable: Boolean(definition.nullable) };
    case 'reference':
      return { type: 'integer', nullable: !definition.required };
    case 'time':
      return { type: 'character varying', length: 5, nullable: false };
    case 'date':
      return { type: 'date', nullable: !definition.required };
    case 'integerSet':
      return { type: 'ARRAY', nullable: false };
  }
}

describe('resource declarations and their tables', () => {
  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s: the migration made the columns the declaration describes',
    async (_name, resource) => {
      const columns = await t.sql<{ name: string; type: string; length: number | null; nullable: boolean }>(
        `select column_name as name, data_type as type, character_maximum_length as length, is_nullable = 'YES' as nullable
         from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [resource.table],
      );
      expect(columns.map((column) => column.name).sort()).toEqual(
        ['company_id', 'id', ...Object.keys(resource.fields), ...(resource.storedColumns ?? [])].sort(),
      );
      for (const [name, definition] of Object.entries(resource.fields)) {
        const column = columns.find((candidate) => candidate.name === name)!;
        const expected = expectedColumn(definition);
        expect({ name, type: column.type, nullable: column.nullable, ...(expected.length ? { length: column.length } : {}) }).toEqual({ name, ...expected });
      }
      // A reference is a foreign key to the referenced resource's table.
      for (const [name, definition] of Object.entries(resource.fields)) {
        if (definition.kind !== 'reference') continue;
        const [key] = await t.sql<{ target: string }>(
          `select confrelid::regclass::text as target from pg_constraint
          where contype = 'f' and conrelid = $1::regclass and conkey = array[(select attnum from pg_attribute where attrelid = $1::regclass and attname = $2)]`,
          [resource.table, name],
        );
        expect({ name, target: key?.target }).toEqual({ name, target: resourceNamed(definition.to).table });
      }
    },
  );
});
