import { defaultUser, type User } from '@planta/contracts';
import {
  configureRealtime,
  connectionStateAtom,
  RENEW_TIMEOUT_MS,
  onCatchUp,
  realtimeSocket,
  reconnectingAtom,
  resetRealtimeForTests,
  startRealtime,
  subscribe,
  watchRealtimeSession,
  type RealtimeSocket,
  type RealtimeSocketOptions,
} from './realtime';
import { retryingCallsAtom } from './api-client';
import { sessionEndpoints } from './endpoints.lazy';
import { accessTokenAtom, clearSession, createDefaultUser, joinedRoomAtom, sessionStore, userAtom } from './session.atoms';
import { fakeResponse, installFetch, type FetchMock } from './testing/fakes';

type Handler = (...args: unknown[]) => void;

/** A socket.io client stand-in: the test plays the server by firing its events. */
class FakeSocket implements RealtimeSocket {
  connected = false;
  active = true;
  readonly handlers = new Map<string, Set<Handler>>();
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  connectCalls = 0;
  disconnectCalls = 0;

  /** The token the last handshake sent (socket.io asks `auth` when it opens and on every reconnection). */
  handshakeSent: string | null = null;

  constructor(readonly options: RealtimeSocketOptions) {
    this.handshake();
  }

  private handshake(): void {
    this.options.auth((data) => {
      this.handshakeSent = data.token;
    });
  }

  on(event: string, listener: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener?: Handler): this {
    if (listener) this.handlers.get(event)?.delete(listener);
    else this.handlers.delete(event);
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }
  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    this.handshake();
    return this;
  }
  disconnect(): this {
    this.disconnectCalls += 1;
    this.active = false;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  /** The server side: fire an event at the client's listeners. */
  fire(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  tokenSent(): string | null {
    let token: string | null = null;
    this.options.auth((data) => {
      token = data.token;
    });
    return token;
  }
}

let sockets: FakeSocket[];

function signIn(token = 'token-1', data: Partial<User['data']> = {}): void {
  const base = createDefaultUser();
  sessionStore.set(userAtom, {
    ...base,
    uuid: 'u-7',
    role: ['admin'],
    data: { ...base.data, id: 7, company_id: 3, companyId: 3, email: 'ana@norte.example', ...data },
  });
  sessionStore.set(accessTokenAtom, token);
}

const joins = (socket: FakeSocket) => socket.emitted.filter((entry) => entry.event === 'joinToRoom');

beforeEach(() => {
  resetRealtimeForTests();
  sessionStore.set(userAtom, { ...defaultUser, role: [], data: { ...defaultUser.data, settings: {}, shortcuts: [] } });
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(joinedRoomAtom, false);
  sockets = [];
  configureRealtime({
    factory: (options) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  });
});

afterAll(() => resetRealtimeForTests());

describe('realtime socket (spec 4, 7)', () => {
  it('opens no socket for a guest, one socket after sign-in, with the token and path /socket.io', () => {
    const stop = watchRealtimeSession();
    expect(sockets).toHaveLength(0);
    expect(sessionStore.get(connectionStateAtom)).toBe('idle');
    signIn();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].options.path).toBe('/socket.io');
    expect(sockets[0].tokenSent()).toBe('token-1');
    expect(startRealtime()).toBe(true);
    expect(sockets).toHaveLength(1);
    stop();
  });

  it('does not connect a guest (share-token) session', () => {
    watchRealtimeSession();
    signIn();
    sessionStore.set(userAtom, { ...sessionStore.get(userAtom), role: ['guest'] });
    expect(realtimeSocket()).toBeNull();
    expect(sockets[0].disconnectCalls).toBe(1);
  });

  it('emits joinToRoom once per page load, with email, room, userId, companyId and an ack', () => {
    watchRealtimeSession();
    signIn();
    const socket = sockets[0];
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(joins(socket)).toHaveLength(1);
    const [payload, ack] = joins(socket)[0].args;
    expect(payload).toEqual({ email: 'ana@norte.example', room: 3, userId: 7, companyId: 3 });
    expect(typeof ack).toBe('function');
    expect(sessionStore.get(joinedRoomAtom)).toBe(true);
  });

  it('resets the joined-room flag on the first mount of the page', () => {
    sessionStore.set(joinedRoomAtom, true);
    watchRealtimeSession();
    expect(sessionStore.get(joinedRoomAtom)).toBe(false);
    signIn();
    sockets[0].fire('connect');
    expect(joins(sockets[0])).toHaveLength(1);
  });

  it('tells the views that loaded before a connection to catch up, on the first connection and after every drop', () => {
    const loadedEarly = jest.fn();
    onCatchUp(loadedEarly);
    watchRealtimeSession();
    signIn();
    const socket = sockets[0];
    socket.fire('connect');
    // Loaded before the socket was up: what was sent meanwhile was not heard.
    expect(loadedEarly).toHaveBeenCalledTimes(1);
    const loadedWhileConnected = jest.fn();
    onCatchUp(loadedWhileConnected);
    expect(loadedWhileConnected).not.toHaveBeenCalled();
    socket.fire('disconnect', 'transport close');
    expect(sessionStore.get(connectionStateAtom)).toBe('reconnecting');
    socket.fire('connect');
    expect(loadedEarly).toHaveBeenCalledTimes(2);
    expect(loadedWhileConnected).toHaveBeenCalledTimes(1);
    expect(sessionStore.get(connectionStateAtom)).toBe('connected');
  });

  it('delivers subscribed events, including subscriptions made before the socket existed', () => {
    const early = jest.fn();
    const unsubscribe = subscribe('taskBlocked', early);
    watchRealtimeSession();
    signIn();
    const late = jest.fn();
    subscribe('7-new-message', late);
    sockets[0].fire('taskBlocked', { text: 'Tarea bloqueado', variant: 'warning' });
    sockets[0].fire('7-new-message', { text: 'hola' });
    expect(early).toHaveBeenCalledWith({ text: 'Tarea bloqueado', variant: 'warning' });
    expect(late).toHaveBeenCalledWith({ text: 'hola' });
    unsubscribe();
    sockets[0].fire('taskBlocked', { text: 'otra' });
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('disconnects when the session ends', () => {
    watchRealtimeSession();
    signIn();
    const socket = sockets[0];
    socket.fire('connect');
    clearSession('sign-out');
    expect(socket.disconnectCalls).toBeGreaterThan(0);
    expect(realtimeSocket()).toBeNull();
    expect(sessionStore.get(connectionStateAtom)).toBe('idle');
  });

  it('disconnects through onSessionEnd even when nobody watches the session', () => {
    signIn();
    startRealtime();
    const socket = sockets[0];
    clearSession('unauthorized');
    expect(socket.disconnectCalls).toBe(1);
    expect(realtimeSocket()).toBeNull();
  });

  it('stops when the server refuses the token, keeps retrying after a network failure', () => {
    watchRealtimeSession();
    signIn();
    const socket = sockets[0];
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(sessionStore.get(connectionStateAtom)).toBe('reconnecting');
    socket.active = false;
    socket.fire('connect_error', new Error('Invalid access_token'));
    expect(sessionStore.get(connectionStateAtom)).toBe('refused');
    expect(sockets).toHaveLength(1);
  });

  it('asks again after a 503 refusal (the API could not check the token then), until connected or signed out', () => {
    jest.useFakeTimers();
    try {
      watchRealtimeSession();
      signIn();
      const socket = sockets[0];
      const unavailable = () => {
        socket.active = false;
        socket.fire('connect_error', Object.assign(new Error('El servidor no está disponible'), { data: { statusCode: 503, message: 'no disponible' } }));
      };
      unavailable();
      expect(sessionStore.get(connectionStateAtom)).toBe('reconnecting');
      expect(socket.connectCalls).toBe(0);
      jest.advanceTimersByTime(1_000);
      expect(socket.connectCalls).toBe(1);
      unavailable();
      jest.advanceTimersByTime(1_999);
      expect(socket.connectCalls).toBe(1);
      jest.advanceTimersByTime(1);
      expect(socket.connectCalls).toBe(2);
      socket.fire('connect');
      expect(sessionStore.get(connectionStateAtom)).toBe('connected');

      unavailable();
      clearSession('sign-out');
      jest.advanceTimersByTime(60_000);
      expect(socket.connectCalls).toBe(2);
      expect(sessionStore.get(connectionStateAtom)).toBe('idle');
    } finally {
      jest.useRealTimers();
    }
  });

  it('is reconnecting while the socket is, or while calls wait to be sent again', () => {
    watchRealtimeSession();
    signIn();
    const socket = sockets[0];
    socket.fire('connect');
    expect(sessionStore.get(reconnectingAtom)).toBe(false);
    socket.fire('disconnect', 'transport close');
    expect(sessionStore.get(reconnectingAtom)).toBe(true);
    socket.fire('connect');
    expect(sessionStore.get(reconnectingAtom)).toBe(false);
    sessionStore.set(retryingCallsAtom, 2);
    expect(sessionStore.get(reconnectingAtom)).toBe(true);
    sessionStore.set(retryingCallsAtom, 0);
    expect(sessionStore.get(reconnectingAtom)).toBe(false);
  });

  it('hands a token that changed during the handshake over once connected, on the same connection', () => {
    watchRealtimeSession();
    signIn('token-1');
    const socket = sockets[0];
    sessionStore.set(accessTokenAtom, 'token-2');
    expect(sockets).toHaveLength(1);
    expect(socket.connectCalls).toBe(0);
    expect(socket.emitted.filter((entry) => entry.event === 'renewAccess')).toEqual([]);
    socket.fire('connect');
    expect(socket.emitted.filter((entry) => entry.event === 'renewAccess').map((entry) => entry.args[0])).toEqual([{ token: 'token-2' }]);
    expect(socket.connectCalls).toBe(0);
  });

  it('connects again with the new token when the old one is refused, or when the socket had stopped', () => {
    watchRealtimeSession();
    signIn('token-1');
    const socket = sockets[0];
    sessionStore.set(accessTokenAtom, 'token-2');
    socket.active = false;
    socket.fire('connect_error', { data: { statusCode: 401 } });
    expect(socket.connectCalls).toBe(1);
    expect(socket.handshakeSent).toBe('token-2');

    socket.active = false;
    sessionStore.set(accessTokenAtom, 'token-3');
    expect(socket.connectCalls).toBe(2);
    expect(socket.handshakeSent).toBe('token-3');
    expect(sockets).toHaveLength(1);
  });
});

describe('access changes (company switch, revoked access)', () => {
  let fetchMock: FetchMock;
  const flush = () => new Promise((done) => setTimeout(done, 0));
  const renewals = (socket: FakeSocket) => socket.emitted.filter((entry) => entry.event === 'renewAccess');
  /** The server cuts the socket as the API does: the reason, then its own disconnect (socket.io does not reconnect after that). */
  const cutByServer = (socket: FakeSocket, reason = 'access-revoked') => {
    socket.fire('accessRevoked', { reason });
    socket.active = false;
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
  };
  const connected = () => {
    watchRealtimeSession();
    signIn('token-1');
    sockets[0].fire('connect');
    return sockets[0];
  };

  // A signed-in page has the session's endpoint definitions (its sign-in loaded them): calls go out at once.
  beforeAll(() => sessionEndpoints());
  beforeEach(() => {
    fetchMock = installFetch();
  });
  afterEach(() => jest.useRealTimers());

  it('moves the open socket to a new token (company switch) with renewAccess, without reconnecting, and the views catch up', () => {
    const socket = connected();
    const catchUp = jest.fn();
    onCatchUp(catchUp);
    sessionStore.set(accessTokenAtom, 'token-2');
    expect(renewals(socket)).toHaveLength(1);
    const [payload, ack] = renewals(socket)[0].args as [unknown, (answer: unknown) => void];
    expect(payload).toEqual({ token: 'token-2' });
    ack({ ok: true });
    expect(socket.connectCalls).toBe(0);
    expect(socket.disconnectCalls).toBe(0);
    expect(catchUp).toHaveBeenCalledTimes(1);
    expect(sessionStore.get(connectionStateAtom)).toBe('connected');
  });

  it('reconnects with the new token when renewAccess is refused or not answered', () => {
    jest.useFakeTimers();
    const socket = connected();
    sessionStore.set(accessTokenAtom, 'token-2');
    (renewals(socket)[0].args[1] as (answer: unknown) => void)({ ok: false, error: 'Invalid access_token' });
    expect(socket.connectCalls).toBe(1);
    expect(socket.tokenSent()).toBe('token-2');

    socket.fire('connect');
    sessionStore.set(accessTokenAtom, 'token-3');
    expect(renewals(socket)).toHaveLength(2);
    jest.advanceTimersByTime(RENEW_TIMEOUT_MS - 1);
    expect(socket.connectCalls).toBe(1);
    jest.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(2);
    expect(socket.tokenSent()).toBe('token-3');
  });

  it('asks the API instead of reconnecting when the server revokes access; its 401 ends the session', async () => {
    const socket = connected();
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' }));
    cutByServer(socket);
    expect(sessionStore.get(connectionStateAtom)).toBe('refused');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/grants');
    await flush();
    expect(socket.connectCalls).toBe(0);
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(realtimeSocket()).toBeNull();
    expect(sessionStore.get(connectionStateAtom)).toBe('idle');
  });

  it('treats an expired token the same way', async () => {
    const socket = connected();
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Access token expired', error: 'Unauthorized' }));
    cutByServer(socket, 'token-expired');
    await flush();
    expect(socket.connectCalls).toBe(0);
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
  });

  it('connects once more when the API still accepts the session, but not after a second revocation in a row', async () => {
    const socket = connected();
    fetchMock.mockImplementation(async () => fakeResponse(200, { company_id: 3, grants: {} }));
    cutByServer(socket);
    await flush();
    expect(socket.connectCalls).toBe(1);
    expect(sessionStore.get(connectionStateAtom)).toBe('reconnecting');
    socket.fire('connect');
    cutByServer(socket);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(socket.connectCalls).toBe(1);
    expect(sessionStore.get(connectionStateAtom)).toBe('refused');
    expect(sessionStore.get(accessTokenAtom)).toBe('token-1');
  });

  it('stays stopped when the API cannot decide', async () => {
    const socket = connected();
    fetchMock.mockResolvedValue(fakeResponse(500, { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' }));
    cutByServer(socket);
    await flush();
    expect(socket.connectCalls).toBe(0);
    expect(sessionStore.get(connectionStateAtom)).toBe('refused');
    expect(sessionStore.get(accessTokenAtom)).toBe('token-1');
  });
});
