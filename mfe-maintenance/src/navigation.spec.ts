import { AREAS, PAGES } from '@planta/contracts';
import { filterNavigation, flattenNavigation, matchPath } from '@planta/shell-contract';
import { offeredScreens, SEED_ROLES, viewerOf } from '@planta/ui/testing';
import { ROUTES } from './module';
import { MAINTENANCE_NAVIGATION } from './navigation';

/** The maintenance routes of spec 2.2. */
const SPEC_ROUTES = [
  '/apps/maintenance-dashboard/:id',
  '/apps/maintenance-dashboard/machineResume/:machineId',
  '/apps/maintenance-kanban-board',
  '/apps/failure-damage-report/:id',
  '/apps/corrective-maintenance/:id',
  '/apps/preventiveMaintenance/:id',
];

const aliases: string[] = PAGES.map((page) => page.alias);
const items = flattenNavigation(MAINTENANCE_NAVIGATION);

describe('maintenance navigation (spec 2.3)', () => {
  it('is one "Smart maintenance" collapse with the spec entries in order', () => {
    expect(MAINTENANCE_NAVIGATION.map((item) => [item.id, item.type])).toEqual([['maintenance', 'collapse']]);
    // Issue 37: the corrective and preventive screens are in the menu, not only reachable by address.
    expect(items.map((item) => item.id)).toEqual([
      'maintenance-dashboard',
      'failure-damage-report',
      'maintenance-board',
      'corrective-maintenance',
      'preventive-maintenance',
    ]);
  });
  it('uses area ids for collapses and page aliases for items', () => {
    expect(AREAS).toContain(MAINTENANCE_NAVIGATION[0].id);
    for (const item of items) expect(aliases).toContain(item.id);
  });
  it('points every item at a spec route; the failure report at its list as the shell button does', () => {
    for (const item of items) expect(SPEC_ROUTES.some((route) => matchPath(route, item.url ?? ''))).toBe(true);
    expect(items.find((item) => item.id === 'failure-damage-report')?.url).toBe('/apps/failure-damage-report/all');
  });
  it('is hidden for guests (spec 2.4, 6): each item is shown to whoever may read its page', () => {
    for (const item of items) expect(item.page).toBe(item.id);
    expect(filterNavigation(MAINTENANCE_NAVIGATION, viewerOf(['guest']))).toEqual([]);
    expect(flattenNavigation(filterNavigation(MAINTENANCE_NAVIGATION, viewerOf(['user'])))).toEqual(items);
  });
});

describe('maintenance menu of each role of the demo seed (issue 37: no dead ends)', () => {
  const offered = (role: string) => offeredScreens(MAINTENANCE_NAVIGATION, ROUTES, role);

  it('offers the operator, the lead and the administrator the corrective and preventive screens', () => {
    for (const role of ['user', 'staff', 'admin']) expect(offered(role)).toEqual(items.map((item) => item.id));
  });
  it('offers the quality role and a guest nothing of maintenance (they read none of it)', () => {
    expect(offered('calidad')).toEqual([]);
    expect(offered('guest')).toEqual([]);
  });
  it('gives no seed role a screen whose page or needs its grants deny (offeredScreens asserts each)', () => {
    for (const role of SEED_ROLES) offered(role);
  });
});
