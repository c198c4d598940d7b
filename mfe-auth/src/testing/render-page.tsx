import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, type RenderResult } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createI18n, type I18n } from '@planta/i18n';
import { rememberedUrlAtom } from '@planta/session';

/** Test helpers of this app (not shipped: only module.ts and the pages are bundled). */

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/**
 * Renders a page at `path` inside Fluent, i18next (Spanish), a jotai store and a memory router.
 * Any other path renders a probe, so `currentPath()` tells where the page navigated.
 */
export function renderPage(
  page: ReactElement,
  options: { path: string; remembered?: string | null },
): RenderResult & { store: ReturnType<typeof createStore>; i18n: I18n } {
  const store = createStore();
  if (options.remembered !== undefined) store.set(rememberedUrlAtom, options.remembered);
  const i18n = createI18n('es');
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <Provider store={store}>
          <MemoryRouter initialEntries={[options.path]}>
            <Routes>
              <Route path={options.path} element={page} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </I18nextProvider>
    </FluentProvider>,
  );
  return { ...result, store, i18n };
}

/** The path the router is at once the page navigated away (null while still on the page). */
export function currentPath(): string | null {
  return screen.queryByTestId('location')?.textContent ?? null;
}

/** A minimal fetch Response: status, statusText, text(). */
export function jsonResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as unknown as Response;
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;

/** Replaces global fetch with a jest mock answering `status` and `body` to every call. */
export function mockFetch(status: number, body?: unknown): FetchMock {
  const mock: FetchMock = jest.fn(async (_url: string, _init: RequestInit) => jsonResponse(status, body));
  (globalThis as { fetch: unknown }).fetch = mock;
  return mock;
}

/** What POST auth/login and auth/register answer on success. */
export function authResponse(email = 'ana@planta.test') {
  return {
    access_token: 'header.payload.signature',
    user: {
      uuid: 'u-1',
      uid: 'u-1',
      from: 'api',
      role: ['admin'],
      data: {
        id: 1,
        company_id: 1,
        companyId: 1,
        displayName: 'Ana Pérez',
        position: null,
        photoURL: null,
        email,
        settings: {},
        shortcuts: [],
      },
    },
  };
}
