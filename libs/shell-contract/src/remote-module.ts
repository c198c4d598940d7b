import type { Area, PageAlias, ResourceDefinition, RoleName } from '@planta/contracts';
import type { NavigationItem } from './navigation';

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

/** Lazy page loader: the page module's default export is the component (React, at run time). */
export type PageLoader = () => Promise<{ default: unknown }>;

/** A route's metadata: path pattern (`:id` params), auth list (spec 2.1) and layout settings. */
/**
 * Who may open a route: the holders of a page's read grant (every product screen), or the roles
 * of a spec 6 group (`null`: everybody; empty: only users without roles; spec 2.1) for the
 * sign-in pages, share-link pages and the welcome page.
 */
export type RouteAccessRule = { page: PageAlias; auth?: undefined } | { auth: readonly RoleName[] | null; page?: undefined };

/** A route's metadata: path pattern (`:id` params), who may open it, and layout settings. */
export type RouteDefinition = { path: string; settings?: RouteSettings } & RouteAccessRule;

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

/** A widget a remote offers to the shell's dashboards. */
export interface DashboardWidget {
  id: string;
  title: string;
  auth?: readonly RoleName[];
  load: PageLoader;
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
