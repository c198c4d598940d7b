// Planta's service worker: the portal starts from cache on a tablet whose network comes and goes,
// it shows chat notifications ('Nuevo mensaje') and it brings the portal to the front when one is
// clicked.
//
// What is cached, and how (same origin only; API calls and live events never):
// - Hashed build files (`name.1a2b3c4d.js`, .css, .png, .svg, .woff2) under / and /mfe/<name>/,
//   a remote's entry among them (`remoteEntry.1a2b3c4d.js`, named by its manifest): cache first.
//   A hash names one content for good; a new build brings new names.
// - The page (any navigation of the single-page portal), /remotes.json, each remote's
//   mf-manifest.json (and an unhashed remoteEntry.js of a development build), the install
//   manifest and its icons: network first,
//   answered from the cache when the network fails or takes longer than NETWORK_TIMEOUT_MS. A
//   new build of the shell or of one remote is picked up on the next visit with a network.
// - /api/ and /socket.io/: not touched.
// The files a page loaded before this worker controlled it are sent by the page
// (`{ type: 'planta:cache', urls }`, shell/src/layout/offline-cache.ts), so one online visit is
// enough to open the portal offline. A page may also ask whether the worker sees a network
// (`{ type: 'planta:network?' }`, answered on the message's port with `{ online }`).

/** Bump to drop every cache of an older worker on activation. */
const VERSION = 'v1';
const STATIC_CACHE = `planta-static-${VERSION}`;
const ENTRY_CACHE = `planta-entry-${VERSION}`;
const CACHES = [STATIC_CACHE, ENTRY_CACHE];
/** The cached page: every navigation of the portal answers index.html. */
const PAGE_KEY = '/index.html';
const NETWORK_TIMEOUT_MS = 3000;
/** Hashed files of older builds are dropped beyond this many (oldest first). */
const STATIC_MAX_ENTRIES = 600;

const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|woff2)$/;
const ENTRY = /^\/(remotes\.json|manifest\.webmanifest|favicon\.svg|icons\/[^/]+\.png|mfe\/[^/]+\/(mf-manifest\.json|remoteEntry\.js))$/;
const NEVER = /^\/(api|socket\.io)(\/|$)/;
/** What the first visit needs before any page has loaded anything. */
const PRECACHE = ['/remotes.json', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

/** 'static', 'entry', 'page' or null (left to the network) for a request of this worker's origin. */
function strategyOf(url, mode) {
  if (url.origin !== self.location.origin || NEVER.test(url.pathname) || url.pathname === '/service-worker.js') return null;
  if (mode === 'navigate') return 'page';
  if (HASHED.test(url.pathname) && (!url.pathname.includes('/', 1) || url.pathname.startsWith('/mfe/'))) return 'static';
  if (ENTRY.test(url.pathname)) return 'entry';
  return null;
}

const cacheable = (response) => response && response.ok && response.type === 'basic';

async function put(cacheName, key, response) {
  if (!cacheable(response)) return;
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
}

/** Keeps the precache of the page (stored under PAGE_KEY) and the start files; a file that fails is skipped. */
async function precache() {
  const page = fetch('/', { cache: 'no-cache' })
    .then((response) => (response.headers.get('Content-Type') || '').includes('text/html') && put(ENTRY_CACHE, PAGE_KEY, response))
    .catch(() => undefined);
  const files = PRECACHE.map((path) =>
    fetch(path, { cache: 'no-cache' })
      .then((response) => put(ENTRY_CACHE, path, response))
      .catch(() => undefined),
  );
  await Promise.all([page, ...files]);
}

async function trimStatic() {
  const cache = await caches.open(STATIC_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - STATIC_MAX_ENTRIES)).map((key) => cache.delete(key)));
}

/** Hashed files: the cache, else the network (then kept, in the background). */
async function cacheFirst(event) {
  const { request } = event;
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) event.waitUntil(cache.put(request, response.clone()).catch(() => undefined));
  return response;
}

/**
 * The network, kept in the cache under `key`; the cached copy when the network fails, answers
 * 5xx (a server restarting) or is slower than NETWORK_TIMEOUT_MS (its answer still refreshes the
 * cache then).
 */
function networkFirst(event, key, accept = () => true) {
  // A navigation's request was sent while this worker started (navigation preload), when enabled.
  const preloaded =
    event.request.mode === 'navigate' && event.preloadResponse ? Promise.resolve(event.preloadResponse).catch(() => undefined) : Promise.resolve();
  const ignore = () => undefined;
  // Kept in the cache in the background: the page gets the answer without waiting for the write.
  const fromNetwork = preloaded
    .then((response) => response || fetch(event.request))
    .then((response) => {
      if (cacheable(response) && accept(response)) event.waitUntil(put(ENTRY_CACHE, key, response.clone()).catch(ignore));
      return response;
    });
  event.waitUntil(fromNetwork.then(ignore, ignore));
  const fromCache = () =>
    caches
      .open(ENTRY_CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .catch(ignore);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (response, error) => {
      if (settled) return;
      settled = true;
      if (response) resolve(response);
      else reject(error);
    };
    const timer = setTimeout(async () => {
      const cached = await fromCache();
      if (cached) settle(cached);
    }, NETWORK_TIMEOUT_MS);
    fromNetwork.then(
      async (response) => {
        clearTimeout(timer);
        settle(response.status >= 500 ? (await fromCache()) || response : response);
      },
      async (error) => {
        clearTimeout(timer);
        settle(await fromCache(), error);
      },
    );
  });
}

const isPage = (response) => (response.headers.get('Content-Type') || '').includes('text/html');

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('planta-') && !CACHES.includes(name)).map((name) => caches.delete(name))))
      .then(() => trimStatic())
      // The page's request need not wait for this worker to start (a reload of a tablet's portal).
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const strategy = strategyOf(url, request.mode);
  if (strategy === 'static') event.respondWith(cacheFirst(event));
  else if (strategy === 'entry') event.respondWith(networkFirst(event, url.pathname));
  else if (strategy === 'page') event.respondWith(networkFirst(event, PAGE_KEY, isPage));
  // A page of the API's own (its documentation): the preloaded answer, so that none is wasted.
  else if (request.mode === 'navigate' && event.preloadResponse)
    event.respondWith(Promise.resolve(event.preloadResponse).then((response) => response || fetch(request)));
});

self.addEventListener('message', (event) => {
  const { data } = event;
  // A page asks whether this worker sees a network (a page opened from the cache may not know).
  if (data && data.type === 'planta:network?' && event.ports[0]) return event.ports[0].postMessage({ online: self.navigator.onLine });
  // The files a page loaded before this worker controlled it: kept by the same rules as a fetch.
  if (!data || data.type !== 'planta:cache' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.map(async (href) => {
        let url;
        try {
          url = new URL(href, self.location.origin);
        } catch {
          return;
        }
        const strategy = strategyOf(url, 'no-cors');
        if (!strategy) return;
        const cacheName = strategy === 'static' ? STATIC_CACHE : ENTRY_CACHE;
        const key = strategy === 'static' ? url.href : url.pathname;
        const cache = await caches.open(cacheName);
        if (await cache.match(key, { ignoreSearch: strategy !== 'static' })) return;
        // Mostly from the browser's HTTP cache: the page has just loaded it.
        const response = await fetch(url.href).catch(() => undefined);
        await put(cacheName, key, response);
      }),
    ).then(() => trimStatic()),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
