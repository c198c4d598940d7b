import { defaultRouteAuth, hasPermission, type EndpointDefinition, type PageAlias } from '@planta/contracts';
import { canCall, canOn, type GrantsState } from './grants';

/**
 * A route's auth list: `undefined` (not declared) takes the default group admin, staff, user
 * (spec 6); `null` explicitly opens the route to everybody; `[]` (authRoles.onlyGuest) admits only
 * users without roles; otherwise one of the roles is needed (spec 2.1).
 */
export type RouteAuth = readonly string[] | null | undefined;
export type UserRoles = readonly string[] | string | null | undefined;

/** Guest-only routes (spec 2.2): signed-in users are sent away from them. */
export const GUEST_ONLY_PATHS = ['/login', '/register', '/callback'] as const;
/** Where a signed-in user lands when nothing was remembered (spec 2.2: / → welcome dashboard). */
export const DEFAULT_AFTER_LOGIN_URL = '/apps/dashboards/welcome';
export const LOGIN_PATH = '/login';
export const ROOT_PATH = '/';

/** The auth list that applies to a route (the default group when it declares none). */
export function resolveRouteAuth(routeAuth: RouteAuth): readonly string[] | null {
  return routeAuth === undefined ? defaultRouteAuth : routeAuth;
}

/** Spec 2.1 / 6: may a user with these roles open a route with this auth list? */
export function routeAccess(routeAuth: RouteAuth, userRoles: UserRoles): boolean {
  return hasPermission(resolveRouteAuth(routeAuth), userRoles);
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * A remembered URL worth going back to: a same-origin path (no `//host`, no scheme) that is not a
 * guest-only page nor /logout (which would sign the user out again right after signing in).
 */
export function usableRememberedUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  const path = pathOf(url);
  if ((GUEST_ONLY_PATHS as readonly string[]).includes(path) || path === '/logout') return null;
  return url;
}

export interface GuardInput {
  pathname: string;
  /** `location.search` and `location.hash`, kept in the remembered URL */
  search?: string;
  hash?: string;
  routeAuth: RouteAuth;
  roles: UserRoles;
  rememberedUrl?: string | null;
}

export interface GuardRedirect {
  /** where to navigate (replace) */
  to: string;
  /** the URL to remember for after sign-in (only when sending a guest to /login) */
  remember?: string;
  /** true when `to` is the remembered URL: forget it once there */
  forget?: true;
  /** true when a signed-in user was sent away from an address they may not open: the shell says so (issue 37) */
  forbidden?: true;
}

function hasRoles(roles: UserRoles): boolean {
  if (roles === null || roles === undefined) return false;
  return Array.isArray(roles) ? roles.length > 0 : roles !== '';
}

/**
 * Spec 2.1: null when the route may be rendered; otherwise where to go.
 * - no role and no access → /login, remembering the wanted URL;
 * - a role and no access → the remembered URL, or / (this includes signed-in users on the
 *   guest-only routes /login, /register, /callback: right after signing in they are sent on to
 *   the URL they wanted, otherwise to /).
 */
export function guardRedirect(input: GuardInput): GuardRedirect | null {
  if (routeAccess(input.routeAuth, input.roles)) return null;
  if (!hasRoles(input.roles)) {
    const wanted = `${input.pathname}${input.search ?? ''}${input.hash ?? ''}`;
    const remember = usableRememberedUrl(wanted);
    return remember ? { to: LOGIN_PATH, remember } : { to: LOGIN_PATH };
  }
  // Signed-in users leave the sign-in pages as expected; any other address they may not open is forbidden.
  const forbidden: { forbidden?: true } = (GUEST_ONLY_PATHS as readonly string[]).includes(pathOf(input.pathname)) ? {} : { forbidden: true };
  const remembered = usableRememberedUrl(input.rememberedUrl);
  if (remembered && pathOf(remembered) !== pathOf(input.pathname)) return { to: remembered, forget: true, ...forbidden };
  // a remembered URL that is this very page would loop: drop it and go to the root
  return remembered ? { to: ROOT_PATH, forget: true, ...forbidden } : { to: ROOT_PATH, ...forbidden };
}

/** Where to go after a successful sign-in: the remembered URL, or the welcome dashboard. */
export function afterLoginTarget(rememberedUrl: string | null | undefined): string {
  return usableRememberedUrl(rememberedUrl) ?? DEFAULT_AFTER_LOGIN_URL;
}

export interface RouteDecisionInput extends GuardInput {
  /** The page whose read grant the route needs (product screens); role groups when absent. */
  page?: PageAlias;
  /** The calls the route's screen cannot work without, beyond reading `page` (issue 37). */
  needs?: readonly Pick<EndpointDefinition, 'access' | 'method'>[];
  grants: GrantsState;
}

/**
 * What the route guard does with a route (spec 2.1 and architecture.md "Permissions in the UI"):
 * - `render` it; `wait` while the signed-in user's grants are being fetched; `failed` when they
 *   could not be;
 * - `redirect` as spec 2.1 says: without a role to /login remembering the URL, with a role but no
 *   access to the remembered URL or /.
 * A page route needs a signed-in user whose grants let them read the page and make every call its
 * screen needs; any other route is decided by its role group. A signed-in user sent away from an
 * address (not a sign-in page) is told so (`forbidden`).
 */
export type RouteDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'failed'; message: string } | ({ kind: 'redirect' } & GuardRedirect);

export function routeDecision(input: RouteDecisionInput): RouteDecision {
  if (input.page === undefined) {
    const redirect = guardRedirect(input);
    return redirect ? { kind: 'redirect', ...redirect } : { kind: 'render' };
  }
  // Not signed in: the role rule sends the user to /login (an empty group admits nobody with a role).
  if (!hasRoles(input.roles)) return { kind: 'redirect', ...guardRedirect({ ...input, routeAuth: defaultRouteAuth })! };
  if (input.grants.status === 'none' || input.grants.status === 'loading') return { kind: 'wait' };
  if (input.grants.status === 'failed') return { kind: 'failed', message: input.grants.message };
  if (canOn(input.grants, input.page, 'read') && (input.needs ?? []).every((need) => canCall(input.grants, need))) return { kind: 'render' };
  // Signed in without the grant: as a role that the route does not admit (remembered URL, or /).
  return { kind: 'redirect', ...guardRedirect({ ...input, routeAuth: [] })! };
}
