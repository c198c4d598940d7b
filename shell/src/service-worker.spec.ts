import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service worker (public/service-worker.js) run against stand-ins for the worker's globals:
 * its caches, the network and its events. What it keeps, what it answers offline, and what it
 * never touches.
 */

const ORIGIN = 'https://planta.test';
const SOURCE = readFileSync(join(__dirname, 'public', 'service-worker.js'), 'utf8');

interface FakeResponse {
  ok: boolean;
  status: number;
  type: string;
  body: string;
  headers: { get: (name: string) => string | null };
  clone: () => FakeResponse;
}

function response(body: string, { status = 200, contentType = 'application/javascript' } = {}): FakeResponse {
  const made: FakeResponse = {
    ok: status >= 200 && status < 300,
    status,
    type: 'basic',
    body,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    clone: () => response(body, { status, contentType }),
  };
  return made;
}

const keyOf = (key: string | { url: string }) => new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;
const withoutSearch = (href: string) => href.replace(/\?.*$/, '');

class FakeCache {
  readonly entries = new Map<string, FakeResponse>();
  async match(key: string | { url: string }, options?: { ignoreSearch?: boolean }) {
    const wanted = keyOf(key);
    for (const [href, stored] of this.entries) if (href === wanted || (options?.ignoreSearch && withoutSearch(href) === withoutSearch(wanted))) return stored;
    return undefined;
  }
  async put(key: string | { url: string }, stored: FakeResponse) {
    this.entries.set(keyOf(key), stored);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(key: { url: string }) {
    return this.entries.delete(key.url);
  }
}

class FakeCaches {
  readonly stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  /** Every URL kept, in any cache. */
  urls() {
    return [...this.stores.values()].flatMap((cache) => [...cache.entries.keys()].map((href) => href.replace(ORIGIN, '')));
  }
}

type Listener = (event: Record<string, unknown>) => void;

/** A worker with its own caches and network; `network` answers each fetch (or throws: no network). */
function startWorker(network: (url: string) => FakeResponse | Promise<FakeResponse>) {
  const listeners = new Map<string, Listener>();
  const caches = new FakeCaches();
  const fetched: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    navigator: { onLine: true },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: jest.fn(async () => undefined),
    clients: { claim: jest.fn(async () => undefined), matchAll: jest.fn(async () => []) },
    registration: { navigationPreload: { enable: jest.fn(async () => undefined) } },
  };
  const fetch = jest.fn(async (input: string | { url: string }) => {
    const url = keyOf(input);
    fetched.push(url.replace(ORIGIN, ''));
    return network(url);
  });
  new Function('self', 'caches', 'fetch', SOURCE)(self, caches, fetch);

  /** Dispatches an extendable event; resolves when everything it waits for is done. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<FakeResponse> | undefined;
    listeners.get(type)!({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<FakeResponse>) => (answer = promise),
    });
    return { answer, done: Promise.all(waits) };
  }
  /** A GET of this path (a navigation when `navigate`): what the worker answered, or undefined when it let it pass. */
  async function get(path: string, mode = 'no-cors') {
    const { answer, done } = await dispatch('fetch', { request: { url: `${ORIGIN}${path}`, method: 'GET', mode } });
    const result = await answer;
    await done;
    return result;
  }
  return { self, caches, fetched, dispatch, get };
}

const NO_NETWORK = () => {
  throw new TypeError('Failed to fetch');
};

describe('the service worker', () => {
  it('keeps the page and the start files when installed, and takes control of the open pages when activated', async () => {
    const worker = startWorker((url) => (url.endsWith('/') ? response('<html>', { contentType: 'text/html' }) : response(url)));
    await (
      await worker.dispatch('install')
    ).done;
    expect(worker.caches.urls().sort()).toEqual([
      '/favicon.svg',
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/index.html',
      '/manifest.webmanifest',
      '/remotes.json',
    ]);
    expect(worker.self.skipWaiting).toHaveBeenCalled();

    await (
      await worker.dispatch('activate')
    ).done;
    expect(worker.self.clients.claim).toHaveBeenCalled();
    expect(worker.self.registration.navigationPreload.enable).toHaveBeenCalled();
  });

  it('drops the caches of an older version when activated, and leaves caches that are not its own', async () => {
    const worker = startWorker(NO_NETWORK);
    await worker.caches.open('planta-static-v0');
    await worker.caches.open('planta-entry-v0');
    await worker.caches.open('someone-else');
    await worker.get('/main.1d24edda.js').catch(() => undefined);
    const current = (await worker.caches.keys()).filter((name) => !name.endsWith('v0') && name !== 'someone-else');
    expect(current).toEqual([expect.stringMatching(/^planta-static-v\d+$/)]);

    await (
      await worker.dispatch('activate')
    ).done;
    expect(await worker.caches.keys()).toEqual(['someone-else', ...current]);
  });

  it('answers hashed build files from its cache once seen (the shell and the remotes), without asking the network again', async () => {
    const worker = startWorker((url) => response(`code of ${url}`));
    for (const path of ['/main.1d24edda.js', '/mfe/auth/__federation_expose_module.da01628a.js', '/mfe/production/1332.2213ccc6.js']) {
      expect((await worker.get(path))!.body).toBe(`code of ${ORIGIN}${path}`);
      expect((await worker.get(path))!.body).toBe(`code of ${ORIGIN}${path}`);
      expect(worker.fetched.filter((fetched) => fetched === path)).toHaveLength(1);
    }
  });

  it('never touches the API, the live connection, other origins or anything but a GET', async () => {
    const worker = startWorker((url) => response(url));
    expect(await worker.get('/api/die/all')).toBeUndefined();
    expect(await worker.get('/api/orders/getActiveTimerOrders?userId=2')).toBeUndefined();
    expect(await worker.get('/socket.io/?EIO=4&transport=polling')).toBeUndefined();
    // The API's own pages (its documentation) are not the portal's page.
    expect(await worker.get('/api/docs', 'navigate')).toBeUndefined();
    const { answer } = await worker.dispatch('fetch', { request: { url: `${ORIGIN}/remotes.json`, method: 'POST', mode: 'cors' } });
    expect(answer).toBeUndefined();
    const { answer: elsewhere } = await worker.dispatch('fetch', { request: { url: 'https://cdn.example/x.1d24edda.js', method: 'GET', mode: 'no-cors' } });
    expect(elsewhere).toBeUndefined();
    expect(worker.caches.urls()).toEqual([]);
  });

  describe('network first: the page, the remotes map, the remotes’ manifests and entries', () => {
    it('takes the network while there is one, keeps its answer, and answers the kept one without a network', async () => {
      let online = true;
      let version = 1;
      const worker = startWorker((url) => {
        if (!online) throw new TypeError('Failed to fetch');
        return url.endsWith('.json') || url.endsWith('.js') ? response(`v${version} ${url}`) : response(`<html>v${version}`, { contentType: 'text/html' });
      });
      expect((await worker.get('/remotes.json'))!.body).toBe(`v1 ${ORIGIN}/remotes.json`);
      expect((await worker.get('/mfe/auth/mf-manifest.json'))!.body).toBe(`v1 ${ORIGIN}/mfe/auth/mf-manifest.json`);
      expect((await worker.get('/mfe/auth/remoteEntry.js'))!.body).toBe(`v1 ${ORIGIN}/mfe/auth/remoteEntry.js`);
      expect((await worker.get('/login', 'navigate'))!.body).toBe('<html>v1');
      version = 2;
      // A new build is seen at once with a network.
      expect((await worker.get('/remotes.json'))!.body).toBe(`v2 ${ORIGIN}/remotes.json`);

      online = false;
      expect((await worker.get('/remotes.json'))!.body).toBe(`v2 ${ORIGIN}/remotes.json`);
      expect((await worker.get('/mfe/auth/mf-manifest.json?t=1'))!.body).toBe(`v1 ${ORIGIN}/mfe/auth/mf-manifest.json`);
      // Any route of the portal opens the kept page.
      expect((await worker.get('/apps/extrusion-line/all', 'navigate'))!.body).toBe('<html>v1');
      await expect(worker.get('/mfe/admin/remoteEntry.js')).rejects.toThrow('Failed to fetch');
    });

    it('answers the kept copy when the network is slower than 3 s, or the server answers 5xx', async () => {
      let answer: (url: string) => FakeResponse | Promise<FakeResponse> = (url) => response(`fresh ${url}`);
      const worker = startWorker((url) => answer(url));
      await worker.get('/remotes.json');

      answer = (url) => response(`late ${url}`, { status: 503 });
      expect((await worker.get('/remotes.json'))!.body).toBe(`fresh ${ORIGIN}/remotes.json`);

      jest.useFakeTimers();
      try {
        let arrive: (value: FakeResponse) => void = () => undefined;
        answer = () => new Promise((resolve) => (arrive = resolve));
        const { answer: pending } = await worker.dispatch('fetch', { request: { url: `${ORIGIN}/remotes.json`, method: 'GET', mode: 'cors' } });
        await jest.advanceTimersByTimeAsync(2_900);
        let settled: FakeResponse | undefined;
        void pending!.then((value) => (settled = value));
        await jest.advanceTimersByTimeAsync(0);
        expect(settled).toBeUndefined();
        await jest.advanceTimersByTimeAsync(200);
        expect(settled!.body).toBe(`fresh ${ORIGIN}/remotes.json`);
        // The late answer still refreshes the cache for the next time.
        arrive(response('newer'));
        await jest.advanceTimersByTimeAsync(0);
        expect((await (await worker.caches.open('planta-entry-v1')).match('/remotes.json'))!.body).toBe('newer');
      } finally {
        jest.useRealTimers();
      }
    });
  });

  it('keeps the files a page loaded before it took control, by the same rules', async () => {
    const worker = startWorker((url) => response(url));
    const urls = [
      `${ORIGIN}/main.1d24edda.js`,
      `${ORIGIN}/mfe/auth/remoteEntry.js`,
      `${ORIGIN}/api/auth/token`,
      `${ORIGIN}/socket.io/?EIO=4`,
      'https://cdn.example/a.1d24edda.js',
    ];
    await (
      await worker.dispatch('message', { data: { type: 'planta:cache', urls } })
    ).done;
    expect(worker.caches.urls().sort()).toEqual(['/main.1d24edda.js', '/mfe/auth/remoteEntry.js']);
    // Already kept: not fetched again.
    await (
      await worker.dispatch('message', { data: { type: 'planta:cache', urls } })
    ).done;
    expect(worker.fetched).toEqual(['/main.1d24edda.js', '/mfe/auth/remoteEntry.js']);
  });

  it('tells a page whether it sees a network', async () => {
    const worker = startWorker(NO_NETWORK);
    const port = { postMessage: jest.fn() };
    worker.self.navigator.onLine = false;
    await worker.dispatch('message', { data: { type: 'planta:network?' }, ports: [port] });
    expect(port.postMessage).toHaveBeenCalledWith({ online: false });
  });
});
