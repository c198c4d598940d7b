import { defaultGrant, messages, RESOURCES, requiredMessageOf, resourceEndpoints, type CrudAction, type ResourceDefinition } from '@planta/contracts';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * The table-driven API tests of every declared resource (architecture.md "Adding a resource"):
 * a new resource is covered here by its declaration alone. Each answer is also checked against
 * the resource's response schema (PLANTA_CHECK_RESPONSES in the test app).
 */

let t: TestApp;
let north: number;
const tokens: Record<string, string> = {};
const ACCOUNTS = { admin: 'admin@norte.example', staff: 'jefe@norte.example', user: 'operario@norte.example', guest: 'invitado@norte.example' } as const;
const SOUTH_ADMIN = 'admin@sur.example';

beforeAll(async () => {
  t = await startTestApp();
  [{ id: north }] = await t.sql<{ id: number }>(`select id from company where name = 'Extrusiones del Norte'`);
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
