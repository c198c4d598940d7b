import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { defaultGrant, PAGES, type CrudGrant } from '@planta/contracts';
import type { NavigationViewer } from '@planta/shell-contract';
import { initI18n, type I18n } from '@planta/i18n';
import { canCall, canOn, createDefaultUser, grantsAtom, rememberedUrlAtom, sessionStore, userAtom, type GrantsState } from '@planta/session';

/**
 * The one harness of every remote's component tests (not shipped: only `@planta/ui/testing`
 * imports it). A page renders inside what the shell mounts: Fluent, the portal's i18next instance
 * in Spanish, the portal's jotai store (with grants) and a memory router, with a probe that tells
 * the current path (`currentPath()`).
 */

const ALL: CrudGrant = { read: true, insert: true, update: true, delete: true };

/** What the demo seed grants these roles on each page: the union of each role's defaults. */
export function defaultGrantsOf(roles: readonly string[]): Record<string, CrudGrant> {
  return Object.fromEntries(
    PAGES.map((page) => {
      const grants = roles.map((role) => defaultGrant(role, page));
      const any = (action: keyof CrudGrant) => grants.some((grant) => grant[action]);
      return [page.alias, { read: any('read'), insert: any('insert'), update: any('update'), delete: any('delete') }];
    }),
  );
}

/** A navigation viewer with these roles and the seed's grants for them. */
export const viewerOf = (roles: readonly string[]): NavigationViewer => {
  const state: GrantsState = { status: 'ready', companyId: 1, grants: defaultGrantsOf(roles), colleague: roles.some((role) => role !== 'guest') };
  return { roles, canRead: (page) => canOn(state, page, 'read'), canCall: (need) => canCall(state, need) };
};

/** Every page granted everything: what an administrator of the demo company holds. */
export const ALL_GRANTS: Readonly<Record<string, CrudGrant>> = Object.fromEntries(PAGES.map((page) => [page.alias, ALL]));

/** Sets the signed-in user's grants in the active company (a colleague's unless said otherwise). */
export function setGrants(grants: Readonly<Record<string, CrudGrant>>, colleague = true): void {
  sessionStore.set(grantsAtom, { status: 'ready', companyId: 1, grants, colleague });
}

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

export interface RenderPageOptions {
  /** The address the page opens at. */
  url: string;
  /** The route pattern the page is mounted on (`/apps/machine/:id`); the url itself by default. */
  route?: string;
  /** The user's grants; every page granted by default. */
  grants?: Readonly<Record<string, CrudGrant>>;
  /** The URL remembered before sign-in (spec 2.1). */
  remembered?: string | null;
}

export function renderPage(page: ReactElement, options: RenderPageOptions): RenderResult & { i18n: I18n } {
  // The portal's own instance, in Spanish: a remote's namespace is there once its page is imported.
  const i18n = initI18n('es');
  sessionStore.set(userAtom, createDefaultUser());
  sessionStore.set(rememberedUrlAtom, options.remembered ?? null);
  setGrants(options.grants ?? ALL_GRANTS);
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <Provider store={sessionStore}>
          <MemoryRouter initialEntries={[options.url]}>
            <LocationProbe />
            <Routes>
              <Route path={options.route ?? options.url} element={page} />
              <Route path="*" element={<div data-testid="elsewhere" />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </I18nextProvider>
    </FluentProvider>,
  );
  return { ...result, i18n };
}

/** The path the router is at. */
export function currentPath(): string | null {
  return screen.queryByTestId('location')?.textContent ?? null;
}

/** A minimal fetch Response: status, statusText, text(). */
export function jsonResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as unknown as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]> & { calls: (method: string, path: string) => { url: URL; body: unknown }[] };
export type MockRoute = (url: URL, init: RequestInit) => { status: number; body?: unknown } | undefined;

/**
 * Replaces global fetch with a mock: the first route answering a call wins; unanswered calls get
 * a 404. `calls(method, path)` lists the URLs (parsed) and bodies of the matching calls.
 */
export function mockApi(...routes: MockRoute[]): FetchMock {
  const mock = jest.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    for (const route of routes) {
      const answer = route(url, init ?? {});
      if (answer) return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(404, { statusCode: 404, message: 'No encontrado', error: 'Not Found' });
  }) as FetchMock;
  mock.calls = (method: string, path: string) =>
    mock.mock.calls
      .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init: init ?? {} }))
      .filter(({ url, init }) => (init.method ?? 'GET') === method && url.pathname === path)
      .map(({ url, init }) => ({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body }));
  (globalThis as { fetch: unknown }).fetch = mock;
  return mock;
}

/** Every call answered with `status` and `body`. */
export const mockFetch = (status: number, body?: unknown): FetchMock => mockApi(() => ({ status, body }));

/** A route answering `method path` (exact pathname) with `status` and `body` (a function receives the URL and parsed body). */
export const on =
  (method: string, path: string, status: number, body?: unknown | ((url: URL, sent: unknown) => unknown)): MockRoute =>
  (url, init) =>
    (init.method ?? 'GET') === method && url.pathname === path
      ? {
          status,
          body:
            typeof body === 'function'
              ? (body as (url: URL, sent: unknown) => unknown)(url, typeof init.body === 'string' ? JSON.parse(init.body) : undefined)
              : body,
        }
      : undefined;

export const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
export const paged = <T,>(items: T[], total = items.length, page = 1, pageSize = 10) => ({ items, total, page, pageSize });
