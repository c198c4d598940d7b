import { PAGES, type PageAlias } from '@planta/contracts';
import { flattenNavigation, matchPath, type RemoteModule } from '@planta/shell-contract';
import { DASHBOARDS_NAVIGATION, buildNavigation, navigationFor } from './navigation';
import { viewerOf } from '@planta/ui/testing';

// Literal stand-ins for what the remotes expose through federation at run time.
const remote = (name: string, navigation: RemoteModule['navigation']): RemoteModule => ({ name, routes: [], navigation });
const item = (id: PageAlias, title: string, url: string) => ({ id, type: 'item' as const, title, url, page: id });
const production = remote('mfe_production', [
  { id: 'production', type: 'collapse', title: 'Producción ágil', children: [item('extrusion-line', 'Líneas de extrusión', '/apps/extrusion-line/all')] },
]);
const maintenance = remote('mfe_maintenance', [
  {
    id: 'maintenance',
    type: 'collapse',
    title: 'Mantenimiento inteligente',
    children: [item('maintenance-board', 'Tablero de órdenes de trabajo', '/apps/maintenance-kanban-board')],
  },
]);
const dieshop = remote('mfe_dieshop', [
  { id: 'dieshop', type: 'collapse', title: 'Matricería ágil', children: [item('dies', 'Inventario de matrices', '/apps/dies/all')] },
  item('corrector-board', 'Tablero del corrector', '/apps/corrector-kanban-board'),
]);
const admin = remote('mfe_admin', [{ id: 'administration', type: 'group', title: 'Administración', children: [item('users', 'Usuarios', '/apps/users/all')] }]);
const auth = remote('mfe_auth', []);

const applications = (tree: ReturnType<typeof buildNavigation>) => tree[0].children?.map((entry) => entry.id);

describe('shell navigation (spec 2.3)', () => {
  it('composes the Applications group in the spec order from the remotes that loaded', () => {
    const tree = buildNavigation([admin, dieshop, auth, maintenance, production]);
    expect(tree.map((entry) => entry.id)).toEqual(['applications', 'administration']);
    expect(applications(tree)).toEqual(['dashboards', 'production', 'maintenance', 'dieshop', 'corrector-board']);
  });
  it('keeps working without a remote that failed', () => {
    expect(applications(buildNavigation([dieshop]))).toEqual(['dashboards', 'dieshop', 'corrector-board']);
    expect(applications(buildNavigation([]))).toEqual(['dashboards']);
  });
  it('shows each role what it may see', () => {
    const remotes = [production, maintenance, dieshop, admin, auth];
    expect(navigationFor(remotes, viewerOf(['admin'])).map((entry) => entry.id)).toEqual(['applications', 'administration']);
    expect(navigationFor(remotes, viewerOf(['user'])).map((entry) => entry.id)).toEqual(['applications']);
    expect(navigationFor(remotes, viewerOf(['guest']))).toEqual([]);
    expect(navigationFor(remotes, viewerOf([]))).toEqual([]);
    // The grants decide, not the role: a user granted the users page sees administration.
    const granted = { roles: ['user'], canRead: (page: PageAlias) => page === 'users' || viewerOf(['user']).canRead(page) };
    expect(navigationFor(remotes, granted).map((entry) => entry.id)).toEqual(['applications', 'administration']);
  });
  it('has the two dashboards of spec 2.3, with page aliases and spec routes', () => {
    const dashboards = flattenNavigation(DASHBOARDS_NAVIGATION);
    expect(dashboards.map((entry) => entry.title)).toEqual(['Indicadores clave', 'Resumen de áreas']);
    const aliases: string[] = PAGES.map((page) => page.alias);
    const routes = ['/apps/dashboards/welcome', '/apps/dashboards/analytics', '/apps/dashboards/indicators'];
    for (const entry of dashboards) {
      expect(aliases).toContain(entry.id);
      expect(routes.some((route) => matchPath(route, entry.url ?? ''))).toBe(true);
    }
  });
});
