import { DataSource } from 'typeorm';
import { messages } from '@planta/contracts';
import { grantDefaultPermissions } from '../src/permissions/default-permissions';
import { bearer, startTestApp, type TestApp } from './support/test-app';
import { PermissionProbeModule, PROBED_PAGES } from './support/permission-probe.module';

type Verb = 'read' | 'insert' | 'update' | 'delete';
const VERBS: Verb[] = ['read', 'insert', 'update', 'delete'];
const LETTER: Record<Verb, string> = { read: 'R', insert: 'I', update: 'U', delete: 'D' };

/** The seeded defaults, written out by hand (R read, I insert, U update, D delete). */
const EXPECTED: Record<string, Record<(typeof PROBED_PAGES)[number], string>> = {
  'admin@norte.example': { 'extrusion-line': 'RIUD', dies: 'RIUD', users: 'RIUD', 'dashboards-indicators': 'RIUD' },
  'jefe@norte.example': { 'extrusion-line': 'RIUD', dies: 'RIUD', users: '', 'dashboards-indicators': 'RIUD' },
  'operario@norte.example': { 'extrusion-line': 'RIU', dies: 'RIU', users: '', 'dashboards-indicators': 'R' },
  'invitado@norte.example': { 'extrusion-line': '', dies: '', users: '', 'dashboards-indicators': '' },
};

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({}, [PermissionProbeModule]);
  for (const email of Object.keys(EXPECTED)) tokens[email] = (await t.login(email)).access_token;
});
afterAll(() => t.close());

function call(verb: Verb, alias: string, token: string) {
  const path = `/api/probe/${alias}`;
  const http = t.http();
  const pending = verb === 'read' ? http.get(path) : verb === 'insert' ? http.post(path) : verb === 'update' ? http.patch(path) : http.delete(path);
  return pending.set(bearer(token));
}

describe('page-role permissions per CRUD verb', () => {
  for (const [email, pages] of Object.entries(EXPECTED)) {
    for (const [alias, letters] of Object.entries(pages)) {
      for (const verb of VERBS) {
        const allowed = letters.includes(LETTER[verb]);
        it(`${email} ${allowed ? 'may' : 'may not'} ${verb} on ${alias}`, async () => {
          const response = await call(verb, alias, tokens[email]);
          expect(response.status).toBe(allowed ? (verb === 'insert' ? 201 : 200) : 403);
          if (allowed) expect(response.body).toEqual({ done: verb });
          else expect(response.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
        });
      }
    }
  }

  it('follows the page-role table at once: an admin without rights on a page is refused every verb', async () => {
    await t.sql(
      `update page_role set read = false, insert = false, update = false, delete = false
        where page_id = (select id from page where alias = 'dies') and role_id = (select id from role where name = 'admin')`,
    );
    try {
      for (const verb of VERBS) expect((await call(verb, 'dies', tokens['admin@norte.example'])).status).toBe(403);
      expect((await call('read', 'users', tokens['admin@norte.example'])).status).toBe(200);
    } finally {
      await t.sql(`update page_role set read = true, insert = true, update = true, delete = true where page_id = (select id from page where alias = 'dies')
                    and role_id = (select id from role where name = 'admin')`);
    }
  });

  it('grants per company: a right given to users in Perfiles del Sur does not reach Extrusiones del Norte', async () => {
    await t.sql(
      `update page_role set delete = true where page_id = (select id from page where alias = 'extrusion-line')
          and role_id = (select id from role where name = 'user') and company_id = (select id from company where name = 'Perfiles del Sur')`,
    );
    const south = (await t.login('operario@sur.example')).access_token;
    expect((await call('delete', 'extrusion-line', south)).status).toBe(200);
    expect((await call('delete', 'extrusion-line', tokens['operario@norte.example'])).status).toBe(403);
  });

  it('needs a valid token before any permission is looked at', async () => {
    expect((await t.http().get('/api/probe/dies')).status).toBe(401);
  });

  it('seeds one page per product screen and a row per page and role in each company', async () => {
    const [{ pages }] = await t.sql<{ pages: number }>(`select count(*)::int as pages from page`);
    const rows = await t.sql<{ company: string; count: number }>(
      `select c.name as company, count(*)::int as count from page_role pr join company c on c.id = pr.company_id group by c.name order by c.name`,
    );
    expect(pages).toBeGreaterThanOrEqual(30);
    expect(rows).toEqual([
      // The four built-in roles, and in the north also its own 'calidad'.
      { company: 'Extrusiones del Norte', count: pages * 5 },
      { company: 'Perfiles del Sur', count: pages * 4 },
    ]);
  });

  it("gives a page a release adds its default rows in every company at start-up, and a company's own role rows with no grant", async () => {
    const [south] = await t.sql<{ id: number }>(`select id from company where name = 'Perfiles del Sur'`);
    const [role] = await t.sql<{ id: number }>(`insert into role (name, description, company_id) values ('calidad-prueba', '', $1) returning id`, [south.id]);
    const changed = await t.sql(
      `update page_role set delete = false where page_id = (select id from page where alias = 'dies') and role_id = (select id from role where name = 'admin')
                                  and company_id = $1 returning id`,
      [south.id],
    );
    await t.sql(`delete from page_role where page_id = (select id from page where alias = 'audit')`);
    try {
      await t.app.get(DataSource).transaction(async (manager) => {
        await manager.query(`select set_config('planta.system', 'on', true)`);
        await grantDefaultPermissions(manager);
      });
      const audit = await t.sql<{ company: string; role: string; grant: string }>(
        `select c.name as company, r.name as role, concat_ws(',', nullif(pr.read, false)::text, nullif(pr.insert, false)::text, nullif(pr.update, false)::text, nullif(pr.delete, false)::text) as grant
           from page_role pr join company c on c.id = pr.company_id join role r on r.id = pr.role_id
          where pr.page_id = (select id from page where alias = 'audit') and r.company_id is null and r.name in ('admin', 'staff') order by c.name, r.name`,
      );
      expect(audit).toEqual([
        { company: 'Extrusiones del Norte', role: 'admin', grant: 'true,true,true,true' },
        { company: 'Extrusiones del Norte', role: 'staff', grant: '' },
        { company: 'Perfiles del Sur', role: 'admin', grant: 'true,true,true,true' },
        { company: 'Perfiles del Sur', role: 'staff', grant: '' },
      ]);
      const [{ pages }] = await t.sql<{ pages: number }>(`select count(*)::int as pages from page`);
      const own = await t.sql<{ company_id: number; granted: number; rows: number }>(
        `select company_id, count(*)::int as rows, count(*) filter (where read or insert or update or delete)::int as granted from page_role where role_id = $1 group by company_id`,
        [role.id],
      );
      expect(own).toEqual([{ company_id: south.id, rows: pages, granted: 0 }]);
      // A row an administrator changed is left as it is.
      expect((await t.sql(`select delete from page_role where id = $1`, [changed[0].id]))[0].delete).toBe(false);
    } finally {
      await t.sql(`update page_role set delete = true where id = $1`, [changed[0].id]);
      await t.sql(`delete from page_role where role_id = $1`, [role.id]);
      await t.sql(`delete from role where id = $1`, [role.id]);
    }
  });
});

describe('the guest account (issue 36)', () => {
  type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Every route the OpenAPI document declares for colleagues only, read as a colleague reads it. */
  async function colleagueRoutes(): Promise<{ method: Method; path: string }[]> {
    const document = (await t.http().get('/api/docs-json').set(bearer(tokens['jefe@norte.example']))).body as {
      paths: Record<string, Record<Method, { 'x-planta-access'?: string }>>;
    };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation['x-planta-access'] === 'colleague')
        .map(([method]) => ({ method: method as Method, path: path.replace(/\{\w+\}/g, '1') })),
    );
  }

  it('is refused every colleague route: the chat directory, the chat, presence, share links, the API document', async () => {
    const routes = await colleagueRoutes();
    expect(routes.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'DELETE /api/share-token/1',
      'GET /api/chat/contacts',
      'GET /api/chat/dialog/1',
      'GET /api/chat/user',
      'GET /api/docs-json',
      'GET /api/share-token/all',
      'POST /api/chat/mark-as-read',
      'POST /api/chat/send-message',
      'POST /api/chat/user/data',
      'POST /api/share-token',
    ]);
    for (const { method, path } of routes) {
      const response = await t.http()[method](path).set(bearer(tokens['invitado@norte.example'])).send({});
      expect({ route: `${method} ${path}`, status: response.status, body: response.body }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        body: { statusCode: 403, message: messages.forbidden, error: 'Forbidden' },
      });
    }
    // A colleague of the least role passes the same guard.
    for (const path of ['/api/chat/contacts', '/api/chat/user', '/api/share-token/all']) {
      expect({ path, status: (await t.http().get(path).set(bearer(tokens['operario@norte.example']))).status }).toEqual({ path, status: 200 });
    }
  });

  it('keeps what is its own: grants (saying it is no colleague), notifications, profile and company selector', async () => {
    const guest = bearer(tokens['invitado@norte.example']);
    const grants = await t.http().get('/api/grants').set(guest);
    expect(grants.status).toBe(200);
    expect(grants.body.colleague).toBe(false);
    expect((await t.http().get('/api/grants').set(bearer(tokens['operario@norte.example']))).body.colleague).toBe(true);
    for (const path of ['/api/notification/all', '/api/company/all'])
      expect({ path, status: (await t.http().get(path).set(guest)).status }).toEqual({ path, status: 200 });
    expect(
      (
        await t
          .http()
          .post('/api/auth/user/update')
          .set(guest)
          .send({ user: { data: { displayName: 'Elena Ruiz' } } })
      ).status,
    ).toBe(200);
  });
});
