import type { BrowserContext, Page } from 'playwright-core';
import { areaTitle, cachedForOffline, controlled, freshPagePerTest, hidden, login, navigateInApp, onPath, visible } from '../support/browser';

/**
 * Issue 17: an installable portal (web app manifest and icons) that starts from the service
 * worker's cache on a tablet whose network comes and goes, and says 'Sin conexión' meanwhile
 * instead of breaking.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** The time of a test that waits out the client's retries of a read (about 30 s) before it reports the failure. */
const WAITS_OUT_RETRIES = 180_000;

const offlineStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Sin conexión' });
const loginHeading = (page: Page) => page.getByRole('heading', { name: 'INGRESA A TU CUENTA' });

/** Every URL the portal's caches hold. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
}

/** Network cut (the browser's offline mode): the page is told at once. */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await visible(offlineStatus(page));
}

describe('an installable portal that starts from cache', () => {
  let context: BrowserContext;
  let page: Page;

  freshPagePerTest((state) => ({ context, page } = state));

  it("links a web app manifest served as application/manifest+json: 'Planta', standalone from /, with 192 and 512 PNG icons", async () => {
    await page.goto('/login');
    await visible(loginHeading(page));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await context.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    // A short cache: a new logo or name reaches the tablets within minutes.
    expect(response.headers()['cache-control']).toMatch(/max-age=(\d{1,3}|[1-2]\d{3}|3[0-5]\d{2}|3600)\b/);
    const manifest = JSON.parse(await response.text()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ name: 'Planta', start_url: '/', scope: '/', display: 'standalone', lang: 'es' });
    expect(typeof manifest.short_name).toBe('string');
    expect(typeof manifest.background_color).toBe('string');
    // The same colour as the page's own theme-color.
    expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));

    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
    const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const icons = [...manifest.icons, { src: appleTouch!, sizes: '180x180', type: 'image/png' }];
    for (const icon of icons) {
      const image = await context.request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(bytes)).toEqual({ width, height });
      // And the browser decodes it at that size.
      const decoded = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return { width: img.naturalWidth, height: img.naturalHeight };
      }, icon.src);
      expect(decoded).toEqual({ width, height });
    }

    // Issue 38: a private portal says so to search engines, and describes itself in Spanish.
    const robots = await context.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Planta: el portal privado de la planta de extrusión/);
  });

  it('has its service worker active and controlling the page after the first visit', async () => {
    await page.goto('/login');
    await visible(loginHeading(page));
    await controlled(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/service-worker\.js$/);
  });

  it("opens the sign-in page offline after one online visit, says 'Sin conexión', and the word goes when the network returns", async () => {
    await page.goto('/login');
    await visible(loginHeading(page));
    await cachedForOffline(page);
    expect(await offlineStatus(page).count()).toBe(0);

    await goOffline(context, page);
    // The status informs; the form stays usable underneath.
    await visible(page.getByRole('textbox', { name: 'Correo' }));

    await page.reload();
    await visible(loginHeading(page));
    await visible(page.getByRole('textbox', { name: 'Correo' }));
    await visible(offlineStatus(page));
    // An SPA route other than the one visited also opens (the cached page for every route).
    await page.goto('/register');
    await visible(offlineStatus(page));
    await page.goto('/login');
    await visible(loginHeading(page));

    await context.setOffline(false);
    await hidden(offlineStatus(page));
    // The page still works with the network back: the sign-in reaches the API.
    await login(page, 'operario@norte.example');
  });

  it(
    'keeps a signed-in page on screen offline, a list that cannot be read says so in Spanish; a reload opens the sign-in page at once and the session resumes when the network returns',
    async () => {
      await login(page, 'jefe@norte.example');
      // The list visited once online: its page's code is cached.
      await page.goto('/apps/extrusion-line');
      await visible(areaTitle(page, 'Líneas de extrusión'));
      await page.goto('/apps/dashboards/welcome');
      await visible(page.getByRole('main').getByRole('heading', { name: 'Jorge Salinas' }).or(page.getByRole('main').getByText('Jorge Salinas')));
      await cachedForOffline(page);
      // The API's answers and the live connection are never kept; the page and the build files are.
      const cached = await cachedUrls(page);
      expect(cached.filter((path) => /^\/(api|socket\.io)\//.test(path))).toEqual([]);
      expect(cached).toEqual(expect.arrayContaining(['/index.html', '/remotes.json', '/mfe/production/mf-manifest.json']));
      // The remote's entry is hashed (named by its manifest), kept like any hashed file.
      expect(cached).toContainEqual(expect.stringMatching(/^\/mfe\/production\/remoteEntry\.[0-9a-f]{8}\.js$/));

      await goOffline(context, page);
      // The welcome page stays as it was, with the status above it.
      await visible(page.getByRole('main').getByText('Jorge Salinas'));

      // In-app navigation to the list: its read waits for the network, then says it could not be made.
      await navigateInApp(page, '/apps/extrusion-line');
      await onPath(page, '/apps/extrusion-line');
      await visible(areaTitle(page, 'Líneas de extrusión'));
      await visible(page.getByRole('main').getByText(/No se pudo conectar con el servidor/), 60_000);
      await visible(offlineStatus(page));

      // A reload without a network: the portal opens from the cache at once (no waiting out the
      // retries), at the sign-in page with the stored session kept, still saying so.
      const reloaded = Date.now();
      await page.reload();
      await visible(loginHeading(page));
      await visible(page.getByText('No se pudo conectar con el servidor. Tu sesión sigue guardada y se retomará sola al volver la conexión.'));
      expect(Date.now() - reloaded).toBeLessThan(15_000);
      await visible(offlineStatus(page));

      // The network returns: the stored session signs in by itself and the user is back on the list.
      await context.setOffline(false);
      await hidden(offlineStatus(page));
      await visible(page.getByText('Conexión recuperada: sesión retomada'));
      await onPath(page, '/apps/extrusion-line/all');
      await visible(areaTitle(page, 'Líneas de extrusión'));
    },
    WAITS_OUT_RETRIES,
  );

  it(
    'shows the welcome page opened offline with its greeting, and each figure it cannot read says so in Spanish',
    async () => {
      await login(page, 'jefe@norte.example');
      await navigateInApp(page, '/apps/extrusion-line');
      await visible(areaTitle(page, 'Líneas de extrusión'));
      await cachedForOffline(page);

      await goOffline(context, page);
      await navigateInApp(page, '/apps/dashboards/welcome');
      await visible(page.getByRole('main').getByText('Jorge Salinas'));
      // The reads wait for the network (about 30 s), then each widget says what failed, with a retry.
      await visible(page.getByRole('main').getByText(/No se pudieron cargar las cifras: No se pudo conectar con el servidor/), 60_000);
      await visible(page.getByRole('main').getByRole('button', { name: 'Reintentar' }));
      await visible(offlineStatus(page));
      // Still signed in, with the menu the grants allow.
      await visible(page.getByRole('navigation').first().getByRole('button', { name: 'Producción ágil' }));

      await context.setOffline(false);
      await hidden(offlineStatus(page));
    },
    WAITS_OUT_RETRIES,
  );
});
