import { storageKeys } from '@planta/contracts';

type SessionModule = typeof import('./session.atoms');

function freshModule(): SessionModule {
  let loaded: SessionModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<SessionModule>('./session.atoms');
  });
  if (!loaded) throw new Error('not loaded');
  return loaded;
}

beforeEach(() => localStorage.clear());

describe('session atoms', () => {
  it('start from the spec 3 defaults', () => {
    const { sessionStore, userAtom, authStatusAtom, navbarAtom, isSignedInAtom, accessTokenAtom } = freshModule();
    expect(sessionStore.get(userAtom).role).toEqual([]);
    expect(sessionStore.get(userAtom).data.shortcuts).toEqual(['calendar', 'mail', 'contacts', 'todo']);
    expect(sessionStore.get(isSignedInAtom)).toBe(false);
    expect(sessionStore.get(authStatusAtom)).toBe('checking');
    expect(sessionStore.get(navbarAtom)).toEqual({ foldedOpen: false, mobileOpen: false });
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
  });

  it('read the stored token and email, and write them through to localStorage', () => {
    localStorage.setItem(storageKeys.accessToken, 'stored-token');
    localStorage.setItem(storageKeys.email, 'jefe@norte.example');
    const { sessionStore, accessTokenAtom, sessionEmailAtom } = freshModule();
    expect(sessionStore.get(accessTokenAtom)).toBe('stored-token');
    expect(sessionStore.get(sessionEmailAtom)).toBe('jefe@norte.example');
    sessionStore.set(accessTokenAtom, 'new-token');
    expect(localStorage.getItem('jwt_access_token')).toBe('new-token');
    sessionStore.set(accessTokenAtom, 'memory-only', false);
    expect(sessionStore.get(accessTokenAtom)).toBe('memory-only');
    expect(localStorage.getItem('jwt_access_token')).toBe('new-token');
    sessionStore.set(accessTokenAtom, null);
    expect(localStorage.getItem('jwt_access_token')).toBeNull();
  });

  it('toggle and close the mobile navbar, and open a folded navbar on hover', () => {
    const { sessionStore, navbarAtom, toggleNavbarMobileAtom, closeNavbarMobileAtom, setNavbarFoldedOpenAtom } = freshModule();
    sessionStore.set(toggleNavbarMobileAtom);
    expect(sessionStore.get(navbarAtom).mobileOpen).toBe(true);
    sessionStore.set(setNavbarFoldedOpenAtom, true);
    expect(sessionStore.get(navbarAtom)).toEqual({ foldedOpen: true, mobileOpen: true });
    sessionStore.set(closeNavbarMobileAtom);
    expect(sessionStore.get(navbarAtom)).toEqual({ foldedOpen: true, mobileOpen: false });
  });

  it('keeps running the other session-end callbacks when one throws', () => {
    const { clearSession, onSessionEnd } = freshModule();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = jest.fn();
    onSessionEnd(() => {
      throw new Error('boom');
    });
    onSessionEnd(second);
    clearSession('sign-out');
    expect(second).toHaveBeenCalledWith('sign-out');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
