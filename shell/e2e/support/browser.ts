import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { axeCheckOnce } from './axe-pages';

/** Retries an assertion block until it passes (playwright-core has no web-first `expect`). */
export async function eventually(assertion: () => unknown | Promise<unknown>, timeoutMs = 15_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, intervalMs));
    }
  }
}

/**
 * Waits for the locator to show; then, the first time in the run that a test sees this page's
 * (route, role), checks the page with axe (support/axe-pages.ts).
 */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw await withPageState(locator.page(), error);
  }
  await axeCheckOnce(locator.page());
  return locator;
}

/** Errors each page reported (uncaught, console, failed requests), for failure messages. */
const pageProblems = new WeakMap<Page, string[]>();

/** Adds what the page showed (URL, visible text) to a failed wait, so a CI log tells why. */
async function withPageState(page: Page, error: unknown): Promise<unknown> {
  if (!(error instanceof Error) || page.isClosed()) return error;
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '(body unreadable)');
  const problems = (pageProblems.get(page) ?? []).slice(-15).join('\n');
  error.message += `\n--- page at failure: ${page.url()}\n${text.replace(/\n{2,}/g, '\n').slice(0, 1_500)}\n--- page errors:\n${problems || '(none)'}`;
  return error;
}

export async function hidden(locator: Locator, timeout?: number): Promise<void> {
  await eventually(async () => expect((await locator.count()) === 0 || !(await locator.first().isVisible())).toBe(true), timeout);
}

/** Lets the remotes finish loading: network idle, or 5 s at most (a socket may keep polling); then the axe check as in `visible`. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await axeCheckOnce(page);
}

/** The path of the page's current URL. */
/** Client-side navigation (no reload), as a click on an in-app link does. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await onPath(page, path);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the page is on this path (client-side navigations included). */
export async function onPath(page: Page, path: string, timeoutMs = 15_000): Promise<void> {
  await eventually(() => expect(pathOf(page)).toBe(path), timeoutMs).catch(async (error) => {
    throw await withPageState(page, error);
  });
}

/** The portal under test (started by global-setup). */
export function baseUrl(): string {
  const url = process.env.PLANTA_E2E_BASE_URL;
  if (!url) throw new Error('PLANTA_E2E_BASE_URL is not set: run through shell/e2e/jest.config.js (its global setup starts the API).');
  return url;
}

/** Chromium from @sparticuz/chromium; only these flags (the package's own set crashes here). */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({ executablePath: await chromium.executablePath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** The service worker is active and answers this page's requests. */
export async function controlled(page: Page): Promise<void> {
  // `ready` answers once a worker is active, which may still be finishing its activation.
  await eventually(async () => expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated'));
  await eventually(async () => expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true));
}

/**
 * One online visit is enough: every script and JSON file the page loaded from the portal
 * (the shell's and the remotes' files, the remotes map and manifests; not the API) is in the
 * worker's cache.
 */
export async function cachedForOffline(page: Page): Promise<void> {
  await controlled(page);
  await settle(page);
  await eventually(async () => {
    const missing = await page.evaluate(async () => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && /\.(js|json)$/.test(url.pathname) && !/^\/(api|socket\.io)\//.test(url.pathname));
      const found = await Promise.all(files.map(async (url) => ((await caches.match(url.href, { ignoreSearch: true })) ? null : url.pathname)));
      return { files: files.length, missing: found.filter(Boolean) };
    });
    expect(missing.files).toBeGreaterThan(3);
    expect(missing.missing).toEqual([]);
  }, 20_000);
}

/** A fresh context (empty storage and cache) on the portal (or the one at `portal`), Spanish, desktop size. */
export async function newPage(browser: Browser, portal = baseUrl()): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: portal, locale: 'es-ES', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const problems: string[] = [];
  pageProblems.set(page, problems);
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  return { context, page };
}

export const PASSWORD = 'Planta2026!';

export interface DemoAccount {
  email: string;
  displayName: string;
  role: 'admin' | 'staff' | 'user' | 'guest';
}

/** README "Demo accounts" (display names from the demo seed). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@norte.example', displayName: 'Marta Ibáñez', role: 'admin' },
  { email: 'jefe@norte.example', displayName: 'Jorge Salinas', role: 'staff' },
  { email: 'operario@norte.example', displayName: 'Luis Cárdenas', role: 'user' },
  { email: 'invitado@norte.example', displayName: 'Elena Ruiz', role: 'guest' },
  { email: 'admin@sur.example', displayName: 'Sofía Herrera', role: 'admin' },
  { email: 'operario@sur.example', displayName: 'Pedro Quintana', role: 'user' },
  { email: 'matriceria@norte.example', displayName: 'Carmen Villalba', role: 'user' },
];

export const account = (email: string): DemoAccount => DEMO_ACCOUNTS.find((candidate) => candidate.email === email)!;

export const loginFields = (page: Page) => ({
  email: page.getByRole('textbox', { name: 'Correo' }),
  password: page.getByRole('textbox', { name: 'Contraseña' }),
  submit: page.getByRole('button', { name: 'INGRESAR' }),
});

/** Fills the sign-in form (the page must be on /login) and submits it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  const fields = loginFields(page);
  await fields.email.fill(email);
  await fields.password.fill(password);
  await eventually(async () => expect(await fields.submit.isEnabled()).toBe(true));
  await fields.submit.click();
}

/** Signs in from /login and waits for the welcome dashboard (any account, listed here or not). */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email);
  await onPath(page, '/apps/dashboards/welcome');
}

/** Signs in a demo account from /login and waits for the welcome dashboard to greet it. */
export async function login(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await visible(greeting(page, account(email).displayName));
}

/** The welcome dashboard's greeting (a heading, or the title text while it is not one). */
export const greeting = (page: Page, displayName: string) =>
  page.getByRole('main').getByRole('heading', { name: displayName }).or(page.getByRole('main').getByText(displayName));

/**
 * An area page's title: its heading, or the region its title labels (the landing pages title a
 * `<section aria-labelledby>` with a Fluent Title that is not a heading element).
 */
export const areaTitle = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('heading', { name: title })
    .or(page.getByRole('main').getByRole('region', { name: title }));

/** The bearer token the portal stored at sign-in. */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('jwt_access_token'));
  if (!raw) throw new Error('no jwt_access_token in localStorage');
  return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
}

/** A GET of the API from inside the page, with the session the portal signed in with. */
export async function apiGetAsPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async ({ path, token }) => {
      const response = await fetch(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET /api/${path} answered ${response.status}`);
      return response.json();
    },
    { path, token: await storedToken(page) },
  ) as Promise<T>;
}

export interface BrowserPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * Registers the hooks most specs share: one browser for the file, a fresh context and page for
 * every test (handed to `use` before the test's own beforeEach hooks run), closed after it.
 */
export function freshPagePerTest(use: (state: BrowserPage) => void): void {
  let state: Partial<BrowserPage> = {};
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  beforeEach(async () => {
    const { context, page } = await newPage(state.browser!);
    state = { ...state, context, page };
    use(state as BrowserPage);
  });
  afterEach(async () => {
    await state.context?.close();
  });
}
