import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { failureReportEndpoints, IDEMPOTENCY_KEY_HEADER, idempotencyMessages, MADE_AGO_HEADER, orderEndpoints } from '@planta/contracts';
import { configureApiClient } from './api-client';
import {
  callOrQueue,
  createOfflineQueue,
  isFinalRefusal,
  memoryQueueStore,
  newIdempotencyKey,
  offlineQueue,
  type OfflineQueue,
  type OfflineQueueEvent,
  type OfflineQueueStore,
  type QueuedRequest,
} from './offline-queue';
import { ApiRequestError } from './api-client';
import * as library from './index';
import { accessTokenAtom, clearSession, resumingSessionAtom, sessionStore, startSession } from './session.atoms';
import { fakeJwt, fakeOperator, fakeResponse, installFetch, sentBody, sentHeaders, type FetchMock } from './testing/fakes';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const signIn = (id = 7, companyId = 2) =>
  startSession({
    user: fakeOperator(id, companyId),
    access_token: fakeJwt({ sub: String(id), company_id: companyId, exp: Math.floor(Date.now() / 1000) + 3600 }),
  });

const records = [
  { order_dies_id: 5, dimension_text: 'DimensionA', dimension_value: 12.5, date_saved: '2026-01-01T10:00:00.000Z' },
  { order_dies_id: 5, dimension_text: 'DimensionB', dimension_value: 3.2, date_saved: '2026-01-01T10:00:00.000Z' },
];
const networkDown = () => new TypeError('Failed to fetch');

let fetchMock: FetchMock;
let store: OfflineQueueStore;
let queue: OfflineQueue;
let events: OfflineQueueEvent[];
let online: jest.SpyInstance<boolean, []>;
let started: (() => void)[] = [];

const save = (key?: string) =>
  queue.send({ method: 'POST', path: 'orders/saveDieCriticalDimension', body: records, kind: 'criticalDimensions', ...(key ? { key } : {}) });
const pending = () => sessionStore.get(queue.pendingAtom);
const keysSent = () => fetchMock.mock.calls.map((_call, index) => sentHeaders(fetchMock, index)[IDEMPOTENCY_KEY_HEADER]);

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  localStorage.clear();
  clearSession('sign-out');
  configureApiClient({});
  fetchMock = installFetch();
  store = memoryQueueStore();
  queue = createOfflineQueue({ store: () => store, timing: { firstDelayMs: 1_000, maxDelayMs: 8_000, periodMs: 30_000 } });
  events = [];
  queue.on((event) => events.push(event));
  online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  signIn();
});
afterEach(() => {
  for (const stop of started) stop();
  started = [];
  online.mockRestore();
  jest.clearAllTimers();
  jest.useRealTimers();
});

describe('a save that must survive a network cut', () => {
  it('online, it is sent at once with its idempotency key and nothing is queued', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ id: 1 }]));
    const outcome = await save('3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f');
    expect(outcome).toEqual({ status: 'sent', data: [{ id: 1 }] });
    expect(sentHeaders(fetchMock)[IDEMPOTENCY_KEY_HEADER]).toBe('3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f');
    // Made just now: the server's clock dates it.
    expect(sentHeaders(fetchMock)[MADE_AGO_HEADER]).toBeUndefined();
    expect(sentBody(fetchMock)).toEqual(records);
    expect(await store.list()).toEqual([]);
    expect(pending()).toEqual([]);
  });

  it('with the browser offline, it is stored without trying and counted as pending for its user', async () => {
    online.mockReturnValue(false);
    const outcome = await save();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(outcome.status).toBe('queued');
    const [entry] = await store.list();
    expect(entry).toMatchObject({
      method: 'POST',
      path: 'orders/saveDieCriticalDimension',
      body: { type: 'json', value: records },
      kind: 'criticalDimensions',
      owner: { userId: '7', companyId: 2 },
      attempts: 0,
    });
    expect(entry.key).toMatch(UUID_V4);
    expect(pending().map((queued) => queued.key)).toEqual([entry.key]);
    expect(events.map((event) => event.type)).toEqual(['queued']);
  });

  it('after a request that got no answer (TypeError), it is stored with the key that request carried', async () => {
    fetchMock.mockRejectedValueOnce(networkDown());
    const outcome = await save();
    expect(outcome.status).toBe('queued');
    const [entry] = await store.list();
    expect(entry.key).toBe(keysSent()[0]);
    expect(entry.key).toMatch(UUID_V4);
  });

  it('an answer of the server (4xx, 5xx) is not a network cut: the save fails as it did before, nothing is queued', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(409, { statusCode: 409, message: 'La orden no está en extrusión', error: 'Conflict' }));
    await expect(save()).rejects.toMatchObject({ statusCode: 409, message: 'La orden no está en extrusión' });
    fetchMock.mockResolvedValueOnce(fakeResponse(500, { statusCode: 500, message: 'x', error: 'Internal Server Error' }));
    await expect(save()).rejects.toMatchObject({ statusCode: 500 });
    expect(await store.list()).toEqual([]);
  });

  it('without a session there is nobody to keep it for: the network failure is the answer', async () => {
    clearSession('sign-out');
    fetchMock.mockRejectedValueOnce(networkDown());
    await expect(save()).rejects.toMatchObject({ statusCode: 0 });
    expect(await store.list()).toEqual([]);
  });

  it('a failure report with photos keeps its fields and files, and is sent again as the same multipart body', async () => {
    online.mockReturnValue(false);
    const form = new FormData();
    form.append('machine_id', '4');
    form.append('description', 'Fuga de aceite');
    form.append('photos', new File(['png-bytes'], 'fuga.png', { type: 'image/png' }), 'fuga.png');
    const outcome = await queue.send({ method: 'POST', path: 'failure-damage-report', body: form, kind: 'failureReport' });
    expect(outcome.status).toBe('queued');
    const [entry] = await store.list();
    expect(entry.body).toMatchObject({
      type: 'form',
      parts: [
        { name: 'machine_id', value: '4' },
        { name: 'description', value: 'Fuga de aceite' },
        { name: 'photos', fileName: 'fuga.png' },
      ],
    });
    online.mockReturnValue(true);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, { id: 9, number: 'RF-2026-0009' }));
    await queue.flush();
    const sent = fetchMock.mock.calls[0][1].body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('machine_id')).toBe('4');
    expect(sent.get('description')).toBe('Fuga de aceite');
    const photo = sent.get('photos') as File;
    expect(photo.name).toBe('fuga.png');
    expect(photo.size).toBe('png-bytes'.length);
    expect(photo.type).toBe('image/png');
    expect(sentHeaders(fetchMock)[IDEMPOTENCY_KEY_HEADER]).toBe(entry.key);
    expect(await store.list()).toEqual([]);
  });
});

describe('sending the queue', () => {
  const queueOne = async (): Promise<QueuedRequest> => {
    online.mockReturnValue(false);
    const outcome = await save();
    online.mockReturnValue(true);
    if (outcome.status !== 'queued') throw new Error('not queued');
    return outcome.entry;
  };

  it('retries with the same key until a 2xx, and removes the entry only then', async () => {
    const entry = await queueOne();
    fetchMock.mockRejectedValueOnce(networkDown());
    await queue.flush();
    expect(await store.list()).toMatchObject([{ key: entry.key, attempts: 1 }]);
    fetchMock.mockResolvedValueOnce(fakeResponse(503, { statusCode: 503, message: 'x', error: 'Service Unavailable' }));
    await queue.flush();
    expect(await store.list()).toMatchObject([{ key: entry.key, attempts: 2 }]);
    expect(pending()).toHaveLength(1);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ saved: true }]));
    await queue.flush();
    expect(await store.list()).toEqual([]);
    expect(pending()).toEqual([]);
    expect(keysSent()).toEqual([entry.key, entry.key, entry.key]);
    expect(events.at(-1)).toMatchObject({ type: 'sent', entry: { key: entry.key }, data: [{ saved: true }] });
  });

  it('says how long ago the user pressed save, measured on this clock alone, so the server can date the work', async () => {
    // The direct attempt got no answer for 20 s: the age counts from the press, not from when it was stored.
    fetchMock.mockImplementationOnce(async () => {
      jest.setSystemTime(Date.now() + 20_000);
      throw networkDown();
    });
    expect((await save()).status).toBe('queued');
    jest.setSystemTime(Date.now() + 25 * 60_000);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ saved: true }]));
    await queue.flush();
    expect(sentHeaders(fetchMock, 1)[MADE_AGO_HEADER]).toBe(String(20_000 + 25 * 60_000));
    // An entry kept by a version that did not record the press: its age counts from when it was stored.
    const older: QueuedRequest = { ...(await queueOne()), madeAt: undefined, queuedAt: Date.now() - 90_000 };
    await store.put(older);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ saved: true }]));
    await queue.flush();
    expect(sentHeaders(fetchMock, 2)[MADE_AGO_HEADER]).toBe('90000');
  });

  it("shows a stored session's entries while it waits to sign in again, and sends them only once it has", async () => {
    const entry = await queueOne();
    // A page that started without reaching the API: signed out in memory, the session stored.
    sessionStore.set(accessTokenAtom, null, false);
    await queue.flush();
    expect(pending()).toEqual([]);
    sessionStore.set(resumingSessionAtom, true);
    try {
      await queue.flush();
      expect(pending()).toMatchObject([{ key: entry.key }]);
      expect(fetchMock).not.toHaveBeenCalled();
      // Signed in again: sent.
      fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ saved: true }]));
      signIn();
      await queue.flush();
      expect(keysSent()).toEqual([entry.key]);
      expect(pending()).toEqual([]);
    } finally {
      sessionStore.set(resumingSessionAtom, false);
    }
  });

  it('never sends an entry twice: passes asked for together make one request, and a sent entry is not sent again', async () => {
    await queueOne();
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const passes = [queue.flush(), queue.flush(), queue.flush()];
    await Promise.resolve();
    await Promise.resolve();
    answer(fakeResponse(201, [{ saved: true }]));
    await Promise.all(passes);
    await queue.flush();
    await queue.flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(events.filter((event) => event.type === 'sent')).toHaveLength(1);
  });

  it('retries by itself after a growing wait, and at once when the browser is back online', async () => {
    const entry = await queueOne();
    fetchMock.mockRejectedValue(networkDown());
    // Queued: a first try after 1 s, then waits of 1 s, 2 s, 4 s…
    await jest.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await store.list()).toMatchObject([{ key: entry.key, attempts: 3 }]);

    // Started (the shell does it at start-up): the network comes back and the 'online' event sends it now, not after the wait.
    started.push(queue.start());
    await jest.advanceTimersByTimeAsync(0);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ saved: true }]));
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    await queue.flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentHeaders(fetchMock)[IDEMPOTENCY_KEY_HEADER]).toBe(entry.key);
    expect(await store.list()).toEqual([]);
    // Nothing left: later passes (periodic, online) send nothing.
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes over the queue periodically once started', async () => {
    online.mockReturnValue(false);
    await save();
    started.push(queue.start());
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
    // Online again without an 'online' event (the event can be missed): the periodic pass sends it.
    online.mockReturnValue(true);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, []));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await store.list()).toEqual([]);
  });

  it('sends what was stored before a reload when it starts', async () => {
    const entry = await queueOne();
    // A new page: a new queue on the same storage.
    const reloaded = createOfflineQueue({ store: () => store });
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [{ saved: true }]));
    started.push(reloaded.start());
    await jest.advanceTimersByTimeAsync(0);
    await reloaded.flush();
    expect(keysSent()).toEqual([entry.key]);
    expect(await store.list()).toEqual([]);
  });

  it('a 4xx that will never succeed removes the entry and tells the server message; 401, 429 and a key still in progress keep it', async () => {
    const entry = await queueOne();
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' }));
    await queue.flush();
    fetchMock.mockResolvedValueOnce(fakeResponse(429, { statusCode: 429, message: 'Demasiadas solicitudes', error: 'Too Many Requests' }));
    await queue.flush();
    fetchMock.mockResolvedValueOnce(fakeResponse(409, { statusCode: 409, message: idempotencyMessages.inProgress, error: 'Conflict' }));
    await queue.flush();
    expect(await store.list()).toMatchObject([{ key: entry.key, attempts: 3 }]);
    // A 401 seen in the background does not end the session.
    expect(sessionStore.get(queue.pendingAtom)).toHaveLength(1);

    fetchMock.mockResolvedValueOnce(fakeResponse(409, { statusCode: 409, message: 'La orden ya no está en extrusión', error: 'Conflict' }));
    await queue.flush();
    expect(await store.list()).toEqual([]);
    const refused = events.at(-1);
    expect(refused).toMatchObject({ type: 'refused', entry: { key: entry.key } });
    expect(refused?.type === 'refused' && refused.error.message).toBe('La orden ya no está en extrusión');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("keeps one user's entries from another: only the owner, in the company it was typed in, sends and sees them", async () => {
    const entry = await queueOne();
    signIn(8, 2);
    await queue.flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pending()).toEqual([]);
    signIn(7, 3);
    await queue.flush();
    expect(fetchMock).not.toHaveBeenCalled();
    signIn(7, 2);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, []));
    await queue.flush();
    expect(keysSent()).toEqual([entry.key]);
  });

  it('sends entries oldest first and stops at the first that still cannot go', async () => {
    const first = await queueOne();
    jest.setSystemTime(Date.now() + 1000);
    const second = await queueOne();
    fetchMock.mockRejectedValueOnce(networkDown());
    await queue.flush();
    expect(keysSent()).toEqual([first.key]);
    fetchMock.mockResolvedValueOnce(fakeResponse(201, [])).mockResolvedValueOnce(fakeResponse(201, []));
    await queue.flush();
    expect(keysSent()).toEqual([first.key, first.key, second.key]);
    expect(await store.list()).toEqual([]);
  });
});

describe('pieces', () => {
  it('makes version-4 UUIDs, also without crypto.randomUUID (plain http is not a secure context)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('tells final refusals from passing ones', () => {
    const error = (statusCode: number, message = 'x') => new ApiRequestError({ statusCode, message, error: 'E' });
    for (const status of [400, 403, 404, 409, 413, 422]) expect(isFinalRefusal(error(status))).toBe(true);
    for (const status of [0, 401, 408, 429, 500, 502, 503, 504]) expect(isFinalRefusal(error(status))).toBe(false);
    expect(isFinalRefusal(error(409, idempotencyMessages.inProgress))).toBe(false);
  });

  it('callOrQueue takes method and path from the contract and refuses reads', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(201, []));
    await expect(callOrQueue(orderEndpoints.saveDieCriticalDimension, { body: records as never }, { kind: 'criticalDimensions' })).resolves.toEqual({
      status: 'sent',
      data: [],
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/orders/saveDieCriticalDimension');
    expect(sentHeaders(fetchMock)[IDEMPOTENCY_KEY_HEADER]).toMatch(UUID_V4);
    expect(() => callOrQueue(failureReportEndpoints.all as never, {} as never, { kind: 'x' })).toThrow(/POST, PUT and PATCH/);
    expect(offlineQueue).toBeDefined();
  });
});

describe('the entry @planta/session/offline-queue', () => {
  it("is not in the library's index (shared on its own, loaded on demand: not on the sign-in page)", () => {
    const index: Record<string, unknown> = library;
    for (const name of ['offlineQueue', 'offlineQueueAtom', 'callOrQueue', 'startOfflineQueue', 'onOfflineQueueEvent']) expect(index[name]).toBeUndefined();
  });

  it("takes the library's state through its shared name only: a relative import would bundle a second session store into the entry", () => {
    const source = readFileSync(path.join(__dirname, 'offline-queue.ts'), 'utf8');
    expect(source.match(/from '\.\.?\/[^']*'/g)).toBeNull();
    expect(source).toMatch(/from '@planta\/session';/);
  });
});
