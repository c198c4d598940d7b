import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, type RenderResult } from '@testing-library/react';
import { Provider, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { defaultSettings, isColleague, type PageAlias, type User } from '@planta/contracts';
import { defaultGrantsOf } from '@planta/ui/testing';
import { createI18n, type I18n } from '@planta/i18n';
import { REMOTE_NAMES, type NavigationItem, type RemoteModule, type RemoteName } from '@planta/shell-contract';
import { createDefaultUser, currentSettingsAtom, defaultSettingsAtom, grantsAtom, mergeSettings, navbarAtom, sessionStore, userAtom } from '@planta/session';
import { remoteStatesAtom } from '../remotes/remote-states';
import type { RemoteState } from '../remotes/remote-loader';

const item = (id: PageAlias, title: string, url: string): NavigationItem => ({ id, type: 'item', title, url, page: id });

/** Literal stand-ins for what the remotes expose at run time. */
export const FAKE_REMOTES: Partial<Record<RemoteName, RemoteModule>> = {
  mfe_production: {
    name: 'mfe_production',
    routes: [],
    navigation: [
      {
        id: 'production',
        type: 'collapse',
        title: 'Producción ágil',
        children: [item('extrusion-line', 'Líneas de extrusión', '/apps/extrusion-line/all'), item('shifts', 'Turnos de producción', '/apps/shifts/all')],
      },
    ],
  },
  mfe_dieshop: {
    name: 'mfe_dieshop',
    routes: [],
    navigation: [
      { id: 'dieshop', type: 'collapse', title: 'Matricería ágil', children: [item('dies', 'Inventario de matrices', '/apps/dies/all')] },
      item('corrector-board', 'Tablero del corrector', '/apps/corrector-kanban-board'),
    ],
  },
  mfe_admin: {
    name: 'mfe_admin',
    routes: [],
    navigation: [{ id: 'administration', type: 'group', title: 'Administración', children: [item('users', 'Usuarios', '/apps/users/all')] }],
  },
};

/** Puts the remotes' modules into the shell's remote states (the rest fail). */
export function setRemotes(modules: Partial<Record<RemoteName, RemoteModule>> = FAKE_REMOTES): void {
  sessionStore.set(
    remoteStatesAtom,
    Object.fromEntries(
      REMOTE_NAMES.map((name): [RemoteName, RemoteState] => [
        name,
        modules[name] ? { status: 'ready', module: modules[name]! } : { status: 'failed', error: 'test' },
      ]),
    ) as Record<RemoteName, RemoteState>,
  );
}

/** A signed-in user with these roles (an empty list: not signed in) and the grants the seed gives them. */
export function setUser(roles: readonly string[], data: Partial<User['data']> = {}): User {
  sessionStore.set(
    grantsAtom,
    roles.length ? { status: 'ready', companyId: 1, grants: defaultGrantsOf(roles), colleague: isColleague(roles) } : { status: 'none' },
  );
  const base = createDefaultUser();
  const user: User = {
    ...base,
    uuid: roles.length ? 'u-1' : '',
    role: [...roles],
    data: { ...base.data, id: 1, company_id: 1, companyId: 1, displayName: roles.length ? 'Luis Cárdenas' : '', shortcuts: [], ...data },
  };
  sessionStore.set(userAtom, user);
  return user;
}

/** Back to the start: default user and settings, navbar closed, the fake remotes loaded, <html> ltr. */
export function resetSession(): void {
  sessionStore.set(userAtom, createDefaultUser());
  sessionStore.set(grantsAtom, { status: 'none' });
  sessionStore.set(defaultSettingsAtom, mergeSettings(defaultSettings));
  sessionStore.set(currentSettingsAtom, mergeSettings(defaultSettings));
  sessionStore.set(navbarAtom, { foldedOpen: false, mobileOpen: false });
  setRemotes();
  document.documentElement.dir = 'ltr';
  document.documentElement.lang = 'es';
  document.body.className = '';
}

/** Like the shell's Theme: the Fluent provider follows the settings' direction. */
function Theme({ children }: { children: ReactNode }) {
  const settings = useAtomValue(currentSettingsAtom);
  return (
    <FluentProvider theme={webLightTheme} dir={settings.direction}>
      {children}
    </FluentProvider>
  );
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders inside the providers the shell mounts: jotai (sessionStore), i18next, router, Fluent. */
export function renderShell(
  ui: ReactNode,
  { path = '/apps/dashboards/welcome', language = 'es' }: { path?: string; language?: string } = {},
): RenderResult & { i18n: I18n } {
  const i18n = createI18n(language);
  const result = render(
    <Provider store={sessionStore}>
      <I18nextProvider i18n={i18n}>
        <Theme>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
            <Location />
          </MemoryRouter>
        </Theme>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, i18n };
}
