import { AREAS, PAGES } from '@planta/contracts';
import { filterNavigation, flattenNavigation, matchPath } from '@planta/shell-contract';
import { offeredScreens, SEED_ROLES, seedViewer, viewerOf } from '@planta/ui/testing';
import { EXTRUSION_START_NEEDS, ROUTES } from './module';
import { PRODUCTION_NAVIGATION } from './navigation';

/** The production routes of spec 2.2, and the order list (issue 9). */
const SPEC_ROUTES = [
  '/apps/extrusion-line/:id',
  '/apps/extrusion/new',
  '/apps/extrusion/new/:id',
  '/apps/planning-kanban-board',
  '/apps/planning-kanban-board/board',
  '/apps/shifts/:id',
  '/apps/finish/:id',
  '/apps/aluminum-alloy/:id',
  '/apps/machine/:id',
  '/apps/orders/:id',
];

const aliases: string[] = PAGES.map((page) => page.alias);
const items = flattenNavigation(PRODUCTION_NAVIGATION);

describe('production navigation (spec 2.3)', () => {
  it('is one "Agile production" collapse with the spec entries in order, then the rest of the catalogue', () => {
    expect(PRODUCTION_NAVIGATION.map((item) => [item.id, item.type])).toEqual([['production', 'collapse']]);
    expect(items.map((item) => item.title)).toEqual([
      'Líneas de extrusión',
      'Tablero de producción',
      'Turnos de producción',
      'Acabados',
      'Extrusión',
      'Órdenes de producción',
      'Aleaciones de aluminio',
      'Máquinas',
    ]);
  });
  it('uses area ids for collapses and page aliases for items', () => {
    expect(AREAS).toContain(PRODUCTION_NAVIGATION[0].id);
    for (const item of items) expect(aliases).toContain(item.id);
    expect(items.every((item) => PAGES.find((page) => page.alias === item.id)?.area === 'production')).toBe(true);
  });
  it('points every item at a spec route', () => {
    for (const item of items) expect(SPEC_ROUTES.some((route) => matchPath(route, item.url ?? ''))).toBe(true);
  });
  it('shows each item to whoever may read its page: plant staff by default, not guests', () => {
    for (const item of items) expect(item.page).toBe(item.id);
    expect(filterNavigation(PRODUCTION_NAVIGATION, viewerOf(['guest']))).toEqual([]);
    expect(filterNavigation(PRODUCTION_NAVIGATION, viewerOf([]))).toEqual([]);
    expect(flattenNavigation(filterNavigation(PRODUCTION_NAVIGATION, viewerOf(['user'])))).toEqual(items);
  });
});

describe('production menu of each role of the demo seed (issue 37: no dead ends)', () => {
  const offered = (role: string) => offeredScreens(PRODUCTION_NAVIGATION, ROUTES, role);

  it('offers the operator, the lead and the administrator every production screen, the start form included', () => {
    for (const role of ['user', 'staff', 'admin']) expect(offered(role)).toEqual(items.map((item) => item.id));
  });
  it("offers the quality role what it reads, but not 'Iniciar extrusión': it may neither read the lines nor start a run", () => {
    expect(offered('calidad')).toEqual(['planning-board', 'orders']);
    expect(seedViewer('calidad').canRead('extrusion')).toBe(true);
    expect(EXTRUSION_START_NEEDS.every((need) => seedViewer('calidad').canCall!(need))).toBe(false);
  });
  it('offers a guest nothing', () => {
    expect(offered('guest')).toEqual([]);
  });
  it('gives no seed role a screen whose page or needs its grants deny (offeredScreens asserts each)', () => {
    for (const role of SEED_ROLES) offered(role);
  });
});
