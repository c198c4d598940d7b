import {
  actionOf,
  hasPermission,
  normalizeSearchText,
  pageOf,
  PAGES,
  type EndpointDefinition,
  type PageAlias,
  type ResourceDefinition,
  type RoleName,
} from '@planta/contracts';
import { isSameOrBelow } from './route-path';

/**
 * A call a screen cannot work without (issue 37): the endpoint's access and verb. A screen is
 * offered and opened only when its viewer may make every one of them, besides reading its page.
 */
export type ScreenNeed = Pick<EndpointDefinition, 'access' | 'method'>;

/** Item types of the navigation tree (spec 2.3). */
export type NavigationItemType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

export interface NavigationBadge {
  title: string;
  /** background colour */
  bg: string;
  /** foreground colour */
  fg: string;
}

/**
 * One entry of the navigation tree (spec 2.3). For page entries `id` is the page alias of the
 * PAGES catalogue in @planta/contracts; `auth` follows `hasPermission`: absent allows everybody,
 * empty allows only users without roles, otherwise one of the roles is needed.
 */
export interface NavigationItem {
  id: string;
  type: NavigationItemType;
  title: string;
  /** i18n key; when the bundle has it, it wins over `title` */
  translate?: string;
  icon?: string;
  url?: string;
  /** the item is active only on an exact url match */
  exact?: boolean;
  badge?: NavigationBadge;
  /** link target of `link` items; see `linkTarget` for the default */
  target?: string;
  /** The roles that see the item (spec 6 role groups: guest-only and share-link entries). */
  auth?: readonly RoleName[];
  /** The page whose read grant the item needs (every product screen). */
  page?: PageAlias;
  /** What the screen it opens needs beyond reading `page`: taken from its route (`withRouteNeeds`). */
  needs?: readonly ScreenNeed[];
  children?: readonly NavigationItem[];
}

/** Spec 2.3: a link opens in a new tab unless the item says otherwise. */
export const DEFAULT_LINK_TARGET = '_blank';

export function linkTarget(item: NavigationItem): string {
  return item.target ?? DEFAULT_LINK_TARGET;
}

/**
 * The navigation item of a catalogue page: id = the page alias, title = the page's Spanish name
 * in PAGES, shown to whoever may read the page (their grants), unless `extra` says otherwise.
 */
export function pageItem(alias: PageAlias, url: string, extra: Partial<Omit<NavigationItem, 'id' | 'url' | 'children'>> = {}): NavigationItem {
  const page = PAGES.find((candidate) => candidate.alias === alias);
  if (!page) throw new Error(`Unknown page alias: ${alias}`);
  return { id: alias, type: 'item', title: page.name, url, page: alias, ...extra };
}

/** The navigation item of a declared resource: its page, its list and its icon. */
export const resourceNavItem = (resource: Pick<ResourceDefinition, 'page' | 'route' | 'icon'>): NavigationItem =>
  pageItem(resource.page, `${resource.route}/all`, { icon: resource.icon });

const isContainer = (item: NavigationItem): boolean => item.type === 'group' || item.type === 'collapse';

/** Who is looking at the navigation: their roles, and whether their grants let them read a page. */
export interface NavigationViewer {
  roles: readonly string[] | string | null | undefined;
  canRead: (page: PageAlias) => boolean;
  /** Whether their grants allow a call; without it, only reading a page counts (`canRead`). */
  canCall?: (need: ScreenNeed) => boolean;
}

/** Whether the viewer may make every call a screen needs. */
export function needsMet(viewer: NavigationViewer, needs: readonly ScreenNeed[] | undefined): boolean {
  const canCall =
    viewer.canCall ??
    ((need: ScreenNeed) => {
      const page = pageOf(need);
      return page === undefined || (actionOf(need.method) === 'read' && viewer.canRead(page));
    });
  return (needs ?? []).every(canCall);
}

/**
 * Spec 2.3: an item is shown when the viewer's roles satisfy its auth list and, for a page, their
 * grants let them read it and make every call its screen needs (issue 37: no dead ends). Groups and collapses left without visible children disappear too.
 * Returns new objects; the input is not changed.
 */
export function filterNavigation(items: readonly NavigationItem[], viewer: NavigationViewer): NavigationItem[] {
  const visible: NavigationItem[] = [];
  for (const item of items) {
    if (!hasPermission(item.auth, viewer.roles)) continue;
    if (item.page && !viewer.canRead(item.page)) continue;
    if (!needsMet(viewer, item.needs)) continue;
    if (isContainer(item)) {
      const children = filterNavigation(item.children ?? [], viewer);
      if (children.length === 0) continue;
      visible.push({ ...item, children });
    } else {
      visible.push(item.children ? { ...item, children: filterNavigation(item.children, viewer) } : item);
    }
  }
  return visible;
}

/** Spec 2.5 / 5: at most ten search suggestions. */
export const MAX_SEARCH_RESULTS = 10;

/** Every item or link of the tree, depth first, without their children. */
export function flattenNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  const flat: NavigationItem[] = [];
  const visit = (list: readonly NavigationItem[]): void => {
    for (const item of list) {
      if (item.type === 'item' || item.type === 'link') {
        const { children: _children, ...leaf } = item;
        flat.push(leaf);
      }
      if (item.children) visit(item.children);
    }
  };
  visit(items);
  return flat;
}

/**
 * Spec 5 search over navigation items: the text is trimmed, accent-stripped and compared
 * case-insensitively with the titles of the flattened tree; at most ten results. Pass the
 * role-filtered tree so that nothing hidden is suggested.
 */
export function searchNavigation(items: readonly NavigationItem[], text: string): NavigationItem[] {
  const query = normalizeSearchText(text);
  if (query === '') return [];
  return flattenNavigation(items)
    .filter((item) => item.url !== undefined && normalizeSearchText(item.title).includes(query))
    .slice(0, MAX_SEARCH_RESULTS);
}

/**
 * Whether the item's own url covers `pathname`: the url itself, a path below it, or, for a list
 * url ending in `/all`, any path below its parent (`/apps/dies/all` covers `/apps/dies/12`).
 */
function urlCovers(url: string, pathname: string): boolean {
  if (isSameOrBelow(url, pathname)) return true;
  const list = url.match(/^(.*)\/all\/?$/);
  return list !== null && list[1] !== '' && isSameOrBelow(list[1], pathname);
}

/**
 * Spec 2.3: a collapse opens by itself when the current path falls under one of its children
 * (at any depth). For a leaf it tells whether the path falls under the leaf's own url.
 */
export function isUnderPath(item: NavigationItem, pathname: string): boolean {
  if (item.type !== 'link' && item.url !== undefined && urlCovers(item.url, pathname)) return true;
  return (item.children ?? []).some((child) => isUnderPath(child, pathname));
}
