import { liveEvents, type AuthResponse, type ChatContact } from '@planta/contracts';
import { freePort } from './support/ports';
import { spawnApi, stopAllApis, stopApi, waitForHealth, type ApiProcess } from './support/api-process';
import { closeSockets, connect, nextEvent } from './support/sockets';
import { createEmptyDatabase, dropDatabase } from './support/test-app';

// Short heartbeats so that a dead process is noticed within a second or so.
const HEARTBEAT_MS = 200;
const PRESENCE_TTL_MS = 800;

let database: { name: string; url: string };
let apis: ApiProcess[];
beforeAll(async () => {
  database = await createEmptyDatabase();
  const env = { DATABASE_URL: database.url, REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS), PRESENCE_TTL_MS: String(PRESENCE_TTL_MS) };
  apis = [spawnApi(await freePort(), env), spawnApi(await freePort(), env), spawnApi(await freePort(), env)];
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

describe('several API processes on one database', () => {
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
