import { authRoles } from '@planta/contracts';
import { filterNavigation, flattenNavigation, pageItem, type NavigationViewer } from './navigation';
import {
  composeApplicationsGroup,
  composeNavigation,
  NO_CHROME,
  routeForUrl,
  shareRoute,
  withRouteNeeds,
  type NavigationSource,
  type RemoteRoute,
} from './remote-module';

const collapse = (id: string, title: string, url: string) => ({
  id,
  type: 'collapse' as const,
  title,
  children: [{ id: `${id}-page`, type: 'item' as const, title, url, auth: authRoles.user }],
});

const shell: NavigationSource = { name: 'shell', navigation: [collapse('dashboards', 'Tableros', '/apps/dashboards/indicators')] };
const production: NavigationSource = { name: 'mfe_production', navigation: [collapse('production', 'Producción ágil', '/apps/extrusion-line/all')] };
const maintenance: NavigationSource = {
  name: 'mfe_maintenance',
  navigation: [collapse('maintenance', 'Mantenimiento inteligente', '/apps/maintenance-kanban-board')],
};
const dieshop: NavigationSource = {
  name: 'mfe_dieshop',
  navigation: [
    { id: 'corrector-board', type: 'item', title: 'Tablero del corrector', url: '/apps/corrector-kanban-board', auth: authRoles.user },
    collapse('dieshop', 'Matricería ágil', '/apps/dies/all'),
  ],
};
const admin: NavigationSource = {
  name: 'mfe_admin',
  navigation: [
    {
      id: 'administration',
      type: 'group',
      title: 'Administración',
      children: [{ id: 'users', type: 'item', title: 'Usuarios', url: '/apps/users/all', auth: authRoles.admin }],
    },
  ],
};

describe('composeApplicationsGroup (spec 2.3)', () => {
  it('orders the contributions as the spec does, whatever order the remotes arrive in', () => {
    const group = composeApplicationsGroup([dieshop, admin, maintenance, shell, production]);
    expect(group).toMatchObject({ id: 'applications', type: 'group', title: 'Aplicaciones' });
    expect(group.children?.map((item) => item.id)).toEqual(['dashboards', 'production', 'maintenance', 'dieshop', 'corrector-board']);
  });
  it('leaves out a remote that failed to load', () => {
    expect(composeApplicationsGroup([shell, dieshop]).children?.map((item) => item.id)).toEqual(['dashboards', 'dieshop', 'corrector-board']);
  });
  it('puts unknown contributions after the spec entries and keeps the first of a repeated id', () => {
    const extra: NavigationSource = {
      name: 'mfe_extra',
      navigation: [collapse('quality', 'Calidad', '/apps/quality/all'), collapse('production', 'Duplicado', '/x')],
    };
    const group = composeApplicationsGroup([production, extra, shell]);
    expect(group.children?.map((item) => item.id)).toEqual(['dashboards', 'production', 'quality']);
    expect(group.children?.[1].title).toBe('Producción ágil');
  });
});

describe('composeNavigation', () => {
  it('places contributed groups after the Applications group', () => {
    expect(composeNavigation([admin, production]).map((item) => item.id)).toEqual(['applications', 'administration']);
  });
});

describe('shareRoute (spec 2.2 token pages)', () => {
  const load = () => Promise.resolve({ default: null });
  it('opens the page to guests, without the chrome, naming the resource it shares', () => {
    expect(shareRoute('/apps/dies/dieResume/:dieId/:token', { type: 'die-summary', param: 'dieId' }, load)).toEqual({
      path: '/apps/dies/dieResume/:dieId/:token',
      auth: authRoles.guest,
      share: { type: 'die-summary', param: 'dieId' },
      settings: NO_CHROME,
      load,
    });
  });
  it('refuses a path without the token at its end or without the resource parameter', () => {
    expect(() => shareRoute('/apps/dies/dieResume/:dieId', { type: 'die-summary', param: 'dieId' }, load)).toThrow(/:token/);
    expect(() => shareRoute('/apps/dies/dieResume/:id/:token', { type: 'die-summary', param: 'dieId' }, load)).toThrow(/:dieId/);
  });
});

describe('screen needs (issue 37: a menu item only where its screen can work)', () => {
  const start = { access: { page: 'extrusion' as const }, method: 'POST' as const };
  const lines = { access: { page: 'extrusion-line' as const }, method: 'GET' as const };
  const routes: RemoteRoute[] = [
    { path: '/apps/extrusion/new', page: 'extrusion', needs: [start, lines], load: async () => ({ default: null }) },
    { path: '/apps/extrusion/:id', page: 'extrusion', load: async () => ({ default: null }) },
    { path: '/apps/orders', page: 'orders', redirectTo: '/apps/orders/all' },
    { path: '/apps/orders/:id', page: 'orders', needs: [lines], load: async () => ({ default: null }) },
  ];

  it('finds the route an address opens: the most specific one, through redirects', () => {
    expect(routeForUrl(routes, '/apps/extrusion/new')?.needs).toEqual([start, lines]);
    expect(routeForUrl(routes, '/apps/extrusion/12')?.path).toBe('/apps/extrusion/:id');
    expect(routeForUrl(routes, '/apps/orders')?.path).toBe('/apps/orders/:id');
    expect(routeForUrl(routes, '/apps/nowhere')).toBeUndefined();
  });

  it("gives each menu item its route's needs, and the filter hides it from whoever lacks one", () => {
    const tree = withRouteNeeds(
      [
        {
          id: 'production',
          type: 'collapse',
          title: 'Producción',
          children: [pageItem('extrusion', '/apps/extrusion/new'), pageItem('orders', '/apps/orders/all')],
        },
      ],
      routes,
    );
    const ids = (viewer: NavigationViewer) => flattenNavigation(filterNavigation(tree, viewer)).map((item) => item.id);
    const granted = (grants: Record<string, ('read' | 'insert')[]>): NavigationViewer => ({
      roles: ['user'],
      canRead: (page) => grants[page]?.includes('read') ?? false,
      canCall: (need) => {
        const page = typeof need.access === 'object' ? need.access.page : '';
        return grants[page]?.includes(need.method === 'GET' ? 'read' : 'insert') ?? false;
      },
    });
    expect(ids(granted({ extrusion: ['read', 'insert'], orders: ['read'], 'extrusion-line': ['read'] }))).toEqual(['extrusion', 'orders']);
    // Reads runs and orders, not lines (the quality role of the demo): no start form, no order list that needs lines.
    expect(ids(granted({ extrusion: ['read'], orders: ['read'] }))).toEqual([]);
    // Reads lines but may not start a run: no start form.
    expect(ids(granted({ extrusion: ['read'], orders: ['read'], 'extrusion-line': ['read'] }))).toEqual(['orders']);
    // Without canCall, a read need is judged by canRead and any other need is not met.
    expect(ids({ roles: ['user'], canRead: () => true })).toEqual(['orders']);
  });
});
