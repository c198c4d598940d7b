import { messages, type AuthResponse, type ManagedUser, type UserWithPassword } from '@planta/contracts';
import { closeSockets, connect, nextCut } from './support/sockets';
import { bearer, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let url: string;
const sessions: Record<string, AuthResponse> = {};
const roleIds: Record<string, number> = {};
const companyIds: Record<string, number> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ REALTIME_ACCESS_CHECK_MS: '600000' });
  url = await t.listen();
  for (const email of ['admin@norte.example', 'jefe@norte.example', 'operario@norte.example', 'invitado@norte.example', 'admin@sur.example'])
    sessions[email] = await t.login(email);
  for (const { id, name } of await t.sql<{ id: number; name: string }>(`select id, name from role where company_id is null`)) roleIds[name] = id;
  for (const { id, name } of await t.sql<{ id: number; name: string }>(`select id, name from company`)) companyIds[name] = id;
  for (const { id, email } of await t.sql<{ id: number; email: string }>(`select id, email from app_user`)) userIds[email] = id;
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const NORTE = 'Extrusiones del Norte';
const SUR = 'Perfiles del Sur';
const token = (email: string) => sessions[email].access_token;
const as = (email: string) => ({
  get: (path: string) =>
    t
      .http()
      .get(path)
      .set(bearer(token(email))),
  post: (path: string, body: object = {}) =>
    t
      .http()
      .post(path)
      .set(bearer(token(email)))
      .send(body),
  patch: (path: string, body: object) =>
    t
      .http()
      .patch(path)
      .set(bearer(token(email)))
      .send(body),
  delete: (path: string) =>
    t
      .http()
      .delete(path)
      .set(bearer(token(email))),
});
const admin = () => as('admin@norte.example');

let serial = 0;
/** A new user of Norte made by its administrator, with a typed temporary password. */
async function newUser(roles: string[] = ['user'], extra: object = {}): Promise<UserWithPassword & { email: string; password: string }> {
  serial += 1;
  const email = `nuevo${serial}@norte.example`;
  const password = `Temporal-${serial}-2026`;
  const response = await admin().post('/api/users', {
    email,
    display_name: `Persona Nueva ${serial}`,
    position: 'Técnico de mantenimiento',
    role_ids: roles.map((role) => roleIds[role]),
    temporary_password: password,
    ...extra,
  });
  expect(response.status).toBe(201);
  return { ...(response.body as UserWithPassword), email, password };
}

/** Signs in with the temporary password and changes it; the answer's session. */
async function signedInChanged(email: string, temporary: string): Promise<AuthResponse> {
  const first = await t.http().post('/api/auth/login').send({ email, password: temporary });
  expect(first.status).toBe(200);
  const changed = await t.http().post('/api/auth/change-password').set(bearer(first.body.access_token)).send({
    current_password: temporary,
    new_password: 'Definitiva-2026',
    confirm_password: 'Definitiva-2026',
  });
  expect(changed.status).toBe(200);
  return changed.body as AuthResponse;
}

const auditOf = (entityId: number, action: string) =>
  t.sql<{ actor_name: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; company_id: number }>(
    `select actor_name, before, after, company_id from audit_entry where entity = 'user' and entity_id = $1 and action = $2 order by id`,
    [entityId, action],
  );

describe('grants: only the page users', () => {
  const routes = (id: number): [string, (email: string) => Promise<{ status: number }>][] => [
    ['GET all', (email) => as(email).get('/api/users/all')],
    ['GET options', (email) => as(email).get('/api/users/options')],
    ['GET :id', (email) => as(email).get(`/api/users/${id}`)],
    ['POST', (email) => as(email).post('/api/users', { email: 'x@y.example', display_name: 'Nadie Nadie', role_ids: [roleIds.user] })],
    ['PATCH', (email) => as(email).patch(`/api/users/${id}`, { position: 'Otro' })],
    ['POST reset-password', (email) => as(email).post(`/api/users/${id}/reset-password`)],
    ['DELETE', (email) => as(email).delete(`/api/users/${id}`)],
  ];
  for (const email of ['jefe@norte.example', 'operario@norte.example', 'invitado@norte.example']) {
    it(`refuses ${email} (403) on every route`, async () => {
      for (const [name, send] of routes(userIds['operario@norte.example'])) {
        const response = await send(email);
        expect([name, response.status]).toEqual([name, 403]);
      }
      const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from app_user where email = 'x@y.example'`);
      expect(count).toBe(0);
    });
  }

  it('needs a token (401)', async () => {
    expect((await t.http().get('/api/users/all')).status).toBe(401);
  });
});

describe('tenancy', () => {
  it('lists the members of the active company only, with their roles there', async () => {
    const norte = await admin().get('/api/users/all').query({ pageSize: 100 });
    expect(norte.status).toBe(200);
    const emails = (norte.body.items as ManagedUser[]).map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@norte.example', 'jefe@norte.example', 'operario@norte.example']));
    expect(emails).not.toContain('admin@sur.example');
    const jefe = (norte.body.items as ManagedUser[]).find((user) => user.email === 'jefe@norte.example')!;
    expect(jefe).toMatchObject({ roles: ['staff'], role_ids: [roleIds.staff], company_ids: [companyIds[NORTE]], active: true });
    const sur = await as('admin@sur.example').get('/api/users/all').query({ pageSize: 100 });
    expect((sur.body.items as ManagedUser[]).map((user) => user.email)).not.toContain('operario@norte.example');
  });

  it('answers 404 to the administrator of Sur for a user of Norte, on every route, and changes nothing', async () => {
    const id = userIds['operario@norte.example'];
    const sur = as('admin@sur.example');
    expect((await sur.get(`/api/users/${id}`)).status).toBe(404);
    expect((await sur.patch(`/api/users/${id}`, { display_name: 'Cambiado Desde Sur' })).status).toBe(404);
    expect((await sur.post(`/api/users/${id}/reset-password`)).status).toBe(404);
    expect((await sur.delete(`/api/users/${id}`)).status).toBe(404);
    const [user] = await t.sql<{ display_name: string; must_change_password: boolean }>(
      `select display_name, must_change_password from app_user where id = $1`,
      [id],
    );
    expect(user).toEqual({ display_name: 'Luis Cárdenas', must_change_password: false });
  });

  it('searches (accents aside) and sorts', async () => {
    const found = await admin().get('/api/users/all').query({ search: 'cardenas' });
    expect((found.body.items as ManagedUser[]).map((user) => user.email)).toEqual(['operario@norte.example']);
    const sorted = await admin().get('/api/users/all').query({ sort: 'email', direction: 'desc', pageSize: 100 });
    const emails = (sorted.body.items as ManagedUser[]).map((user) => user.email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('offers the built-in roles and the caller’s own companies', async () => {
    const options = await admin().get('/api/users/options');
    expect(options.status).toBe(200);
    expect(options.body.roles.map((role: { name: string }) => role.name)).toEqual(expect.arrayContaining(['admin', 'staff', 'user', 'guest']));
    expect(options.body.companies.map((company: { name: string }) => company.name)).toEqual([NORTE, SUR]);
    const sur = await as('admin@sur.example').get('/api/users/options');
    expect(sur.body.companies.map((company: { name: string }) => company.name)).toEqual([SUR]);
  });
});

describe('validation', () => {
  it('answers 400 naming each field', async () => {
    const response = await admin().post('/api/users', { email: 'no-es-correo', display_name: 'Al', role_ids: [], temporary_password: 'corta' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({
      email: messages.emailFormat,
      display_name: messages.displayNameMinLength,
      role_ids: messages.userRolesRequired,
      temporary_password: messages.weakPassword,
    });
  });

  it('refuses a role of no company it can see, and leaving the active company', async () => {
    const unknown = await admin().post('/api/users', { email: 'rol@norte.example', display_name: 'Rol Desconocido', role_ids: [999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ role_ids: messages.userRoleUnknown });
    const { user } = await newUser();
    const leaving = await admin().patch(`/api/users/${user.id}`, { company_ids: [companyIds[SUR]] });
    expect(leaving.status).toBe(400);
    expect(leaving.body.fields).toEqual({ company_ids: messages.userActiveCompanyRequired });
  });

  it('answers 409 in Spanish for an email that exists in the installation (another company’s too)', async () => {
    const response = await admin().post('/api/users', { email: 'Operario@Sur.example', display_name: 'Pedro Otra Vez', role_ids: [roleIds.user] });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(messages.userEmailExists);
    expect(response.body.fields).toEqual({ email: messages.userEmailExists });
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from company_member where user_id = $1`, [
      userIds['operario@sur.example'],
    ]);
    expect(count).toBe(1);
  });
});

describe('creating a user and the temporary password', () => {
  it('creates a member of the active company with a generated password shown once, audited without it', async () => {
    const response = await admin().post('/api/users', {
      email: 'Tecnico.Matrices@norte.example',
      display_name: 'Ramón Aguirre',
      position: 'Técnico de matricería',
      role_ids: [roleIds.user],
      company_ids: [companyIds[SUR]],
    });
    expect(response.status).toBe(201);
    const { user, temporary_password } = response.body as UserWithPassword;
    expect(temporary_password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(user).toMatchObject({
      email: 'tecnico.matrices@norte.example',
      roles: ['user'],
      company_ids: [companyIds[NORTE], companyIds[SUR]].sort((a, b) => a - b),
      must_change_password: true,
      active: true,
    });
    expect((await admin().get(`/api/users/${user.id}`)).body).toEqual(user);
    const [entry] = await auditOf(user.id, 'create');
    expect(entry.actor_name).toBe('admin@norte.example');
    expect(entry.after).toMatchObject({ display_name: 'Ramón Aguirre', roles: ['user'], companies: [NORTE, SUR], active: true });
    expect(JSON.stringify(entry)).not.toContain(temporary_password);
    const [{ roles }] = await t.sql<{ roles: string[] }>(
      `select array(select r.name from company_member_role h join role r on r.id = h.role_id where h.user_id = $1 and h.company_id = $2) as roles`,
      [user.id, companyIds[SUR]],
    );
    expect(roles).toEqual(['user']);
  });

  it('must change it first: the sign-in says so, every other call is 403, after the change everything works', async () => {
    const created = await newUser(['staff']);
    const signIn = await t.http().post('/api/auth/login').send({ email: created.email, password: created.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.data.must_change_password).toBe(true);
    const temporary = signIn.body.access_token as string;
    const orders = await t.http().get('/api/orders/all').set(bearer(temporary));
    expect(orders.status).toBe(403);
    expect(orders.body.message).toBe(messages.passwordChangeRequired);
    expect(
      (
        await t
          .http()
          .post('/api/auth/user/update')
          .set(bearer(temporary))
          .send({ user: { data: { displayName: 'Otro Nombre' } } })
      ).status,
    ).toBe(403);
    expect((await t.http().get('/api/grants').set(bearer(temporary))).status).toBe(200);

    const wrong = await t.http().post('/api/auth/change-password').set(bearer(temporary)).send({
      current_password: 'no-es-la-buena',
      new_password: 'Definitiva-2026',
      confirm_password: 'Definitiva-2026',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ current_password: messages.currentPasswordWrong });
    const mismatch = await t.http().post('/api/auth/change-password').set(bearer(temporary)).send({
      current_password: created.password,
      new_password: 'Definitiva-2026',
      confirm_password: 'Otra-cosa-2026',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ confirm_password: messages.passwordsDoNotMatch });

    const changed = await t.http().post('/api/auth/change-password').set(bearer(temporary)).send({
      current_password: created.password,
      new_password: 'Definitiva-2026',
      confirm_password: 'Definitiva-2026',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.data.must_change_password).toBe(false);
    expect((await t.http().get('/api/orders/all').set(bearer(changed.body.access_token))).status).toBe(200);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: created.password })).status).toBe(401);
    const again = await t.http().post('/api/auth/login').send({ email: created.email, password: 'Definitiva-2026' });
    expect(again.body.user.data.must_change_password).toBe(false);
    expect(await auditOf(created.user.id, 'password-change')).toHaveLength(1);
  });

  it('refuses a reset of one’s own password (409): it would lock one’s own session', async () => {
    const response = await admin().post(`/api/users/${userIds['admin@norte.example']}/reset-password`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(messages.userCannotResetOwnPassword);
    expect((await admin().get('/api/users/all')).status).toBe(200);
  });

  it('a reset gives a new temporary password that must be changed again, audited', async () => {
    const created = await newUser();
    const session = await signedInChanged(created.email, created.password);
    const reset = await admin().post(`/api/users/${created.user.id}/reset-password`, { temporary_password: 'Restablecida-2026' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ temporary_password: 'Restablecida-2026', user: { must_change_password: true } });
    // The open session is held to the change too.
    expect((await t.http().get('/api/orders/all').set(bearer(session.access_token))).status).toBe(403);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: 'Definitiva-2026' })).status).toBe(401);
    const signIn = await t.http().post('/api/auth/login').send({ email: created.email, password: 'Restablecida-2026' });
    expect(signIn.body.user.data.must_change_password).toBe(true);
    const [entry] = await auditOf(created.user.id, 'password-reset');
    expect(entry.actor_name).toBe('admin@norte.example');
    expect(JSON.stringify(entry)).not.toContain('Restablecida');
  });
});

describe('changes are audited', () => {
  it('records before and after of what changed, roles and companies by name', async () => {
    const { user } = await newUser(['user']);
    const response = await admin().patch(`/api/users/${user.id}`, {
      display_name: 'Inés Galarza',
      position: 'Inspectora de calidad',
      role_ids: [roleIds.staff],
      company_ids: [companyIds[NORTE], companyIds[SUR]],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ display_name: 'Inés Galarza', roles: ['staff'] });
    const [entry] = await auditOf(user.id, 'update');
    expect(entry.before).toEqual({
      display_name: user.display_name,
      position: 'Técnico de mantenimiento',
      roles: ['user'],
      companies: [NORTE],
    });
    expect(entry.after).toEqual({ display_name: 'Inés Galarza', position: 'Inspectora de calidad', roles: ['staff'], companies: [NORTE, SUR] });
  });
});

describe('no escalation', () => {
  let supervisor: string;
  let supervisorRole: number;
  beforeAll(async () => {
    // A custom role of Norte with the users page only (read, insert, update): less than any built-in role but guest.
    [{ id: supervisorRole }] = await t.sql<{ id: number }>(
      `insert into role (name, description, company_id) values ('Supervisor de personal', 'Gestiona usuarios', $1) returning id`,
      [companyIds[NORTE]],
    );
    await t.sql(
      `insert into page_role (company_id, page_id, role_id, read, insert, update, delete)
       select $1, id, $2, true, true, true, false from page where alias = 'users'`,
      [companyIds[NORTE], supervisorRole],
    );
    const created = await admin().post('/api/users', {
      email: 'supervisor@norte.example',
      display_name: 'Nuria Supervisora',
      role_ids: [supervisorRole],
      temporary_password: 'Temporal-supervisor',
    });
    expect(created.status).toBe(201);
    supervisor = 'supervisor@norte.example';
    sessions[supervisor] = await signedInChanged(supervisor, 'Temporal-supervisor');
  });

  const refusals = async (entityId: number) => auditOf(entityId, 'refused');

  it("cannot give 'admin' (403, audited as refused), and nothing changes", async () => {
    const { user } = await newUser(['guest']);
    const response = await as(supervisor).patch(`/api/users/${user.id}`, { role_ids: [roleIds.admin] });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.userAdminRoleNotHeld);
    expect((await admin().get(`/api/users/${user.id}`)).body.roles).toEqual(['guest']);
    const [entry] = await refusals(user.id);
    expect(entry.actor_name).toBe(supervisor);
    expect(entry.after).toMatchObject({ reason: messages.userAdminRoleNotHeld, role: 'admin' });
  });

  it('cannot give a role with grants beyond their own, nor create a user with it', async () => {
    const { user } = await newUser(['guest']);
    const response = await as(supervisor).patch(`/api/users/${user.id}`, { role_ids: [roleIds.staff] });
    expect(response.status).toBe(403);
    expect(response.body.fields).toEqual({ role_ids: messages.userRoleNotHeld });
    expect(await refusals(user.id)).toHaveLength(1);
    const creating = await as(supervisor).post('/api/users', { email: 'escala@norte.example', display_name: 'Escalada Nueva', role_ids: [roleIds.user] });
    expect(creating.status).toBe(403);
    expect((await t.sql(`select 1 from app_user where email = 'escala@norte.example'`)).length).toBe(0);
    const [entry] = await t.sql<{ label: string }>(`select label from audit_entry where action = 'refused' and entity_id is null and actor_name = $1`, [
      supervisor,
    ]);
    expect(entry.label).toBe('escala@norte.example');
  });

  it('may give a role whose grants they hold (guest, their own)', async () => {
    const created = await as(supervisor).post('/api/users', {
      email: 'ayudante@norte.example',
      display_name: 'Ayudante de Personal',
      role_ids: [supervisorRole, roleIds.guest],
    });
    expect(created.status).toBe(201);
    expect(created.body.user.roles).toEqual(['guest', 'Supervisor de personal']);
  });

  it('cannot add a company they do not belong to (403, audited)', async () => {
    const { user } = await newUser(['guest']);
    const response = await as(supervisor).patch(`/api/users/${user.id}`, { company_ids: [companyIds[NORTE], companyIds[SUR]] });
    expect(response.status).toBe(403);
    expect(response.body.fields).toEqual({ company_ids: messages.userCompanyNotHeld });
    const [entry] = await refusals(user.id);
    expect(entry.after).toMatchObject({ company_ids: [companyIds[SUR]] });
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from company_member where user_id = $1`, [user.id]);
    expect(count).toBe(1);
  });

  it('cannot reset the password of someone holding more than they do', async () => {
    const response = await as(supervisor).post(`/api/users/${userIds['jefe@norte.example']}/reset-password`);
    expect(response.status).toBe(403);
    const [{ must_change_password }] = await t.sql<{ must_change_password: boolean }>(`select must_change_password from app_user where id = $1`, [
      userIds['jefe@norte.example'],
    ]);
    expect(must_change_password).toBe(false);
  });

  it('protects the last active administrator: not demoted, not deactivated (409); nobody deactivates themselves', async () => {
    const adminId = userIds['admin@norte.example'];
    const deactivate = await as(supervisor).patch(`/api/users/${adminId}`, { active: false });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.fields).toEqual({ active: messages.userLastAdmin });
    const demote = await admin().patch(`/api/users/${adminId}`, { role_ids: [roleIds.staff] });
    expect(demote.status).toBe(409);
    expect(demote.body.fields).toEqual({ role_ids: messages.userLastAdmin });
    const self = await admin().patch(`/api/users/${adminId}`, { active: false });
    expect(self.status).toBe(409);
    expect(self.body.fields).toEqual({ active: messages.userCannotDeactivateSelf });
    // In Sur, admin@sur and admin@norte administer: one may step down, then the other is the last one.
    const surAdmin = userIds['admin@sur.example'];
    const asSur = as('admin@sur.example');
    expect((await asSur.patch(`/api/users/${adminId}`, { role_ids: [roleIds.staff] })).status).toBe(200);
    const lastOfSur = await asSur.patch(`/api/users/${surAdmin}`, { role_ids: [roleIds.user] });
    expect(lastOfSur.status).toBe(409);
    expect(lastOfSur.body.message).toBe(messages.userLastAdmin);
    const restore = await asSur.patch(`/api/users/${adminId}`, { role_ids: [roleIds.admin] });
    expect(restore.status).toBe(200);
    expect((await admin().get(`/api/users/${adminId}`)).body.roles).toEqual(['admin']);
  });
});

describe('deactivation and removal', () => {
  it('ends access at the next call (401) and cuts the socket; audited; activation brings it back', async () => {
    const created = await newUser(['user']);
    const session = await signedInChanged(created.email, created.password);
    expect((await t.http().get('/api/grants').set(bearer(session.access_token))).status).toBe(200);
    const socket = await connect(url, session.access_token);
    const cut = nextCut(socket, 3000);
    const response = await admin().patch(`/api/users/${created.user.id}`, { active: false });
    expect(response.status).toBe(200);
    expect(response.body.active).toBe(false);
    const { revoked } = await cut;
    expect(revoked).toEqual({ reason: 'access-revoked' });
    expect((await t.http().get('/api/grants').set(bearer(session.access_token))).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: 'Definitiva-2026' })).status).toBe(401);
    const [entry] = await auditOf(created.user.id, 'deactivate');
    expect(entry).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await admin().patch(`/api/users/${created.user.id}`, { active: true })).status).toBe(200);
    expect(await auditOf(created.user.id, 'activate')).toHaveLength(1);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: 'Definitiva-2026' })).status).toBe(200);
  });

  it('never removes a user with history (409: deactivate instead); one without history is removed and audited', async () => {
    const withHistory = await admin().delete(`/api/users/${userIds['operario@norte.example']}`);
    expect(withHistory.status).toBe(409);
    expect(withHistory.body.message).toBe(messages.userHasHistory);
    const signedIn = await newUser();
    await signedInChanged(signedIn.email, signedIn.password);
    expect((await admin().delete(`/api/users/${signedIn.user.id}`)).status).toBe(409);

    const { user } = await newUser();
    expect((await admin().delete(`/api/users/${user.id}`)).status).toBe(204);
    expect(await t.sql(`select 1 from app_user where id = $1`, [user.id])).toHaveLength(0);
    const [entry] = await auditOf(user.id, 'delete');
    expect(entry.before).toMatchObject({ email: user.email, display_name: user.display_name });
  });
});
