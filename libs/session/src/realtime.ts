import { atom } from 'jotai';
import { liveEvents, type JoinToRoomAck, type JoinToRoomPayload, type RenewAccessAck, type User } from '@planta/contracts';
import { retryingCallsAtom } from './api-client';
import { callSessionEndpoint } from './endpoints.lazy';
import { retryDelay } from './retry-rules';
import { accessTokenAtom, joinedRoomAtom, onSessionEnd, resetJoinedRoom, sessionStore, userAtom } from './session.atoms';

/**
 * The realtime channel of the portal (spec 4 / 7): ONE socket.io connection per page, opened once
 * a user is signed in (a token and a user uuid), closed when the session ends. Socket.io
 * reconnects by itself (default backoff) after a network drop or an API restart (which closes the
 * connection without a "server disconnect"); when the server refuses the token (connect_error
 * while the socket is no longer active) it stops for good, unless the refusal is a 503 (the API
 * could not check the token now), after which it tries again. When the server cuts it because
 * the session lost its access (`accessRevoked`), it asks the API over HTTP instead of
 * reconnecting. A new token (company switch) moves the open socket (`renewAccess`).
 * Views subscribe to events through `subscribe()`; subscriptions outlive the socket, so a view
 * mounted before sign-in still hears events afterwards. `onCatchUp()` tells views to catch up
 * (contacts, unread counts, notifications, the board) on every connection made after they loaded.
 */

// socket.io's own listener type: payloads are whatever the server sends
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

/** What this module needs of a socket.io client socket (a fake in the tests). */
export interface RealtimeSocket {
  readonly connected: boolean;
  /** false once the client gave up: refused by the server, or disconnected on purpose. */
  readonly active: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener?: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface RealtimeSocketOptions {
  path: string;
  /** Called on every (re)connection attempt, so a renewed token is always the one sent. */
  auth: (callback: (data: { token: string | null }) => void) => void;
}

export type RealtimeSocketFactory = (options: RealtimeSocketOptions) => RealtimeSocket;

export const REALTIME_PATH = '/socket.io';

/**
 * A socket.io socket whose client library loads when the socket is first opened (after sign-in),
 * so that the sign-in page does not download it. Until then it keeps the listeners, the wanted
 * state and the messages to send, and hands them over; a failed download is tried again.
 */
class DeferredSocket implements RealtimeSocket {
  private socket: RealtimeSocket | null = null;
  private readonly listeners: [string, Listener][] = [];
  private readonly waiting: ((socket: RealtimeSocket) => void)[] = [];
  private wanted = true;

  constructor(options: RealtimeSocketOptions) {
    this.load(options);
  }

  private load(options: RealtimeSocketOptions): void {
    import('socket.io-client').then(
      ({ io }) => {
        // WebSocket first, long-polling only where it fails (a proxy that refuses upgrades): one
        // round trip less to connect, no sticky sessions needed behind a load balancer, and a
        // closed page is seen as gone at once (a polling client is only missed after the ping timeout).
        const socket = io({
          path: options.path,
          auth: options.auth,
          autoConnect: false,
          transports: ['websocket', 'polling'],
          tryAllTransports: true,
        }) as unknown as RealtimeSocket;
        for (const [event, listener] of this.listeners.splice(0)) socket.on(event, listener);
        this.socket = socket;
        for (const send of this.waiting.splice(0)) send(socket);
        if (this.wanted) socket.connect();
      },
      (error: unknown) => {
        console.warn('The realtime client could not be loaded; trying again:', error);
        if (this.wanted) setTimeout(() => this.load(options), 5_000);
      },
    );
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }
  get active(): boolean {
    return this.socket ? this.socket.active : this.wanted;
  }
  on(event: string, listener: Listener): this {
    if (this.socket) this.socket.on(event, listener);
    else this.listeners.push([event, listener]);
    return this;
  }
  off(event: string, listener?: Listener): this {
    if (this.socket) this.socket.off(event, listener);
    else this.listeners.splice(0, this.listeners.length, ...this.listeners.filter(([name, own]) => name !== event || (listener && own !== listener)));
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    if (this.socket) this.socket.emit(event, ...args);
    else this.waiting.push((socket) => socket.emit(event, ...args));
    return this;
  }
  connect(): this {
    this.wanted = true;
    this.socket?.connect();
    return this;
  }
  disconnect(): this {
    this.wanted = false;
    this.socket?.disconnect();
    return this;
  }
}

/** Same origin, path /socket.io, default reconnection backoff. */
export const defaultRealtimeSocketFactory: RealtimeSocketFactory = (options) => new DeferredSocket(options);

/**
 * - idle: no socket (signed out) · connecting: first attempt · connected
 * - reconnecting: dropped, socket.io is retrying · refused: the server rejected the token, stopped
 */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'refused';
export const connectionStateAtom = atom<ConnectionState>('idle');

/**
 * Whether the portal is getting its connection back: calls waiting to be sent again, or the
 * socket reconnecting (an API restart, a network drop). The shell shows 'Reconectando…'; the
 * session stays.
 */
export const reconnectingAtom = atom((get) => get(retryingCallsAtom) > 0 || get(connectionStateAtom) === 'reconnecting');

/** Waits between handshakes the server asked to repeat (503: its database out of reach): 1 s doubling to 10 s. */
const HANDSHAKE_RETRY = { budgetMs: Infinity, firstDelayMs: 1_000, maxDelayMs: 10_000 };

// ---------------------------------------------------------------------------------------------
// module state (one per page: this library is a Module Federation singleton)

let factory: RealtimeSocketFactory = defaultRealtimeSocketFactory;
let socket: RealtimeSocket | null = null;
let socketToken: string | null = null;
/** The token the socket's last handshake sent: a newer one is handed over once connected. */
let handshakeToken: string | null = null;
let stopWatching: (() => void) | null = null;
let stopSessionEndListener: (() => void) | null = null;
let pageMounted = false;
/** When the server last cut the socket for lost access (see afterRevoked). */
let lastRevokedAt = -Infinity;
let handshakeRetry: ReturnType<typeof setTimeout> | undefined;
let handshakeRetries = 0;

const subscriptions = new Map<string, Set<Listener>>();
const catchUpListeners = new Set<() => void>();
/** Handlers this module put on the current socket, to take them off again. */
let internalHandlers: Array<[string, Listener]> = [];

function setState(state: ConnectionState): void {
  sessionStore.set(connectionStateAtom, state);
}

/** Replaces the socket factory (tests); `configureRealtime({})` restores the real one. */
export function configureRealtime(options: { factory?: RealtimeSocketFactory }): void {
  factory = options.factory ?? defaultRealtimeSocketFactory;
}

/** The current socket, if any (diagnostics and tests). */
export function realtimeSocket(): RealtimeSocket | null {
  return socket;
}

function joinPayload(): JoinToRoomPayload {
  const { data } = sessionStore.get(userAtom);
  return { email: data.email, room: data.company_id, userId: data.id, companyId: data.companyId };
}

/** Spec 4: joinToRoom once per page load (the joined-room flag), with an acknowledgement. */
function joinRoomOnce(target: RealtimeSocket): void {
  if (sessionStore.get(joinedRoomAtom)) return;
  sessionStore.set(joinedRoomAtom, true);
  target.emit(liveEvents.joinToRoom, joinPayload(), (ack?: JoinToRoomAck) => {
    if (ack && !ack.ok) console.warn(`joinToRoom: ${ack.error ?? 'refused'}`);
  });
}

function notifyCatchUp(): void {
  for (const listener of [...catchUpListeners]) {
    try {
      listener();
    } catch (error) {
      console.error(error);
    }
  }
}

/** How long a renewAccess may go unanswered before the socket reconnects with the new token instead. */
export const RENEW_TIMEOUT_MS = 5000;
/** A second revocation within this time is not followed by a reconnection: the server and the API disagree, do not loop. */
export const REVOKED_AGAIN_MS = 60_000;

function reconnect(target: RealtimeSocket): void {
  target.disconnect();
  setState('reconnecting');
  target.connect();
}

/**
 * A new token while connected: the socket moves to its company and roles (renewAccess) and the
 * views catch up on what that company sent meanwhile. Refused or unanswered, it reconnects with it.
 */
function renew(target: RealtimeSocket, token: string): void {
  let settled = false;
  const settle = (ok: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    // Signed out or another token since: that one is being dealt with.
    if (socket !== target || socketToken !== token) return;
    if (ok) notifyCatchUp();
    else reconnect(target);
  };
  const timer = setTimeout(() => settle(false), RENEW_TIMEOUT_MS);
  target.emit(liveEvents.renewAccess, { token }, (ack?: RenewAccessAck) => settle(ack?.ok === true));
}

/**
 * The server cut the socket because the session may have lost its access (user deactivated,
 * removed from the company, token expired). Reconnecting would be refused at best: the API decides
 * over HTTP instead. A 401 there ends the session as any 401 does (and with it the socket); an
 * answer means access is back, so the socket connects once more, but not after a second
 * revocation in a row. Any other failure leaves it stopped until the next token.
 */
async function afterRevoked(target: RealtimeSocket): Promise<void> {
  setState('refused');
  const now = Date.now();
  const again = now - lastRevokedAt < REVOKED_AGAIN_MS;
  lastRevokedAt = now;
  const token = socketToken;
  try {
    await callSessionEndpoint((endpoints) => endpoints.permissionEndpoints.myGrants);
  } catch {
    return;
  }
  if (!again && socket === target && socketToken === token) {
    setState('reconnecting');
    target.connect();
  }
}

function attach(target: RealtimeSocket, event: string, handler: Listener): void {
  target.on(event, handler);
  internalHandlers.push([event, handler]);
}

function createSocket(): RealtimeSocket {
  const created = factory({
    path: REALTIME_PATH,
    auth: (callback) => {
      handshakeToken = sessionStore.get(accessTokenAtom);
      callback({ token: handshakeToken });
    },
  });
  internalHandlers = [];
  attach(created, 'connect', () => {
    handshakeRetries = 0;
    setState('connected');
    joinRoomOnce(created);
    notifyCatchUp();
    // The token changed while the handshake was under way: hand the new one over on this socket.
    if (socketToken && handshakeToken !== socketToken) renew(created, socketToken);
  });
  attach(created, 'connect_error', ((error?: { data?: { statusCode?: number } }) => {
    // The server could not check the token now (503): socket.io stops there, so try again later.
    if (!created.active && error?.data?.statusCode === 503) {
      setState('reconnecting');
      clearTimeout(handshakeRetry);
      handshakeRetry = setTimeout(
        () => {
          if (socket === created) created.connect();
        },
        retryDelay(handshakeRetries++, HANDSHAKE_RETRY),
      );
      return;
    }
    // Refused with a token that has been replaced since: try the new one.
    if (!created.active && socketToken && handshakeToken !== socketToken) return reconnect(created);
    // Not active any more: the server refused the handshake (bad or expired token); do not retry.
    setState(created.active ? 'reconnecting' : 'refused');
  }) as Listener);
  attach(created, 'disconnect', ((reason: string) => {
    if (reason === 'io client disconnect') setState('idle');
    else setState(created.active ? 'reconnecting' : 'refused');
  }) as Listener);
  attach(created, liveEvents.accessRevoked, () => void afterRevoked(created));
  for (const [event, handlers] of subscriptions) for (const handler of handlers) created.on(event, handler);
  return created;
}

/** A signed-in user with a uuid; guests (share-token sessions) are refused by the server, so not tried. */
function canConnect(user: User): boolean {
  return Boolean(user.uuid) && user.role.some((role) => role !== 'guest');
}

/** Opens the socket if there is none (idempotent). Returns false when nobody is signed in. */
export function startRealtime(): boolean {
  const token = sessionStore.get(accessTokenAtom);
  const user = sessionStore.get(userAtom);
  if (!token || !canConnect(user)) return false;
  if (socket) {
    if (token !== socketToken) {
      // A new token (company switch, renewed session): the server must see it. While the socket
      // is still connecting, its connection hands it over (a reconnection would start a new
      // session with the server for nothing).
      socketToken = token;
      if (socket.connected) renew(socket, token);
      else if (!socket.active) reconnect(socket);
    }
    return true;
  }
  socketToken = token;
  setState('connecting');
  socket = createSocket();
  stopSessionEndListener ??= onSessionEnd(() => stopRealtime());
  return true;
}

/** Closes the socket (spec 4 logout). Subscriptions stay, for the next session. */
export function stopRealtime(): void {
  clearTimeout(handshakeRetry);
  handshakeRetries = 0;
  const current = socket;
  socket = null;
  socketToken = null;
  handshakeToken = null;
  stopSessionEndListener?.();
  stopSessionEndListener = null;
  if (current) {
    for (const [event, handler] of internalHandlers) current.off(event, handler);
    for (const [event, handlers] of subscriptions) for (const handler of handlers) current.off(event, handler);
    current.disconnect();
  }
  internalHandlers = [];
  setState('idle');
}

/**
 * Follows the session: opens the socket after sign-in (and after a token change), closes it when
 * the user is signed out. The first call of the page resets the joined-room flag (spec 4: on app
 * mount). Returns the function that stops following (the socket stays as it is).
 */
export function watchRealtimeSession(): () => void {
  if (!pageMounted) {
    pageMounted = true;
    resetJoinedRoom();
  }
  stopWatching?.();
  const sync = () => {
    if (sessionStore.get(accessTokenAtom) && canConnect(sessionStore.get(userAtom))) startRealtime();
    else if (socket) stopRealtime();
  };
  const unsubscribeUser = sessionStore.sub(userAtom, sync);
  const unsubscribeToken = sessionStore.sub(accessTokenAtom, sync);
  sync();
  const stop = () => {
    unsubscribeUser();
    unsubscribeToken();
    if (stopWatching === stop) stopWatching = null;
  };
  stopWatching = stop;
  return stop;
}

/** Listens to a live event (spec 7); returns the function that stops listening. */
export function subscribe<T = unknown>(event: string, handler: (payload: T) => void): () => void {
  const listener = handler as unknown as Listener;
  let handlers = subscriptions.get(event);
  if (!handlers) {
    handlers = new Set();
    subscriptions.set(event, handlers);
  }
  handlers.add(listener);
  socket?.on(event, listener);
  return () => {
    const set = subscriptions.get(event);
    if (!set?.delete(listener)) return;
    if (set.size === 0) subscriptions.delete(event);
    socket?.off(event, listener);
  };
}

/**
 * Runs on every connection made after the listener was added, the page's first one included:
 * what was sent while no socket listened (a view loads its data before the socket is up, or during
 * a drop) is lost, so the view refetches. A listener added while connected waits for the next one.
 */
export function onCatchUp(listener: () => void): () => void {
  catchUpListeners.add(listener);
  return () => {
    catchUpListeners.delete(listener);
  };
}

/** Tests only: forgets the socket, the subscriptions and the page-mount flag. */
export function resetRealtimeForTests(): void {
  stopWatching?.();
  stopRealtime();
  subscriptions.clear();
  catchUpListeners.clear();
  pageMounted = false;
  lastRevokedAt = -Infinity;
  factory = defaultRealtimeSocketFactory;
}
