import { hasPermission } from '@planta/contracts';
import { remoteForPath } from '@planta/shell-contract';
import { AUTH_ROUTES, GUEST_ONLY_PATHS } from './routes';

const auth = (path: string) => AUTH_ROUTES.find((route) => route.path === path)?.auth;

describe('auth routes (spec 2.1, 2.2)', () => {
  it('owns the four sign-in routes, the password change and the pages of one-time links', () => {
    expect(AUTH_ROUTES.map((route) => route.path)).toEqual([
      '/login',
      '/register',
      '/callback',
      '/logout',
      '/change-password',
      '/invitation',
      '/reset-password',
    ]);
  });
  it('are all addresses the shell knows to be this remote’s (so it loads this remote for them, signed in or not)', () => {
    for (const route of AUTH_ROUTES) expect([route.path, remoteForPath(route.path)]).toEqual([route.path, 'mfe_auth']);
  });
  it('opens the password change to every signed-in role and to nobody signed out', () => {
    for (const role of ['admin', 'staff', 'user', 'guest']) expect(hasPermission(auth('/change-password'), [role])).toBe(true);
    expect(hasPermission(auth('/change-password'), [])).toBe(false);
  });
  it('keeps /login, /register and /callback for visitors without a role', () => {
    expect(GUEST_ONLY_PATHS).toEqual(['/login', '/register', '/callback']);
    for (const path of GUEST_ONLY_PATHS) {
      expect(hasPermission(auth(path), [])).toBe(true);
      for (const role of ['admin', 'staff', 'user', 'guest']) expect(hasPermission(auth(path), [role])).toBe(false);
    }
  });
  it('opens the pages of one-time links to everybody, signed in or not', () => {
    for (const path of ['/invitation', '/reset-password'])
      for (const roles of [[], ['admin'], ['staff'], ['user'], ['guest']]) expect([path, roles, hasPermission(auth(path), roles)]).toEqual([path, roles, true]);
  });
  it('lets every signed-in role, and nobody else, log out', () => {
    for (const role of ['admin', 'staff', 'user', 'guest']) expect(hasPermission(auth('/logout'), [role])).toBe(true);
    expect(hasPermission(auth('/logout'), [])).toBe(false);
  });
  it('shows the sign-in screens without the portal chrome', () => {
    for (const route of AUTH_ROUTES) {
      const config = route.settings?.layout?.config;
      expect([config?.navbar?.display, config?.toolbar?.display, config?.footer?.display]).toEqual([false, false, false]);
    }
  });
});
