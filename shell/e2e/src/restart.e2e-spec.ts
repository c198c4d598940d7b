import type { Browser, Page } from 'playwright-core';
import { restartApi, startApi, stopApi, type RunningApi } from '../support/api-server';
import { eventually, hidden, launchBrowser, login, newPage, onPath, storedToken, visible } from '../support/browser';

/**
 * A deploy restarts the API while people work (architecture.md "Running for real"): nobody is
 * signed out, the portal says 'Reconectando…' while it cannot reach the API, and the page works
 * again once the API is back; a change refused meanwhile is not lost in silence.
 */

/** The header of a 503 whose request the API did not start on (NOT_PROCESSED_HEADER of the contracts, which the browser tests do not import). */
const NOT_PROCESSED_HEADER = 'Planta-Not-Processed';
const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Reconectando…' });
const navigation = (page: Page) => page.getByRole('navigation').first();
/** Who a token stands for (a fresh load renews the token itself). */
const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

async function openProduction(page: Page): Promise<void> {
  const production = navigation(page).getByRole('button', { name: 'Producción ágil' });
  await visible(production);
  if ((await production.getAttribute('aria-expanded')) !== 'true') await production.click();
}

describe('an API restart (its own API: the others keep theirs)', () => {
  let api: RunningApi;
  let browser: Browser;
  beforeAll(async () => {
    [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (api) await stopApi(api);
  });

  it("keeps the user signed in, shows 'Reconectando…' while the API is away, and the page works again", async () => {
    const { context, page } = await newPage(browser, api.baseUrl);
    try {
      await login(page, 'jefe@norte.example');
      await page.goto('/apps/finish/all');
      await visible(page.getByRole('main').getByText('Anodizado bronce'));
      const token = await storedToken(page);

      api = await restartApi(api, async () => {
        // The API is gone: the live connection is being sought again, and the page says so.
        await visible(reconnecting(page), 10_000);
        // Moving on meanwhile: the list's read waits for the API instead of failing.
        await openProduction(page);
        await navigation(page).getByRole('link', { name: 'Máquinas' }).click();
        await onPath(page, '/apps/machine/all');
        await visible(reconnecting(page));
      });

      // Back: the list arrives, the status goes, and it is the same session.
      await visible(page.getByRole('main').getByRole('heading', { name: 'Máquinas' }), 30_000);
      await eventually(async () => expect(await page.getByRole('main').getByRole('row').count()).toBeGreaterThan(1), 30_000);
      await hidden(reconnecting(page), 30_000);
      await onPath(page, '/apps/machine/all');
      expect(await storedToken(page)).toBe(token);
      // Still signed in on a fresh load (which renews the token of the same person).
      await page.goto('/apps/finish/all');
      await visible(page.getByRole('main').getByText('Anodizado bronce'));
      await onPath(page, '/apps/finish/all');
      expect(subjectOf(await storedToken(page))).toBe(subjectOf(token));
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('the API answering 503 (restarting, its database out of reach)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const unavailable = (notProcessed: boolean) => ({
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '1', ...(notProcessed ? { [NOT_PROCESSED_HEADER]: 'true' } : {}) },
    body: JSON.stringify({ statusCode: 503, message: 'El servidor no está disponible en este momento.', error: 'Service Unavailable' }),
  });

  it('keeps the session and retries reads; a change the API did not process is sent once it is back, one it may have applied is reported', async () => {
    const { context, page } = await newPage(browser);
    // Names of this run: the shared API keeps what earlier runs of this file created.
    const [refused, lost] = [`Anodizado oro ${Date.now()}`, `Natural cepillado ${Date.now()}`];
    try {
      await login(page, 'admin@norte.example');
      await page.goto('/apps/finish/new');
      await visible(page.getByRole('heading', { name: 'Nuevo acabado' }));
      const token = await storedToken(page);

      // Every call answered 503 for a few seconds, as while the API restarts.
      await page.route('**/api/**', (route) => route.fulfill(unavailable(route.request().method() !== 'GET')));
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: 'Nombre del acabado' }).fill(refused);
      await main.getByRole('combobox', { name: 'Tipo de acabado' }).selectOption({ label: 'Anodizado' });
      await main.getByRole('textbox', { name: 'Color' }).fill('Oro claro');
      await main.getByRole('combobox', { name: 'Clase de espesor del anodizado (µm)' }).selectOption({ label: 'AA15' });
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/finish') && response.request().method() === 'POST' && response.status() === 201,
      );
      await main.getByRole('button', { name: 'Guardar' }).click();
      await visible(reconnecting(page), 10_000);
      await page.waitForTimeout(3_000);
      expect(await storedToken(page)).toBe(token);
      expect(new URL(page.url()).pathname).not.toBe('/login');

      // Back: the change refused without being processed goes through, once.
      await page.unroute('**/api/**');
      await saved;
      await hidden(reconnecting(page), 30_000);
      expect(await storedToken(page)).toBe(token);
      await page.goto('/apps/finish/all');
      await visible(main.getByText(refused));
      expect(await main.getByText(refused).count()).toBe(1);

      // A change sent without an answer may have been applied: not sent twice, and the user is told in Spanish.
      await page.goto('/apps/finish/new');
      await visible(page.getByRole('heading', { name: 'Nuevo acabado' }));
      await main.getByRole('textbox', { name: 'Nombre del acabado' }).fill(lost);
      await main.getByRole('combobox', { name: 'Tipo de acabado' }).selectOption({ label: 'Natural (sin acabado)' });
      let sent = 0;
      await page.route('**/api/finish', (route) => {
        sent += 1;
        return route.abort('connectionreset');
      });
      await main.getByRole('button', { name: 'Guardar' }).click();
      await visible(page.getByText('Se perdió la conexión con el servidor y no se sabe si el cambio se guardó. Comprueba los datos antes de repetirlo.'));
      expect(sent).toBe(1);
      await onPath(page, '/apps/finish/new');
      expect(subjectOf(await storedToken(page))).toBe(subjectOf(token));
    } finally {
      await context.close();
    }
  }, 180_000);
});
