import { authRoles } from '@planta/contracts';
import { NO_CHROME, type RouteDefinition } from '@planta/shell-contract';

/**
 * The routes this remote owns (spec 2.1 and 2.2), standing alone without the chrome. /login, /register and /callback are for
 * guests only (an empty auth list: signed-in users are sent to the root); /logout is for any
 * signed-in user, whatever the role, the guest role included; the pages of one-time links for
 * anybody.
 */
export const AUTH_ROUTES: readonly RouteDefinition[] = [
  { path: '/login', auth: authRoles.onlyGuest, settings: NO_CHROME },
  { path: '/register', auth: authRoles.onlyGuest, settings: NO_CHROME },
  { path: '/callback', auth: authRoles.onlyGuest, settings: NO_CHROME },
  { path: '/logout', auth: authRoles.guest, settings: NO_CHROME },
  // Any signed-in user, from the user menu: changing it ends their other sessions.
  { path: '/change-password', auth: authRoles.guest, settings: NO_CHROME },
  // Anybody (issue 36): a one-time link is followed signed in or not; using it opens the person's own session.
  { path: '/invitation', auth: null, settings: NO_CHROME },
  { path: '/reset-password', auth: null, settings: NO_CHROME },
];

/** Paths a signed-in user may not visit (spec 2.1). */
export const GUEST_ONLY_PATHS: readonly string[] = AUTH_ROUTES.filter((route) => route.auth?.length === 0).map((route) => route.path);
