import { fakeResponse, installFetch, type FetchMock } from './testing/fakes';

type LazyModule = typeof import('./endpoints.lazy');
type ClientModule = typeof import('./api-client');

/**
 * A fresh copy of the module (its download state). Its download is the one reading of `authEndpoints`
 * from @planta/contracts (the rest of the library takes other names); the first `failures` of them
 * fail as a chunk that could not be downloaded.
 */
function freshModules(failures = 0): { lazy: LazyModule; client: ClientModule; loads: () => number } {
  let reads = 0;
  jest.resetModules();
  jest.doMock('@planta/contracts', () => {
    const actual = jest.requireActual<Record<string | symbol, unknown>>('@planta/contracts');
    return new Proxy(actual, {
      get(target, name) {
        if (name === 'authEndpoints' && ++reads <= failures) throw new Error('Loading chunk failed');
        return target[name];
      },
    });
  });
  return { lazy: jest.requireActual('./endpoints.lazy'), client: jest.requireActual('./api-client'), loads: () => reads };
}

describe('the endpoint definitions, loaded when first needed', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = installFetch();
  });
  afterEach(() => jest.dontMock('@planta/contracts'));

  it('sends a call made before they are loaded once they are, and later calls at once', async () => {
    const { lazy } = freshModules();
    fetchMock.mockImplementation(async () => fakeResponse(200, { company_id: 3, grants: {} }));
    const first = lazy.callSessionEndpoint((endpoints) => endpoints.permissionEndpoints.myGrants);
    await expect(first).resolves.toEqual({ company_id: 3, grants: {} });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/grants');

    void lazy.callSessionEndpoint((endpoints) => endpoints.permissionEndpoints.myGrants);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('loads them once for every caller, ahead with preloadSessionEndpoints', async () => {
    const { lazy, loads } = freshModules();
    lazy.preloadSessionEndpoints();
    const [a, b] = await Promise.all([lazy.sessionEndpoints(), lazy.sessionEndpoints()]);
    expect(a).toBe(b);
    expect(a.authEndpoints.login.path).toBe('auth/login');
    expect(loads()).toBe(1);
  });

  it('fails as a call without an answer when they cannot be downloaded, and tries again on the next call', async () => {
    const { lazy, client, loads } = freshModules(1);
    lazy.preloadSessionEndpoints();
    const refused = lazy.callSessionEndpoint((endpoints) => endpoints.authEndpoints.login, { body: { email: 'a@b.example', password: 'x' } });
    await expect(refused).rejects.toBeInstanceOf(client.ApiRequestError);
    await expect(refused).rejects.toMatchObject({ statusCode: 0, message: client.sessionMessages.networkError });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(fakeResponse(200, { company_id: 3, grants: {} }));
    await expect(lazy.callSessionEndpoint((endpoints) => endpoints.permissionEndpoints.myGrants)).resolves.toEqual({ company_id: 3, grants: {} });
    expect(loads()).toBe(2);
  });
});
