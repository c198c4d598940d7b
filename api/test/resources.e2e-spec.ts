import { defaultGrant, messages, RESOURCES, requiredMessageOf, resourceEndpoints, type CrudAction, type ResourceDefinition } from '@planta/contracts';
import { KEPT_FROM_ROWS, ListCounts } from '../src/tenancy/list-counts.service';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * The table-driven API tests of every declared resource (architecture.md "Adding a resource"):
 * a new resource is covered here by its declaration alone. Each answer is also checked against
 * the resource's response schema (PLANTA_CHECK_RESPONSES in the test app).
 */

let t: TestApp;
let north: number;
let south: number;
const tokens: Record<string, string> = {};
const ACCOUNTS = { admin: 'admin@norte.example', staff: 'jefe@norte.example', user: 'operario@norte.example', guest: 'invitado@norte.example' } as const;
const SOUTH_ADMIN = 'admin@sur.example';

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
  [{ id: south }] = await t.sql<{ id: number }>(`select id from company where name = 'Perfiles del Sur'`);
  for (const email of [...Object.values(ACCOUNTS), SOUTH_ADMIN]) tokens[email] = (await t.login(email)).access_token;
});
afterAll(() => t.close());

const as = (email: string) => bearer(tokens[email]);
const url = (resource: ResourceDefinition, rest = '') => `/api/${resource.api}${rest}`;
const rows = RESOURCES.map((resource) => [resource.name, resource] as const);

async function create(resource: ResourceDefinition, email: string = ACCOUNTS.admin) {
  const response = await t.http().post(url(resource)).set(as(email)).send(resource.example);
  if (response.status !== 201) throw new Error(`${resource.name}: creating the example answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}
const remove = (resource: ResourceDefinition, id: number) =>
  t
    .http()
    .delete(url(resource, `/${id}`))
    .set(as(ACCOUNTS.admin));
/** How the API answers the administrator's read of the record (200 while it exists, 404 once removed). */
const statusOf = async (resource: ResourceDefinition, id: number) =>
  (
    await t
      .http()
      .get(url(resource, `/${id}`))
      .set(as(ACCOUNTS.admin))
  ).status;

/** Copies a record in plain SQL, numbered `from`..`to` to make each unique value distinct: a list big enough for its total to be kept. */
async function copyInSql(resource: ResourceDefinition, id: number, from: number, to: number) {
  const columns = await t.sql<{ name: string; type: string; max: number | null }>(
    `select column_name as name, data_type as type, character_maximum_length as max from information_schema.columns
      where table_schema = 'public' and table_name = $1 and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
    [resource.table],
  );
  const isText = (name: string) => columns.some((column) => column.name === name && ['text', 'character varying'].includes(column.type));
  const varied = (resource.unique ?? []).map((unique) => unique.fields.find(isText));
  if (varied.includes(undefined)) throw new Error(`${resource.name}: a unique without a text field to make distinct`);
  const values = columns.map(({ name, max }) => (varied.includes(name) ? `left("${name}", ${(max ?? 100) - 6}) || '-' || g` : `"${name}"`));
  await t.sql(
    `insert into "${resource.table}" (${columns.map(({ name }) => `"${name}"`).join(', ')})
     select ${values.join(', ')} from "${resource.table}", generate_series($2::int, $3::int) g where id = $1`,
    [id, from, to],
  );
}

/** Asks again for up to 2 s until `read` answers `expected` (a change announced by NOTIFY reaches the API process asynchronously). */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const until = Date.now() + 2_000;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

describe.each(rows)('%s', (_name, resource) => {
  it('declares five endpoints under its API path, for its page', () => {
    const endpoints = Object.values(resourceEndpoints(resource));
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      `GET ${resource.api}/all`,
      `GET ${resource.api}/:id`,
      `POST ${resource.api}`,
      `PATCH ${resource.api}/:id`,
      `DELETE ${resource.api}/:id`,
    ]);
    expect(endpoints.every((endpoint) => typeof endpoint.access === 'object' && endpoint.access.page === resource.page)).toBe(true);
  });

  it('creates its example, answers it with the declared fields, and lists, finds and sorts it', async () => {
    const id = await create(resource);
    const one = await t
      .http()
      .get(url(resource, `/${id}`))
      .set(as(ACCOUNTS.admin));
    expect(one.status).toBe(200);
    expect(Object.keys(one.body)).toEqual(expect.arrayContaining(['id', ...Object.keys(resource.fields)]));
    expect(one.body).not.toHaveProperty('company_id');
    for (const sort of [...resource.list.sortable, 'id']) {
      for (const direction of ['asc', 'desc']) {
        const page = await t
          .http()
          .get(url(resource, `/all?sort=${sort}&direction=${direction}&pageSize=500`))
          .set(as(ACCOUNTS.admin));
        expect({ sort, direction, status: page.status }).toEqual({ sort, direction, status: 200 });
        expect(page.body.items.map((item: { id: number }) => item.id)).toContain(id);
      }
    }
    const searchable = resource.list.searchable.find((name) => typeof one.body[name] === 'string' && one.body[name] !== '');
    const found = await t
      .http()
      .get(url(resource, `/all?search=${encodeURIComponent(one.body[searchable!])}`))
      .set(as(ACCOUNTS.admin));
    expect(found.body.items.map((item: { id: number }) => item.id)).toContain(id);
    expect((await remove(resource, id)).status).toBe(204);
    expect(await statusOf(resource, id)).toBe(404);
  });

  it('refuses an empty record with the Spanish message of every required field', async () => {
    const response = await t.http().post(url(resource)).set(as(ACCOUNTS.admin)).send({});
    expect(response.status).toBe(400);
    const required = Object.entries(resource.fields).filter(([, definition]) => definition.required && !definition.when && !('default' in definition));
    expect(required.length).toBeGreaterThan(0);
    for (const [name, definition] of required) expect({ name, message: response.body.fields[name] }).toEqual({ name, message: requiredMessageOf(definition) });
    expect(response.body.message).toBe(Object.values(response.body.fields)[0]);
  });

  it('checks a partial update as the whole record, and a malformed id with a field error', async () => {
    const id = await create(resource);
    const unchanged = await t
      .http()
      .patch(url(resource, `/${id}`))
      .set(as(ACCOUNTS.admin))
      .send({});
    expect(unchanged.status).toBe(200);
    const [name, definition] = Object.entries(resource.fields).find(([, candidate]) => candidate.required && !candidate.when)!;
    const emptied = await t
      .http()
      .patch(url(resource, `/${id}`))
      .set(as(ACCOUNTS.admin))
      .send({ [name]: definition.kind === 'integerSet' ? [] : '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body.fields).toHaveProperty(name);
    const malformed = await t.http().get(url(resource, '/12abc')).set(as(ACCOUNTS.admin));
    expect({ status: malformed.status, fields: Object.keys(malformed.body.fields ?? {}) }).toEqual({ status: 400, fields: ['id'] });
    expect((await t.http().get(url(resource, '/2147483648')).set(as(ACCOUNTS.admin))).status).toBe(400);
    expect((await remove(resource, id)).status).toBe(204);
  });

  it('answers a taken unique value with 409 and its own message on the field', async () => {
    const id = await create(resource);
    const again = await t.http().post(url(resource)).set(as(ACCOUNTS.admin)).send(resource.example);
    if (!resource.unique?.length) {
      expect(again.status).toBe(201);
      await remove(resource, again.body.id);
    } else {
      const unique = resource.unique[0];
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict', message: unique.message });
      for (const name of unique.fields) expect(again.body.fields[name]).toBe(unique.message);
    }
    await remove(resource, id);
  });

  it('refuses to delete a record that any table uses, naming that table (foreign keys read from the database)', async () => {
    const id = await create(resource);
    const probe = `probe_uses_${resource.table}`;
    await t.sql(`create table ${probe} (id serial primary key, used_id int not null references "${resource.table}"(id) on delete restrict)`);
    await t.sql(`grant select on ${probe} to planta`);
    await t.sql(`insert into ${probe} (used_id) values ($1), ($1)`, [id]);
    try {
      const refused = await remove(resource, id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(new RegExp(`^No se puede eliminar: está en uso en .*${probe}`));
      expect(await statusOf(resource, id)).toBe(200);
    } finally {
      await t.sql(`drop table ${probe}`);
    }
    expect((await remove(resource, id)).status).toBe(204);
  });

  it("keeps a big list's total exact after writes through the API and in SQL, each company its own", async () => {
    const totals = async () => {
      const answered = await Promise.all(
        [ACCOUNTS.admin, SOUTH_ADMIN].map(async (email) => (await t.http().get(url(resource, '/all?pageSize=10')).set(as(email))).body.total as number),
      );
      const counted = await t.sql<{ company_id: number; n: number }>(
        `select company_id, count(*)::int as n from "${resource.table}" where company_id = any($1) group by company_id`,
        [[north, south]],
      );
      const of = (companyId: number) => counted.find((row) => row.company_id === companyId)?.n ?? 0;
      return { answered: { north: answered[0], south: answered[1] }, counted: { north: of(north), south: of(south) } };
    };
    const [{ last }] = await t.sql<{ last: number }>(`select coalesce(max(id), 0)::int as last from "${resource.table}"`);
    try {
      // More than KEPT_FROM_ROWS records in both companies, a different number in each: both totals are kept.
      await copyInSql(resource, await create(resource), 1, KEPT_FROM_ROWS + 100);
      await copyInSql(resource, await create(resource, SOUTH_ADMIN), 1, KEPT_FROM_ROWS + 50);
      const before = await totals();
      expect(before.counted.north).toBeGreaterThan(before.counted.south);
      expect(before.answered).toEqual(before.counted);
      expect((await totals()).answered).toEqual(before.counted);
      expect(t.app.get(ListCounts).held(resource.table)).toBeGreaterThanOrEqual(2);

      // Through the API: this process answers the new totals at once.
      const [original] = await t.sql<{ id: number }>(`select min(id)::int as id from "${resource.table}" where company_id = $1 and id > $2`, [north, last]);
      expect((await remove(resource, original.id)).status).toBe(204);
      expect((await totals()).answered).toEqual({ north: before.counted.north - 1, south: before.counted.south });
      const again = await create(resource);
      expect((await totals()).answered).toEqual(before.counted);

      // In plain SQL: announced by the table's trigger.
      await copyInSql(resource, again, 9_999, 9_999);
      const expected = { north: before.counted.north + 1, south: before.counted.south };
      expect(await eventually(async () => (await totals()).answered, expected)).toEqual(expected);
      expect((await totals()).counted).toEqual(expected);
    } finally {
      await t.sql(`delete from "${resource.table}" where id > $1 and company_id = any($2)`, [last, [north, south]]);
    }
    const after = await eventually(async () => {
      const { answered, counted } = await totals();
      return JSON.stringify(answered) === JSON.stringify(counted);
    }, true);
    expect(after).toBe(true);
  });

  describe('tenancy', () => {
    it("another company's record answers 404 to every verb, and a foreign company_id 403", async () => {
      const id = await create(resource);
      for (const request of [
        t.http().get(url(resource, `/${id}`)),
        t
          .http()
          .patch(url(resource, `/${id}`))
          .send({}),
        t.http().delete(url(resource, `/${id}`)),
      ]) {
        const response = await request.set(as(SOUTH_ADMIN));
        expect({ status: response.status, message: response.body.message }).toEqual({ status: 404, message: messages.notFound });
      }
      const southList = await t.http().get(url(resource, '/all?pageSize=500')).set(as(SOUTH_ADMIN));
      expect(southList.body.items.map((item: { id: number }) => item.id)).not.toContain(id);
      expect(
        (
          await t
            .http()
            .get(url(resource, `/all?company_id=${north}`))
            .set(as(SOUTH_ADMIN))
        ).status,
      ).toBe(403);
      const foreign = await t
        .http()
        .post(url(resource))
        .set(as(SOUTH_ADMIN))
        .send({ ...resource.example, company_id: north });
      expect({ status: foreign.status, message: foreign.body.message }).toEqual({ status: 403, message: messages.companyMismatch });
      expect((await remove(resource, id)).status).toBe(204);
    });
  });

  describe.each(Object.entries(ACCOUNTS))('as %s', (role, email) => {
    const may = (action: CrudAction) => defaultGrant(role, { alias: resource.page, area: resource.area })[action];

    it('may exactly what its default grants on the page allow', async () => {
      const outcome = (status: number, allowed: number) => (status === allowed ? 'allowed' : status === 403 ? 'denied' : `answered ${status}`);
      const seen: Record<string, string> = {};
      seen.read = outcome((await t.http().get(url(resource, '/all')).set(as(email))).status, 200);
      const created = await t.http().post(url(resource)).set(as(email)).send(resource.example);
      seen.insert = outcome(created.status, 201);
      const id = created.status === 201 ? (created.body.id as number) : await create(resource);
      const one = await t
        .http()
        .get(url(resource, `/${id}`))
        .set(as(email));
      expect(outcome(one.status, 200)).toBe(seen.read);
      seen.update = outcome(
        (
          await t
            .http()
            .patch(url(resource, `/${id}`))
            .set(as(email))
            .send({})
        ).status,
        200,
      );
      const removed = await t
        .http()
        .delete(url(resource, `/${id}`))
        .set(as(email));
      seen.delete = outcome(removed.status, 204);
      if (removed.status !== 204) expect((await remove(resource, id)).status).toBe(204);
      const expected = Object.fromEntries((['read', 'insert', 'update', 'delete'] as const).map((action) => [action, may(action) ? 'allowed' : 'denied']));
      expect(seen).toEqual(expected);
    });
  });
});
