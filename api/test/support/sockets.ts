import { io, type Socket } from 'socket.io-client';

const open = new Set<Socket>();

/** A socket.io client of the API at `url` (websocket only, no reconnection), not yet connected. */
export function client(url: string, auth?: { token?: string }, extraHeaders?: Record<string, string>): Socket {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth, extraHeaders, forceNew: true });
  open.add(socket);
  return socket;
}

/** Connected, or rejected with the connect_error. */
export function connect(url: string, token?: string, extraHeaders?: Record<string, string>): Promise<Socket> {
  const socket = client(url, token === undefined ? undefined : { token }, extraHeaders);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The connect_error a connection attempt ends with (fails the test if it connects). */
export async function refusal(url: string, auth?: { token?: string }): Promise<Error & { data?: { statusCode: number; message: string } }> {
  const socket = client(url, auth);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    socket.once('connect_error', resolve);
  });
}

/** The next `event` on `socket`, or a rejection after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000, where: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!where(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Every event a socket receives from now on, as [name, payload]. */
export function recorder(socket: Socket): [string, unknown][] {
  const received: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
  return received;
}

export const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function closeSockets(): void {
  for (const socket of open) socket.disconnect();
  open.clear();
}

/**
 * Watches for the server cutting `socket` (call before the change that should cut it): the
 * `accessRevoked` payload, the disconnect reason and when the disconnect came (ms since the epoch).
 */
export async function nextCut(socket: Socket, timeoutMs = 5000): Promise<{ revoked: unknown; reason: string; at: number }> {
  const revoked = nextEvent(socket, 'accessRevoked', timeoutMs);
  const reason = await nextEvent<string>(socket, 'disconnect', timeoutMs);
  const at = Date.now();
  return { revoked: await revoked, reason, at };
}
