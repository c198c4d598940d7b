import { NOT_PROCESSED_HEADER, storageKeys } from '@planta/contracts';
import { apiRequest, ApiRequestError, configureApiClient, retryingCallsAtom, sessionMessages, type HttpMethod } from './api-client';
import { retryAfterMs, retryDelay, retryPlan } from './retry-rules';
import { accessTokenAtom, clearSession, onSessionEnd, sessionStore, startSession } from './session.atoms';
import { fakeJwt, fakeOperator, fakeResponse, installFetch, type FetchMock } from './testing/fakes';

/**
 * While the API restarts or its database is out of reach, the browser keeps the session and sends
 * again what is safe to send again (architecture.md "Running for real"). One table, run through
 * the real client: the first answer a call meets, and whether it was sent again and the session kept.
 */

const user = fakeOperator();
const token = fakeJwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 });

type First = number | 'no answer';
const NOT_PROCESSED = { [NOT_PROCESSED_HEADER]: 'true', 'Retry-After': '0' };
const unavailable = (headers: Record<string, string> = { 'Retry-After': '0' }) =>
  fakeResponse(503, { statusCode: 503, message: 'El servidor no está disponible', error: 'Service Unavailable' }, 'Service Unavailable', headers);

function firstAnswer(first: First, notProcessed: boolean): Promise<Response> {
  if (first === 'no answer') return Promise.reject(new TypeError('Failed to fetch'));
  if (first === 503) return Promise.resolve(unavailable(notProcessed ? NOT_PROCESSED : undefined));
  return Promise.resolve(fakeResponse(first, { statusCode: first, message: `fallo ${first}`, error: 'Error' }));
}

let fetchMock: FetchMock;
let ended: jest.Mock;
let stopListening: () => void;
beforeEach(() => {
  localStorage.clear();
  clearSession('sign-out');
  configureApiClient({ retry: { budgetMs: 2_000, firstDelayMs: 1, maxDelayMs: 5 } });
  fetchMock = installFetch();
  startSession({ user, access_token: token });
  ended = jest.fn();
  stopListening = onSessionEnd(ended);
});
afterEach(() => stopListening());
afterAll(() => configureApiClient({}));

describe('retries and the session, by what the first attempt met and by method', () => {
  it.each<[First, HttpMethod, { idempotent?: boolean; notProcessed?: boolean }, { retried: boolean; sessionKept: boolean }]>([
    // Reads: every passing failure is retried; nothing but a 401 ends the session.
    ['no answer', 'GET', {}, { retried: true, sessionKept: true }],
    [503, 'GET', {}, { retried: true, sessionKept: true }],
    [502, 'GET', {}, { retried: true, sessionKept: true }],
    [504, 'GET', {}, { retried: true, sessionKept: true }],
    [500, 'GET', {}, { retried: false, sessionKept: true }],
    [429, 'GET', {}, { retried: false, sessionKept: true }],
    [404, 'GET', {}, { retried: false, sessionKept: true }],
    [403, 'GET', {}, { retried: false, sessionKept: true }],
    [401, 'GET', {}, { retried: false, sessionKept: false }],
    // Writes: not sent twice unless the API said it did not process them.
    ['no answer', 'POST', {}, { retried: false, sessionKept: true }],
    [503, 'POST', {}, { retried: false, sessionKept: true }],
    [503, 'POST', { notProcessed: true }, { retried: true, sessionKept: true }],
    [502, 'POST', {}, { retried: false, sessionKept: true }],
    [504, 'POST', {}, { retried: false, sessionKept: true }],
    [500, 'POST', {}, { retried: false, sessionKept: true }],
    [409, 'POST', {}, { retried: false, sessionKept: true }],
    [401, 'POST', {}, { retried: false, sessionKept: false }],
    ['no answer', 'PATCH', {}, { retried: false, sessionKept: true }],
    [503, 'PUT', { notProcessed: true }, { retried: true, sessionKept: true }],
    ['no answer', 'DELETE', {}, { retried: false, sessionKept: true }],
    [503, 'DELETE', { notProcessed: true }, { retried: true, sessionKept: true }],
    // Calls their contract declares idempotent are retried as reads are.
    ['no answer', 'POST', { idempotent: true }, { retried: true, sessionKept: true }],
    [503, 'POST', { idempotent: true }, { retried: true, sessionKept: true }],
    [500, 'POST', { idempotent: true }, { retried: false, sessionKept: true }],
    [401, 'POST', { idempotent: true }, { retried: false, sessionKept: false }],
  ])('%s on %s %j → %j', async (first, method, { idempotent, notProcessed = false }, expected) => {
    // The second attempt (and the health check a write waits for) finds the API back.
    fetchMock.mockImplementation((url) =>
      url === '/api/health' ? Promise.resolve(fakeResponse(200, { status: 'ok', database: 'up' })) : Promise.resolve(fakeResponse(200, { ok: true })),
    );
    fetchMock.mockImplementationOnce(() => firstAnswer(first, notProcessed));

    const outcome = await apiRequest('orders', { method, body: method === 'GET' ? undefined : { a: 1 }, idempotent }).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );

    const sends = fetchMock.mock.calls.filter(([url]) => url === '/api/orders').length;
    expect({ retried: sends > 1, sessionKept: sessionStore.get(accessTokenAtom) === token && !ended.mock.calls.length }).toEqual(expected);
    expect(sends).toBe(expected.retried ? 2 : 1);
    if (expected.retried) expect(outcome).toEqual({ answer: { ok: true } });
    else expect((outcome as { error: unknown }).error).toBeInstanceOf(ApiRequestError);
    expect(localStorage.getItem(storageKeys.accessToken) !== null).toBe(expected.sessionKept);
    expect(sessionStore.get(retryingCallsAtom)).toBe(0);
  });
});

describe('how long and how it waits', () => {
  it('sends a write the API did not process again only once its health check answers', async () => {
    const health = [unavailable(), Promise.reject(new TypeError('Failed to fetch')), fakeResponse(200, { status: 'ok', database: 'up' })];
    fetchMock.mockImplementation((url) => (url === '/api/health' ? Promise.resolve(health.shift()!) : Promise.resolve(fakeResponse(201, { id: 9 }))));
    fetchMock.mockImplementationOnce(() => Promise.resolve(unavailable(NOT_PROCESSED)));
    await expect(apiRequest('orders', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ id: 9 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/orders', '/api/health', '/api/health', '/api/health', '/api/orders']);
  });

  it('waits at least what Retry-After asks', async () => {
    fetchMock.mockResolvedValueOnce(unavailable({ 'Retry-After': '1' })).mockResolvedValueOnce(fakeResponse(200, []));
    const started = Date.now();
    await apiRequest('company/all');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('counts the calls waiting to be sent again while they wait', async () => {
    let answerSecond: (response: Response) => void = () => undefined;
    fetchMock.mockResolvedValueOnce(unavailable()).mockImplementationOnce(() => new Promise((done) => (answerSecond = done)));
    const pending = apiRequest('company/all');
    await new Promise((done) => setTimeout(done, 20));
    expect(sessionStore.get(retryingCallsAtom)).toBe(1);
    answerSecond(fakeResponse(200, []));
    await pending;
    expect(sessionStore.get(retryingCallsAtom)).toBe(0);
  });

  it.each<[string, HttpMethod, () => Promise<Response>, number, string]>([
    ['a read, the API unavailable', 'GET', () => Promise.resolve(unavailable()), 503, sessionMessages.unavailable],
    ['a read, no answer', 'GET', () => Promise.reject(new TypeError('Failed to fetch')), 0, sessionMessages.networkError],
    ['a write the API did not process', 'POST', () => Promise.resolve(unavailable(NOT_PROCESSED)), 503, sessionMessages.writeNotSaved],
    ['a write that may have been applied (503 in the middle of its work)', 'POST', () => Promise.resolve(unavailable()), 503, sessionMessages.writeUnconfirmed],
    ['a write without an answer', 'POST', () => Promise.reject(new TypeError('Failed to fetch')), 0, sessionMessages.writeUnconfirmed],
  ])('gives up after about the budget with a clear Spanish message, the session kept: %s', async (_case, method, answer, statusCode, message) => {
    configureApiClient({ retry: { budgetMs: 60, firstDelayMs: 5, maxDelayMs: 10 } });
    fetchMock.mockImplementation(answer);
    const started = Date.now();
    const error = (await apiRequest('orders', { method, body: method === 'GET' ? undefined : { a: 1 } }).catch((caught: unknown) => caught)) as ApiRequestError;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect({ statusCode: error.statusCode, message: error.message }).toEqual({ statusCode, message });
    expect(sessionStore.get(accessTokenAtom)).toBe(token);
    expect(ended).not.toHaveBeenCalled();
    expect(sessionStore.get(retryingCallsAtom)).toBe(0);
  });

  it('stops waiting when the call is aborted', async () => {
    configureApiClient({ retry: { budgetMs: 10_000, firstDelayMs: 5_000, maxDelayMs: 5_000 } });
    fetchMock.mockResolvedValue(unavailable());
    const controller = new AbortController();
    const pending = apiRequest('company/all', { signal: controller.signal });
    await new Promise((done) => setTimeout(done, 20));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStore.get(retryingCallsAtom)).toBe(0);
  });
});

describe('the rules alone', () => {
  it('plans a repetition by method, declaration and answer', () => {
    expect(retryPlan({ method: 'HEAD', status: 0 })).toBe('again');
    expect(retryPlan({ method: 'post', status: 503, notProcessed: true })).toBe('when-back');
    expect(retryPlan({ method: 'POST', status: 502, notProcessed: true })).toBe('stop');
    expect(retryPlan({ method: 'GET', status: 200 })).toBe('stop');
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('pronto', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('doubles the wait up to the maximum, never shorter than the server asked', () => {
    const timing = { budgetMs: 30_000, firstDelayMs: 500, maxDelayMs: 5_000 };
    expect([0, 1, 2, 3, 4, 5].map((retry) => retryDelay(retry, timing))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(retryDelay(0, timing, 2_000)).toBe(2_000);
    expect(retryDelay(4, timing, 8_000)).toBe(8_000);
  });
});
