import jwt from 'jsonwebtoken';
import { liveEvents, messages, type AuthResponse } from '@planta/contracts';
import { NotificationsService } from '../src/notifications/notifications.service';
import { RealtimeService } from '../src/realtime/realtime.service';
import { closeSockets, connect, nextCut, nextEvent, pause, recorder, refusal } from './support/sockets';
import { bearer, startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

let t: TestApp;
let url: string;
let jefe: AuthResponse;
let operario: AuthResponse;
let adminNorte: AuthResponse;
let adminSur: AuthResponse;
beforeAll(async () => {
  // No periodic check within these tests: what they see comes from the database's announcements
  // (the check is tested in realtime-processes.e2e-spec.ts).
  t = await startTestApp({ REALTIME_ACCESS_CHECK_MS: '600000' });
  url = await t.listen();
  [jefe, operario, adminNorte, adminSur] = await Promise.all(
    ['jefe@norte.example', 'operario@norte.example', 'admin@norte.example', 'admin@sur.example'].map((email) => t.login(email)),
  );
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const idOf = (session: AuthResponse) => session.user.data.id;
const norte = () => jefe.user.data.company_id;
/** Enough for an event that was going to arrive to have arrived. */
const SETTLE_MS = 300;

describe('socket handshake', () => {
  it('refuses no token, a garbage token and an expired token', async () => {
    expect((await refusal(url)).message).toBe(messages.invalidAccessToken);
    expect((await refusal(url, { token: 'garbage' })).message).toBe(messages.invalidAccessToken);
    const claims = jwt.decode(jefe.access_token) as Record<string, unknown>;
    const expired = jwt.sign(
      { sub: claims.sub, uuid: claims.uuid, roles: claims.roles, company_id: claims.company_id, exp: Math.floor(Date.now() / 1000) - 60 },
      TEST_JWT_SECRET,
      {
        algorithm: 'HS256',
        issuer: 'planta-api',
        audience: 'planta-portal',
      },
    );
    const error = await refusal(url, { token: expired });
    expect(error.message).toBe(messages.accessTokenExpired);
    expect(error.data).toEqual({ statusCode: 401, message: messages.accessTokenExpired });
  });

  it('refuses a share-token guest', async () => {
    const [die] = await t.sql<{ id: number }>(`select id from die where company_id = $1 limit 1`, [norte()]);
    const link = await t.http().post('/api/share-token').set(bearer(adminNorte.access_token)).send({ resource_type: 'die-summary', resource_id: die.id });
    const guest = await t.http().post('/api/auth/login/token').send({ token: link.body.token });
    expect(guest.status).toBe(200);
    const error = await refusal(url, { token: guest.body.access_token });
    expect(error.message).toBe(messages.realtimeGuestRefused);
    expect(error.data?.statusCode).toBe(403);
  });

  it('refuses the valid token of a user who is no longer active, and accepts a bearer header', async () => {
    await t.sql(`update app_user set active = false where id = $1`, [idOf(operario)]);
    try {
      expect((await refusal(url, { token: operario.access_token })).message).toBe(messages.invalidAccessToken);
    } finally {
      await t.sql(`update app_user set active = true where id = $1`, [idOf(operario)]);
    }
    const socket = await connect(url, undefined, bearer(operario.access_token));
    expect(socket.connected).toBe(true);
  });
});

describe('rooms', () => {
  it('deliver a user event only to that user, a company event only to that company', async () => {
    const [jefeSocket, operarioSocket, surSocket] = await Promise.all([
      connect(url, jefe.access_token),
      connect(url, operario.access_token),
      connect(url, adminSur.access_token),
    ]);
    const received = [jefeSocket, operarioSocket, surSocket].map(recorder);
    const realtime = t.app.get(RealtimeService);
    realtime.toUser(idOf(jefe), 'probe', { to: 'jefe' });
    realtime.toCompany(norte(), 'probe', { to: 'norte' });
    // Marta is a member of Sur too, but signed in to Norte: Sur's data for her stays out of this session.
    realtime.toUser(idOf(adminNorte), 'probe', { to: 'marta-in-sur' }, adminSur.user.data.company_id);
    await pause(SETTLE_MS);
    const probes = received.map((events) => events.filter(([name]) => name === 'probe').map(([, payload]) => payload));
    // Each room is its own broadcast: their order is not guaranteed.
    expect(probes.map((payloads) => payloads.map((payload) => (payload as { to: string }).to).sort())).toEqual([['jefe', 'norte'], ['norte'], []]);
  });

  it("accept joinToRoom for the token's own room and refuse any other", async () => {
    const socket = await connect(url, jefe.access_token);
    const own = { email: 'jefe@norte.example', room: norte(), userId: idOf(jefe), companyId: norte() };
    expect(await socket.timeout(2000).emitWithAck(liveEvents.joinToRoom, own)).toEqual({ ok: true });
    const sur = adminSur.user.data.company_id;
    for (const payload of [
      { ...own, room: sur },
      { ...own, companyId: sur, room: sur },
      { ...own, userId: idOf(operario) },
      { ...own, email: 'operario@norte.example' },
      { room: norte() },
      'garbage',
    ]) {
      expect(await socket.timeout(2000).emitWithAck(liveEvents.joinToRoom, payload)).toEqual({ ok: false, error: messages.joinToRoomRefused });
    }
  });
});

describe('presence', () => {
  const contactStatus = async (viewer: AuthResponse, contactId: number) => {
    const contacts = await t.http().get('/api/chat/contacts').set(bearer(viewer.access_token));
    return (contacts.body as { id: number; status: string }[]).find((contact) => contact.id === contactId)?.status;
  };

  it("announces a user's first and last socket to the company only", async () => {
    const [jefeSocket, surSocket] = await Promise.all([connect(url, jefe.access_token), connect(url, adminSur.access_token)]);
    const seenByJefe = recorder(jefeSocket);
    const seenBySur = recorder(surSocket);
    const isOperario = (payload: { userId: number }) => payload.userId === idOf(operario);

    const online = nextEvent(jefeSocket, liveEvents.userIsOnline, 5000, isOperario);
    const first = await connect(url, operario.access_token);
    expect(await online).toEqual({ userId: idOf(operario), text: messages.userIsOnline('Luis Cárdenas'), variant: 'info' });
    const second = await connect(url, operario.access_token);
    await pause(SETTLE_MS);
    expect(await contactStatus(jefe, idOf(operario))).toBe('online');

    first.disconnect();
    await pause(SETTLE_MS);
    expect(await contactStatus(jefe, idOf(operario))).toBe('online');
    const offline = nextEvent(jefeSocket, liveEvents.userIsOffline, 5000, isOperario);
    second.disconnect();
    expect(await offline).toEqual({ userId: idOf(operario), text: messages.userIsOffline('Luis Cárdenas'), variant: 'info' });
    expect(await contactStatus(jefe, idOf(operario))).toBe('offline');

    const operarioEvents = seenByJefe.filter(([name, payload]) => name.startsWith('userIs') && isOperario(payload as { userId: number }));
    expect(operarioEvents.map(([name]) => name)).toEqual([liveEvents.userIsOnline, liveEvents.userIsOffline]);
    expect(seenBySur.filter(([name, payload]) => name.startsWith('userIs') && isOperario(payload as { userId: number }))).toEqual([]);
  });

  it('shows a chosen status only while connected', async () => {
    expect((await t.http().post('/api/chat/user/data').set(bearer(operario.access_token)).send({ status: 'do-not-disturb' })).body.status).toBe(
      'do-not-disturb',
    );
    try {
      expect(await contactStatus(jefe, idOf(operario))).toBe('offline');
      const jefeSocket = await connect(url, jefe.access_token);
      const online = nextEvent(jefeSocket, liveEvents.userIsOnline, 5000, (payload: { userId: number }) => payload.userId === idOf(operario));
      await connect(url, operario.access_token);
      await online;
      expect(await contactStatus(jefe, idOf(operario))).toBe('do-not-disturb');
    } finally {
      await t.http().post('/api/chat/user/data').set(bearer(operario.access_token)).send({ status: 'online' });
    }
  });
});

describe('notifications', () => {
  const all = (session: AuthResponse, query = '') => t.http().get(`/api/notification/all${query}`).set(bearer(session.access_token));
  const markRead = (session: AuthResponse, body: object) => t.http().post('/api/notification/mark-read').set(bearer(session.access_token)).send(body);

  it('are seeded, one of them about a blocked task', async () => {
    const list = await all(jefe, `?userId=${idOf(jefe)}`);
    expect(list.status).toBe(200);
    expect(list.body.some((notification: { text_message: string }) => notification.text_message.includes('bloqueado'))).toBe(true);
  });

  it('are stored, then delivered live to their owner only', async () => {
    const [jefeSocket, operarioSocket] = await Promise.all([connect(url, jefe.access_token), connect(url, operario.access_token)]);
    const seenByJefe = recorder(jefeSocket);
    const live = nextEvent(operarioSocket, liveEvents.taskBlocked);
    const stored = await t.app
      .get(NotificationsService)
      .notify(idOf(operario), { event: 'taskBlocked', text: 'La tarea 12 quedó bloqueado', variant: 'error', correction_path: '/correction-board/3' }, norte());
    expect(await live).toEqual({ text: 'La tarea 12 quedó bloqueado', variant: 'error', id: stored.id, correctionPath: '/correction-board/3' });
    await pause(SETTLE_MS);
    expect(seenByJefe.filter(([name]) => name === liveEvents.taskBlocked)).toEqual([]);

    const mine = await all(operario);
    expect(mine.body[0]).toMatchObject({
      id: stored.id,
      text_message: 'La tarea 12 quedó bloqueado',
      variant: 'error',
      is_read: false,
      dismissed: false,
      correctionPath: '/correction-board/3',
    });
    expect((await all(jefe)).body.map((notification: { id: number }) => notification.id)).not.toContain(stored.id);
  });

  it('are listed and marked read only by their owner', async () => {
    const stored = await t.app.get(NotificationsService).notify(idOf(operario), { event: 'labeledUser', text: 'Te mencionaron', variant: 'info' }, norte());
    const someoneElses = await all(operario, `?userId=${idOf(jefe)}`);
    expect(someoneElses.status).toBe(403);
    expect(someoneElses.body.fields).toEqual({ userId: messages.notificationsOnlyYours });

    const byJefe = await markRead(jefe, { ...stored, is_read: true });
    expect(byJefe.status).toBe(404);
    expect(byJefe.body.fields).toEqual({ id: messages.notFound });
    expect((await markRead(adminSur, { id: stored.id, is_read: true })).status).toBe(404);
    expect((await markRead(operario, { id: stored.id, is_read: false })).status).toBe(400);
    expect((await t.sql(`select is_read from notification where id = $1`, [stored.id]))[0]).toEqual({ is_read: false });

    const own = await markRead(operario, { ...stored, is_read: true, dismissed: true });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: stored.id, is_read: true, dismissed: true });
    expect((await all(operario)).body.map((notification: { id: number }) => notification.id)).not.toContain(stored.id);
  });
});

describe('live access follows the user', () => {
  const sur = () => adminSur.user.data.company_id;
  /** A change announced by the database reaches the sockets at once (tens of ms); the bound leaves room for a loaded machine. */
  const ANNOUNCED_BOUND_MS = 1000;
  const switchTo = async (session: AuthResponse, companyId: number): Promise<AuthResponse> => {
    const switched = await t.http().post('/api/company/switch').set(bearer(session.access_token)).send({ company_id: companyId });
    expect(switched.status).toBe(200);
    return switched.body as AuthResponse;
  };
  const probes = (events: [string, unknown][]) => events.filter(([name]) => name === 'probe').map(([, payload]) => (payload as { to: string }).to);

  it("cuts a deactivated user's socket at once, with the revoked reason, and announces them offline", async () => {
    const jefeSocket = await connect(url, jefe.access_token);
    const operarioSocket = await connect(url, operario.access_token);
    const seenByOperario = recorder(operarioSocket);
    const offline = nextEvent(jefeSocket, liveEvents.userIsOffline, 5000, (payload: { userId: number }) => payload.userId === idOf(operario));
    const cut = nextCut(operarioSocket, ANNOUNCED_BOUND_MS);
    const since = Date.now();
    await t.sql(`update app_user set active = false where id = $1`, [idOf(operario)]);
    try {
      const { revoked, reason, at } = await cut;
      expect(revoked).toEqual({ reason: 'access-revoked' });
      expect(reason).toBe('io server disconnect');
      expect(at - since).toBeLessThan(ANNOUNCED_BOUND_MS);
      await offline;
      t.app.get(RealtimeService).toCompany(norte(), 'probe', { to: 'norte' });
      await pause(SETTLE_MS);
      expect(probes(seenByOperario)).toEqual([]);
      // The same verdict as HTTP, and no way back in with the token.
      expect((await t.http().get('/api/grants').set(bearer(operario.access_token))).status).toBe(401);
      expect((await refusal(url, { token: operario.access_token })).message).toBe(messages.invalidAccessToken);
    } finally {
      await t.sql(`update app_user set active = true where id = $1`, [idOf(operario)]);
    }
  });

  it("removed from a company: that company's socket is cut, the user's socket in another company stays", async () => {
    const inSur = await switchTo(adminNorte, sur());
    const [norteSocket, surSocket] = await Promise.all([connect(url, adminNorte.access_token), connect(url, inSur.access_token)]);
    const seenInNorte = recorder(norteSocket);
    const cut = nextCut(surSocket, ANNOUNCED_BOUND_MS);
    const since = Date.now();
    // Her roles there go with the membership; both come back afterwards.
    const roles = await t.sql<{ role_id: number }>(`select role_id from company_member_role where company_id = $1 and user_id = $2`, [sur(), idOf(adminNorte)]);
    await t.sql(`delete from company_member where company_id = $1 and user_id = $2`, [sur(), idOf(adminNorte)]);
    try {
      const { revoked, at } = await cut;
      expect(revoked).toEqual({ reason: 'access-revoked' });
      expect(at - since).toBeLessThan(ANNOUNCED_BOUND_MS);
      const realtime = t.app.get(RealtimeService);
      realtime.toCompany(norte(), 'probe', { to: 'norte' });
      realtime.toUser(idOf(adminNorte), 'probe', { to: 'marta' });
      await pause(SETTLE_MS);
      expect(norteSocket.connected).toBe(true);
      expect(probes(seenInNorte).sort()).toEqual(['marta', 'norte']);
      expect((await t.http().get('/api/grants').set(bearer(inSur.access_token))).status).toBe(401);
    } finally {
      await t.sql(`insert into company_member (company_id, user_id) values ($1, $2)`, [sur(), idOf(adminNorte)]);
      for (const { role_id } of roles)
        await t.sql(`insert into company_member_role (company_id, user_id, role_id) values ($1, $2, $3)`, [sur(), idOf(adminNorte), role_id]);
    }
  });

  it("follows a role change: the user's sockets stay and are told to fetch their grants again", async () => {
    const [jefeSocket, operarioSocket] = await Promise.all([connect(url, jefe.access_token), connect(url, operario.access_token)]);
    const seenByOperario = recorder(operarioSocket);
    const seenByJefe = recorder(jefeSocket);
    const added = nextEvent(jefeSocket, liveEvents.grantsChanged, ANNOUNCED_BOUND_MS);
    await t.sql(`insert into company_member_role (company_id, user_id, role_id) select $2, $1, id from role where name = 'admin' and company_id is null`, [
      idOf(jefe),
      norte(),
    ]);
    try {
      expect(await added).toEqual({ company_id: norte() });
      const grants = await t.http().get('/api/grants').set(bearer(jefe.access_token));
      expect(grants.body.grants['page-roles']).toMatchObject({ read: true, update: true });
    } finally {
      const removed = nextEvent(jefeSocket, liveEvents.grantsChanged, ANNOUNCED_BOUND_MS);
      await t.sql(`delete from company_member_role where user_id = $1 and role_id = (select id from role where name = 'admin' and company_id is null)`, [
        idOf(jefe),
      ]);
      await removed;
    }
    const grants = await t.http().get('/api/grants').set(bearer(jefe.access_token));
    expect(grants.body.grants['page-roles']?.update ?? false).toBe(false);
    t.app.get(RealtimeService).toCompany(norte(), 'probe', { to: 'norte' });
    await pause(SETTLE_MS);
    expect(jefeSocket.connected).toBe(true);
    expect(probes(seenByJefe)).toEqual(['norte']);
    expect(seenByOperario.filter(([name]) => name === liveEvents.grantsChanged)).toEqual([]);
  });

  it('moves a socket to the company it switched to, with its presence, when the client renews its token', async () => {
    const [socket, jefeSocket, surSocket] = await Promise.all([
      connect(url, adminNorte.access_token),
      connect(url, jefe.access_token),
      connect(url, adminSur.access_token),
    ]);
    const received = recorder(socket);
    const isMarta = (payload: { userId: number }) => payload.userId === idOf(adminNorte);
    const offlineInNorte = nextEvent(jefeSocket, liveEvents.userIsOffline, 5000, isMarta);
    const onlineInSur = nextEvent(surSocket, liveEvents.userIsOnline, 5000, isMarta);
    const inSur = await switchTo(adminNorte, sur());

    const renew = (token: unknown) => socket.timeout(2000).emitWithAck(liveEvents.renewAccess, { token });
    // Another user's token, a guest's or garbage leave the socket where it is.
    expect(await renew(operario.access_token)).toEqual({ ok: false, error: messages.invalidAccessToken });
    expect(await renew('garbage')).toEqual({ ok: false, error: messages.invalidAccessToken });
    expect(await renew(42)).toEqual({ ok: false, error: messages.invalidAccessToken });
    expect(await renew(inSur.access_token)).toEqual({ ok: true });
    await Promise.all([offlineInNorte, onlineInSur]);

    const realtime = t.app.get(RealtimeService);
    realtime.toCompany(norte(), 'probe', { to: 'norte' });
    realtime.toCompany(sur(), 'probe', { to: 'sur' });
    realtime.toUser(idOf(adminNorte), 'probe', { to: 'marta-in-norte' }, norte());
    realtime.toUser(idOf(adminNorte), 'probe', { to: 'marta-in-sur' }, sur());
    await pause(SETTLE_MS);
    expect(probes(received).sort()).toEqual(['marta-in-sur', 'sur']);
    const own = { email: 'admin@norte.example', room: sur(), userId: idOf(adminNorte), companyId: sur() };
    expect(await socket.timeout(2000).emitWithAck(liveEvents.joinToRoom, own)).toEqual({ ok: true });

    // Its access is now checked in Sur: removed from Sur, it is cut.
    const cut = nextCut(socket, ANNOUNCED_BOUND_MS);
    await t.sql(`delete from company_member where company_id = $1 and user_id = $2`, [sur(), idOf(adminNorte)]);
    try {
      expect((await cut).revoked).toEqual({ reason: 'access-revoked' });
    } finally {
      await t.sql(`insert into company_member (company_id, user_id) values ($1, $2)`, [sur(), idOf(adminNorte)]);
    }
  });

  it('cuts a socket when its token expires, with the expired reason', async () => {
    const claims = jwt.decode(jefe.access_token) as Record<string, unknown>;
    const shortLived = jwt.sign(
      { sub: claims.sub, uuid: claims.uuid, roles: claims.roles, company_id: claims.company_id, exp: Math.floor(Date.now() / 1000) + 2 },
      TEST_JWT_SECRET,
      { algorithm: 'HS256', issuer: 'planta-api', audience: 'planta-portal' },
    );
    const socket = await connect(url, shortLived);
    const { revoked, reason } = await nextCut(socket, 4000);
    expect(revoked).toEqual({ reason: 'token-expired' });
    expect(reason).toBe('io server disconnect');
  });
});

describe('a guest account (issue 36)', () => {
  let invitado: AuthResponse;
  beforeAll(async () => {
    invitado = await t.login('invitado@norte.example');
  });
  const ANNOUNCED_BOUND_MS = 1000;
  const isElena = (payload: { userId: number }) => payload.userId === idOf(invitado);
  const probes = (events: [string, unknown][]) => events.filter(([name]) => name === 'probe').map(([, payload]) => (payload as { to: string }).to);
  const presenceOf = (events: [string, unknown][], who: (payload: { userId: number }) => boolean) =>
    events.filter(([name, payload]) => name.startsWith('userIs') && who(payload as { userId: number })).map(([name]) => name);

  it('hears its own events and its grants, but no presence, no indicators and no company event; nobody sees it online', async () => {
    const jefeSocket = await connect(url, jefe.access_token);
    const seenByJefe = recorder(jefeSocket);
    const guestSocket = await connect(url, invitado.access_token);
    const seenByGuest = recorder(guestSocket);

    // A colleague comes and goes, and the dashboards' figures change: the colleague hears it, the guest does not.
    const isOperario = (payload: { userId: number }) => payload.userId === idOf(operario);
    const online = nextEvent(jefeSocket, liveEvents.userIsOnline, 5000, isOperario);
    const operarioSocket = await connect(url, operario.access_token);
    await online;
    const offline = nextEvent(jefeSocket, liveEvents.userIsOffline, 5000, isOperario);
    operarioSocket.disconnect();
    await offline;
    const changed = nextEvent(jefeSocket, liveEvents.indicatorsChanged, 5000);
    await t.sql(`update die set location = location where id = (select min(id) from die where company_id = $1)`, [norte()]);
    await changed;
    const realtime = t.app.get(RealtimeService);
    realtime.toCompany(norte(), 'probe', { to: 'norte' });

    // What is its own still reaches it: its user's events, and a change of its role's grants.
    realtime.toUser(idOf(invitado), 'probe', { to: 'elena' });
    const [grant] = await t.sql<{ id: number }>(
      `select pr.id from page_role pr join page p on p.id = pr.page_id join role r on r.id = pr.role_id
        where pr.company_id = $1 and p.alias = 'dies' and r.name = 'guest' and r.company_id is null`,
      [norte()],
    );
    const grantsChanged = nextEvent(guestSocket, liveEvents.grantsChanged, 5000);
    expect((await t.http().patch(`/api/page-role/${grant.id}`).set(bearer(adminNorte.access_token)).send({ read: false })).status).toBe(200);
    expect(await grantsChanged).toEqual({ company_id: norte() });
    await pause(SETTLE_MS);

    expect(probes(seenByJefe)).toEqual(['norte']);
    expect(seenByJefe.some(([name]) => name === liveEvents.indicatorsChanged)).toBe(true);
    expect(probes(seenByGuest)).toEqual(['elena']);
    expect(seenByGuest.map(([name]) => name).filter((name) => name.startsWith('userIs') || name === liveEvents.indicatorsChanged)).toEqual([]);
    // Nobody saw the guest come online, nor would its colleagues' lists say so.
    expect(presenceOf(seenByJefe, isElena)).toEqual([]);
    expect(await t.sql(`select 1 from presence where user_id = $1`, [idOf(invitado)])).toEqual([]);
  });

  it('follows a role change: made a user, it joins its colleagues and is seen online; a guest again, it leaves them', async () => {
    const [jefeSocket, guestSocket] = await Promise.all([connect(url, jefe.access_token), connect(url, invitado.access_token)]);
    const seenByJefe = recorder(jefeSocket);
    const seenByGuest = recorder(guestSocket);
    const realtime = t.app.get(RealtimeService);
    const roleUser = `(select id from role where name = 'user' and company_id is null)`;

    const online = nextEvent(jefeSocket, liveEvents.userIsOnline, ANNOUNCED_BOUND_MS, isElena);
    await t.sql(`insert into company_member_role (company_id, user_id, role_id) select $1, $2, ${roleUser}`, [norte(), idOf(invitado)]);
    try {
      expect(await online).toMatchObject({ userId: idOf(invitado) });
      realtime.toCompany(norte(), 'probe', { to: 'as a user' });
      await pause(SETTLE_MS);
    } finally {
      const offline = nextEvent(jefeSocket, liveEvents.userIsOffline, ANNOUNCED_BOUND_MS, isElena);
      await t.sql(`delete from company_member_role where company_id = $1 and user_id = $2 and role_id = ${roleUser}`, [norte(), idOf(invitado)]);
      await offline;
    }
    realtime.toCompany(norte(), 'probe', { to: 'as a guest' });
    await pause(SETTLE_MS);
    expect(guestSocket.connected).toBe(true);
    expect(probes(seenByGuest)).toEqual(['as a user']);
    expect(presenceOf(seenByJefe, isElena)).toEqual([liveEvents.userIsOnline, liveEvents.userIsOffline]);
  });
});
