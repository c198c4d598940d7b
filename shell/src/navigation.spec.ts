import { PAGES, authRoles } from '@planta/contracts';
import { flattenNavigation, matchPath, type RemoteModule } from '@planta/shell-contract';
import { DASHBOARDS_NAVIGATION, buildNavigation, navigationFor } from './navigation';

// Literal stand-ins for what the remotes expose through federation at run time.
const remote = (name: string, navigation: RemoteModule['navigation']): RemoteModule => ({ name, routes: [], navigation });
const item = (id: string, title: string, url: string, auth: readonly ('admin' | 'staff' | 'user' | 'guest')[] = authRoles.user) => ({
  id,
  type: 'item' as const,
  title,
  url,
  auth,
});
const production = remote('mfe_production', [
  { id: 'production', type: 'collapse', title: 'Producción ágil', children: [item('extrusion-line', 'Líneas de extrusión', '/apps/extrusion-line/all')] },
]);
const maintenance = remote('mfe_maintenance', [
  {
    id: 'maintenance',
    type: 'collapse',
    title: 'Mantenimiento inteligente',
    children: [item('maintenance-board', 'Tablero de tareas de mantenimiento', '/apps/maintenance-kanban-board')],
  },
]);
const dieshop = remote('mfe_dieshop', [
  { id: 'dieshop', type: 'collapse', title: 'Matricería ágil', children: [item('dies', 'Inventario de matrices', '/apps/dies/all')] },
  item('corrector-board', 'Tablero del corrector', '/apps/corrector-kanban-board'),
]);
const admin = remote('mfe_admin', [
  { id: 'administration', type: 'group', title: 'Administración', children: [item('users', 'Usuarios', '/apps/users/all', authRoles.admin)] },
]);
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
    expect(navigationFor(remotes, 'admin').map((entry) => entry.id)).toEqual(['applications', 'administration']);
    expect(navigationFor(remotes, ['user']).map((entry) => entry.id)).toEqual(['applications']);
    expect(navigationFor(remotes, ['guest'])).toEqual([]);
    expect(navigationFor(remotes, [])).toEqual([]);
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
