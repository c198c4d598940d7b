import { authRoles } from '@planta/contracts';
import {
  filterNavigationByRole,
  flattenNavigation,
  isUnderPath,
  linkTarget,
  normalizeSearchText,
  pageItem,
  searchNavigation,
  type NavigationItem,
} from './navigation';

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
          { id: 'dies', type: 'item', title: 'Inventario de matrices', url: '/apps/dies/all', auth: authRoles.user },
          { id: 'die-nitriding', type: 'item', title: 'Nitrurado de matrices', url: '/apps/die-nitruring-confirm/all', auth: authRoles.staff },
        ],
      },
      {
        id: 'administration',
        type: 'collapse',
        title: 'Administración',
        children: [{ id: 'users', type: 'item', title: 'Usuarios', url: '/apps/users/all', auth: authRoles.admin }],
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
    children: [{ id: 'roles', type: 'item', title: 'Roles', url: '/apps/role/all' }],
  },
];

const ids = (items: readonly NavigationItem[]): string[] => flattenNavigation(items).map((item) => item.id);

describe('filterNavigationByRole (spec 2.3)', () => {
  it('keeps only what the roles allow and drops emptied collapses and groups', () => {
    const visible = filterNavigationByRole(tree, ['user']);
    expect(ids(visible)).toEqual(['dies', 'manual']);
    expect(visible.map((item) => item.id)).toEqual(['applications']);
    expect(visible[0].children?.map((item) => item.id)).toEqual(['dieshop', 'manual']);
  });
  it('shows everything an admin may see', () => {
    expect(ids(filterNavigationByRole(tree, 'admin'))).toEqual(['dies', 'die-nitriding', 'users', 'manual', 'roles']);
  });
  it('shows guest-only entries only without roles', () => {
    expect(ids(filterNavigationByRole(tree, []))).toEqual(['login', 'manual']);
    expect(ids(filterNavigationByRole(tree, null))).toEqual(['login', 'manual']);
    expect(ids(filterNavigationByRole(tree, ['guest']))).toEqual(['manual']);
  });
  it('removes a collapse that had no children at all and keeps dividers', () => {
    const items: NavigationItem[] = [
      { id: 'empty', type: 'collapse', title: 'Vacío' },
      { id: 'line', type: 'divider', title: '' },
    ];
    expect(filterNavigationByRole(items, ['admin']).map((item) => item.id)).toEqual(['line']);
  });
  it('does not change its input', () => {
    const before = JSON.stringify(tree);
    filterNavigationByRole(tree, ['user']);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('searchNavigation (spec 5)', () => {
  it('trims, ignores accents and case', () => {
    expect(searchNavigation(tree, '  MATRICES ').map((item) => item.id)).toEqual(['dies', 'die-nitriding']);
    expect(searchNavigation(tree, 'administracion')).toEqual([]);
    expect(searchNavigation(tree, 'usuários').map((item) => item.id)).toEqual(['users']);
    expect(normalizeSearchText(' Líneas de Extrusión ')).toBe('lineas de extrusion');
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
  it('takes id and title from the page catalogue and the default route group', () => {
    expect(pageItem('finishes', '/apps/finish/all')).toEqual({
      id: 'finishes',
      type: 'item',
      title: 'Acabados',
      url: '/apps/finish/all',
      auth: authRoles.user,
    });
    expect(pageItem('users', '/apps/users/all', { auth: authRoles.admin, icon: 'PeopleRegular' })).toMatchObject({
      title: 'Usuarios',
      auth: ['admin'],
      icon: 'PeopleRegular',
    });
  });
});
