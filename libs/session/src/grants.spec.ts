import { chatEndpoints, extrusionEndpoints, liveEvents, permissionEndpoints, planningBoardEndpoints, type CrudGrant } from '@planta/contracts';
import { configureApiClient } from './api-client';
import { canCall, canOn, followGrants, grantsAtom, pageGrant, refreshGrants, type GrantsState } from './grants';
import { configureRealtime, resetRealtimeForTests, watchRealtimeSession, type RealtimeSocket } from './realtime';
import { accessTokenAtom, clearSession, createDefaultUser, sessionStore, startSession } from './session.atoms';
import { fakeJwt, fakeResponse, installFetch, type FetchMock } from './testing/fakes';

const grant = (read: boolean, insert: boolean, update: boolean, remove: boolean): CrudGrant => ({ read, insert, update, delete: remove });
const ready = (grants: Record<string, CrudGrant>, colleague = true): GrantsState => ({ status: 'ready', companyId: 1, grants, colleague });
const answer = (company_id: number, grants: Record<string, CrudGrant>, colleague = true) => fakeResponse(200, { company_id, grants, colleague });
const flush = () => new Promise((done) => setTimeout(done, 0));

describe('what the grants allow', () => {
  it('maps a call to the grant of its page for its verb, and allows signed-in and public calls', () => {
    const state = ready({ 'planning-board': grant(true, false, false, false), extrusion: grant(true, true, false, false) });
    expect(canCall(state, planningBoardEndpoints.board)).toBe(true);
    expect(canCall(state, planningBoardEndpoints.move)).toBe(false);
    expect(canCall(state, extrusionEndpoints.start)).toBe(true);
    expect(canCall(state, permissionEndpoints.myGrants)).toBe(true);
  });
  it('allows the colleague calls (chat) only when the grants say the caller is one, never a guest', () => {
    expect(canCall(ready({}), chatEndpoints.contacts)).toBe(true);
    expect(canCall(ready({}, false), chatEndpoints.contacts)).toBe(false);
    expect(canCall(ready({}, false), permissionEndpoints.myGrants)).toBe(true);
    expect(canCall({ status: 'loading' }, chatEndpoints.send)).toBe(false);
  });
  it('grants nothing on a page it does not list, nor before the grants are known', () => {
    expect(pageGrant(ready({}), 'dies')).toEqual(grant(false, false, false, false));
    expect(canOn({ status: 'loading' }, 'dies', 'read')).toBe(false);
    expect(canCall({ status: 'none' }, planningBoardEndpoints.board)).toBe(false);
  });
});

describe('refreshGrants', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = installFetch();
    // A failure here is one the client has stopped retrying (its retries: api-client.spec).
    configureApiClient({ retry: { budgetMs: 0 } });
    clearSession('sign-out');
    sessionStore.set(grantsAtom, { status: 'none' });
  });
  afterAll(() => configureApiClient({}));

  it('has none without a session, and none to fetch for a share-link guest', async () => {
    await refreshGrants();
    expect(sessionStore.get(grantsAtom)).toEqual({ status: 'none' });
    sessionStore.set(accessTokenAtom, fakeJwt({ company_id: 4, share: { type: 'die-summary', id: 9 } }), false);
    await refreshGrants();
    expect(sessionStore.get(grantsAtom)).toEqual({ status: 'ready', companyId: 4, grants: {}, colleague: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches GET /api/grants, keeps known grants through a failure, and never shows another company’s while loading', async () => {
    sessionStore.set(accessTokenAtom, fakeJwt({ company_id: 1 }), false);
    fetchMock.mockResolvedValueOnce(answer(1, { dies: grant(true, false, false, false) }));
    const pending = refreshGrants();
    expect(sessionStore.get(grantsAtom)).toEqual({ status: 'loading' });
    await pending;
    expect(fetchMock.mock.calls[0][0]).toBe('/api/grants');
    expect(sessionStore.get(grantsAtom)).toEqual(ready({ dies: grant(true, false, false, false) }));

    fetchMock.mockResolvedValueOnce(fakeResponse(503, { statusCode: 503, message: 'Servicio no disponible', error: 'Service Unavailable' }));
    await refreshGrants();
    expect(sessionStore.get(grantsAtom)).toEqual(ready({ dies: grant(true, false, false, false) }));

    // A company switch: the old company's grants are not used for the new one.
    sessionStore.set(accessTokenAtom, fakeJwt({ company_id: 2 }), false);
    fetchMock.mockResolvedValueOnce(answer(2, {}));
    const switching = refreshGrants();
    expect(sessionStore.get(grantsAtom)).toEqual({ status: 'loading' });
    await switching;
    expect(sessionStore.get(grantsAtom)).toEqual({ status: 'ready', companyId: 2, grants: {}, colleague: true });
  });

  it('reports a first fetch that failed, and drops an answer overtaken by a newer request', async () => {
    sessionStore.set(accessTokenAtom, fakeJwt({ company_id: 1 }), false);
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await refreshGrants();
    expect(sessionStore.get(grantsAtom)).toMatchObject({ status: 'failed' });
    let answerSlow: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((done) => (answerSlow = done)));
    fetchMock.mockResolvedValueOnce(answer(1, { shifts: grant(true, true, true, true) }));
    const slow = refreshGrants();
    await refreshGrants();
    answerSlow(answer(1, { dies: grant(true, true, true, true) }));
    await slow;
    expect(sessionStore.get(grantsAtom)).toEqual(ready({ shifts: grant(true, true, true, true) }));
  });
});

describe('followGrants', () => {
  afterEach(() => resetRealtimeForTests());

  it('fetches again on a new token, on grantsChanged and on a reconnection, and forgets them on sign-out', async () => {
    const fetchMock = installFetch();
    fetchMock.mockImplementation(async () => answer(1, { dies: grant(true, false, false, false) }));
    const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
    const socket: RealtimeSocket = {
      connected: false,
      active: true,
      on: (event, listener) => handlers.set(event, [...(handlers.get(event) ?? []), listener]),
      off: () => undefined,
      emit: () => undefined,
      connect: () => undefined,
      disconnect: () => undefined,
    };
    const fire = (event: string, ...args: unknown[]) => (handlers.get(event) ?? []).forEach((handler) => handler(...args));
    configureRealtime({ factory: () => socket });
    clearSession('sign-out');
    const stop = followGrants();
    try {
      startSession({ user: { ...createDefaultUser(), uuid: 'u-1', role: ['user'] }, access_token: fakeJwt({ company_id: 1 }) }, { persist: false });
      watchRealtimeSession();
      await flush();
      expect(sessionStore.get(grantsAtom)).toEqual(ready({ dies: grant(true, false, false, false) }));
      const fetched = () => fetchMock.mock.calls.filter(([url]) => url === '/api/grants').length;
      const before = fetched();

      fetchMock.mockImplementation(async () => answer(1, {}));
      fire(liveEvents.grantsChanged, { company_id: 1 });
      await flush();
      expect(fetched()).toBe(before + 1);
      expect(sessionStore.get(grantsAtom)).toEqual(ready({}));

      fire('connect');
      await flush();
      expect(fetched()).toBe(before + 2);

      clearSession('sign-out');
      await flush();
      expect(sessionStore.get(grantsAtom)).toEqual({ status: 'none' });
    } finally {
      stop();
    }
  });

  it('does not fetch again for a renewed token of the same user and company, and does for another company', async () => {
    const fetchMock = installFetch();
    fetchMock.mockImplementation(async () => answer(1, { dies: grant(true, false, false, false) }));
    clearSession('sign-out');
    const stop = followGrants();
    try {
      const fetched = () => fetchMock.mock.calls.filter(([url]) => url === '/api/grants').length;
      startSession(
        { user: { ...createDefaultUser(), uuid: 'u-1', role: ['user'] }, access_token: fakeJwt({ sub: '1', company_id: 1, iat: 100, exp: 200 }) },
        { persist: false },
      );
      await flush();
      expect(fetched()).toBe(1);

      sessionStore.set(accessTokenAtom, fakeJwt({ sub: '1', company_id: 1, iat: 150, exp: 250 }), false);
      await flush();
      expect(fetched()).toBe(1);

      fetchMock.mockImplementation(async () => answer(2, {}));
      sessionStore.set(accessTokenAtom, fakeJwt({ sub: '1', company_id: 2, iat: 160, exp: 260 }), false);
      await flush();
      expect(fetched()).toBe(2);
      expect(sessionStore.get(grantsAtom)).toEqual({ status: 'ready', companyId: 2, grants: {}, colleague: true });
    } finally {
      stop();
    }
  });
});
