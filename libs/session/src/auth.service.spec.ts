import { storageKeys, type AuthResponse } from '@planta/contracts';
import { configureApiClient, onUnauthorized } from './api-client';
import {
  companies,
  currentShare,
  register,
  resumeSessionWhenBack,
  signIn,
  STARTUP_CHECK_BUDGET_MS,
  signInWithShareToken,
  signInWithToken,
  signOut,
  switchCompany,
  updateUser,
} from './auth.service';
import {
  accessTokenAtom,
  authStatusAtom,
  clearSession,
  joinedRoomAtom,
  onSessionEnd,
  resetJoinedRoom,
  resumingSessionAtom,
  sessionEmailAtom,
  sessionStore,
  startSession,
  userAtom,
} from './session.atoms';
import { fakeJwt, fakeResponse, installFetch, sentBody, sentHeaders, type FetchMock } from './testing/fakes';

const NOW = Date.UTC(2026, 2, 1, 8, 0, 0);
const validToken = fakeJwt({ sub: '1', exp: NOW / 1000 + 3600 });
const expiredToken = fakeJwt({ sub: '1', exp: NOW / 1000 - 1 });
const freshToken = fakeJwt({ sub: '1', exp: NOW / 1000 + 7200 });

function session(overrides: Partial<AuthResponse['user']['data']> = {}, role = ['admin'], access_token = freshToken): AuthResponse {
  return {
    access_token,
    user: {
      uuid: 'u-1',
      uid: 'u-1',
      from: 'api',
      role,
      data: {
        id: 1,
        company_id: 2,
        companyId: 2,
        displayName: 'Ana',
        position: 'Jefa',
        photoURL: null,
        email: 'admin@norte.example',
        settings: {},
        shortcuts: [],
        ...overrides,
      },
    },
  };
}

function storeSession(token: string, email = 'admin@norte.example'): void {
  localStorage.setItem(storageKeys.accessToken, token);
  localStorage.setItem(storageKeys.email, email);
}

let fetchMock: FetchMock;
const ended = jest.fn();
let stopEnded: () => void;
beforeEach(() => {
  localStorage.clear();
  clearSession('sign-out');
  sessionStore.set(authStatusAtom, 'checking');
  fetchMock = installFetch();
  ended.mockReset();
  stopEnded = onSessionEnd(ended);
});
afterEach(() => stopEnded());

describe('signInWithToken: start-up (spec 4)', () => {
  it('continues as a guest when no token is stored, without calling the API', async () => {
    await expect(signInWithToken({ now: NOW })).resolves.toEqual({ outcome: 'no-token' });
    expect(sessionStore.get(authStatusAtom)).toBe('guest');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out automatically with an expired token', async () => {
    storeSession(expiredToken);
    await expect(signInWithToken({ now: NOW })).resolves.toEqual({ outcome: 'auto-logout' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.email)).toBeNull();
    expect(sessionStore.get(authStatusAtom)).toBe('guest');
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('signs in with a valid token: POST auth/token {token, email, accessUrl}, user and new token stored', async () => {
    storeSession(validToken);
    window.history.pushState({}, '', '/apps/dies/all');
    fetchMock.mockResolvedValueOnce(fakeResponse(200, session()));
    const result = await signInWithToken({ now: NOW });

    expect(result).toEqual({ outcome: 'signed-in', user: session().user });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/token');
    expect(fetchMock.mock.calls[0][1].method).toBe('POST');
    expect(sentBody(fetchMock)).toEqual({ token: validToken, email: 'admin@norte.example', accessUrl: '/apps/dies/all' });
    expect(sessionStore.get(userAtom)).toEqual(session().user);
    expect(sessionStore.get(accessTokenAtom)).toBe(freshToken);
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(freshToken);
    expect(sessionStore.get(authStatusAtom)).toBe('signed-in');
  });

  it('shares one check between concurrent calls', async () => {
    storeSession(validToken);
    fetchMock.mockResolvedValue(fakeResponse(200, session()));
    const [first, second] = await Promise.all([signInWithToken({ now: NOW }), signInWithToken({ now: NOW })]);
    expect(first).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a 401', () => fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' })],
    ['a server error', () => fakeResponse(500, { statusCode: 500, message: 'Error interno del servidor', error: 'Internal Server Error' })],
  ])('clears the session and returns the Spanish message when the token sign-in fails (%s)', async (_label, reply) => {
    storeSession(validToken);
    const unauthorized = jest.fn();
    const stop = onUnauthorized(unauthorized);
    fetchMock.mockResolvedValueOnce(reply());
    const result = await signInWithToken({ now: NOW });
    stop();

    expect(result).toMatchObject({ outcome: 'failed', message: 'Error intentando ingresar con el TOKEN' });
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom).role).toEqual([]);
    expect(sessionStore.get(authStatusAtom)).toBe('guest');
    expect(ended).toHaveBeenCalledWith('token-failed');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503', () => Promise.resolve(fakeResponse(503, { statusCode: 503, message: 'no disponible', error: 'Service Unavailable' }))],
  ])('keeps the stored session when the API cannot be reached (%s): only this page starts signed out', async (_label, reply) => {
    configureApiClient({ retry: { budgetMs: 30, firstDelayMs: 5, maxDelayMs: 5 } });
    try {
      storeSession(validToken);
      fetchMock.mockImplementation(reply);
      const result = await signInWithToken({ now: NOW });
      expect(result).toMatchObject({ outcome: 'unreachable' });
      // Retried (the token sign-in is declared idempotent) before giving up.
      expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
      expect(localStorage.getItem(storageKeys.accessToken)).toBe(validToken);
      expect(localStorage.getItem(storageKeys.email)).not.toBeNull();
      expect(sessionStore.get(accessTokenAtom)).toBeNull();
      expect(sessionStore.get(authStatusAtom)).toBe('guest');
      expect(ended).not.toHaveBeenCalled();
    } finally {
      configureApiClient({});
    }
  });

  it('gives up on an API out of reach after a few seconds, not the 30 s of other reads', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    try {
      storeSession(fakeJwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      let result: unknown;
      void signInWithToken().then((outcome) => (result = outcome));
      // Sent again meanwhile (waits of 0.5, 1, 2 s…), and given up before the budget is spent.
      await jest.advanceTimersByTimeAsync(1_000);
      expect(result).toBeUndefined();
      await jest.advanceTimersByTimeAsync(STARTUP_CHECK_BUDGET_MS - 1_000);
      expect(fetchMock.mock.calls.length).toBeGreaterThan(2);
      expect(result).toMatchObject({ outcome: 'unreachable' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts signed out at once when the browser says it is offline, keeping the stored session', async () => {
    storeSession(validToken);
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const result = await signInWithToken({ now: NOW });
      expect(result).toMatchObject({ outcome: 'unreachable', message: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.' });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(localStorage.getItem(storageKeys.accessToken)).toBe(validToken);
      expect(sessionStore.get(authStatusAtom)).toBe('guest');
    } finally {
      online.mockRestore();
    }
  });

  it('keeps a session somebody started on the page while the stored one was being checked', async () => {
    storeSession(validToken);
    fetchMock.mockImplementationOnce(async () => {
      startSession(session({ displayName: 'Luis', email: 'jefe@norte.example' }, ['user'], freshToken));
      return fakeResponse(200, session({ displayName: 'Ana' }, ['admin'], fakeJwt({ sub: '1', exp: NOW / 1000 + 5400 })));
    });
    const result = await signInWithToken({ now: NOW });
    expect(result).toMatchObject({ outcome: 'signed-in', user: { data: { displayName: 'Luis' } } });
    expect(sessionStore.get(accessTokenAtom)).toBe(freshToken);
  });

  it('fails without a network call when no email was stored', async () => {
    localStorage.setItem(storageKeys.accessToken, validToken);
    const result = await signInWithToken({ now: NOW });
    expect(result).toMatchObject({ outcome: 'failed', message: 'Error intentando ingresar con el TOKEN' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });
});

describe('resumeSessionWhenBack: a page that started without reaching the API', () => {
  let online: jest.SpyInstance<boolean, []>;
  const resumed = jest.fn();
  let stop: () => void = () => undefined;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    resumed.mockReset();
    // As an unreachable start-up leaves it: signed out on the page, the session stored.
    storeSession(fakeJwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    sessionStore.set(accessTokenAtom, null, false);
  });
  afterEach(() => {
    stop();
    online.mockRestore();
    jest.useRealTimers();
  });

  it('signs the stored session in again as soon as the network returns, once', async () => {
    stop = resumeSessionWhenBack(resumed, 1_000);
    // Still offline: nothing is tried; the page knows a stored session waits (its offline saves are shown).
    await jest.advanceTimersByTimeAsync(3_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.get(resumingSessionAtom)).toBe(true);
    online.mockReturnValue(true);
    fetchMock.mockResolvedValue(fakeResponse(200, session()));
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(resumed).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ displayName: 'Ana' }) }));
    expect(sessionStore.get(accessTokenAtom)).toBe(freshToken);
    expect(sessionStore.get(resumingSessionAtom)).toBe(false);
    await jest.advanceTimersByTimeAsync(5_000);
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('keeps trying while the API cannot be reached, and stops when the session is refused', async () => {
    configureApiClient({ retry: { budgetMs: 0, firstDelayMs: 5, maxDelayMs: 5 } });
    try {
      online.mockReturnValue(true);
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      stop = resumeSessionWhenBack(resumed, 1_000);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(storageKeys.accessToken)).not.toBeNull();
      fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'Invalid access_token', error: 'Unauthorized' }));
      await jest.advanceTimersByTimeAsync(1_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
      await jest.advanceTimersByTimeAsync(5_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(resumed).not.toHaveBeenCalled();
    } finally {
      configureApiClient({});
    }
  });

  it('leaves alone a session somebody started on the page meanwhile', async () => {
    online.mockReturnValue(true);
    stop = resumeSessionWhenBack(resumed, 1_000);
    startSession(session({ displayName: 'Luis' }));
    await jest.advanceTimersByTimeAsync(3_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(resumed).not.toHaveBeenCalled();
  });
});

describe('sign-in, registration and sign-out', () => {
  it('signIn posts the credentials and stores the session', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, session()));
    await expect(signIn('admin@norte.example', 'Planta2026!')).resolves.toEqual(session().user);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/login');
    expect(sentBody(fetchMock)).toEqual({ email: 'admin@norte.example', password: 'Planta2026!' });
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(freshToken);
    expect(localStorage.getItem(storageKeys.email)).toBe('admin@norte.example');
    expect(sessionStore.get(authStatusAtom)).toBe('signed-in');
  });

  it('signInWithShareToken keeps the guest session in memory only and resolves with its one resource', async () => {
    storeSession(validToken);
    const guestToken = fakeJwt({ sub: 'share:4', exp: NOW / 1000 + 60, share: { type: 'die-summary', id: 7 } });
    fetchMock.mockResolvedValueOnce(fakeResponse(200, session({ email: '', displayName: 'Invitado' }, ['guest'], guestToken)));
    // Two calls at once (React strict mode runs effects twice) make one request.
    const [shared, again] = await Promise.all([signInWithShareToken('share-token'), signInWithShareToken('share-token')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/login/token');
    expect(sentBody(fetchMock)).toEqual({ token: 'share-token' });
    expect(shared).toEqual({ type: 'die-summary', id: 7 });
    expect(again).toEqual(shared);
    expect(currentShare()).toEqual({ type: 'die-summary', id: 7 });
    expect(sessionStore.get(userAtom).role).toEqual(['guest']);
    expect(sessionStore.get(accessTokenAtom)).toBe(guestToken);
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(validToken);
  });

  it('signInWithShareToken ends the session when the API refuses the token (spec 8: user logged out)', async () => {
    startSession(session());
    fetchMock.mockResolvedValueOnce(fakeResponse(401, { statusCode: 401, message: 'El enlace compartido no es válido o ya expiró', error: 'Unauthorized' }));
    await expect(signInWithShareToken('bad')).rejects.toMatchObject({ statusCode: 401 });
    expect(sessionStore.get(userAtom).role).toEqual([]);
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(currentShare()).toBeNull();
    expect(ended).toHaveBeenCalledWith('token-failed');
  });

  it('signInWithShareToken leaves the session alone when the API cannot be reached (the link may be fine)', async () => {
    configureApiClient({ retry: { budgetMs: 0 } });
    try {
      startSession(session());
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(signInWithShareToken('maybe-good')).rejects.toMatchObject({ statusCode: 0 });
      expect(sessionStore.get(accessTokenAtom)).toBe(freshToken);
      expect(ended).not.toHaveBeenCalled();
    } finally {
      configureApiClient({});
    }
  });

  it('currentShare is null for an ordinary session', () => {
    startSession(session());
    expect(currentShare()).toBeNull();
  });

  it('register keeps fields and codes of a failure for the form', async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse(400, {
        statusCode: 400,
        message: 'La contraseña debe tener al menos 8 caracteres',
        error: 'Bad Request',
        fields: { password: 'La contraseña debe tener al menos 8 caracteres' },
        codes: { password: 'weak-password' },
      }),
    );
    await expect(
      register({ displayName: 'Nueva', email: 'n@example.com', password: 'short', passwordConfirm: 'short', companyName: 'Perfiles' }),
    ).rejects.toMatchObject({ statusCode: 400, fields: { password: 'La contraseña debe tener al menos 8 caracteres' }, codes: { password: 'weak-password' } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/register');
    expect(sessionStore.get(authStatusAtom)).not.toBe('signed-in');
  });

  it('register signs the new administrator in', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(201, session({ email: 'n@example.com' })));
    await register({ displayName: 'Nueva', email: 'n@example.com', password: 'Planta2026!', passwordConfirm: 'Planta2026!', companyName: 'Perfiles' });
    expect(sessionStore.get(sessionEmailAtom)).toBe('n@example.com');
    expect(sessionStore.get(authStatusAtom)).toBe('signed-in');
  });

  it('signOut resets the user, clears the token and runs the session-end callbacks', () => {
    startSession(session());
    sessionStore.set(joinedRoomAtom, true);
    signOut();
    expect(sessionStore.get(userAtom).role).toEqual([]);
    expect(sessionStore.get(userAtom).data.shortcuts).toEqual(['calendar', 'mail', 'contacts', 'todo']);
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(sessionStore.get(joinedRoomAtom)).toBe(false);
    expect(sessionStore.get(authStatusAtom)).toBe('guest');
    expect(ended).toHaveBeenCalledWith('sign-out');
  });
});

describe('signed-in calls', () => {
  beforeEach(() => startSession(session({}, ['admin'], validToken)));

  it('updateUser posts {user: {data}} with the bearer token and replaces the user', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, { user: session({ displayName: 'Ana María' }).user }));
    const updated = await updateUser({ displayName: 'Ana María' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/user/update');
    expect(sentBody(fetchMock)).toEqual({ user: { data: { displayName: 'Ana María' } } });
    expect(sentHeaders(fetchMock).Authorization).toBe(`Bearer ${validToken}`);
    expect(updated.data.displayName).toBe('Ana María');
    expect(sessionStore.get(userAtom).data.displayName).toBe('Ana María');
  });

  it('switchCompany stores the re-issued token and user', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, session({ company_id: 3, companyId: 3 })));
    await switchCompany(3);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/company/switch');
    expect(sentBody(fetchMock)).toEqual({ company_id: 3 });
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(freshToken);
    expect(sessionStore.get(userAtom).data.company_id).toBe(3);
  });

  it('companies lists the selectable companies', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(200, [{ id: 2, name: 'Extrusiones del Norte' }]));
    await expect(companies()).resolves.toEqual([{ id: 2, name: 'Extrusiones del Norte' }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/company/all');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
  });
});

describe('joined-room flag (spec 4)', () => {
  it('is stored once joined and reset on app mount', () => {
    sessionStore.set(joinedRoomAtom, true);
    expect(localStorage.getItem(storageKeys.joinedRoom)).toBe('true');
    resetJoinedRoom();
    expect(sessionStore.get(joinedRoomAtom)).toBe(false);
    expect(localStorage.getItem(storageKeys.joinedRoom)).toBeNull();
  });
});
