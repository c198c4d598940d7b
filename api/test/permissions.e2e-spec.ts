import { bearer, startTestApp, type TestApp } from './support/test-app';
import { PermissionProbeModule, PROBED_PAGES } from './support/permission-probe.module';

type Verb = 'read' | 'insert' | 'update' | 'delete';
const VERBS: Verb[] = ['read', 'insert', 'update', 'delete'];
const LETTER: Record<Verb, string> = { read: 'R', insert: 'I', update: 'U', delete: 'D' };

/** The seeded defaults, written out by hand (R read, I insert, U update, D delete). */
const EXPECTED: Record<string, Record<(typeof PROBED_PAGES)[number], string>> = {
  'admin@norte.example': { 'extrusion-line': 'RIUD', dies: 'RIUD', users: 'RIUD', 'dashboards-indicators': 'RIUD' },
  'jefe@norte.example': { 'extrusion-line': 'RIUD', dies: 'RIUD', users: '', 'dashboards-indicators': 'RIUD' },
  'operario@norte.example': { 'extrusion-line': 'RIU', dies: 'R', users: '', 'dashboards-indicators': 'R' },
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
      { company: 'Extrusiones del Norte', count: pages * 4 },
      { company: 'Perfiles del Sur', count: pages * 4 },
    ]);
  });
});
