import { atom } from 'jotai';
import {
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyMessages,
  MADE_AGO_HEADER,
  storageKeys,
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
} from '@planta/contracts';
// Through the library's shared entry, not its files: this module is shared on its own
// ('@planta/session/offline-queue'), and a relative import would bundle a second session store into it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the library's shared singleton, on purpose (above)
import {
  accessTokenAtom,
  apiRequest,
  ApiRequestError,
  browserOffline,
  decodeJwtPayload,
  readStored,
  resumingSessionAtom,
  sessionMessages,
  sessionStore,
  type QueryParams,
} from '@planta/session';

/**
 * Work typed while the network is down reaches the server once (issue 17). A save made through
 * `callOrQueue` carries an idempotency key made when the user pressed save; when it cannot reach
 * the server (the browser is offline, or the request failed without an answer) it is kept in
 * IndexedDB and sent again, with the same key, when the `online` event fires, at start-up, after a
 * growing wait and every half minute. It leaves the queue only after a 2xx, or after a 4xx that
 * will never succeed (told to the user with the server's message). The API executes a key once
 * (api/src/common/idempotency.interceptor.ts), so an answer lost on the way back cannot make a
 * second record.
 */

export type QueuedMethod = 'POST' | 'PUT' | 'PATCH';

/** One part of a multipart body: a text field or a file (kept as a Blob: IndexedDB stores them). */
export type QueuedFormPart = { name: string; value: string } | { name: string; file: Blob; fileName: string };

export type QueuedBody = { type: 'none' } | { type: 'json'; value: unknown } | { type: 'form'; parts: QueuedFormPart[] };

/** Whose an entry is: only this user, signed in to this company, sends it. */
export interface QueueOwner {
  userId: string;
  companyId: number;
}

export interface QueuedRequest {
  /** The idempotency key (made once, when the user pressed save), also the entry's id. */
  key: string;
  method: QueuedMethod;
  /** The API path with its parameters filled in, e.g. `orders/saveDieCriticalDimension`. */
  path: string;
  query?: Record<string, string>;
  body: QueuedBody;
  /** What it is, for the user: a key under `common:offlineQueue.kinds` (criticalDimensions, failureReport). */
  kind: string;
  owner: QueueOwner;
  /** When the user pressed save (this device's clock); entries kept by an older version have only `queuedAt`. */
  madeAt?: number;
  queuedAt: number;
  /** Attempts to send it from the queue so far, and the last failure's message. */
  attempts: number;
  lastError?: string;
}

/** Where the queue keeps its entries; IndexedDB in the browser, memory in tests. */
export interface OfflineQueueStore {
  /** Every entry, oldest first. */
  list(): Promise<QueuedRequest[]>;
  put(entry: QueuedRequest): Promise<void>;
  remove(key: string): Promise<void>;
}

export type OfflineQueueEvent =
  | { type: 'queued'; entry: QueuedRequest }
  /** Sent from the queue: the server's answer (the first answer again when the server had executed it already). */
  | { type: 'sent'; entry: QueuedRequest; data: unknown }
  /** Refused for good (a 4xx): removed from the queue; the user must be told `error.message`. */
  | { type: 'refused'; entry: QueuedRequest; error: ApiRequestError };

export type SendOutcome<T> = { status: 'sent'; data: T } | { status: 'queued'; entry: QueuedRequest };

export interface OfflineQueueTiming {
  /** The wait after the first failed attempt; doubled after each further one, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A pass over the queue at least this often while it runs. */
  periodMs: number;
}

const defaultTiming: OfflineQueueTiming = { firstDelayMs: 2_000, maxDelayMs: 60_000, periodMs: 30_000 };

// ---------------------------------------------------------------------------------------------
// keys, owners, bodies

/** A fresh idempotency key (a version-4 UUID), also where crypto.randomUUID is missing (plain http on a plant's network). */
export function newIdempotencyKey(): string {
  const cryptography = globalThis.crypto;
  if (typeof cryptography?.randomUUID === 'function') {
    try {
      return cryptography.randomUUID();
    } catch {
      // not a secure context: made from random bytes below
    }
  }
  const bytes = new Uint8Array(16);
  if (typeof cryptography?.getRandomValues === 'function') cryptography.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The signed-in user and company, from the session's token; null without a session. */
export function currentQueueOwner(): QueueOwner | null {
  return ownerOf(sessionStore.get(accessTokenAtom));
}

/**
 * Whose entries the page shows: the signed-in user's, or, while a page that started without
 * reaching the API waits to sign its stored session in again, that session's (sent once it has).
 */
function shownQueueOwner(): QueueOwner | null {
  return currentQueueOwner() ?? (sessionStore.get(resumingSessionAtom) ? ownerOf(readStored(storageKeys.accessToken)) : null);
}

function ownerOf(token: string | null): QueueOwner | null {
  const payload = decodeJwtPayload(token);
  const userId = payload?.sub;
  const companyId = payload?.company_id;
  if ((typeof userId !== 'string' && typeof userId !== 'number') || typeof companyId !== 'number') return null;
  return { userId: String(userId), companyId };
}

const sameOwner = (a: QueueOwner, b: QueueOwner) => a.userId === b.userId && a.companyId === b.companyId;

/** A failure without an answer from the server (no network, connection cut): the request may be kept and sent later. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof ApiRequestError && error.statusCode === 0;

/**
 * A refusal sending again will not change: a 4xx other than 401 (the session; kept until the user
 * signs in again), 408, 425, 429 and the 409 of a key whose first request is still running.
 */
export function isFinalRefusal(error: ApiRequestError): boolean {
  const status = error.statusCode;
  if (status < 400 || status >= 500) return false;
  if ([401, 408, 425, 429].includes(status)) return false;
  return !(status === 409 && error.message === idempotencyMessages.inProgress);
}

function toQueuedBody(body: unknown): QueuedBody {
  if (body === undefined) return { type: 'none' };
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: QueuedFormPart[] = [];
    body.forEach((value, name) => {
      if (typeof value === 'string') parts.push({ name, value });
      else parts.push({ name, file: value, fileName: value.name });
    });
    return { type: 'form', parts };
  }
  return { type: 'json', value: body };
}

function fromQueuedBody(body: QueuedBody): unknown {
  if (body.type === 'none') return undefined;
  if (body.type === 'json') return body.value;
  const form = new FormData();
  for (const part of body.parts) {
    if ('file' in part) form.append(part.name, part.file, part.fileName);
    else form.append(part.name, part.value);
  }
  return form;
}

function stringQuery(query: QueryParams | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== null && value !== undefined && !Array.isArray(value));
  return entries.length ? Object.fromEntries(entries.map(([name, value]) => [name, String(value)])) : undefined;
}

// ---------------------------------------------------------------------------------------------
// stores

export function memoryQueueStore(): OfflineQueueStore {
  const entries = new Map<string, QueuedRequest>();
  return {
    list: async () => [...entries.values()].sort((a, b) => a.queuedAt - b.queuedAt),
    put: async (entry) => {
      entries.set(entry.key, entry);
    },
    remove: async (key) => {
      entries.delete(key);
    },
  };
}

const OBJECT_STORE = 'requests';

/**
 * The queue in IndexedDB (kept across reloads and restarts of the tablet; files are kept as
 * Blobs). Where IndexedDB cannot be opened (some private modes), entries live in memory for as
 * long as the page stays open.
 */
export function indexedDbQueueStore(databaseName = 'planta-offline-queue'): OfflineQueueStore {
  let opening: Promise<IDBDatabase> | null = null;
  let fallback: OfflineQueueStore | null = null;
  const open = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(OBJECT_STORE)) request.result.createObjectStore(OBJECT_STORE, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    }));
  /** The IndexedDB database, or null when it cannot be had (the entries then live in `fallback`). */
  const database = async (): Promise<IDBDatabase | null> => {
    if (fallback) return null;
    try {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
      return await open();
    } catch (error) {
      console.warn('Offline queue kept in memory only:', error);
      fallback = memoryQueueStore();
      return null;
    }
  };
  const run = (db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const transaction = db.transaction(OBJECT_STORE, mode);
      const request = work(transaction.objectStore(OBJECT_STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  return {
    async list() {
      const db = await database();
      const entries = db ? ((await run(db, 'readonly', (store) => store.getAll())) as QueuedRequest[]) : await fallback!.list();
      return entries.sort((a, b) => a.queuedAt - b.queuedAt);
    },
    async put(entry) {
      const db = await database();
      if (db) await run(db, 'readwrite', (store) => store.put(entry));
      else await fallback!.put(entry);
    },
    async remove(key) {
      const db = await database();
      if (db) await run(db, 'readwrite', (store) => store.delete(key));
      else await fallback!.remove(key);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the queue

export interface OfflineQueueOptions {
  /** Made on first use (the browser's IndexedDB is not opened before the queue is needed). */
  store: () => OfflineQueueStore;
  timing?: Partial<OfflineQueueTiming>;
}

/**
 * The request as the direct call and the queue send it: always with its key, and safe to repeat
 * because of it. From the queue it also says how long ago it was made, measured on this device's
 * clock alone, so that the server dates the work by its own clock however wrong this one is.
 */
function send<T>(
  entry: Pick<QueuedRequest, 'key' | 'method' | 'path' | 'query' | 'body'> & Partial<Pick<QueuedRequest, 'madeAt' | 'queuedAt'>>,
  background: boolean,
): Promise<T> {
  const made = entry.madeAt ?? entry.queuedAt;
  return apiRequest<T>(entry.path, {
    method: entry.method,
    query: entry.query,
    body: fromQueuedBody(entry.body),
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: entry.key,
      ...(background && made !== undefined ? { [MADE_AGO_HEADER]: String(Math.max(0, Math.round(Date.now() - made))) } : {}),
    },
    // A refusal of the session seen while sending in the background does not end it: the entry waits for the next sign-in.
    ...(background ? { handleUnauthorized: false } : {}),
  });
}

function asApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  return new ApiRequestError({ statusCode: 0, message: sessionMessages.networkError, error: 'Network Error' }, { cause: error });
}

const isAbort = (error: unknown) => error !== null && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';

export class OfflineQueue {
  /** The signed-in user's entries waiting to be sent, oldest first. */
  readonly pendingAtom = atom<readonly QueuedRequest[]>([]);
  private readonly timing: OfflineQueueTiming;
  private storeInstance: OfflineQueueStore | null = null;
  private readonly listeners = new Set<(event: OfflineQueueEvent) => void>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private starts = 0;
  private stopRunning: (() => void) | null = null;

  constructor(private readonly options: OfflineQueueOptions) {
    this.timing = { ...defaultTiming, ...options.timing };
  }

  private get store(): OfflineQueueStore {
    return (this.storeInstance ??= this.options.store());
  }

  /** Listens to what happens to entries (queued, sent, refused for good); returns the function that stops listening. */
  on(listener: (event: OfflineQueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(event: OfflineQueueEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /**
   * Sends a save now, or keeps it to send later when the server cannot be reached. Resolves
   * `sent` with the answer, or `queued` once the entry is safely stored; rejects with the
   * server's refusal (any HTTP error) as `apiRequest` does, and with the network failure itself
   * when there is no session to keep it for or it could not be stored.
   */
  async send<T>(request: {
    method: QueuedMethod;
    path: string;
    query?: QueryParams;
    body?: unknown;
    kind: string;
    /** Made when the user pressed save; a new one when not given. */
    key?: string;
  }): Promise<SendOutcome<T>> {
    const entry = {
      madeAt: Date.now(),
      key: request.key ?? newIdempotencyKey(),
      method: request.method,
      path: request.path,
      query: stringQuery(request.query),
      body: toQueuedBody(request.body),
    };
    const owner = currentQueueOwner();
    if (owner && browserOffline()) return { status: 'queued', entry: await this.enqueue({ ...entry, kind: request.kind, owner }) };
    try {
      return { status: 'sent', data: await send<T>(entry, false) };
    } catch (error) {
      if (!owner || !isNetworkFailure(error)) throw error;
      try {
        return { status: 'queued', entry: await this.enqueue({ ...entry, kind: request.kind, owner }) };
      } catch (storing) {
        console.error('The offline queue could not keep a request:', storing);
        throw error;
      }
    }
  }

  private async enqueue(entry: Omit<QueuedRequest, 'queuedAt' | 'attempts'>): Promise<QueuedRequest> {
    const queued: QueuedRequest = { ...entry, queuedAt: Date.now(), attempts: 0 };
    await this.store.put(queued);
    this.emit({ type: 'queued', entry: queued });
    await this.refresh();
    this.scheduleRetry();
    return queued;
  }

  /** Reads the store into `pendingAtom` (the current user's entries). */
  async refresh(entries?: QueuedRequest[]): Promise<readonly QueuedRequest[]> {
    const owner = shownQueueOwner();
    const all = entries ?? (await this.store.list());
    const mine = owner ? all.filter((entry) => sameOwner(entry.owner, owner)) : [];
    const shown = sessionStore.get(this.pendingAtom);
    const same = shown.length === mine.length && shown.every((entry, index) => entry.key === mine[index].key && entry.attempts === mine[index].attempts);
    if (!same) sessionStore.set(this.pendingAtom, mine);
    return mine;
  }

  /**
   * Sends the current user's entries, oldest first, one at a time: one pass at a time in this
   * page (a call while one runs makes it run once more) and, where the browser has Web Locks, in
   * all the portal's tabs. Stops at the first entry that still cannot go and tries again later.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          await this.exclusively(() => this.pass());
        } while (this.flushAgain);
      } catch (error) {
        console.error('Offline queue:', error);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private exclusively(work: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    return locks ? locks.request('planta.offline-queue', work) : work();
  }

  private async pass(): Promise<void> {
    const mine = await this.refresh();
    if (mine.length === 0) {
      this.failures = 0;
      return;
    }
    // Shown for a session waiting to sign in again: sent once it has (the token's change starts a pass).
    if (!currentQueueOwner()) return;
    if (browserOffline()) return this.scheduleRetry();
    for (const entry of mine) {
      const outcome = await this.sendEntry(entry);
      if (outcome === 'later') {
        this.failures += 1;
        await this.refresh();
        return this.scheduleRetry();
      }
      await this.refresh();
    }
    this.failures = 0;
  }

  private async sendEntry(entry: QueuedRequest): Promise<'done' | 'later'> {
    let data: unknown;
    try {
      data = await send(entry, true);
    } catch (caught) {
      if (isAbort(caught)) throw caught;
      const error = asApiError(caught);
      if (isFinalRefusal(error)) {
        await this.store.remove(entry.key);
        this.emit({ type: 'refused', entry, error });
        return 'done';
      }
      await this.store.put({ ...entry, attempts: entry.attempts + 1, lastError: error.message });
      return 'later';
    }
    await this.store.remove(entry.key);
    this.emit({ type: 'sent', entry, data });
    return 'done';
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    const wait = Math.min(this.timing.firstDelayMs * 2 ** Math.max(0, this.failures - 1), this.timing.maxDelayMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, wait);
  }

  /**
   * Starts sending: now, whenever the browser comes back online, when the session changes (a
   * sign-in, a company switch) and every `periodMs`. Returns the function that stops it (counted:
   * the last stop ends it).
   */
  start(): () => void {
    this.starts += 1;
    if (this.starts === 1) {
      const online = () => {
        this.failures = 0;
        void this.flush();
      };
      if (typeof window !== 'undefined') window.addEventListener('online', online);
      const unsubscribe = sessionStore.sub(accessTokenAtom, () => void this.flush());
      const period = setInterval(() => void this.flush(), this.timing.periodMs);
      void this.flush();
      this.stopRunning = () => {
        if (typeof window !== 'undefined') window.removeEventListener('online', online);
        unsubscribe();
        clearInterval(period);
        if (this.retryTimer !== null) clearTimeout(this.retryTimer);
        this.retryTimer = null;
      };
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.starts -= 1;
      if (this.starts === 0) {
        this.stopRunning?.();
        this.stopRunning = null;
      }
    };
  }
}

export function createOfflineQueue(options: OfflineQueueOptions): OfflineQueue {
  return new OfflineQueue(options);
}

/** The portal's queue (this library is a Module Federation singleton: the shell and every remote share it). */
export const offlineQueue = createOfflineQueue({ store: () => indexedDbQueueStore() });

/** The signed-in user's saves waiting to be sent (the shell shows how many). */
export const offlineQueueAtom = offlineQueue.pendingAtom;

export const startOfflineQueue = (): (() => void) => offlineQueue.start();

export const onOfflineQueueEvent = (listener: (event: OfflineQueueEvent) => void): (() => void) => offlineQueue.on(listener);

/**
 * `call` for a save that must survive a network cut: the contract gives the method and path,
 * the save carries an idempotency key, and without network it is queued (`{ status: 'queued' }`)
 * instead of failing. `kind` names it for the user (`common:offlineQueue.kinds.<kind>`).
 */
export function callOrQueue<E extends EndpointDefinition>(
  endpoint: E,
  request: EndpointRequest<E>,
  options: { kind: string; key?: string },
): Promise<SendOutcome<EndpointResponse<E>>> {
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE')
    throw new Error(`callOrQueue is for POST, PUT and PATCH, not ${endpoint.method} ${endpoint.path}`);
  const parts = request as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown };
  return offlineQueue.send<EndpointResponse<E>>({
    method: endpoint.method,
    path: fillPath(endpoint.path, parts.params),
    query: parts.query,
    body: parts.body,
    kind: options.kind,
    key: options.key,
  });
}
