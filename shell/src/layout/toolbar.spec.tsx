import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authRoles } from '@planta/contracts';
import type { NavigationItem } from '@planta/shell-contract';
import { companies, companyCurrencyAtom, currentSettingsAtom, navbarAtom, sessionStore, switchCompany, updateUser, userAtom } from '@planta/session';
import { FAKE_REMOTES, renderShell, resetSession, setRemotes, setUser } from '../testing/render-shell';
import { Layout } from './layout';
import { NavigationSearch } from './navigation-search';

jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  updateUser: jest.fn(async () => undefined),
  companies: jest.fn(() => new Promise(() => undefined)),
  switchCompany: jest.fn(async () => undefined),
}));

const page = <p>Contenido</p>;

beforeEach(() => {
  resetSession();
  jest.mocked(updateUser).mockClear();
});

describe("navigation search 'Buscar' (spec 2.5, 5)", () => {
  const search = () => screen.getByRole('combobox', { name: 'Buscar' });

  it("says 'Sin resultados' when nothing matches", () => {
    setUser(['user']);
    renderShell(<NavigationSearch />);
    fireEvent.change(search(), { target: { value: 'zzzz-nada-coincide' } });
    expect(screen.getByText('Sin resultados')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('ignores accents, case and surrounding spaces; each suggestion is a link', () => {
    setUser(['user']);
    renderShell(<NavigationSearch />);
    fireEvent.change(search(), { target: { value: '  LINEAS ' } });
    const option = screen.getByRole('option', { name: 'Líneas de extrusión' });
    expect(within(option).getByRole('link').getAttribute('href')).toBe('/apps/extrusion-line/all');
    expect(screen.queryByText('Sin resultados')).toBeNull();
  });

  it('suggests at most 10 items', () => {
    const many: NavigationItem[] = Array.from({ length: 15 }, (_, index) => ({
      id: `plano-${index}`,
      type: 'item',
      title: `Plano ${index}`,
      url: `/apps/planos/${index}`,
      auth: authRoles.user,
    }));
    setRemotes({
      ...FAKE_REMOTES,
      mfe_maintenance: { name: 'mfe_maintenance', routes: [], navigation: [{ id: 'maintenance', type: 'collapse', title: 'Planos', children: many }] },
    });
    setUser(['user']);
    renderShell(<NavigationSearch />);
    fireEvent.change(search(), { target: { value: 'plano' } });
    expect(screen.getAllByRole('option')).toHaveLength(10);
  });

  it('is not there for a guest, whose grants open no page: nothing to find (issue 37)', async () => {
    setUser(['guest']);
    const { unmount } = renderShell(<Layout>{page}</Layout>);
    // The chrome loads lazily: the toolbar is there, the search is not.
    await screen.findByRole('banner');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Buscar' })).toBeNull();
    unmount();
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>);
    expect(await screen.findByRole('combobox', { name: 'Buscar' })).toBeTruthy();
  }, 20_000);

  it('suggests only what the role may open', () => {
    setUser(['user']);
    const { unmount } = renderShell(<NavigationSearch />);
    fireEvent.change(search(), { target: { value: 'usuarios' } });
    expect(screen.getByText('Sin resultados')).toBeTruthy();
    unmount();
    setUser(['admin']);
    renderShell(<NavigationSearch />);
    fireEvent.change(search(), { target: { value: 'usuarios' } });
    expect(screen.getByRole('option', { name: 'Usuarios' })).toBeTruthy();
  });

  it('choosing a suggestion navigates and clears the box', () => {
    setUser(['user']);
    renderShell(<NavigationSearch />);
    fireEvent.change(search(), { target: { value: 'matrices' } });
    fireEvent.click(screen.getByRole('link', { name: 'Inventario de matrices' }));
    expect(screen.getByTestId('location').textContent).toBe('/apps/dies/all');
    expect((search() as HTMLInputElement).value).toBe('');
  });
});

describe('language (spec 1, 2.5)', () => {
  it("'Idioma de la interfaz' in 'Configuración': Arabic sets <html dir=rtl>, Spanish back to ltr, saved per user", async () => {
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>);
    expect(document.documentElement.dir).not.toBe('rtl');
    fireEvent.click(await screen.findByRole('button', { name: 'Configuración' }));
    const select = await screen.findByRole('combobox', { name: 'Idioma de la interfaz' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['es', 'en', 'ar', 'tr']);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'ar' } });
    });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await waitFor(() => expect(sessionStore.get(currentSettingsAtom).direction).toBe('rtl'));
    expect(updateUser).toHaveBeenLastCalledWith({ settings: expect.objectContaining({ language: 'ar', direction: 'rtl' }) });
    await act(async () => {
      // the label is Arabic now: the same select element is still there
      fireEvent.change(select, { target: { value: 'es' } });
    });
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(sessionStore.get(currentSettingsAtom).direction).toBe('ltr');
  });

  it("the toolbar's 'Idioma' menu offers Español and English", async () => {
    setUser(['user']);
    const { i18n } = renderShell(<Layout>{page}</Layout>);
    fireEvent.click(screen.getByRole('button', { name: /Idioma/ }));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent?.replace(/[^\p{L}]/gu, ''))).toEqual(['Español', 'English']);
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitemradio', { name: /English/ }));
    });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('the layout style chosen in the panel changes the layout and is saved', async () => {
    setUser(['user']);
    const { container } = renderShell(<Layout>{page}</Layout>);
    fireEvent.click(screen.getByRole('button', { name: 'Configuración' }));
    const style = await screen.findByRole('combobox', { name: 'Estilo de diseño' });
    await act(async () => {
      fireEvent.change(style, { target: { value: 'layout3' } });
    });
    await waitFor(() => expect(container.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('layout3'));
    expect(updateUser).toHaveBeenLastCalledWith({ settings: { layout: { style: 'layout3' } } });
  });
});

describe('shortcuts (spec 2.5, 3)', () => {
  it('shows the chosen items as quick links and adds one from the star popover', async () => {
    setUser(['user'], { shortcuts: ['dies', 'calendar'] });
    renderShell(<Layout>{page}</Layout>);
    const quick = screen.getByRole('group', { name: 'Accesos directos' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/apps/dies/all']);
    fireEvent.click(screen.getByRole('button', { name: 'Accesos directos' }));
    const box = await screen.findByRole('textbox', { name: 'Busca una aplicación o página' });
    fireEvent.change(box, { target: { value: 'turnos' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Agregar acceso directo: Turnos de producción' }));
    });
    expect(updateUser).toHaveBeenLastCalledWith({ shortcuts: ['dies', 'calendar', 'shifts'] });
    expect(sessionStore.get(userAtom).data.shortcuts).toEqual(['dies', 'calendar', 'shifts']);
  });
});

describe("company selector 'Empresa' (spec 2.5)", () => {
  it('lists the companies and switches to the chosen one', async () => {
    jest.mocked(companies).mockResolvedValueOnce([
      { id: 1, name: 'Extrusiones del Norte', currency: 'USD' },
      { id: 2, name: 'Perfiles del Sur', currency: 'EUR' },
    ]);
    setUser(['admin']);
    renderShell(<Layout>{page}</Layout>);
    const selector = await screen.findByRole('combobox', { name: 'Empresa' });
    expect(selector.textContent).toContain('Extrusiones del Norte');
    // The company the user works in gives the currency every sum of money is shown in.
    expect(sessionStore.get(companyCurrencyAtom)).toBe('USD');
    // No English name of Fluent's own reaches the page.
    expect(document.querySelector('[aria-label="Clear selection"]')).toBeNull();
    fireEvent.click(selector);
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Perfiles del Sur' }));
    });
    expect(switchCompany).toHaveBeenCalledWith(2);
    // The whole layout renders here: slow on a busy 2-core machine.
  }, 20_000);
});

describe('navbar below the medium breakpoint (spec 2.3, 2.5)', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as never;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('is a drawer opened from the toolbar and closed when an item is chosen', async () => {
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>);
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    expect(sessionStore.get(navbarAtom).mobileOpen).toBe(true);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('link', { name: 'Tablero del corrector' }));
    expect(sessionStore.get(navbarAtom).mobileOpen).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/apps/corrector-kanban-board');
  });
});

describe('toolbar on narrower screens (tablets, phones)', () => {
  const realMatchMedia = window.matchMedia;
  /** A screen `width` px wide: the media queries of the layout answered for it. */
  const screenWidth = (width: number) => {
    window.matchMedia = ((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return { matches: max ? width <= Number(max[1]) : false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
    }) as never;
  };
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('below 1366 px the quick links and the name give way: the star still lists the shortcuts, the avatar names the user', async () => {
    screenWidth(1024);
    setUser(['user'], { shortcuts: ['dies'] });
    renderShell(<Layout>{page}</Layout>);
    await screen.findByRole('banner');
    expect(screen.queryByRole('group', { name: 'Accesos directos' })).toBeNull();
    const userMenu = screen.getByRole('button', { name: sessionStore.get(userAtom).data.displayName });
    expect(within(userMenu).queryByText('Sin cargo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accesos directos' }));
    expect((await screen.findByRole('link', { name: 'Inventario de matrices' })).getAttribute('href')).toBe('/apps/dies/all');
  });

  it('on a phone the row keeps the chat, bell, settings and user menu; search and language are left to the drawer and settings', async () => {
    jest.mocked(companies).mockResolvedValueOnce([{ id: 1, name: 'Extrusiones del Norte', currency: 'EUR' }]);
    screenWidth(390);
    setUser(['user']);
    renderShell(<Layout>{page}</Layout>);
    const toolbar = await screen.findByRole('banner');
    await waitFor(() => expect(companies).toHaveBeenCalled());
    await act(async () => undefined); // the company list has arrived
    expect(within(toolbar).queryByRole('combobox', { name: 'Buscar' })).toBeNull();
    expect(within(toolbar).queryByRole('button', { name: /Idioma/ })).toBeNull();
    // one company only: nothing to choose on a phone
    expect(within(toolbar).queryByRole('combobox', { name: 'Empresa' })).toBeNull();
    for (const name of ['Chat', 'Notificaciones', 'Configuración']) expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
  });
});
