import { DEMO_QUALITY_ROLE, PAGES, type CrudGrant, type PageAlias } from '@planta/contracts';
import {
  filterNavigation,
  flattenNavigation,
  routeForUrl,
  withRouteNeeds,
  type NavigationItem,
  type NavigationViewer,
  type RemoteRoute,
} from '@planta/shell-contract';
import { canCall, type GrantsState } from '@planta/session';
import { defaultGrantsOf } from './render-page';

const NOTHING: CrudGrant = { read: false, insert: false, update: false, delete: false };

/** What each role of the demo seed holds on each page: the built-in roles' defaults, and the quality role's reads. */
export function seedGrantsOf(role: string): Record<string, CrudGrant> {
  if (role !== DEMO_QUALITY_ROLE.name) return defaultGrantsOf([role]);
  const reads: readonly string[] = DEMO_QUALITY_ROLE.reads;
  return Object.fromEntries(PAGES.map((page) => [page.alias, reads.includes(page.alias) ? { ...NOTHING, read: true } : NOTHING]));
}

/** Every role of the demo seed (the accounts of the README and the quality inspector). */
export const SEED_ROLES = ['admin', 'staff', 'user', 'guest', DEMO_QUALITY_ROLE.name] as const;

/** A navigation viewer holding a seed role's grants: reading pages and making calls. */
export function seedViewer(role: string): NavigationViewer {
  const state: GrantsState = { status: 'ready', companyId: 1, grants: seedGrantsOf(role), colleague: role !== 'guest' };
  return { roles: [role], canRead: (page: PageAlias) => canCall(state, { access: { page }, method: 'GET' }), canCall: (need) => canCall(state, need) };
}

/**
 * The screens a role's menu offers from this navigation (its routes' needs attached, as the shell
 * does), each checked: its route reads a page the role may read and every call it needs is granted.
 */
export function offeredScreens(navigation: readonly NavigationItem[], routes: readonly RemoteRoute[], role: string): string[] {
  const viewer = seedViewer(role);
  const offered = flattenNavigation(filterNavigation(withRouteNeeds(navigation, routes), viewer)).filter((item) => item.url);
  for (const item of offered) {
    const route = routeForUrl(routes, item.url!);
    expect([role, item.id, route?.path !== undefined]).toEqual([role, item.id, true]);
    if (route?.page) expect([role, item.id, viewer.canRead(route.page)]).toEqual([role, item.id, true]);
    for (const need of route?.needs ?? []) expect([role, item.id, need, viewer.canCall!(need)]).toEqual([role, item.id, need, true]);
  }
  return offered.map((item) => item.id);
}
