import { liveEvents, messages, type PageRoleMatrix, type PageRoleRow } from '@planta/contracts';
import { closeSockets, connect, nextEvent } from './support/sockets';
import { bearer, startTestApp, type TestApp } from './support/test-app';

/**
 * The page-role permissions screen's API (issue 11): the spec 2.4 table and the matrix, only the
 * active company's rows and roles, every change audited and announced live, and the rules that
 * keep a company administrable and nobody granting more than they hold.
 */
let t: TestApp;
let url: string;
const tokens: Record<string, string> = {};
const ids = { norte: 0, sur: 0, inspeccion: 0, surRole: 0 };
const ACCOUNTS = ['admin@norte.example', 'jefe@norte.example', 'operario@norte.example', 'invitado@norte.example', 'admin@sur.example'];

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
  for (const email of ACCOUNTS) tokens[email] = (await t.login(email)).access_token;
  const companies = await t.sql<{ id: number; name: string }>(`select id, name from company`);
  ids.norte = companies.find((company) => company.name === 'Extrusiones del Norte')!.id;
  ids.sur = companies.find((company) => company.name === 'Perfiles del Sur')!.id;
  // A company's own roles, as the roles screen creates them: every page, nothing granted.
  ids.inspeccion = await customRole(ids.norte, 'inspeccion', 'Inspección de perfiles');
  ids.surRole = await customRole(ids.sur, 'soldadura', 'Soldadores del Sur');
});
afterEach(() => closeSockets());
afterAll(() => t.close());

async function customRole(companyId: number, name: string, description: string): Promise<number> {
  const [{ id }] = await t.sql<{ id: number }>(`insert into role (name, description, company_id) values ($1, $2, $3) returning id`, [
    name,
    description,
    companyId,
  ]);
  await t.sql(`insert into page_role (company_id, page_id, role_id) select $1, id, $2 from page`, [companyId, id]);
  return id;
}

const as = (email: string) => bearer(tokens[email]);

/** The row of `role` on the page `alias` in `company`, straight from the database. */
async function grantRow(company: number, alias: string, role: string) {
  const [row] = await t.sql<{ id: number; read: boolean; insert: boolean; update: boolean; delete: boolean }>(
    `select grant_row.id, grant_row.read, grant_row.insert, grant_row.update, grant_row.delete from page_role grant_row
       join page on page.id = grant_row.page_id join role on role.id = grant_row.role_id
      where grant_row.company_id = $1 and page.alias = $2 and role.name = $3`,
    [company, alias, role],
  );
  return row;
}

const setGrant = (company: number, alias: string, role: string, values: Record<string, boolean>) =>
  t.sql(
    `update page_role set ${Object.keys(values)
      .map((name, index) => `"${name}" = $${index + 4}`)
      .join(', ')}
      where company_id = $1 and page_id = (select id from page where alias = $2)
        and role_id = (select id from role where name = $3 and (company_id is null or company_id = $1))`,
    [company, alias, role, ...Object.values(values)],
  );

const auditOf = (id: number) =>
  t.sql<{ action: string; actor_name: string; label: string; before: unknown; after: Record<string, unknown> | null; company_id: number }>(
    `select action, actor_name, label, before, after, company_id from audit_entry where entity = 'page-role' and entity_id = $1 order by id`,
    [id],
  );

describe('the page-role table and matrix', () => {
  it('lists the built-in roles and the company’s own, never another company’s role', async () => {
    const response = await t.http().get('/api/page-role/all?pageSize=100&search=inspeccion').set(as('admin@norte.example'));
    expect(response.status).toBe(200);
    expect(response.body.total).toBeGreaterThanOrEqual(30);
    expect(response.body.items.every((row: PageRoleRow) => row.role_name === 'inspeccion')).toBe(true);
    const sur = await t.http().get('/api/page-role/all?pageSize=100&search=soldadura').set(as('admin@norte.example'));
    expect(sur.body.total).toBe(0);
    const machines = await t.http().get('/api/page-role/all?pageSize=100&search=machines').set(as('admin@norte.example'));
    expect(machines.body.items.map((row: PageRoleRow) => row.role_name).sort()).toEqual(['admin', 'calidad', 'guest', 'inspeccion', 'staff', 'user']);
    expect(machines.body.items[0]).toMatchObject({ page_alias: 'machines', page_name: 'Máquinas' });
  });

  it('answers the matrix in one call: every page by area × the company’s roles, with each permission', async () => {
    const response = await t.http().get('/api/page-role/matrix').set(as('admin@norte.example'));
    expect(response.status).toBe(200);
    const matrix = response.body as PageRoleMatrix;
    const [{ pages }] = await t.sql<{ pages: number }>(`select count(*)::int as pages from page`);
    expect(matrix.pages).toHaveLength(pages);
    expect(matrix.pages.find((page) => page.alias === 'machines')).toMatchObject({ name: 'Máquinas', area: 'production' });
    expect(matrix.roles.map((role) => [role.name, role.builtIn])).toEqual([
      ['admin', true],
      ['staff', true],
      ['user', true],
      ['guest', true],
      ['calidad', false],
      ['inspeccion', false],
    ]);
    expect(matrix.grants).toHaveLength(pages * 6);
    const machines = matrix.pages.find((page) => page.alias === 'machines')!;
    const user = matrix.roles.find((role) => role.name === 'user')!;
    const cell = matrix.grants.find((grant) => grant.page_id === machines.id && grant.role_id === user.id)!;
    expect(cell).toEqual({
      id: (await grantRow(ids.norte, 'machines', 'user')).id,
      page_id: machines.id,
      role_id: user.id,
      ...pick(await grantRow(ids.norte, 'machines', 'user')),
    });

    const sur = await t.http().get('/api/page-role/matrix').set(as('admin@sur.example'));
    expect((sur.body as PageRoleMatrix).roles.map((role) => role.name)).toEqual(['admin', 'staff', 'user', 'guest', 'soldadura']);
    expect((sur.body as PageRoleMatrix).grants.some((grant) => grant.id === cell.id)).toBe(false);
  });

  it.each(['jefe@norte.example', 'operario@norte.example', 'invitado@norte.example'])('refuses %s every page-role route (403)', async (email) => {
    const { id } = await grantRow(ids.norte, 'machines', 'user');
    for (const pending of [
      t.http().get('/api/page-role/all'),
      t.http().get('/api/page-role/matrix'),
      t.http().get(`/api/page-role/${id}`),
      t.http().patch(`/api/page-role/${id}`).send({ delete: true }),
    ]) {
      const response = await pending.set(as(email));
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ statusCode: 403, message: messages.forbidden });
    }
    expect((await grantRow(ids.norte, 'machines', 'user')).delete).toBe(false);
  });

  it('keeps each company’s rows its own: Sur’s administrator reads and changes none of Norte’s (404)', async () => {
    const { id } = await grantRow(ids.norte, 'machines', 'user');
    const read = await t.http().get(`/api/page-role/${id}`).set(as('admin@sur.example'));
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ statusCode: 404, message: messages.notFound });
    const change = await t.http().patch(`/api/page-role/${id}`).set(as('admin@sur.example')).send({ delete: true });
    expect(change.status).toBe(404);
    expect((await grantRow(ids.norte, 'machines', 'user')).delete).toBe(false);
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('changing a permission', () => {
  it('changes it, audits the four flags before and after in the company, and tells open sessions at once', async () => {
    const { id } = await grantRow(ids.norte, 'machines', 'user');
    const operario = await connect(url, tokens['operario@norte.example']);
    const announced = nextEvent(operario, liveEvents.grantsChanged, 5000);
    const response = await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send({ delete: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, page_alias: 'machines', role_name: 'user', delete: true, read: true });
    expect(await announced).toEqual({ company_id: ids.norte });
    const grants = await t.http().get('/api/grants').set(as('operario@norte.example'));
    expect(grants.body.grants.machines.delete).toBe(true);

    expect(await auditOf(id)).toEqual([
      {
        action: 'update',
        actor_name: 'admin@norte.example',
        label: 'Máquinas · user',
        before: { delete: false },
        after: { delete: true },
        company_id: ids.norte,
      },
    ]);
    // The entry is the history tab's: the audit list of the record answers it.
    const history = await t.http().get(`/api/audit/all?entity=page-role&entity_id=${id}`).set(as('admin@norte.example'));
    expect(history.body.items).toHaveLength(1);

    // Saving the same values again changes nothing and records nothing.
    expect((await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send({ delete: true, read: true })).status).toBe(200);
    expect(await auditOf(id)).toHaveLength(1);
    await setGrant(ids.norte, 'machines', 'user', { delete: false });
  });

  it('refuses (409) an administrator removing their own last way into the screen, and changes nothing', async () => {
    // Staff (jefe, active) may administer the permissions too: the company keeps a way, the caller would not.
    await setGrant(ids.norte, 'page-roles', 'staff', { read: true, update: true });
    const jefe = await t.login('jefe@norte.example');
    try {
      const { id } = await grantRow(ids.norte, 'page-roles', 'admin');
      for (const change of [{ update: false }, { read: false }, { read: false, update: false, insert: false, delete: false }]) {
        const response = await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send(change);
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ statusCode: 409, message: messages.pageRoleSelfLockout });
      }
      expect(await grantRow(ids.norte, 'page-roles', 'admin')).toMatchObject({ read: true, insert: true, update: true, delete: true });
      expect(await auditOf(id)).toEqual([]);

      // What does not touch read or update is allowed; and staff may take admin's away, keeping their own.
      expect((await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send({ delete: false })).status).toBe(200);
      const byJefe = await t.http().patch(`/api/page-role/${id}`).set(bearer(jefe.access_token)).send({ update: false });
      expect(byJefe.status).toBe(200);
      expect(await grantRow(ids.norte, 'page-roles', 'admin')).toMatchObject({ read: true, update: false, delete: false });
    } finally {
      await setGrant(ids.norte, 'page-roles', 'admin', { read: true, insert: true, update: true, delete: true });
      await setGrant(ids.norte, 'page-roles', 'staff', { read: false, update: false });
    }
  });

  it('refuses (409) leaving the company with no role held by an active member that can administer it', async () => {
    const { id } = await grantRow(ids.norte, 'page-roles', 'admin');
    const entries = (await auditOf(id)).length;
    // A role nobody holds and a role whose only holder is inactive do not count.
    await setGrant(ids.norte, 'page-roles', 'inspeccion', { read: true, update: true });
    await setGrant(ids.norte, 'page-roles', 'staff', { read: true, update: true });
    await t.sql(`update app_user set active = false where email = 'jefe@norte.example'`);
    try {
      const response = await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send({ read: false });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ statusCode: 409, message: messages.pageRoleLastAdministrator });
      expect(await grantRow(ids.norte, 'page-roles', 'admin')).toMatchObject({ read: true, update: true });
      expect(await auditOf(id)).toHaveLength(entries);
    } finally {
      await t.sql(`update app_user set active = true where email = 'jefe@norte.example'`);
      await setGrant(ids.norte, 'page-roles', 'inspeccion', { read: false, update: false });
      await setGrant(ids.norte, 'page-roles', 'staff', { read: false, update: false });
    }
  });

  it('refuses (403) granting an action the caller does not hold on that page, and audits the attempt', async () => {
    await setGrant(ids.norte, 'dies', 'admin', { delete: false });
    try {
      const { id } = await grantRow(ids.norte, 'dies', 'inspeccion');
      const response = await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send({ read: true, delete: true });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ statusCode: 403, message: messages.pageRoleEscalation('Eliminar', 'Inventario de matrices') });
      expect(await grantRow(ids.norte, 'dies', 'inspeccion')).toMatchObject({ read: false, delete: false });
      expect(await auditOf(id)).toEqual([
        {
          action: 'refused',
          actor_name: 'admin@norte.example',
          label: 'Inventario de matrices · inspeccion',
          before: { read: false, insert: false, update: false, delete: false },
          after: { read: true, delete: true, reason: messages.pageRoleEscalation('Eliminar', 'Inventario de matrices') },
          company_id: ids.norte,
        },
      ]);
      // What the caller holds may be given; what they lack may still be taken away.
      expect((await t.http().patch(`/api/page-role/${id}`).set(as('admin@norte.example')).send({ read: true })).status).toBe(200);
      await setGrant(ids.norte, 'dies', 'staff', { delete: true });
      const staffRow = await grantRow(ids.norte, 'dies', 'staff');
      expect((await t.http().patch(`/api/page-role/${staffRow.id}`).set(as('admin@norte.example')).send({ delete: false })).status).toBe(200);
      expect(await grantRow(ids.norte, 'dies', 'inspeccion')).toMatchObject({ read: true, delete: false });
    } finally {
      await setGrant(ids.norte, 'dies', 'admin', { delete: true });
      await setGrant(ids.norte, 'dies', 'staff', { delete: true });
      await setGrant(ids.norte, 'dies', 'inspeccion', { read: false });
    }
  });
});

function pick({ read, insert, update, delete: remove }: { read: boolean; insert: boolean; update: boolean; delete: boolean }) {
  return { read, insert, update, delete: remove };
}
