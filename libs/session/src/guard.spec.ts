import { authRoles } from '@planta/contracts';
import { afterLoginTarget, guardRedirect, routeAccess, routeDecision, usableRememberedUrl } from './guard';
import type { GrantsState } from './grants';

describe('routeAccess (spec 2.1 and 6)', () => {
  it('applies the default group admin, staff, user to routes without an auth list', () => {
    expect(routeAccess(undefined, ['admin'])).toBe(true);
    expect(routeAccess(undefined, ['staff'])).toBe(true);
    expect(routeAccess(undefined, ['user'])).toBe(true);
    expect(routeAccess(undefined, ['guest'])).toBe(false);
    expect(routeAccess(undefined, [])).toBe(false);
  });

  it('opens a route with an explicit null auth to everybody', () => {
    expect(routeAccess(null, [])).toBe(true);
    expect(routeAccess(null, ['guest'])).toBe(true);
    expect(routeAccess(null, ['admin'])).toBe(true);
  });

  it('admits only users without roles to an empty list (onlyGuest)', () => {
    expect(routeAccess(authRoles.onlyGuest, [])).toBe(true);
    expect(routeAccess(authRoles.onlyGuest, null)).toBe(true);
    expect(routeAccess(authRoles.onlyGuest, ['guest'])).toBe(false);
    expect(routeAccess(authRoles.onlyGuest, ['admin'])).toBe(false);
  });

  it('needs at least one matching role otherwise', () => {
    expect(routeAccess(authRoles.admin, ['admin'])).toBe(true);
    expect(routeAccess(authRoles.admin, ['staff', 'user'])).toBe(false);
    expect(routeAccess(authRoles.staff, ['user', 'staff'])).toBe(true);
    expect(routeAccess(authRoles.guest, ['guest'])).toBe(true);
    expect(routeAccess(authRoles.guest, [])).toBe(false);
    expect(routeAccess(authRoles.user, 'user')).toBe(true);
  });
});

describe('guardRedirect (spec 2.1)', () => {
  it('renders when the role is allowed', () => {
    expect(guardRedirect({ pathname: '/apps/dies/all', routeAuth: undefined, roles: ['user'], rememberedUrl: '/apps/x' })).toBeNull();
    expect(guardRedirect({ pathname: '/apps/dies/dieResume/3/tok', routeAuth: authRoles.guest, roles: ['guest'] })).toBeNull();
    expect(guardRedirect({ pathname: '/login', routeAuth: authRoles.onlyGuest, roles: [] })).toBeNull();
    expect(guardRedirect({ pathname: '/pages/errors/error-404', routeAuth: null, roles: [] })).toBeNull();
  });

  it('sends a user without role to /login, remembering the wanted URL', () => {
    expect(guardRedirect({ pathname: '/apps/dies/all', search: '?q=A', hash: '#top', routeAuth: undefined, roles: [] })).toEqual({
      to: '/login',
      remember: '/apps/dies/all?q=A#top',
    });
    expect(guardRedirect({ pathname: '/apps/company/all', routeAuth: authRoles.admin, roles: null })).toEqual({ to: '/login', remember: '/apps/company/all' });
  });

  it('does not remember /logout (it would sign the user out again after signing in)', () => {
    expect(guardRedirect({ pathname: '/logout', routeAuth: authRoles.guest, roles: [] })).toEqual({ to: '/login' });
  });

  it('sends a user with a role but no access to the remembered URL, or to /, saying it was forbidden (issue 37)', () => {
    expect(guardRedirect({ pathname: '/apps/company/all', routeAuth: authRoles.admin, roles: ['user'], rememberedUrl: '/apps/dies/all' })).toEqual({
      to: '/apps/dies/all',
      forget: true,
      forbidden: true,
    });
    expect(guardRedirect({ pathname: '/apps/company/all', routeAuth: authRoles.admin, roles: ['user'] })).toEqual({ to: '/', forbidden: true });
    expect(guardRedirect({ pathname: '/apps/company/all', routeAuth: authRoles.admin, roles: ['user'], rememberedUrl: null })).toEqual({
      to: '/',
      forbidden: true,
    });
  });

  it('never loops back to the denied page itself nor follows a foreign URL', () => {
    expect(guardRedirect({ pathname: '/apps/company/all', routeAuth: authRoles.admin, roles: ['user'], rememberedUrl: '/apps/company/all?x=1' })).toEqual({
      to: '/',
      forget: true,
      forbidden: true,
    });
    expect(guardRedirect({ pathname: '/apps/company/all', routeAuth: authRoles.admin, roles: ['user'], rememberedUrl: '//evil.example/x' })).toEqual({
      to: '/',
      forbidden: true,
    });
  });

  it.each(['/login', '/register', '/callback'])('sends signed-in users away from the guest-only route %s', (pathname) => {
    for (const roles of [['admin'], ['staff'], ['user'], ['guest']]) {
      expect(guardRedirect({ pathname, routeAuth: authRoles.onlyGuest, roles })).toEqual({ to: '/' });
    }
    // right after signing in on /login the user goes on to the URL wanted before
    expect(guardRedirect({ pathname, routeAuth: authRoles.onlyGuest, roles: ['user'], rememberedUrl: '/apps/dies/all' })).toEqual({
      to: '/apps/dies/all',
      forget: true,
    });
  });
});

describe('afterLoginTarget', () => {
  it('goes to the remembered URL, or to the welcome dashboard', () => {
    expect(afterLoginTarget('/apps/dies/all?page=2')).toBe('/apps/dies/all?page=2');
    expect(afterLoginTarget(null)).toBe('/apps/dashboards/welcome');
    expect(afterLoginTarget(undefined)).toBe('/apps/dashboards/welcome');
  });

  it('ignores guest-only pages, /logout and anything off this origin', () => {
    for (const url of ['/login', '/register?x', '/callback/', '/logout', 'https://evil.example', '//evil.example', '/\\evil.example', '']) {
      expect(usableRememberedUrl(url)).toBeNull();
      expect(afterLoginTarget(url)).toBe('/apps/dashboards/welcome');
    }
  });
});

describe('routeDecision (page grants)', () => {
  const ready = (read: boolean): GrantsState => ({
    status: 'ready',
    companyId: 1,
    grants: { machines: { read, insert: false, update: false, delete: false } },
    colleague: true,
  });
  const base = { pathname: '/apps/machine/all', routeAuth: undefined, page: 'machines' as const };

  it('renders a page route for a signed-in user who may read the page, whatever the role', () => {
    expect(routeDecision({ ...base, roles: ['guest'], grants: ready(true) })).toEqual({ kind: 'render' });
    expect(routeDecision({ ...base, roles: ['custom-role'], grants: ready(true) })).toEqual({ kind: 'render' });
  });
  it('sends a user without the grant to the remembered URL or /, and one without a role to /login', () => {
    expect(routeDecision({ ...base, roles: ['admin'], grants: ready(false) })).toEqual({ kind: 'redirect', to: '/', forbidden: true });
    expect(routeDecision({ ...base, roles: ['admin'], grants: ready(false), rememberedUrl: '/apps/shifts/all' })).toEqual({
      kind: 'redirect',
      to: '/apps/shifts/all',
      forget: true,
      forbidden: true,
    });
    expect(routeDecision({ ...base, roles: [], grants: { status: 'none' } })).toEqual({ kind: 'redirect', to: '/login', remember: '/apps/machine/all' });
  });
  it("needs every call the route's screen needs, besides reading its page (issue 37)", () => {
    const lines = { access: { page: 'extrusion-line' as const }, method: 'GET' as const };
    const start = { access: { page: 'machines' as const }, method: 'POST' as const };
    const reads = (insert: boolean, lineRead: boolean): GrantsState => ({
      status: 'ready',
      companyId: 1,
      grants: {
        machines: { read: true, insert, update: false, delete: false },
        'extrusion-line': { read: lineRead, insert: false, update: false, delete: false },
      },
      colleague: true,
    });
    expect(routeDecision({ ...base, needs: [lines, start], roles: ['user'], grants: reads(true, true) })).toEqual({ kind: 'render' });
    expect(routeDecision({ ...base, needs: [lines, start], roles: ['calidad'], grants: reads(false, true) })).toEqual({
      kind: 'redirect',
      to: '/',
      forbidden: true,
    });
    expect(routeDecision({ ...base, needs: [lines, start], roles: ['calidad'], grants: reads(true, false) })).toEqual({
      kind: 'redirect',
      to: '/',
      forbidden: true,
    });
  });
  it('waits while the grants are fetched and reports when they could not be', () => {
    expect(routeDecision({ ...base, roles: ['user'], grants: { status: 'loading' } })).toEqual({ kind: 'wait' });
    expect(routeDecision({ ...base, roles: ['user'], grants: { status: 'none' } })).toEqual({ kind: 'wait' });
    expect(routeDecision({ ...base, roles: ['user'], grants: { status: 'failed', message: 'sin red' } })).toEqual({ kind: 'failed', message: 'sin red' });
  });
  it('decides a route without a page by its role group, as spec 2.1 says', () => {
    expect(routeDecision({ pathname: '/login', routeAuth: authRoles.onlyGuest, roles: ['user'], grants: { status: 'loading' } })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(routeDecision({ pathname: '/login', routeAuth: authRoles.onlyGuest, roles: [], grants: { status: 'none' } })).toEqual({ kind: 'render' });
  });
});
