import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createI18n, type I18n } from '@planta/i18n';
import { registerProductionBundles } from '../i18n';

/** Test helpers of this app (not shipped: only module.ts and the pages are bundled). */

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/**
 * Renders a page at `url` (matched by `route`, e.g. '/apps/extrusion-line/:id') inside Fluent,
 * i18next (Spanish, with the production namespace), a jotai store and a memory router; a probe
 * beside the routes tells the current path (`currentPath()`).
 */
export function renderPage(page: ReactElement, options: { route: string; url: string }): RenderResult & { i18n: I18n } {
  const i18n = createI18n('es');
  registerProductionBundles(i18n);
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <Provider store={createStore()}>
          <MemoryRouter initialEntries={[options.url]}>
            <LocationProbe />
            <Routes>
              <Route path={options.route} element={page} />
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

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;
export type Route = (url: URL, init: RequestInit) => { status: number; body?: unknown } | undefined;

/**
 * Replaces global fetch with a mock: the first route answering a call wins; unanswered calls
 * get a 404. `calls(method, path)` lists the URLs (parsed) of the matching calls.
 */
export function mockApi(...routes: Route[]): FetchMock & { calls: (method: string, path: string) => { url: URL; body: unknown }[] } {
  const mock = jest.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    for (const route of routes) {
      const answer = route(url, init ?? {});
      if (answer) return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(404, { statusCode: 404, message: 'No encontrado', error: 'Not Found' });
  }) as FetchMock & { calls: (method: string, path: string) => { url: URL; body: unknown }[] };
  mock.calls = (method: string, path: string) =>
    mock.mock.calls
      .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init: init ?? {} }))
      .filter(({ url, init }) => (init.method ?? 'GET') === method && url.pathname === path)
      .map(({ url, init }) => ({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body }));
  (globalThis as { fetch: unknown }).fetch = mock;
  return mock;
}

/** A route answering `method path` (exact pathname) with `status` and `body` (a function receives the URL and parsed body). */
export const on =
  (method: string, path: string, status: number, body?: unknown | ((url: URL, sent: unknown) => unknown)): Route =>
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
