import { messages, type AccessLink, type AuthResponse, type ManagedUser, type UserInvitationWithLink, type UserWithLink } from '@planta/contracts';
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

/** The token of a link's path (`/invitation#token`). */
const tokenOf = (link: AccessLink) => link.path.slice(link.path.indexOf('#') + 1);

/** Invites `email` to the administrator's company (Norte) with `roles`; the answer's body. */
async function invite(email: string, roles: string[] = ['user'], extra: object = {}, inviter = 'admin@norte.example'): Promise<UserInvitationWithLink> {
  const response = await as(inviter).post('/api/users', {
    email,
    display_name: `Persona Nueva ${serial}`,
    position: 'Técnico de mantenimiento',
    role_ids: roles.map((role) => roleIds[role]),
    ...extra,
  });
  expect(response.status).toBe(201);
  return response.body as UserInvitationWithLink;
}

/** Follows an invitation link with `password` (new or the account's own); the answer. */
const accept = (link: AccessLink, password: string, confirm = password) =>
  t
    .http()
    .post('/api/auth/invitation/accept')
    .send({ token: tokenOf(link), password, confirm_password: confirm });

/** A new person of Norte, invited by its administrator and signed in with the link: their user as the administrator sees them, and their session. */
async function newUser(roles: string[] = ['user'], extra: object = {}): Promise<{ user: ManagedUser; email: string; password: string; session: AuthResponse }> {
  serial += 1;
  const email = `nuevo${serial}@norte.example`;
  const password = `Definitiva-${serial}-2026`;
  const { link } = await invite(email, roles, extra);
  const accepted = await accept(link, password);
  expect(accepted.status).toBe(200);
  const session = accepted.body as AuthResponse;
  const user = (await admin().get(`/api/users/${session.user.data.id}`)).body as ManagedUser;
  return { user, email, password, session };
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
    const [user] = await t.sql<{ display_name: string; session_version: number }>(`select display_name, session_version from app_user where id = $1`, [id]);
    expect(user).toEqual({ display_name: 'Luis Cárdenas', session_version: 0 });
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
    const response = await admin().post('/api/users', { email: 'no-es-correo', display_name: 'Al', role_ids: [] });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({
      email: messages.emailFormat,
      display_name: messages.displayNameMinLength,
      role_ids: messages.userRolesRequired,
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

  it('answers 409 for a person who is already a member of the active company (in its own list)', async () => {
    const response = await admin().post('/api/users', { email: 'Jefe@Norte.example', display_name: 'Jefe Otra Vez', role_ids: [roleIds.user] });
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ email: messages.userAlreadyMember });
  });
});

describe('inviting: no address is told apart (finding 4)', () => {
  /** An answer with what differs by nature (ids, addresses, names, times, tokens) put aside: what is left must be equal. */
  const shape = (response: { status: number; headers: Record<string, string>; body: UserInvitationWithLink }) => ({
    status: response.status,
    type: response.headers['content-type'],
    keys: Object.keys(response.body),
    invitation: { ...response.body.invitation, id: 0, email: '', created_at: '', expires_at: '' },
    link: { page: response.body.link.path.split('#')[0], tokenLength: tokenOf(response.body.link).length },
  });

  it('answers an address with an account in another company exactly as a new one, and creates no member', async () => {
    const body = (email: string) => ({ email, display_name: 'Pedro Ramírez', position: 'Operario de prensa', role_ids: [roleIds.user] });
    const sur = as('admin@sur.example');
    const existing = await sur.post('/api/users', body('jefe@norte.example'));
    const fresh = await sur.post('/api/users', body('nadie.todavia@sur.example'));
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing.body.invitation).toMatchObject({
      email: 'jefe@norte.example',
      display_name: 'Pedro Ramírez',
      roles: ['user'],
      company_ids: [companyIds[SUR]],
    });
    // The person's own name stays out of the answer, and nobody became a member.
    expect(JSON.stringify(existing.body)).not.toContain('Jorge');
    const [{ count }] = await t.sql<{ count: number }>(`select count(*)::int as count from company_member where user_id = $1 and company_id = $2`, [
      userIds['jefe@norte.example'],
      companyIds[SUR],
    ]);
    expect(count).toBe(0);
    // A bogus role is refused alike for both (the old probe).
    const bogus = (email: string) => sur.post('/api/users', { ...body(email), role_ids: [999999] });
    const [a, b] = [await bogus('jefe@norte.example'), await bogus('otra.persona@sur.example')];
    expect([a.status, a.body]).toEqual([b.status, b.body]);
  });

  it('limits invitations per company and hour (429 with Retry-After), other companies unaffected', async () => {
    const limit = t.config.accessLinks.invitationsPerHour;
    const [{ made }] = await t.sql<{ made: number }>(
      `select count(*)::int as made from user_invitation where company_id = $1 and created_at > now() - interval '1 hour'`,
      [companyIds[SUR]],
    );
    await t.sql(
      `insert into user_invitation (company_id, email, display_name, role_ids, company_ids, token_hash, expires_at, revoked_at)
       select $1, 'relleno' || n || '@sur.example', 'Relleno', array[$2::int], array[$1::int], md5(random()::text) || md5(random()::text), now() + interval '1 day', now()
         from generate_series(1, $3::int) n`,
      [companyIds[SUR], roleIds.user, Math.max(0, limit - made)],
    );
    const refused = await as('admin@sur.example').post('/api/users', { email: 'una.mas@sur.example', display_name: 'Una Más', role_ids: [roleIds.user] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.userInvitationsTooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.sql(`select 1 from user_invitation where email = 'una.mas@sur.example'`)).length).toBe(0);
    expect((await admin().post('/api/users', { email: 'norte.sigue@norte.example', display_name: 'Norte Sigue', role_ids: [roleIds.user] })).status).toBe(201);
  });
});

describe('accepting an invitation', () => {
  it('a new person chooses a password with the link and is a member of each company invited to, audited without the token', async () => {
    const { invitation, link } = await invite('tecnico.matrices@norte.example', ['user'], { company_ids: [companyIds[SUR]], display_name: 'Ramón Aguirre' });
    expect(link.path).toMatch(/^\/invitation#[A-Za-z0-9_-]{43}$/);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const listed = await admin().get('/api/users/invitations');
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: invitation.id, email: 'tecnico.matrices@norte.example' })]));

    const preview = await t
      .http()
      .post('/api/auth/invitation/preview')
      .send({ token: tokenOf(link) });
    expect(preview.body).toMatchObject({ email: 'tecnico.matrices@norte.example', display_name: 'Ramón Aguirre', company_name: NORTE });
    const mismatch = await accept(link, 'Elegida-2026', 'Otra-2026');
    expect(mismatch.body.fields).toEqual({ confirm_password: messages.passwordsDoNotMatch });
    const accepted = await accept(link, 'Elegida-2026');
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.data).toMatchObject({ email: 'tecnico.matrices@norte.example', displayName: 'Ramón Aguirre', company_id: companyIds[NORTE] });
    const id = accepted.body.user.data.id as number;
    expect((await admin().get(`/api/users/${id}`)).body).toMatchObject({
      roles: ['user'],
      company_ids: [companyIds[NORTE], companyIds[SUR]].sort((x, y) => x - y),
      active: true,
      identity_editable: true,
    });
    expect((await t.http().post('/api/auth/login').send({ email: 'tecnico.matrices@norte.example', password: 'Elegida-2026' })).status).toBe(200);
    // Used once; gone from the pending list.
    expect((await accept(link, 'Elegida-2026')).status).toBe(404);
    expect((await admin().get('/api/users/invitations')).body.map((row: { id: number }) => row.id)).not.toContain(invitation.id);
    const trail = await t.sql<{ action: string; actor_name: string }>(
      `select action, actor_name from audit_entry where entity = 'user-invitation' and entity_id = $1 order by id`,
      [invitation.id],
    );
    expect(trail).toEqual([
      { action: 'invite', actor_name: 'admin@norte.example' },
      { action: 'accept', actor_name: 'tecnico.matrices@norte.example' },
    ]);
    expect(JSON.stringify(await t.sql(`select * from audit_entry where entity = 'user-invitation'`))).not.toContain(tokenOf(link));
    expect(JSON.stringify(await t.sql(`select * from user_invitation`))).not.toContain(tokenOf(link));
  });

  it('a person with an account elsewhere signs in with their own password to join, keeping their name; a wrong one joins nothing', async () => {
    const { link } = await invite('operario@sur.example', ['staff'], { display_name: 'Nombre Escrito Por Norte' });
    const wrong = await accept(link, 'No-Es-La-Suya-2026');
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: messages.invitationPasswordWrong });
    expect(await t.sql(`select 1 from company_member where user_id = $1 and company_id = $2`, [userIds['operario@sur.example'], companyIds[NORTE]])).toEqual(
      [],
    );
    const joined = await accept(link, 'Planta2026!');
    expect(joined.status).toBe(200);
    expect(joined.body.user.data).toMatchObject({ id: userIds['operario@sur.example'], company_id: companyIds[NORTE], displayName: 'Pedro Quintana' });
    expect(joined.body.user.role).toEqual(['staff']);
    // Both of the person's companies can be chosen now, and Sur's roles are untouched.
    const companies = await t.http().get('/api/company/all').set(bearer(joined.body.access_token));
    expect(companies.body.map((company: { name: string }) => company.name)).toEqual([NORTE, SUR]);
    const back = await t.http().post('/api/company/switch').set(bearer(joined.body.access_token)).send({ company_id: companyIds[SUR] });
    expect(back.body.user.role).toEqual(['user']);
    // Now a member of Norte too, the person's own fields are no longer Sur's administrator's alone (Marta administers both).
    const asSur = (await as('admin@sur.example').get(`/api/users/${userIds['operario@sur.example']}`)).body as ManagedUser;
    expect(asSur).toMatchObject({ identity_editable: false, display_name: 'Pedro Quintana' });
    expect((await admin().get(`/api/users/${userIds['operario@sur.example']}`)).body.identity_editable).toBe(true);
  });

  it('a withdrawn, replaced or expired link opens nothing (404 on the token)', async () => {
    const first = await invite('varias.veces@norte.example');
    const renewed = await admin().post(`/api/users/invitations/${first.invitation.id}/link`);
    expect(renewed.status).toBe(200);
    expect((await accept(first.link, 'Elegida-2026')).body.fields).toEqual({ token: messages.linkInvalid });
    const again = await invite('varias.veces@norte.example');
    expect((await accept(renewed.body.link, 'Elegida-2026')).status).toBe(404);
    expect((await admin().delete(`/api/users/invitations/${again.invitation.id}`)).status).toBe(204);
    expect((await accept(again.link, 'Elegida-2026')).status).toBe(404);
    expect(
      (
        await t
          .http()
          .post('/api/auth/invitation/preview')
          .send({ token: tokenOf(again.link) })
      ).status,
    ).toBe(404);
    const late = await invite('tarde@norte.example');
    await t.sql(`update user_invitation set expires_at = now() - interval '1 second' where id = $1`, [late.invitation.id]);
    expect((await accept(late.link, 'Elegida-2026')).status).toBe(404);
    expect(await t.sql(`select 1 from app_user where email in ('varias.veces@norte.example', 'tarde@norte.example')`)).toEqual([]);
    // Another company's invitation is not this one's to see or withdraw.
    expect((await as('admin@sur.example').delete(`/api/users/invitations/${late.invitation.id}`)).status).toBe(404);
  });
});

describe('what is the person’s own (findings 1, 3 and 6)', () => {
  const marta = () => userIds['admin@norte.example'];

  it('another company’s administrator cannot reset, rename or deactivate a shared member everywhere (403, audited); Sur’s membership alone is Sur’s', async () => {
    const martaSession = await t.login('admin@norte.example');
    const sur = as('admin@sur.example');
    const reset = await sur.post(`/api/users/${marta()}/reset-password`);
    expect(reset.status).toBe(403);
    expect(reset.body.message).toBe(messages.userResetNotAllCompanies);
    expect(JSON.stringify(reset.body)).not.toMatch(/reset-password#/);
    for (const field of ['display_name', 'position', 'photo_url'] as const) {
      const value = field === 'photo_url' ? 'data:image/png;base64,iVBORw0KGgo=' : 'Cambiado Desde Sur';
      const renamed = await sur.patch(`/api/users/${marta()}`, { [field]: value });
      expect([field, renamed.status, renamed.body.fields]).toEqual([field, 403, { [field]: messages.userIdentityNotYours }]);
    }
    expect(await auditOf(marta(), 'refused')).toHaveLength(4);
    // Her password and her session still work; her name is hers.
    expect((await t.http().get('/api/grants').set(bearer(martaSession.access_token))).status).toBe(200);
    expect((await t.login('admin@norte.example')).user.data.displayName).toBe(martaSession.user.data.displayName);

    // Deactivating her in Sur ends Sur only: she still works in Norte, and Sur is no longer hers to choose.
    const inSur = await t.http().post('/api/company/switch').set(bearer(martaSession.access_token)).send({ company_id: companyIds[SUR] });
    const mentionable = async (session: typeof sur) =>
      ((await session.get('/api/correction-people')).body.mentionable as { id: number }[]).map((person) => person.id);
    expect(await mentionable(sur)).toContain(marta());
    const deactivated = await sur.patch(`/api/users/${marta()}`, { active: false });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    expect((await t.http().get('/api/grants').set(bearer(inSur.body.access_token))).status).toBe(401);
    const signIn = await t.login('admin@norte.example');
    expect(signIn.user.data.company_id).toBe(companyIds[NORTE]);
    expect((await t.http().get('/api/company/all').set(bearer(signIn.access_token))).body.map((c: { name: string }) => c.name)).toEqual([NORTE]);
    expect((await admin().get(`/api/users/${marta()}`)).body.active).toBe(true);
    // Every picker of people agrees: Sur's no longer offers her, Norte's still does.
    expect(await mentionable(sur)).not.toContain(marta());
    expect(await mentionable(admin())).toContain(marta());
    const [entry] = await auditOf(marta(), 'deactivate');
    expect(entry.company_id).toBe(companyIds[SUR]);
    expect((await sur.patch(`/api/users/${marta()}`, { active: true })).status).toBe(200);
  });

  it('an administrator of every company of the person resets with a one-time link, never a password: the old one and every session end at once', async () => {
    const created = await newUser(['user'], { company_ids: [companyIds[SUR]] });
    const other = await t.login(created.email, created.password);
    const socket = await connect(url, other.access_token);
    const cut = nextCut(socket, 3000);
    const reset = await admin().post(`/api/users/${created.user.id}/reset-password`);
    expect(reset.status).toBe(200);
    const { link, user } = reset.body as UserWithLink;
    expect(link.path).toMatch(/^\/reset-password#[A-Za-z0-9_-]{43}$/);
    expect(user.id).toBe(created.user.id);
    expect(Object.keys(reset.body).sort()).toEqual(['link', 'user']);
    expect((await cut).revoked).toEqual({ reason: 'access-revoked' });
    for (const session of [created.session, other]) expect((await t.http().get('/api/grants').set(bearer(session.access_token))).status).toBe(401);
    expect((await t.http().post('/api/auth/token').send({ token: other.access_token, email: created.email })).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: created.password })).status).toBe(401);

    const preview = await t
      .http()
      .post('/api/auth/password-reset/preview')
      .send({ token: tokenOf(link) });
    expect(preview.body).toMatchObject({ email: created.email, display_name: created.user.display_name });
    const chosen = await t
      .http()
      .post('/api/auth/password-reset')
      .send({ token: tokenOf(link), new_password: 'Nueva-Elegida-2026', confirm_password: 'Nueva-Elegida-2026' });
    expect(chosen.status).toBe(200);
    expect((await t.http().get('/api/grants').set(bearer(chosen.body.access_token))).status).toBe(200);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: 'Nueva-Elegida-2026' })).status).toBe(200);
    const reused = await t
      .http()
      .post('/api/auth/password-reset')
      .send({ token: tokenOf(link), new_password: 'Otra-Mas-2026', confirm_password: 'Otra-Mas-2026' });
    expect(reused.status).toBe(404);
    const [entry] = await auditOf(created.user.id, 'password-reset');
    expect(entry.actor_name).toBe('admin@norte.example');
    expect(JSON.stringify(await t.sql(`select * from password_reset`))).not.toContain(tokenOf(link));
  });

  it('refuses a reset of one’s own password (409): it would end one’s own sessions', async () => {
    const response = await admin().post(`/api/users/${userIds['admin@norte.example']}/reset-password`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(messages.userCannotResetOwnPassword);
    expect((await admin().get('/api/users/all')).status).toBe(200);
  });

  it('a password change ends every other session and socket of the person at once; the changing one goes on', async () => {
    const created = await newUser(['user']);
    const other = await t.login(created.email, created.password);
    const socket = await connect(url, other.access_token);
    const cut = nextCut(socket, 3000);
    const changed = await t.http().post('/api/auth/change-password').set(bearer(created.session.access_token)).send({
      current_password: created.password,
      new_password: 'Cambiada-Por-Mi-2026',
      confirm_password: 'Cambiada-Por-Mi-2026',
    });
    expect(changed.status).toBe(200);
    expect((await cut).revoked).toEqual({ reason: 'access-revoked' });
    expect((await t.http().get('/api/grants').set(bearer(other.access_token))).status).toBe(401);
    expect((await t.http().post('/api/auth/token').send({ token: other.access_token, email: created.email })).status).toBe(401);
    // The session that changed it: its new token and (calls under way) its old one both answer.
    expect((await t.http().get('/api/grants').set(bearer(changed.body.access_token))).status).toBe(200);
    expect((await t.http().get('/api/grants').set(bearer(created.session.access_token))).status).toBe(200);
    // A second change ends that old token too.
    const again = await t.http().post('/api/auth/change-password').set(bearer(changed.body.access_token)).send({
      current_password: 'Cambiada-Por-Mi-2026',
      new_password: 'Cambiada-Otra-Vez-2026',
      confirm_password: 'Cambiada-Otra-Vez-2026',
    });
    expect(again.status).toBe(200);
    expect((await t.http().get('/api/grants').set(bearer(created.session.access_token))).status).toBe(401);
    expect(await auditOf(created.user.id, 'password-change')).toHaveLength(2);
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
    supervisor = 'supervisor@norte.example';
    const { link } = await invite(supervisor, [], { display_name: 'Nuria Supervisora', role_ids: [supervisorRole] });
    const accepted = await accept(link, 'Supervisora-2026');
    expect(accepted.status).toBe(200);
    sessions[supervisor] = accepted.body as AuthResponse;
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
    expect((await t.sql(`select 1 from user_invitation where email = 'escala@norte.example'`)).length).toBe(0);
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
    expect(created.body.invitation.roles).toEqual(['guest', 'Supervisor de personal']);
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
    const jefe = await t.login('jefe@norte.example');
    const response = await as(supervisor).post(`/api/users/${userIds['jefe@norte.example']}/reset-password`);
    expect(response.status).toBe(403);
    expect(response.body.fields).toEqual({ id: messages.userRoleNotHeld });
    expect((await t.http().get('/api/grants').set(bearer(jefe.access_token))).status).toBe(200);
    expect((await t.login('jefe@norte.example')).user.data.email).toBe('jefe@norte.example');
    expect(await t.sql(`select 1 from password_reset where user_id = $1`, [userIds['jefe@norte.example']])).toEqual([]);
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
    const { session } = created;
    expect((await t.http().get('/api/grants').set(bearer(session.access_token))).status).toBe(200);
    const socket = await connect(url, session.access_token);
    const cut = nextCut(socket, 3000);
    const response = await admin().patch(`/api/users/${created.user.id}`, { active: false });
    expect(response.status).toBe(200);
    expect(response.body.active).toBe(false);
    const { revoked } = await cut;
    expect(revoked).toEqual({ reason: 'access-revoked' });
    expect((await t.http().get('/api/grants').set(bearer(session.access_token))).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: created.password })).status).toBe(401);
    const [entry] = await auditOf(created.user.id, 'deactivate');
    expect(entry).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await admin().patch(`/api/users/${created.user.id}`, { active: true })).status).toBe(200);
    expect(await auditOf(created.user.id, 'activate')).toHaveLength(1);
    expect((await t.http().post('/api/auth/login').send({ email: created.email, password: created.password })).status).toBe(200);
  });

  it('never removes a user with history (409: deactivate instead); one without history is removed and audited', async () => {
    const withHistory = await admin().delete(`/api/users/${userIds['operario@norte.example']}`);
    expect(withHistory.status).toBe(409);
    expect(withHistory.body.message).toBe(messages.userHasHistory);
    // Accepting an invitation is signing in: that is history already.
    const signedIn = await newUser();
    expect((await admin().delete(`/api/users/${signedIn.user.id}`)).status).toBe(409);

    // An account that never did anything (made in SQL, as an import would): removed.
    const [{ id }] = await t.sql<{ id: number }>(
      `insert into app_user (email, password_hash, display_name, home_company_id) values ('sin.historia@norte.example', 'none', 'Sin Historia', $1) returning id`,
      [companyIds[NORTE]],
    );
    await t.sql(`insert into company_member (company_id, user_id) values ($1, $2)`, [companyIds[NORTE], id]);
    await t.sql(`insert into company_member_role (company_id, user_id, role_id) values ($1, $2, $3)`, [companyIds[NORTE], id, roleIds.user]);
    const user = (await admin().get(`/api/users/${id}`)).body as ManagedUser;
    expect((await admin().delete(`/api/users/${user.id}`)).status).toBe(204);
    expect(await t.sql(`select 1 from app_user where id = $1`, [user.id])).toHaveLength(0);
    const [entry] = await auditOf(user.id, 'delete');
    expect(entry.before).toMatchObject({ email: user.email, display_name: user.display_name });
  });
});
