import { liveEvents, type AuthResponse, type ChatContact } from '@planta/contracts';
import { freePort } from './support/ports';
import { spawnApi, stopAllApis, stopApi, waitForHealth, type ApiProcess } from './support/api-process';
import { closeSockets, connect, nextCut, nextEvent } from './support/sockets';
import { adminQuery, createEmptyDatabase, dropDatabase } from './support/test-app';

// Short heartbeats so that a dead process is noticed within a second or so.
const HEARTBEAT_MS = 200;
const PRESENCE_TTL_MS = 800;
/** B hears of access changes only from the database's announcements; C checks its sockets every second. */
const NEVER_MS = 600_000;
const ACCESS_CHECK_MS = 1000;
/** An announced change reaches every process's sockets at once (tens of ms); room for a loaded machine. */
const ANNOUNCED_BOUND_MS = 1000;

let database: { name: string; url: string };
let apis: ApiProcess[];
beforeAll(async () => {
  database = await createEmptyDatabase();
  const env = { DATABASE_URL: database.url, REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS), PRESENCE_TTL_MS: String(PRESENCE_TTL_MS) };
  apis = [
    spawnApi(await freePort(), env),
    spawnApi(await freePort(), { ...env, REALTIME_ACCESS_CHECK_MS: String(NEVER_MS) }),
    spawnApi(await freePort(), { ...env, REALTIME_ACCESS_CHECK_MS: String(ACCESS_CHECK_MS) }),
  ];
  await Promise.all(apis.map((api) => waitForHealth(api)));
});
afterAll(async () => {
  closeSockets();
  await stopAllApis();
  await dropDatabase(database.name);
});

const base = (api: ApiProcess) => `http://127.0.0.1:${api.port}`;
async function call<T>(api: ApiProcess, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base(api)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
const login = async (api: ApiProcess, email: string) => (await call<AuthResponse>(api, '/api/auth/login', undefined, { email, password: 'Planta2026!' })).body;
const idOf = (session: AuthResponse) => session.user.data.id;
const statusOf = async (api: ApiProcess, viewer: AuthResponse, of: AuthResponse) =>
  (await call<ChatContact[]>(api, '/api/chat/contacts', viewer.access_token)).body.find((contact) => contact.id === idOf(of))?.status;

/** SQL on the shared database, as an administrator would run it (also what another process's change looks like). */
const sql = (text: string, params: unknown[] = []) => adminQuery(text, params, database.name);

describe('several API processes on one database', () => {
  it("cut a deactivated user's socket on another process at once, and any process's periodic check catches what was not announced", async () => {
    const [a, b, c] = apis;
    const [jefe, operario] = await Promise.all([login(a, 'jefe@norte.example'), login(a, 'operario@norte.example')]);
    const onA = await connect(base(a), jefe.access_token);
    const onB = await connect(base(b), operario.access_token);
    const offline = nextEvent(onA, liveEvents.userIsOffline, 5000, (payload: { userId: number }) => payload.userId === idOf(operario));

    // Announced: B, which never checks on its own, cuts the socket within the bound.
    const cutOnB = nextCut(onB, ANNOUNCED_BOUND_MS);
    let since = Date.now();
    await sql(`update app_user set active = false where id = $1`, [idOf(operario)]);
    try {
      const { revoked, reason, at } = await cutOnB;
      expect(revoked).toEqual({ reason: 'access-revoked' });
      expect(reason).toBe('io server disconnect');
      expect(at - since).toBeLessThan(ANNOUNCED_BOUND_MS);
      await offline;
    } finally {
      await sql(`update app_user set active = true where id = $1`, [idOf(operario)]);
    }
    expect(await statusOf(a, jefe, operario)).toBe('offline');

    // Not announced (triggers off for that transaction): C's next check cuts it.
    const onC = await connect(base(c), operario.access_token);
    const cutOnC = nextCut(onC, ACCESS_CHECK_MS + 2000);
    since = Date.now();
    await sql(`begin; set local session_replication_role = replica; update app_user set active = false where id = ${idOf(operario)}; commit`);
    try {
      const { revoked, at } = await cutOnC;
      expect(revoked).toEqual({ reason: 'access-revoked' });
      expect(at - since).toBeLessThan(ACCESS_CHECK_MS + 1000);
    } finally {
      await sql(`update app_user set active = true where id = $1`, [idOf(operario)]);
    }
  });

  it('answer HTTP calls from who a user is and what their roles may do, kept until the database announces a change, whichever process made it', async () => {
    const [, b, c] = apis;
    const jefe = await login(b, 'jefe@norte.example');
    const company = jefe.user.data.company_id;
    const dies = () => call(b, '/api/die/all?pageSize=1', jefe.access_token);
    /** How long until `api` answers `status` to the call (polled), or fails after `bound` ms. */
    const answersWithin = async (api: ApiProcess, status: number, bound: number) => {
      const since = Date.now();
      while ((await call(api, '/api/die/all?pageSize=1', jefe.access_token)).status !== status) {
        if (Date.now() - since > bound) throw new Error(`still not ${status} after ${bound} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - since;
    };
    expect((await dies()).status).toBe(200);

    // A grant taken in SQL (what another process's change looks like): B, which only hears announcements, refuses at once.
    const grants = (await sql(`select id, read from page_role where company_id = $1 and page_id = (select id from page where alias = 'dies')`, [company])) as {
      id: number;
      read: boolean;
    }[];
    await sql(`update page_role set read = false where id = any($1::int[])`, [grants.map((grant) => grant.id)]);
    try {
      expect(await answersWithin(b, 403, ANNOUNCED_BOUND_MS)).toBeLessThan(ANNOUNCED_BOUND_MS);
    } finally {
      await sql(`update page_role set read = true where id = any($1::int[])`, [grants.filter((grant) => grant.read).map((grant) => grant.id)]);
    }
    expect(await answersWithin(b, 200, ANNOUNCED_BOUND_MS)).toBeLessThan(ANNOUNCED_BOUND_MS);

    // The user deactivated: refused at once too.
    await sql(`update app_user set active = false where id = $1`, [idOf(jefe)]);
    try {
      expect(await answersWithin(b, 401, ANNOUNCED_BOUND_MS)).toBeLessThan(ANNOUNCED_BOUND_MS);
    } finally {
      await sql(`update app_user set active = true where id = $1`, [idOf(jefe)]);
    }
    expect(await answersWithin(b, 200, ANNOUNCED_BOUND_MS)).toBeLessThan(ANNOUNCED_BOUND_MS);

    // Not announced (triggers off): what B read stays what it answers from (no query per call), and
    // C, which keeps nothing longer than its access check, refuses within it.
    expect((await call(c, '/api/die/all?pageSize=1', jefe.access_token)).status).toBe(200);
    await sql(`begin; set local session_replication_role = replica; update app_user set active = false where id = ${idOf(jefe)}; commit`);
    try {
      expect(await answersWithin(c, 401, ACCESS_CHECK_MS + ANNOUNCED_BOUND_MS)).toBeLessThan(ACCESS_CHECK_MS + ANNOUNCED_BOUND_MS);
      expect((await dies()).status).toBe(200);
    } finally {
      await sql(`update app_user set active = true where id = $1`, [idOf(jefe)]);
    }
  });

  it("end a person's other sessions on every process at once when their password changes on one (issue 36)", async () => {
    const [a, b] = apis;
    const changing = await login(a, 'mantenimiento@norte.example');
    const other = await login(b, 'mantenimiento@norte.example');
    // B knows both sessions (and keeps who they are) before the change.
    expect((await call(b, '/api/grants', other.access_token)).status).toBe(200);
    expect((await call(b, '/api/grants', changing.access_token)).status).toBe(200);
    const onB = await connect(base(b), other.access_token);
    // Watched from before the call, which itself takes two password hashes; the bound counts from its answer.
    const cutOnB = nextCut(onB, ANNOUNCED_BOUND_MS + 5000);
    const change = (token: string, from: string, to: string) =>
      call<AuthResponse>(a, '/api/auth/change-password', token, { current_password: from, new_password: to, confirm_password: to });
    const changed = await change(changing.access_token, 'Planta2026!', 'Cambiada-En-A-2026');
    const answeredAt = Date.now();
    expect(changed.status).toBe(200);
    try {
      const { revoked, at } = await cutOnB;
      expect(revoked).toEqual({ reason: 'access-revoked' });
      expect(at - answeredAt).toBeLessThan(ANNOUNCED_BOUND_MS);
      expect((await call(b, '/api/grants', other.access_token)).status).toBe(401);
      // The session that changed it goes on, on B too.
      expect((await call(b, '/api/grants', changed.body.access_token)).status).toBe(200);
      expect((await call(b, '/api/grants', changing.access_token)).status).toBe(200);
    } finally {
      expect((await change(changed.body.access_token, 'Cambiada-En-A-2026', 'Planta2026!')).status).toBe(200);
    }
  });

  it('move a socket to the company its user switched to on another process', async () => {
    const [a, b] = apis;
    const [marta, adminSur] = await Promise.all([login(a, 'admin@norte.example'), login(a, 'admin@sur.example')]);
    const sur = adminSur.user.data.company_id;
    const onA = await connect(base(a), adminSur.access_token);
    const onB = await connect(base(b), marta.access_token);
    const online = nextEvent(onA, liveEvents.userIsOnline, 5000, (payload: { userId: number }) => payload.userId === idOf(marta));
    const switched = await call<AuthResponse>(a, '/api/company/switch', marta.access_token, { company_id: sur });
    expect(switched.status).toBe(200);
    expect(await onB.timeout(2000).emitWithAck(liveEvents.renewAccess, { token: switched.body.access_token })).toEqual({ ok: true });
    await online;
    const atB = nextEvent<{ message: { message: string } }>(onB, liveEvents.newMessage(idOf(marta)));
    await call(a, '/api/chat/send-message', adminSur.access_token, { companyId: sur, from_user: idOf(adminSur), to_user: idOf(marta), message: 'En Sur' });
    expect((await atB).message.message).toBe('En Sur');
  });

  it("deliver each other's chat messages and presence, and forget the users of a process that died or stopped", async () => {
    const [a, b, c] = apis;
    const [jefe, operario, marta] = await Promise.all([login(a, 'jefe@norte.example'), login(b, 'operario@norte.example'), login(c, 'admin@norte.example')]);
    const onA = await connect(base(a), jefe.access_token);
    const about = (session: AuthResponse) => (payload: { userId: number }) => payload.userId === idOf(session);

    // Presence across processes: Luis connects to B, Marta to C; Jorge on A hears both.
    const operarioOnline = nextEvent(onA, liveEvents.userIsOnline, 5000, about(operario));
    const martaOnline = nextEvent(onA, liveEvents.userIsOnline, 5000, about(marta));
    const onB = await connect(base(b), operario.access_token);
    const onC = await connect(base(c), marta.access_token);
    await Promise.all([operarioOnline, martaOnline]);
    expect(await statusOf(a, jefe, operario)).toBe('online');

    // A message sent through A reaches the socket on B, and the answer through B reaches A.
    const atB = nextEvent<{ message: { message: string } }>(onB, liveEvents.newMessage(idOf(operario)));
    const sent = await call(a, '/api/chat/send-message', jefe.access_token, {
      companyId: jefe.user.data.company_id,
      from_user: idOf(jefe),
      to_user: idOf(operario),
      message: 'Desde A',
    });
    expect(sent.status).toBe(201);
    expect((await atB).message.message).toBe('Desde A');
    const atA = nextEvent<{ message: { message: string } }>(onA, liveEvents.newMessage(idOf(jefe)));
    const lastFromOperario = (list: ChatContact[]) => list.find((contact) => contact.id === idOf(operario))?.dialog[0]?.message;
    const listAtA = nextEvent<ChatContact[]>(onA, liveEvents.userMessages(idOf(jefe)), 5000, (list) => lastFromOperario(list) === 'Desde B');
    await call(b, '/api/chat/send-message', operario.access_token, {
      companyId: jefe.user.data.company_id,
      from_user: idOf(operario),
      to_user: idOf(jefe),
      message: 'Desde B',
    });
    expect((await atA).message.message).toBe('Desde B');
    expect(lastFromOperario(await listAtA)).toBe('Desde B');

    // C stops cleanly: Marta is offline at once, without waiting for the time to live.
    const martaOffline = nextEvent(onA, liveEvents.userIsOffline, PRESENCE_TTL_MS / 2, about(marta));
    expect(await stopApi(c, 'SIGTERM')).toBe(0);
    await martaOffline;

    // B dies without a word: after the time to live A sweeps its rows and announces Luis offline.
    const operarioOffline = nextEvent(onA, liveEvents.userIsOffline, PRESENCE_TTL_MS + 4 * HEARTBEAT_MS + 2000, about(operario));
    await stopApi(b, 'SIGKILL');
    await operarioOffline;
    expect(await statusOf(a, jefe, operario)).toBe('offline');
    expect(onC.connected || onB.connected).toBe(false);
  });
});
