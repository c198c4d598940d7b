import { AREAS, PAGES } from '@planta/contracts';
import { filterNavigation, flattenNavigation, matchPath } from '@planta/shell-contract';
import { offeredScreens, SEED_ROLES, viewerOf } from '@planta/ui/testing';
import { ROUTES } from './module';
import { DIESHOP_NAVIGATION } from './navigation';

/** The die routes of spec 2.2. */
const SPEC_ROUTES = [
  '/apps/dies/:id',
  '/apps/die/new',
  '/apps/dies/dieResume/:dieId',
  '/apps/dies/dieResume/:dieId/:token',
  '/apps/die_enlistment/:id',
  '/apps/die-confirm-production/:id',
  '/apps/die-nitruring-confirm/:id',
  '/apps/herramental/:id',
  '/apps/corrector-kanban-board',
  '/apps/correction-kanban-board',
  '/apps/correction-record/:id',
  '/apps/correction-record/:id/:token',
  '/apps/correction-report/:id/:correctionId',
  '/apps/correction-report/:id/:correctionId/:token',
  '/apps/testCanvas/:id',
  '/apps/ia-agent/list',
  '/apps/ia-agent/upload/:id',
];
/**
 * Spec 2.3 lists "die cleaning" but spec 2.2 gives it no route; this is the one it gets. Issue 13
 * adds the profiles and the die shop's settings.
 */
const ADDED_ROUTES = ['/apps/die-cleaning/:id', '/apps/profile/:id', '/apps/dieshop-settings'];
/** Items that are screens of another page than their own id (the grants of 'dies'). */
const SCREENS_OF_PAGES: Record<string, string> = { profiles: 'dies', 'dieshop-settings': 'dies' };
const pageOf = (id: string) => SCREENS_OF_PAGES[id] ?? id;

const aliases: string[] = PAGES.map((page) => page.alias);
const items = flattenNavigation(DIESHOP_NAVIGATION);

describe('die shop navigation (spec 2.3)', () => {
  it('is the "Agile die shop" collapse, then the corrector board item', () => {
    expect(DIESHOP_NAVIGATION.map((item) => [item.id, item.type])).toEqual([
      ['dieshop', 'collapse'],
      ['corrector-board', 'item'],
    ]);
    expect(items.map((item) => item.id)).toEqual([
      'dies',
      'profiles',
      'die-nitriding',
      'die-preparation',
      // Issue 37: the daily confirmation after a run is in the menu, not only behind a link.
      'die-production-confirmation',
      'die-cleaning',
      'tooling',
      'correction-board',
      'correction-records',
      'smart-upload',
      'dieshop-settings',
      'corrector-board',
    ]);
  });
  it('uses area ids for collapses and page aliases for items', () => {
    expect(AREAS).toContain(DIESHOP_NAVIGATION[0].id);
    for (const item of items) expect(aliases).toContain(pageOf(item.id));
  });
  it('points every item at a spec route, the inventory at /apps/dies/all', () => {
    const known = [...SPEC_ROUTES, ...ADDED_ROUTES];
    for (const item of items) expect(known.some((route) => matchPath(route, item.url ?? ''))).toBe(true);
    const unspecified = items.filter((item) => !SPEC_ROUTES.some((route) => matchPath(route, item.url ?? '')));
    expect(unspecified.map((item) => item.id)).toEqual(['profiles', 'die-cleaning', 'dieshop-settings']);
    expect(items[0].url).toBe('/apps/dies/all');
  });
  it('is hidden for guests, who only reach token pages: each item is shown to whoever may read its page', () => {
    for (const item of items) expect(item.page).toBe(pageOf(item.id));
    expect(filterNavigation(DIESHOP_NAVIGATION, viewerOf(['guest']))).toEqual([]);
    expect(flattenNavigation(filterNavigation(DIESHOP_NAVIGATION, viewerOf(['user'])))).toEqual(items);
  });
});

describe('die shop menu of each role of the demo seed (issue 37: no dead ends)', () => {
  const offered = (role: string) => offeredScreens(DIESHOP_NAVIGATION, ROUTES, role);

  it("offers the die technicians (user), the lead and the administrator every screen, 'Confirmación de producción' included", () => {
    for (const role of ['user', 'staff', 'admin']) expect(offered(role)).toEqual(items.map((item) => item.id));
  });
  it('offers the quality role the dies and the correction records it reads, a guest nothing', () => {
    expect(offered('calidad')).toEqual(['dies', 'profiles', 'correction-records', 'dieshop-settings']);
    expect(offered('guest')).toEqual([]);
  });
  it('gives no seed role a screen whose page or needs its grants deny (offeredScreens asserts each)', () => {
    for (const role of SEED_ROLES) offered(role);
  });
});
