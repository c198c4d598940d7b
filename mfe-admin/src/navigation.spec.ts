import { PAGES } from '@planta/contracts';
import { filterNavigation, flattenNavigation, matchPath } from '@planta/shell-contract';
import { viewerOf } from '@planta/ui/testing';
import { ADMIN_NAVIGATION } from './navigation';

/** The administration routes of spec 2.2, the audit trail issue 11 adds and the share links issue 36 adds. */
const SPEC_ROUTES = [
  '/apps/company/:id',
  '/apps/role/:id',
  '/apps/page/:id',
  '/apps/page-role/:id',
  '/apps/users/:id',
  '/apps/audit/:id',
  '/apps/share-links/:id',
];

const items = flattenNavigation(ADMIN_NAVIGATION);

describe('administration navigation', () => {
  it('is a group of its own with every administration page', () => {
    expect(ADMIN_NAVIGATION.map((item) => [item.id, item.type])).toEqual([['administration', 'group']]);
    const adminPages = PAGES.filter((page) => page.area === 'administration').map((page) => page.alias);
    expect(items.map((item) => item.id)).toEqual(adminPages);
  });
  it('points every item at the list of a spec route, of the audit trail or of the share links', () => {
    for (const item of items) {
      expect(item.url).toMatch(/\/all$/);
      expect(SPEC_ROUTES.some((route) => matchPath(route, item.url ?? ''))).toBe(true);
    }
  });
  it('is shown to whoever may read its pages: admins by default', () => {
    expect(filterNavigation(ADMIN_NAVIGATION, viewerOf(['admin']))).toHaveLength(1);
    for (const role of ['staff', 'user', 'guest']) expect(filterNavigation(ADMIN_NAVIGATION, viewerOf([role]))).toEqual([]);
    expect(filterNavigation(ADMIN_NAVIGATION, { roles: ['user'], canRead: (page) => page === 'users' })[0].children?.map((item) => item.id)).toEqual(['users']);
  });
});
