import { authRoles, hasPermission } from './roles';
import { defaultGrant, PAGES } from './pages';

describe('hasPermission (spec 2.1)', () => {
  it('allows everybody when there is no requirement', () => {
    expect(hasPermission(undefined, [])).toBe(true);
    expect(hasPermission(null, ['admin'])).toBe(true);
  });
  it('allows only users without roles for an empty requirement', () => {
    expect(hasPermission(authRoles.onlyGuest, [])).toBe(true);
    expect(hasPermission(authRoles.onlyGuest, ['guest'])).toBe(false);
  });
  it('needs one matching role otherwise', () => {
    expect(hasPermission(authRoles.staff, ['staff'])).toBe(true);
    expect(hasPermission(authRoles.staff, ['user'])).toBe(false);
    expect(hasPermission(authRoles.user, 'user')).toBe(true);
    expect(hasPermission(authRoles.guest, [])).toBe(false);
  });
  it("reads a company's own role as user: signed-in plant staff, never an administrator or a guest", () => {
    expect(hasPermission(authRoles.guest, ['calidad'])).toBe(true);
    expect(hasPermission(authRoles.user, ['calidad'])).toBe(true);
    expect(hasPermission(authRoles.staff, ['calidad'])).toBe(false);
    expect(hasPermission(authRoles.admin, ['calidad'])).toBe(false);
    expect(hasPermission(authRoles.onlyGuest, ['calidad'])).toBe(false);
    expect(hasPermission(['guest'], ['calidad'])).toBe(false);
  });
});

describe('page catalogue and default grants', () => {
  it('has unique aliases', () => {
    const aliases = PAGES.map((page) => page.alias);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
  it('gives staff no administration and user no delete', () => {
    const page = (alias: string) => PAGES.find((candidate) => candidate.alias === alias)!;
    expect(defaultGrant('staff', page('users')).read).toBe(false);
    expect(defaultGrant('staff', page('dies'))).toEqual({ read: true, insert: true, update: true, delete: true });
    expect(defaultGrant('user', page('orders'))).toEqual({ read: true, insert: true, update: true, delete: false });
    // Die technicians work the die shop; scrapping (delete) stays the leads', and so do the correction boards' moves.
    expect(defaultGrant('user', page('dies'))).toEqual({ read: true, insert: true, update: true, delete: false });
    expect(defaultGrant('user', page('die-cleaning'))).toEqual({ read: true, insert: true, update: true, delete: false });
    expect(defaultGrant('user', page('correction-board'))).toEqual({ read: true, insert: false, update: false, delete: false });
    expect(defaultGrant('user', page('corrector-board'))).toEqual({ read: true, insert: false, update: false, delete: false });
    expect(defaultGrant('user', page('correction-reports'))).toEqual({ read: true, insert: true, update: true, delete: false });
    expect(defaultGrant('guest', page('dies')).read).toBe(false);
  });
  it('lets the user role report failures and work orders, and leaves accepting, verifying and plans to leads', () => {
    const page = (alias: string) => PAGES.find((candidate) => candidate.alias === alias)!;
    expect(defaultGrant('user', page('failure-damage-report'))).toEqual({ read: true, insert: true, update: true, delete: false });
    expect(defaultGrant('user', page('maintenance-board'))).toEqual({ read: true, insert: true, update: true, delete: false });
    expect(defaultGrant('user', page('corrective-maintenance'))).toEqual({ read: true, insert: false, update: true, delete: false });
    expect(defaultGrant('user', page('preventive-maintenance'))).toEqual({ read: true, insert: false, update: false, delete: false });
    expect(defaultGrant('staff', page('corrective-maintenance')).insert).toBe(true);
  });
});
