import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadLanguage } from '@planta/i18n';
import { DEMO_QUALITY_ROLE, defaultSettings } from '@planta/contracts';
import { currentSettingsAtom, defaultSettingsAtom, grantsAtom, mergeSettings, NO_ANIMATE_CLASS, sessionStore } from '@planta/session';
import { seedGrantsOf } from '@planta/ui/testing';
import type { SettingsPatch } from '@planta/session';
import { renderShell, resetSession, setUser } from '../testing/render-shell';
import { FAILURE_REPORT_URL } from './failure-report-button';
import { HEADER_HEIGHT, Layout } from './layout';

jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  updateUser: jest.fn(async () => undefined),
  companies: jest.fn(() => new Promise(() => undefined)),
}));

function setDefaults(patch: SettingsPatch) {
  sessionStore.set(defaultSettingsAtom, mergeSettings(sessionStore.get(defaultSettingsAtom), patch));
}

const page = <p>Contenido de la página</p>;

/** The labels of the top-level entries of the vertical navbar's tree. */
async function topEntries(): Promise<string[]> {
  // The chrome is loaded lazily: wait for it.
  const nav = await screen.findByRole('navigation', { name: 'Navegación' });
  const tree = within(nav).getAllByRole('list')[0];
  return [...tree.querySelectorAll(':scope > li > ul > li > a, :scope > li > ul > li > button, :scope > li > div')].map(
    (node) => node.textContent?.trim() ?? '',
  );
}

beforeEach(() => resetSession());

describe('navigation per role (spec 2.3)', () => {
  it('shows an admin the Applications group and Administración', async () => {
    setUser(['admin']);
    renderShell(<Layout>{page}</Layout>);
    expect(await topEntries()).toEqual([
      'Aplicaciones',
      'Tableros',
      'Producción ágil',
      'Matricería ágil',
      'Tablero del corrector',
      'Administración',
      'Usuarios',
    ]);
  });

  it('hides Administración from a user', async () => {
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>);
    const nav = await screen.findByRole('navigation', { name: 'Navegación' });
    expect(within(nav).getByText('Producción ágil')).toBeTruthy();
    expect(within(nav).queryByText('Administración')).toBeNull();
  });

  it('shows a guest no entry', async () => {
    setUser(['guest']);
    renderShell(<Layout>{page}</Layout>);
    const nav = await screen.findByRole('navigation', { name: 'Navegación' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).queryByText('Producción ágil')).toBeNull();
  });

  it('opens a collapse by itself when the path is under one of its children, using the shell bundle titles', async () => {
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>, { path: '/apps/dies/12' });
    const nav = await screen.findByRole('navigation', { name: 'Navegación' });
    expect(within(nav).getByRole('button', { name: 'Matricería ágil' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Inventario de matrices' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Producción ágil' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('translates items with shell:navigation.pages.<id> and groups with shell:navigation.groups.<id>', async () => {
    // English is downloaded on demand; once it has been, an instance created in English has it at once
    await loadLanguage('en');
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>, { path: '/apps/dies/12', language: 'en' });
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByText('Matricería ágil')).toBeNull();
    expect(within(nav).queryByText('Inventario de matrices')).toBeNull();
    expect(within(nav).getByText('Applications')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Agile die shop' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Die inventory' })).toBeTruthy();
  });
});

describe("the user's language (only Spanish is in the first bundle)", () => {
  it('shows the page once the language is there, never in Spanish first', async () => {
    setUser(['user'], { settings: { language: 'tr' } });
    const { i18n } = renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByText('Contenido de la página')).toBeNull();
    expect(screen.queryByText('Aplicaciones')).toBeNull();
    expect(await screen.findByText('Contenido de la página')).toBeTruthy();
    expect(i18n.language).toBe('tr');
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByText('Uygulamalar')).toBeTruthy();
  });

  it('waits again when the setting changes to a language still downloading', async () => {
    setUser(['user']);
    const { i18n } = renderShell(<Layout>{page}</Layout>);
    expect(screen.getByText('Contenido de la página')).toBeTruthy();
    act(() => {
      setUser(['user'], { settings: { language: 'ar' } });
    });
    expect(screen.queryByText('Contenido de la página')).toBeNull();
    expect(await screen.findByText('Contenido de la página')).toBeTruthy();
    expect(i18n.language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe("failure-report side button 'Reporte de fallas y daños' (spec 2.4, 6)", () => {
  it('opens the failure reports for a user', () => {
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>);
    fireEvent.click(screen.getByRole('button', { name: 'Reporte de fallas y daños' }));
    expect(screen.getByTestId('location').textContent).toBe(FAILURE_REPORT_URL);
  });

  it('is hidden for the quality role, whose grants neither read nor create failure reports (issue 37: no dead ends)', () => {
    setUser([DEMO_QUALITY_ROLE.name]);
    sessionStore.set(grantsAtom, { status: 'ready', companyId: 1, grants: seedGrantsOf(DEMO_QUALITY_ROLE.name), colleague: true });
    const { unmount } = renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('button', { name: 'Reporte de fallas y daños' })).toBeNull();
    unmount();
    // Reading the reports is not enough: the button is there to make one.
    const grants = { ...seedGrantsOf(DEMO_QUALITY_ROLE.name), 'failure-damage-report': { read: true, insert: false, update: false, delete: false } };
    sessionStore.set(grantsAtom, { status: 'ready', companyId: 1, grants, colleague: true });
    const again = renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('button', { name: 'Reporte de fallas y daños' })).toBeNull();
    again.unmount();
    sessionStore.set(grantsAtom, {
      status: 'ready',
      companyId: 1,
      grants: { ...grants, 'failure-damage-report': { ...grants['failure-damage-report'], insert: true } },
      colleague: true,
    });
    renderShell(<Layout>{page}</Layout>);
    expect(screen.getByRole('button', { name: 'Reporte de fallas y daños' })).toBeTruthy();
  });

  it('is hidden for a guest and without a role', () => {
    setUser(['guest']);
    const { unmount } = renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('button', { name: 'Reporte de fallas y daños' })).toBeNull();
    unmount();
    setUser([]);
    renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('button', { name: 'Reporte de fallas y daños' })).toBeNull();
  });
});

describe('layout styles (spec 2.5)', () => {
  beforeEach(() => setUser(['staff']));

  it('layout1: a vertical navbar beside the content, toolbar below by default, above when set', async () => {
    const { container, unmount } = renderShell(<Layout>{page}</Layout>);
    const root = container.querySelector('[data-layout]')!;
    expect(root.getAttribute('data-layout')).toBe('layout1');
    const nav = await screen.findByRole('navigation', { name: 'Navegación' });
    expect(nav.getAttribute('data-orientation')).toBeNull();
    expect(nav.style.width).toBe('280px');
    const banner = screen.getByRole('banner');
    expect(nav.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();

    setDefaults({ layout: { config: { toolbar: { position: 'above' } } } });
    renderShell(<Layout>{page}</Layout>);
    expect(screen.getByRole('banner').compareDocumentPosition(screen.getByRole('navigation')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('layout2: a 120 px two-row header with the toolbar and a horizontal navigation', () => {
    setDefaults({ layout: { style: 'layout2' } });
    const { container } = renderShell(<Layout>{page}</Layout>);
    expect(container.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('layout2');
    const header = screen.getByRole('banner');
    expect(header.style.height).toBe(`${HEADER_HEIGHT}px`);
    const nav = within(header).getByRole('navigation');
    expect(nav.getAttribute('data-orientation')).toBe('horizontal');
    expect(within(header).getByRole('combobox', { name: 'Buscar' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Producción ágil' })).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('layout3: horizontal top navigation outside the toolbar and a 56 px left side panel', () => {
    setDefaults({ layout: { style: 'layout3' } });
    const { container } = renderShell(<Layout>{page}</Layout>);
    expect(container.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('layout3');
    const nav = screen.getByRole('navigation');
    expect(nav.getAttribute('data-orientation')).toBe('horizontal');
    expect(within(screen.getByRole('banner')).queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Panel lateral izquierdo' })).toBeTruthy();
  });

  it('layout3 without its left side panel when the config hides it', () => {
    setDefaults({ layout: { style: 'layout3', config: { leftSidePanel: { display: false } } } });
    renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('honours the display flags and the footer style', () => {
    // Static by default (it scrolls with the page); fixed when chosen.
    expect(defaultSettings.layout.config.footer.style).toBe('static');
    setDefaults({ layout: { config: { navbar: { display: false }, footer: { style: 'fixed' } } } });
    const { unmount } = renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('contentinfo').getAttribute('data-style')).toBe('fixed');
    // The API reference is for administrators; a shift lead's footer does not offer it.
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: /Documentación/ })).toBeNull();
    unmount();
    setUser(['admin']);
    const admin = renderShell(<Layout>{page}</Layout>);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Documentación de la API' }).getAttribute('href')).toBe('/api/docs');
    admin.unmount();
    setDefaults({ layout: { config: { toolbar: { display: false }, footer: { display: false } } } });
    renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByText('Contenido de la página')).toBeTruthy();
  });

  it("a route's settings win over the defaults", async () => {
    renderShell(<Layout settings={{ layout: { style: 'layout2' } }}>{page}</Layout>);
    await waitFor(() => expect(sessionStore.get(currentSettingsAtom).layout.style).toBe('layout2'));
    expect(document.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('layout2');
  });

  it('boxed mode limits the width to the container width', () => {
    setDefaults({ layout: { config: { mode: 'boxed', containerWidth: 1280 } } });
    const { container } = renderShell(<Layout>{page}</Layout>);
    expect((container.querySelector('[data-layout]') as HTMLElement).style.maxWidth).toBe('1280px');
  });
});

describe('animations (spec 4)', () => {
  it('off: no-animate class on <body> and durations 0; on: 1000 / 400 ms', () => {
    setUser(['user']);
    setDefaults({ animations: false });
    renderShell(<Layout>{page}</Layout>);
    expect(document.body.classList.contains(NO_ANIMATE_CLASS)).toBe(true);
    expect(document.body.style.getPropertyValue('--planta-animation-duration')).toBe('0ms');
    act(() => setDefaults({ animations: true }));
    expect(document.body.classList.contains(NO_ANIMATE_CLASS)).toBe(false);
    expect(document.body.style.getPropertyValue('--planta-animation-duration')).toBe('1000ms');
    expect(document.body.style.getPropertyValue('--planta-hover-duration')).toBe('400ms');
  });
});
