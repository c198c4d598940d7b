import { authRoles, type Area, type PageAlias, type ResourceDefinition, type RoleName, type ShareResourceType } from '@planta/contracts';
import type { DashboardWidget } from './dashboard-widgets';
import type { NavigationItem, ScreenNeed } from './navigation';
import { matchPath } from './route-path';

/** Page layouts of spec 2.5. */
export type LayoutStyle = 'layout1' | 'layout2' | 'layout3';

/** The layout configuration sections of spec 2.5. */
export interface LayoutConfig {
  mode: 'boxed' | 'container';
  navbar: { display: boolean; folded: boolean };
  toolbar: { display: boolean; position: 'above' | 'below' };
  footer: { display: boolean; style: 'static' | 'fixed' };
  leftSidePanel: { display: boolean };
  rightSidePanel: { display: boolean };
}

/** What a route may override; the layout merges it over the defaults (spec 2.5). */
export type LayoutConfigOverrides = {
  [K in keyof LayoutConfig]?: LayoutConfig[K] extends object ? Partial<LayoutConfig[K]> : LayoutConfig[K];
};

export interface RouteSettings {
  layout?: { style?: LayoutStyle; config?: LayoutConfigOverrides };
}

/** A page that stands alone: no navbar, toolbar, footer or side panels (the sign-in and share-link pages). */
export const NO_CHROME: RouteSettings = {
  layout: {
    config: {
      navbar: { display: false },
      toolbar: { display: false },
      footer: { display: false },
      leftSidePanel: { display: false },
      rightSidePanel: { display: false },
    },
  },
};

/** Lazy page loader: the page module's default export is the component (React, at run time). */
export type PageLoader = () => Promise<{ default: unknown }>;

/**
 * Who may open a route: the holders of a page's read grant (every product screen), or the roles
 * of a spec 6 group (`null`: everybody; empty: only users without roles; spec 2.1) for the
 * sign-in pages, share-link pages and the welcome page.
 */
export type RouteAccessRule = { page: PageAlias; auth?: undefined } | { auth: readonly RoleName[] | null; page?: undefined };

/** The route parameter of a share-link page that holds the share token (spec 2.2 `/:token`). */
export const SHARE_TOKEN_PARAM = 'token';

/**
 * What a share-link page shows (spec 2.2 and 6): the one resource of `type` whose id is the route
 * parameter `param`. The shell signs the visitor in with the route's `:token` before the guard runs.
 */
export interface ShareLink {
  type: ShareResourceType;
  param: string;
}

/**
 * A route's metadata: path pattern (`:id` params), who may open it, layout settings, for a
 * share-link page what it shares, and the calls its screen cannot work without beyond reading its
 * page (`needs`, issue 37): declared once here, they decide both the guard and the menu item.
 */
export type RouteDefinition = { path: string; settings?: RouteSettings; share?: ShareLink; needs?: readonly ScreenNeed[] } & RouteAccessRule;

/** A route a remote owns: its metadata plus the page, loaded only when visited, or a redirect. */
export type RemoteRoute = RouteDefinition & ({ load: PageLoader; redirectTo?: undefined } | { redirectTo: string; load?: undefined });

/**
 * The routes of a screen with a list and records (every declared resource, and the area screens
 * of the same pattern): `<route>` redirects to `<route>/all`; `<route>/:id` is its page (the list
 * at `all`, a new record at `new`, a record by its id), for whoever may read `page`.
 */
export function screenRoutes(screen: Pick<ResourceDefinition, 'route' | 'page'>, load: PageLoader): RemoteRoute[] {
  return [
    { path: screen.route, page: screen.page, redirectTo: `${screen.route}/all` },
    { path: `${screen.route}/:id`, page: screen.page, load },
  ];
}

/**
 * A share-link page (spec 2.2 `.../:token`): open to guests (spec 6), standing alone without the
 * portal's chrome (a share session may call nothing but its one resource), signed in by the shell
 * with the token before the route guard decides.
 */
export function shareRoute(path: string, share: ShareLink, load: PageLoader): RemoteRoute {
  const segments = path.split('/');
  if (segments.at(-1) !== `:${SHARE_TOKEN_PARAM}` || !segments.includes(`:${share.param}`))
    throw new Error(`shareRoute: ${path} must end in /:${SHARE_TOKEN_PARAM} and hold :${share.param}`);
  return { path, auth: authRoles.guest, share, settings: NO_CHROME, load };
}

/** What a remote's exposed module (`./module`) describes to the shell. */
export interface RemoteModule {
  /** federation container name, e.g. `mfe_production` */
  name: string;
  routes: readonly RemoteRoute[];
  /** top-level entries: a collapse or item joins "Applications"; a group stands on its own */
  navigation: readonly NavigationItem[];
  widgets?: readonly DashboardWidget[];
}

/** Anything that contributes navigation: a remote, or the shell itself (its dashboards). */
export type NavigationSource = Pick<RemoteModule, 'name' | 'navigation'>;

/** Order of the "Applications" group (spec 2.3); entries not listed follow in arrival order. */
export const APPLICATIONS_ORDER = ['dashboards', 'production', 'maintenance', 'dieshop', 'corrector-board'] as const satisfies readonly (Area | PageAlias)[];

export const APPLICATIONS_GROUP_ID = 'applications';

function contributions(sources: readonly NavigationSource[], wantGroups: boolean): NavigationItem[] {
  const seen = new Set<string>();
  const items: NavigationItem[] = [];
  for (const source of sources) {
    for (const item of source.navigation) {
      if ((item.type === 'group') !== wantGroups || seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/**
 * The "Applications" group from what the sources contribute, in the order of spec 2.3:
 * Dashboards, Agile production, Smart maintenance, Agile die shop, the corrector board. A
 * source that failed to load simply contributes nothing; a repeated id keeps its first entry.
 */
export function composeApplicationsGroup(sources: readonly NavigationSource[]): NavigationItem {
  const order: readonly string[] = APPLICATIONS_ORDER;
  const rank = (item: NavigationItem): number => {
    const index = order.indexOf(item.id);
    return index === -1 ? order.length : index;
  };
  const children = contributions(sources, false)
    .map((item, arrival) => ({ item, arrival }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.arrival - b.arrival)
    .map(({ item }) => item);
  return { id: APPLICATIONS_GROUP_ID, type: 'group', title: 'Aplicaciones', children };
}

/** The whole tree: the "Applications" group, then the groups the sources contribute. */
export function composeNavigation(sources: readonly NavigationSource[]): NavigationItem[] {
  return [composeApplicationsGroup(sources), ...contributions(sources, true)];
}

const staticSegments = (path: string) => path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;

/**
 * The route that renders an address: the matching route with the most fixed segments
 * (`/apps/extrusion/new` before `/apps/extrusion/:id`), followed through redirects.
 */
export function routeForUrl(routes: readonly RemoteRoute[], url: string): RemoteRoute | undefined {
  let wanted = url;
  for (let hops = 0; hops < 4; hops += 1) {
    const route = routes.filter((candidate) => matchPath(candidate.path, wanted)).sort((a, b) => staticSegments(b.path) - staticSegments(a.path))[0];
    if (!route?.redirectTo) return route;
    wanted = route.redirectTo;
  }
  return undefined;
}

/** The tree with each item carrying the needs of the route its address opens (issue 37: declared once, on the route). */
export function withRouteNeeds(items: readonly NavigationItem[], routes: readonly RemoteRoute[]): NavigationItem[] {
  return items.map((item) => {
    const needs = item.url && item.type !== 'link' ? routeForUrl(routes, item.url)?.needs : undefined;
    const children = item.children ? withRouteNeeds(item.children, routes) : undefined;
    return { ...item, ...(needs && needs.length > 0 ? { needs } : {}), ...(children ? { children } : {}) };
  });
}
