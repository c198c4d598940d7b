/** The four roles of spec section 6. An empty role list means "not signed in". */
export const ROLES = ['admin', 'staff', 'user', 'guest'] as const;
export type RoleName = (typeof ROLES)[number];

/** Role groups of spec section 6; `onlyGuest` (empty) admits only users without any role. */
export const authRoles = {
  admin: ['admin'],
  staff: ['admin', 'staff'],
  user: ['admin', 'staff', 'user'],
  guest: ['admin', 'staff', 'user', 'guest'],
  onlyGuest: [],
} as const satisfies Record<string, readonly RoleName[]>;

/** Routes without their own auth list default to this group (spec 6). */
export const defaultRouteAuth = authRoles.user;

/**
 * How a role reads in the role groups: a built-in role as itself; a company's own role (issue 11)
 * as `user`, since it is held by plant staff signed in with their own account; what they may do
 * on each screen is what its page grants say.
 */
export const roleGroupOf = (role: string): RoleName => ((ROLES as readonly string[]).includes(role) ? (role as RoleName) : 'user');

/**
 * Spec 2.1: no requirement allows everybody; an empty requirement allows only users
 * without roles; otherwise at least one role must match.
 */
export function hasPermission(required: readonly string[] | null | undefined, userRoles: readonly string[] | string | null | undefined): boolean {
  if (required === null || required === undefined) return true;
  const roles = userRoles === null || userRoles === undefined ? [] : Array.isArray(userRoles) ? userRoles : [userRoles];
  if (required.length === 0) return roles.length === 0;
  return roles.some((role) => required.includes(roleGroupOf(role)));
}

/**
 * Whether these roles make their holder one of the company's people (spec 6 group `user`: admin,
 * staff, user or a company's own role), not a guest only (issue 36). The `colleague` endpoints
 * (chat, presence, share links) and the company's live events are theirs; a guest account reads
 * only what is shared with it or granted to its role.
 */
export const isColleague = (roles: readonly string[] | string | null | undefined): boolean => hasPermission(authRoles.user, roles);
