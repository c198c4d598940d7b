import { chatEndpoints, companyEndpoints, shareTokenEndpoints, storageKeys } from '@planta/contracts';
import { apiRequest, ApiRequestError, call, apiUrl, configureApiClient, errorMessage, onUnauthorized, parseApiError, sessionMessages } from './api-client';
import { signIn } from './auth.service';
import { accessTokenAtom, authStatusAtom, clearSession, onSessionEnd, sessionStore, startSession, userAtom } from './session.atoms';
import { fakeJwt, fakeResponse, installFetch, sentBody, sentHeaders, type FetchMock } from './testing/fakes';

const user = {
  uuid: 'u-1',
  uid: 'u-1',
  from: 'api' as const,
  role: ['admin'],
  data: { id: 1, company_id: 2, companyId: 2, displayName: 'Ana', position: null, photoURL: null, email: 'admin@norte.example', settings: {}, shortcuts: [] },
};
const token = fakeJwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 });

let fetchMock: FetchMock;
beforeEach(() => {
  localStorage.clear();
  clearSession('sign-out');
  configureApiClient({});
  fetchMock = installFetch();
});

describe('requests', () => {
  it('builds URLs under /api by default and under a configured base', () => {
    expect(apiUrl('company/all')).toBe('/api/company/all');
    expect(apiUrl('/company/all')).toBe('/api/company/all');
    expect(apiUrl('/api/chat/user')).toBe('/api/chat/user');
    expect(apiUrl('die/find', { company_id: 2, reference: 'A B', skip: undefined, none: null, ids: [1, 2] })).toBe(
      '/api/die/find?company_id=2&reference=A+B&ids=1&ids=2',
    );
    configureApiClient({ baseUrl: 'https://plant.example/api/' });
    expect(apiUrl('auth/login')).toBe('https://plant.example/api/auth/login');
  });

  it('sends JSON with the session bearer token and returns the JSON answer', async () => {
    startSession({ user, access_token: token });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, [{ id: 2, name: 'Extrusiones del Norte' }]));
    await expect(apiRequest('orders/saveDieCriticalDimension', { method: 'POST', body: [{ order_dies_id: 1 }] })).resolves.toEqual([
      { id: 2, name: 'Extrusiones del Norte' },
    ]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/orders/saveDieCriticalDimension');
    expect(fetchMock.mock.calls[0][1].method).toBe('POST');
    expect(sentHeaders(fetchMock)).toMatchObject({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
    expect(sentBody(fetchMock)).toEqual([{ order_dies_id: 1 }]);
  });

  it('sends no Authorization header without a session, and passes FormData untouched', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(204));
    const form = new FormData();
    form.append('file', 'x');
    await expect(apiRequest('uploads', { method: 'POST', body: form })).resolves.toBeUndefined();
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
    expect(sentHeaders(fetchMock)['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0][1].body).toBe(form);
  });
});

describe('call (the typed client)', () => {
  it('takes method, path, parameters and query from the contract', async () => {
    startSession({ user, access_token: token });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, []));
    await call(chatEndpoints.dialog, { params: { contactId: 7 }, query: { before: 30, limit: 20 } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/chat/dialog/7?before=30&limit=20');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
    fetchMock.mockResolvedValueOnce(fakeResponse(204));
    await call(shareTokenEndpoints.revoke, { params: { id: 'a/b' } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/share-token/a%2Fb');
    expect(fetchMock.mock.calls[1][1].method).toBe('DELETE');
  });

  it('sends the body as JSON and refuses to call a path without its parameters', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { ok: true }));
    await call(companyEndpoints.switch, { body: { company_id: 2 } });
    expect(fetchMock.mock.calls[0][1].method).toBe('POST');
    expect(sentBody(fetchMock)).toEqual({ company_id: 2 });
    expect(() => call(chatEndpoints.dialog, { params: {} as never })).toThrow(/contactId/);
  });
});

describe('error shape', () => {
  it('keeps the API error shape, with fields and codes', async () => {
    const body = {
      statusCode: 409,
      message: 'El correo ya está en uso',
      error: 'Conflict',
      fields: { email: 'El correo ya está en uso' },
      codes: { email: 'email-already-in-use' },
    };
    fetchMock.mockResolvedValueOnce(fakeResponse(409, body, 'Conflict'));
    const error = await apiRequest('auth/register', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).toJSON()).toEqual(body);
    expect((error as ApiRequestError).message).toBe('El correo ya está en uso');
    expect(errorMessage(error)).toBe('El correo ya está en uso');
  });

  it('parses lenient bodies', () => {
    expect(parseApiError(400, { message: ['a', 'b'], fields: { x: 'm', y: 3 } })).toEqual({
      statusCode: 400,
      message: 'a. b',
      error: 'Bad Request',
      fields: { x: 'm' },
    });
    expect(parseApiError(502, '<html>Bad gateway</html>', 'Bad Gateway')).toEqual({
      statusCode: 502,
      message: sessionMessages.unexpectedResponse(502),
      error: 'Bad Gateway',
    });
    // A failure's own text is a framework's or a proxy's, not a message for plant staff.
    expect(parseApiError(500, { statusCode: 500, message: 'Internal server error' })).toEqual({
      statusCode: 500,
      message: sessionMessages.serverError,
      error: 'Internal Server Error',
    });
    // A 503 is passing (a restart, the database out of reach), and said so in the client's own words.
    expect(parseApiError(503, { statusCode: 503, message: 'Service Unavailable' })).toEqual({
      statusCode: 503,
      message: sessionMessages.unavailable,
      error: 'Service Unavailable',
    });
    expect(parseApiError(418, undefined, "I'm a teapot")).toEqual({ statusCode: 418, message: sessionMessages.unexpectedResponse(418), error: "I'm a teapot" });
    expect(parseApiError(403, { statusCode: 403, message: 'No tienes permiso para esta acción' })).toEqual({
      statusCode: 403,
      message: 'No tienes permiso para esta acción',
      error: 'Forbidden',
    });
  });

  it('turns a network failure into statusCode 0 with a Spanish message', async () => {
    // The failure a call ends with once it stops retrying (retries: 'passing failures' below).
    configureApiClient({ retry: { budgetMs: 0 } });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await apiRequest('company/all').catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.statusCode).toBe(0);
    expect(error.message).toBe(sessionMessages.networkError);
    expect(error.message).toMatch(/servidor/);
  });

  it('rethrows aborts as they are', async () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    fetchMock.mockRejectedValueOnce(abort);
    await expect(apiRequest('company/all')).rejects.toBe(abort);
  });
});

describe('401 (spec 4/7/8)', () => {
  it('clears the session and calls the unauthorized handler with "Invalid access_token"', async () => {
    startSession({ user, access_token: token });
    const handler = jest.fn();
    const ended = jest.fn();
    const stopHandler = onUnauthorized(handler);
    const stopEnded = onSessionEnd(ended);
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'access_token expired', error: 'Unauthorized' }));

    const error = (await apiRequest('company/all').catch((caught: unknown) => caught)) as ApiRequestError;
    stopHandler();
    stopEnded();

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.statusCode).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('Invalid access_token', error);
    expect(ended).toHaveBeenCalledWith('unauthorized');
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.email)).toBeNull();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom).role).toEqual([]);
    expect(sessionStore.get(authStatusAtom)).toBe('guest');
  });

  it('does not treat a failed sign-in as an invalid session', async () => {
    const handler = jest.fn();
    const stop = onUnauthorized(handler);
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Correo o contraseña incorrectos', error: 'Unauthorized' }));
    await expect(signIn('admin@norte.example', 'wrong-password')).rejects.toMatchObject({ statusCode: 401, message: 'Correo o contraseña incorrectos' });
    stop();
    expect(handler).not.toHaveBeenCalled();
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
  });

  it('a 401 to a call sent without a token ends no session: the stored one stays for the next sign-in', async () => {
    localStorage.setItem(storageKeys.accessToken, token);
    sessionStore.set(accessTokenAtom, null, false);
    const handler = jest.fn();
    const stop = onUnauthorized(handler);
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' }));
    await expect(apiRequest('permission/my-grants')).rejects.toMatchObject({ statusCode: 401 });
    stop();
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(token);
  });

  it('a read made in a session that ends while it waits to be sent again is not sent without it', async () => {
    configureApiClient({ retry: { budgetMs: 1_000, firstDelayMs: 5, maxDelayMs: 5 } });
    startSession({ user, access_token: token });
    const handler = jest.fn();
    const stop = onUnauthorized(handler);
    fetchMock.mockImplementationOnce(async () => {
      // The page starts signed out meanwhile (a start-up that could not reach the API), its session kept in storage.
      sessionStore.set(accessTokenAtom, null, false);
      throw new TypeError('Failed to fetch');
    });
    fetchMock.mockResolvedValue(fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' }));
    await expect(apiRequest('permission/my-grants')).rejects.toMatchObject({ statusCode: 401 });
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(token);
  });

  it('a 401 to a token replaced while the call was under way ends no session: the call goes again with the new token', async () => {
    startSession({ user, access_token: token });
    const handler = jest.fn();
    const stop = onUnauthorized(handler);
    fetchMock.mockImplementationOnce(async () => {
      // The password was changed meanwhile (issue 36): that answer brought a new token, the old one is refused.
      sessionStore.set(accessTokenAtom, 'renewed-token');
      return fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' });
    });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, [{ id: 1, name: 'Extrusiones del Norte' }]));
    await expect(apiRequest('company/all')).resolves.toEqual([{ id: 1, name: 'Extrusiones del Norte' }]);
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentHeaders(fetchMock, 1).Authorization).toBe('Bearer renewed-token');
    expect(handler).not.toHaveBeenCalled();
    expect(sessionStore.get(accessTokenAtom)).toBe('renewed-token');
  });

  it('stops calling a handler once unregistered, and other statuses keep the session', async () => {
    startSession({ user, access_token: token });
    const handler = jest.fn();
    onUnauthorized(handler)();
    fetchMock.mockResolvedValueOnce(fakeResponse(403, { statusCode: 403, message: 'No tienes permiso para esta acción', error: 'Forbidden' }));
    await expect(apiRequest('company/all')).rejects.toMatchObject({ statusCode: 403 });
    expect(sessionStore.get(accessTokenAtom)).toBe(token);
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' }));
    await expect(apiRequest('company/all')).rejects.toMatchObject({ statusCode: 401 });
    expect(handler).not.toHaveBeenCalled();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
  });
});
