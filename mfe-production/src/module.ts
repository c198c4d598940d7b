import { extrusionEndpoints, orderEndpoints, PRODUCTION_RESOURCES, type ResourceDefinition } from '@planta/contracts';
import { screenRoutes, type PageLoader, type RemoteModule, type RemoteRoute, type ScreenNeed } from '@planta/shell-contract';
import { PRODUCTION_WIDGETS } from './dashboard/production-widgets';
import { PRODUCTION_NAVIGATION } from './navigation';

/** Catalogue screens with something of their own; every other resource gets the generic screens. */
const OWN_PAGES: Readonly<Record<string, PageLoader>> = {
  extrusionLine: () => import('./pages/extrusion-line.page'),
  shift: () => import('./pages/shifts.page'),
};
const pageOf = (resource: ResourceDefinition): PageLoader =>
  OWN_PAGES[resource.name] ?? (() => import('./pages/catalog.page').then((pages) => ({ default: pages.catalogPage(resource) })));

/**
 * What the start form cannot work without (issue 37): starting a run, and reading the open
 * orders and the presses and die copies it offers (start-options). A role that may not start a
 * run, or not read what it offers, is neither offered the form in the menu nor let in by address.
 */
export const EXTRUSION_START_NEEDS: readonly ScreenNeed[] = [extrusionEndpoints.start, orderEndpoints.hideClosedOrders, extrusionEndpoints.startOptions];

/**
 * The routes of spec 2.2 this area owns: the declared catalogue resources (`<route>` redirects to
 * its list, `<route>/:id` lists, creates and edits), then the area's own screens. Each needs the
 * read grant of its page.
 */
export const ROUTES: readonly RemoteRoute[] = [
  ...PRODUCTION_RESOURCES.flatMap((resource) => screenRoutes(resource, pageOf(resource))),
  ...screenRoutes({ route: '/apps/orders', page: 'orders' }, () => import('./pages/order-list.page')),
  { path: '/apps/extrusion/new', page: 'extrusion', needs: EXTRUSION_START_NEEDS, load: () => import('./pages/extrusion-start.page') },
  { path: '/apps/extrusion/new/:id', page: 'extrusion', redirectTo: '/apps/extrusion-line/all' },
  { path: '/apps/planning-kanban-board', page: 'planning-board', redirectTo: '/apps/planning-kanban-board/board' },
  { path: '/apps/planning-kanban-board/board', page: 'planning-board', load: () => import('./pages/planning-board.page') },
];

/** What this remote hands the shell (exposed as `./module`): its routes, navigation and dashboard widgets. */
const remoteModule: RemoteModule = { name: 'mfe_production', routes: ROUTES, navigation: PRODUCTION_NAVIGATION, widgets: PRODUCTION_WIDGETS };
export default remoteModule;
