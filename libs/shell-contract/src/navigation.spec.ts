import { authRoles, machineResource } from '@planta/contracts';
import { filterNavigation, flattenNavigation, isUnderPath, linkTarget, pageItem, resourceNavItem, searchNavigation, type NavigationItem } from './navigation';

const tree: NavigationItem[] = [
  {
    id: 'applications',
    type: 'group',
    title: 'Aplicaciones',
    children: [
      {
        id: 'dieshop',
        type: 'collapse',
        title: 'Matricería',
        children: [
          { id: 'dies', type: 'item', title: 'Inventario de matrices', url: '/apps/dies/all', page: 'dies' },
          { id: 'die-nitriding', type: 'item', title: 'Nitrurado de matrices', url: '/apps/die-nitruring-confirm/all', page: 'die-nitriding' },
        ],
      },
      {
        id: 'administration',
        type: 'collapse',
        title: 'Administración',
        children: [{ id: 'users', type: 'item', title: 'Usuarios', url: '/apps/users/all', page: 'users' }],
      },
      { id: 'login', type: 'item', title: 'Ingresar', url: '/login', auth: authRoles.onlyGuest },
      { id: 'manual', type: 'link', title: 'Manual de planta', url: 'https://example.org/manual' },
    ],
  },
  {
    id: 'admin-only',
    type: 'group',
    title: 'Solo admin',
    auth: authRoles.admin,
    children: [{ id: 'roles', type: 'item', title: 'Roles', url: '/apps/role/all', page: 'roles' }],
  },
];

const ids = (items: readonly NavigationItem[]): string[] => flattenNavigation(items).map((item) => item.id);
const reading =
  (...pages: string[]) =>
  (page: string) =>
    pages.includes(page);

describe('filterNavigation (spec 2.3, grants)', () => {
  it('shows a page item only to whoever may read the page, and drops emptied collapses and groups', () => {
    const visible = filterNavigation(tree, { roles: ['user'], canRead: reading('dies') });
    expect(ids(visible)).toEqual(['dies', 'manual']);
    expect(visible.map((item) => item.id)).toEqual(['applications']);
    expect(visible[0].children?.map((item) => item.id)).toEqual(['dieshop', 'manual']);
  });
  it('follows the grants, not the role name: a user granted users sees it, an admin without the grant does not', () => {
    expect(ids(filterNavigation(tree, { roles: ['user'], canRead: reading('dies', 'users') }))).toEqual(['dies', 'users', 'manual']);
    expect(ids(filterNavigation(tree, { roles: ['admin'], canRead: reading('dies', 'die-nitriding', 'roles') }))).toEqual([
      'dies',
      'die-nitriding',
      'manual',
      'roles',
    ]);
  });
  it('keeps role groups for what spec 6 defines by role: guest-only entries only without roles', () => {
    expect(ids(filterNavigation(tree, { roles: [], canRead: reading() }))).toEqual(['login', 'manual']);
    expect(ids(filterNavigation(tree, { roles: null, canRead: reading('dies') }))).toEqual(['dies', 'login', 'manual']);
    expect(ids(filterNavigation(tree, { roles: ['guest'], canRead: reading() }))).toEqual(['manual']);
    // A role group and a page together: both must allow it.
    expect(ids(filterNavigation(tree, { roles: ['user'], canRead: reading('roles') }))).toEqual(['manual']);
  });
  it('removes a collapse that had no children at all and keeps dividers', () => {
    const items: NavigationItem[] = [
      { id: 'empty', type: 'collapse', title: 'Vacío' },
      { id: 'line', type: 'divider', title: '' },
    ];
    expect(filterNavigation(items, { roles: ['admin'], canRead: reading() }).map((item) => item.id)).toEqual(['line']);
  });
  it('does not change its input', () => {
    const before = JSON.stringify(tree);
    filterNavigation(tree, { roles: ['user'], canRead: reading('dies') });
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('searchNavigation (spec 5)', () => {
  it('trims, ignores accents and case', () => {
    expect(searchNavigation(tree, '  MATRICES ').map((item) => item.id)).toEqual(['dies', 'die-nitriding']);
    expect(searchNavigation(tree, 'administracion')).toEqual([]);
    expect(searchNavigation(tree, 'usuários').map((item) => item.id)).toEqual(['users']);
  });
  it('returns nothing for blank text', () => {
    expect(searchNavigation(tree, '   ')).toEqual([]);
  });
  it('returns flat items without children and at most ten', () => {
    const many: NavigationItem[] = [
      {
        id: 'c',
        type: 'collapse',
        title: 'Tableros',
        children: Array.from({ length: 14 }, (_, index) => ({ id: `t${index}`, type: 'item' as const, title: `Tablero ${index}`, url: `/t/${index}` })),
      },
    ];
    const found = searchNavigation(many, 'tablero');
    expect(found).toHaveLength(10);
    expect(found[0]).toEqual({ id: 't0', type: 'item', title: 'Tablero 0', url: '/t/0' });
  });
});

describe('isUnderPath (spec 2.3)', () => {
  const dieshop = tree[0].children![0];
  it('opens a collapse when the path falls under a child', () => {
    expect(isUnderPath(dieshop, '/apps/dies/all')).toBe(true);
    expect(isUnderPath(dieshop, '/apps/dies/all/')).toBe(true);
    expect(isUnderPath(dieshop, '/apps/dies/dieResume/17?tab=2')).toBe(true);
    expect(isUnderPath(dieshop, '/apps/die-nitruring-confirm/5')).toBe(true);
    expect(isUnderPath(tree[0], '/apps/die-nitruring-confirm/5')).toBe(true);
  });
  it('does not open on a mere text prefix or another area', () => {
    expect(isUnderPath(dieshop, '/apps/diesel')).toBe(false);
    expect(isUnderPath(dieshop, '/apps/users/all')).toBe(false);
    expect(isUnderPath(dieshop, '/')).toBe(false);
  });
});

describe('linkTarget (spec 2.3)', () => {
  it('defaults to a new tab', () => {
    expect(linkTarget({ id: 'a', type: 'link', title: 'A', url: 'https://example.org' })).toBe('_blank');
    expect(linkTarget({ id: 'a', type: 'link', title: 'A', url: 'https://example.org', target: '_self' })).toBe('_self');
  });
});

describe('pageItem', () => {
  it('takes id and title from the page catalogue and is shown by the page grant', () => {
    expect(pageItem('finishes', '/apps/finish/all')).toEqual({ id: 'finishes', type: 'item', title: 'Acabados', url: '/apps/finish/all', page: 'finishes' });
    expect(pageItem('users', '/apps/users/all', { icon: 'PeopleRegular' })).toMatchObject({ title: 'Usuarios', page: 'users', icon: 'PeopleRegular' });
  });
  it('gives a declared resource its item: its page, its list and its icon', () => {
    expect(resourceNavItem(machineResource)).toEqual({
      id: 'machines',
      type: 'item',
      title: 'Máquinas',
      url: '/apps/machine/all',
      page: 'machines',
      icon: 'WrenchSettingsRegular',
    });
  });
});
