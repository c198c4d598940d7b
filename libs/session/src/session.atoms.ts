import { atom, createStore } from 'jotai';
import {
  DEFAULT_CURRENCY,
  defaultSettings,
  defaultUser,
  initialNavbarState,
  storageKeys,
  type AuthResponse,
  type Company,
  type Settings,
  type User,
} from '@planta/contracts';
import { mergeSettings, settingsChanged, type SettingsPatch } from './settings';

/**
 * The one jotai store of the portal. The shell passes it to its `<Provider store={sessionStore}>`;
 * code outside React (the API client, the auth service) reads and writes it directly. Since this
 * library is a Module Federation singleton, every remote sees the same store and atoms.
 */
export const sessionStore = createStore();
export type SessionStore = typeof sessionStore;

// ---------------------------------------------------------------------------------------------
// localStorage, tolerant of browsers where it is missing or refuses access (private modes)

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    const target = storage();
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // storage full or refused: the session still lives in memory
  }
}

/**
 * A string held in memory and mirrored to localStorage under `key`. Until first written, it reads
 * the stored value. Writing `(value, false)` changes only the in-memory value (used by guest
 * share-token sessions, which must not replace the stored session of this browser).
 */
function persistedStringAtom(key: string) {
  const memory = atom<string | null | undefined>(undefined);
  const persisted = atom<string | null, [value: string | null, persist?: boolean], void>(
    (get) => {
      const value = get(memory);
      return value === undefined ? readStored(key) : value;
    },
    (_get, set, value, persist = true) => {
      if (persist) writeStored(key, value);
      set(memory, value);
    },
  );
  return persisted;
}

// ---------------------------------------------------------------------------------------------
// session

/** A fresh copy of the spec 3 user before sign-in (empty role list). */
export function createDefaultUser(): User {
  return { ...defaultUser, role: [], data: { ...defaultUser.data, settings: {}, shortcuts: [...defaultUser.data.shortcuts] } };
}

/** Spec 3 user; `defaultUser` until signed in. */
export const userAtom = atom<User>(createDefaultUser());
/** The signed-in user's roles; empty means not signed in (spec 6). */
export const userRolesAtom = atom((get) => get(userAtom).role);
/** True when the user holds any role (spec 6: an empty role means not logged in). */
export const isSignedInAtom = atom((get) => get(userAtom).role.length > 0);
/** The companies the user may choose (GET company/all), as the toolbar's selector loaded them. */
export const companiesAtom = atom<readonly Company[]>([]);
/** The currency (ISO 4217) of the company the user works in: every sum of money is shown in it. */
export const companyCurrencyAtom = atom(
  (get) => get(companiesAtom).find((company) => company.id === get(userAtom).data.company_id)?.currency ?? DEFAULT_CURRENCY,
);
/** The page started without reaching the API and its stored session waits to sign in again (resumeSessionWhenBack). */
export const resumingSessionAtom = atom(false);

/** The bearer token (localStorage `jwt_access_token`). */
export const accessTokenAtom = persistedStringAtom(storageKeys.accessToken);
/** The signed-in email (localStorage `email`), sent with the token at start-up (spec 7 auth/token). */
export const sessionEmailAtom = persistedStringAtom(storageKeys.email);

/** 'checking' while the start-up auth check runs (the app waits for it, spec 4). */
export type AuthStatus = 'checking' | 'signed-in' | 'guest';
export const authStatusAtom = atom<AuthStatus>('checking');

/** The URL a guest wanted before being sent to /login (spec 2.1), used after sign-in. */
export const rememberedUrlAtom = atom<string | null>(null);

// ---- // realtime room (spec 4): joinToRoom is emitted once per app mount

const joinedRoomStored = persistedStringAtom(storageKeys.joinedRoom);
/** Whether joinToRoom was emitted; reset it on app mount with `resetJoinedRoom()`. */
export const joinedRoomAtom = atom(
  (get) => get(joinedRoomStored) === 'true',
  (_get, set, joined: boolean) => set(joinedRoomStored, joined ? 'true' : null),
);
/** Spec 4: the joined-room flag resets on app mount. */
export function resetJoinedRoom(): void {
  sessionStore.set(joinedRoomAtom, false);
}

/** Why a session ended; passed to the `onSessionEnd` callbacks. */
export type SessionEndReason = 'sign-out' | 'unauthorized' | 'expired' | 'token-failed';
export type SessionEndListener = (reason: SessionEndReason) => void;

const sessionEndListeners = new Set<SessionEndListener>();

/**
 * Registers what must stop when a session ends (spec 4 logout: disconnect the realtime socket,
 * stop polling, ...). Called on sign-out, on a 401, and when a stored token fails or has expired.
 * Returns the function that unregisters it.
 */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** Starts a session from an API answer: user, token (stored unless `persist` is false), status. */
export function startSession(response: AuthResponse, options: { persist?: boolean; email?: string } = {}): User {
  const persist = options.persist ?? true;
  sessionStore.set(userAtom, response.user);
  sessionStore.set(accessTokenAtom, response.access_token, persist);
  if (persist) sessionStore.set(sessionEmailAtom, options.email ?? response.user.data.email, true);
  sessionStore.set(authStatusAtom, 'signed-in');
  return response.user;
}

/**
 * Ends the session: user back to default, token and email removed, status 'guest', joined-room
 * flag reset; then the `onSessionEnd` callbacks run (a failing callback does not stop the others).
 */
export function clearSession(reason: SessionEndReason): void {
  sessionStore.set(userAtom, createDefaultUser());
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(sessionEmailAtom, null);
  sessionStore.set(joinedRoomAtom, false);
  sessionStore.set(authStatusAtom, 'guest');
  for (const listener of [...sessionEndListeners]) {
    try {
      listener(reason);
    } catch (error) {
      console.error(error);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// settings (spec 3: current and defaults)

function freshDefaultSettings(): Settings {
  return mergeSettings(defaultSettings);
}

export const defaultSettingsAtom = atom<Settings>(freshDefaultSettings());
export const currentSettingsAtom = atom<Settings>(freshDefaultSettings());
/** Both, as spec 3 describes them. */
export const settingsAtom = atom((get) => ({ current: get(currentSettingsAtom), defaults: get(defaultSettingsAtom) }));

/**
 * Spec 2.5 / 4: computes the settings for the matching route (defaults, then the user's own
 * settings, then this device's own settings (device-settings.ts), then the route's) and replaces
 * the current settings only if they differ. Returns true when the current settings changed.
 */
export function applyRouteSettings(routeSettings?: SettingsPatch | null, deviceSettings?: SettingsPatch | null): boolean {
  const user = sessionStore.get(userAtom).data.settings;
  const own = deviceSettings ? mergeSettings((user ?? {}) as Settings, deviceSettings) : user;
  const next = mergeSettings(sessionStore.get(defaultSettingsAtom), routeSettings, own);
  if (!settingsChanged(next, sessionStore.get(currentSettingsAtom))) return false;
  sessionStore.set(currentSettingsAtom, next);
  return true;
}

// ---------------------------------------------------------------------------------------------
// navbar (spec 3: both closed at start)

export interface NavbarState {
  foldedOpen: boolean;
  mobileOpen: boolean;
}
export const navbarAtom = atom<NavbarState>({ ...initialNavbarState });
/** Write-only helpers for the toolbar button, the drawer and hovering a folded navbar. */
export const toggleNavbarMobileAtom = atom(null, (get, set) => set(navbarAtom, { ...get(navbarAtom), mobileOpen: !get(navbarAtom).mobileOpen }));
export const closeNavbarMobileAtom = atom(null, (get, set) => set(navbarAtom, { ...get(navbarAtom), mobileOpen: false }));
export const setNavbarFoldedOpenAtom = atom(null, (get, set, foldedOpen: boolean) => set(navbarAtom, { ...get(navbarAtom), foldedOpen }));
