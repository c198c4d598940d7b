import {
  tokenMessages,
  storageKeys,
  type Company,
  type InvitationAccept,
  type LoginRequest,
  type PasswordChange,
  type PasswordResetComplete,
  type RegisterRequest,
  type ShareResourceType,
  type TokenSignInRequest,
  type User,
  type UserUpdateRequest,
} from '@planta/contracts';
import { ApiRequestError, browserOffline, getApiClientConfig, isApiRequestError, sessionMessages, type CallOptions } from './api-client';
import { callSessionEndpoint } from './endpoints.lazy';
import { decodeJwtPayload, isTokenValid } from './jwt';
import { isTransientStatus } from './retry-rules';
import { accessTokenAtom, authStatusAtom, clearSession, readStored, resumingSessionAtom, sessionStore, startSession, userAtom } from './session.atoms';

/** Sign-in calls send no token, and a 401 there means wrong credentials or a stale token, not a lost session. */
const SIGN_IN: CallOptions = { auth: false, handleUnauthorized: false };

/** Spec 7 POST auth/login. Sets the session; rejects with the API's error (message for the snackbar). */
export async function signIn(email: string, password: string): Promise<User> {
  const body: LoginRequest = { email, password };
  const response = await callSessionEndpoint((endpoints) => endpoints.authEndpoints.login, { body }, SIGN_IN);
  return startSession(response, { email: response.user.data.email || email });
}

/**
 * The start-up check of a stored session waits this long at most for an API out of reach (not
 * the usual 30 s): the page then starts at the sign-in page and `resumeSessionWhenBack` takes over.
 */
export const STARTUP_CHECK_BUDGET_MS = 5_000;

/** What the start-up check (spec 4) ended with. */
export type StartupResult =
  | { outcome: 'no-token' }
  | { outcome: 'auto-logout' }
  | { outcome: 'signed-in'; user: User }
  | { outcome: 'failed'; message: string; error: unknown }
  /** The API could not be reached (after the client's retries): the stored session is kept for the next try. */
  | { outcome: 'unreachable'; message: string; error: unknown };

/** A failure of the API's reach (no answer, 502/503/504), not a verdict on the session. */
const unreachable = (error: unknown): error is ApiRequestError => isApiRequestError(error) && isTransientStatus(error.statusCode);

let startup: Promise<StartupResult> | null = null;

async function runStartup(accessUrl: string | undefined, now: number): Promise<StartupResult> {
  sessionStore.set(authStatusAtom, 'checking');
  const token = readStored(storageKeys.accessToken);
  if (!token) {
    sessionStore.set(authStatusAtom, 'guest');
    return { outcome: 'no-token' };
  }
  if (!isTokenValid(token, now)) {
    clearSession('expired');
    return { outcome: 'auto-logout' };
  }
  try {
    const email = readStored(storageKeys.email);
    if (!email) throw new Error('No stored email for the token sign-in');
    // Without a network the call could only wait out its retries (about 30 s): the page starts signed out at once.
    if (browserOffline()) throw new ApiRequestError({ statusCode: 0, message: sessionMessages.networkError, error: 'Network Error' });
    const body: TokenSignInRequest = { token, email, accessUrl };
    const response = await callSessionEndpoint(
      (endpoints) => endpoints.authEndpoints.tokenSignIn,
      { body },
      { ...SIGN_IN, retryBudgetMs: Math.min(STARTUP_CHECK_BUDGET_MS, getApiClientConfig().retry.budgetMs) },
    );
    // Somebody signed in on this page while the stored session was being checked again: theirs stays.
    const current = sessionStore.get(accessTokenAtom);
    if (current !== null && current !== token) return { outcome: 'signed-in', user: sessionStore.get(userAtom) };
    return { outcome: 'signed-in', user: startSession(response, { email: response.user.data.email || email }) };
  } catch (error) {
    if (unreachable(error)) {
      // This page starts signed out; the stored token and email stay, so the next load signs in again.
      sessionStore.set(accessTokenAtom, null, false);
      sessionStore.set(authStatusAtom, 'guest');
      return { outcome: 'unreachable', message: error.message, error };
    }
    clearSession('token-failed');
    return { outcome: 'failed', message: tokenMessages.tokenSignInFailed, error };
  }
}

/**
 * Spec 4 start-up: no stored token → 'guest'; an expired one → cleared, 'guest' (auto-logout);
 * a valid one → POST auth/token {token, email, accessUrl} → 'signed-in'; a failing one → cleared,
 * 'guest', and `message` 'Error intentando ingresar con el TOKEN' for a snackbar. An API out of
 * reach (after the client's retries) → 'guest' for this page only, the stored session kept.
 * Never rejects. Concurrent calls (React strict mode) share one check.
 */
export function signInWithToken(options: { accessUrl?: string; now?: number } = {}): Promise<StartupResult> {
  if (!startup) {
    const accessUrl = options.accessUrl ?? (typeof location === 'undefined' ? undefined : location.pathname);
    startup = runStartup(accessUrl, options.now ?? Date.now()).finally(() => {
      startup = null;
    });
  }
  return startup;
}

/** How often a page that started without reaching the API tries its stored session again (and at once when the network returns). */
export const RESUME_RETRY_MS = 10_000;

/**
 * After a start-up that could not reach the API ('unreachable'): the stored session is tried
 * again when the browser says the network is back and every `retryMs`, so the user is back where
 * they were without signing in again. Stops when it signs in (then `onResumed`), when the session
 * turns out to be over (expired, refused) and when somebody signs in on the page meanwhile.
 * Returns the function that stops it.
 */
export function resumeSessionWhenBack(onResumed: (user: User) => void, retryMs = RESUME_RETRY_MS): () => void {
  let stopped = false;
  let trying = false;
  const attempt = async () => {
    if (stopped || trying || browserOffline()) return;
    if (sessionStore.get(accessTokenAtom) !== null) return stop();
    trying = true;
    try {
      const result = await signInWithToken();
      if (stopped || result.outcome === 'unreachable') return;
      stop();
      if (result.outcome === 'signed-in') onResumed(result.user);
    } finally {
      trying = false;
    }
  };
  const tryNow = () => void attempt();
  const timer = setInterval(tryNow, retryMs);
  if (typeof window !== 'undefined') window.addEventListener('online', tryNow);
  sessionStore.set(resumingSessionAtom, true);
  function stop() {
    if (!stopped) sessionStore.set(resumingSessionAtom, false);
    stopped = true;
    clearInterval(timer);
    if (typeof window !== 'undefined') window.removeEventListener('online', tryNow);
  }
  return stop;
}

/** The one resource a share link opens. */
export interface SharedResource {
  type: ShareResourceType;
  id: number;
}

/** The resource the current session was signed in to by a share link; null for any other session. */
export function currentShare(): SharedResource | null {
  const share = decodeJwtPayload(sessionStore.get(accessTokenAtom))?.share;
  if (!share || typeof share !== 'object') return null;
  const { type, id } = share as Partial<SharedResource>;
  return typeof type === 'string' && typeof id === 'number' ? { type, id } : null;
}

const shareSignIns = new Map<string, Promise<SharedResource>>();

/**
 * Spec 7 POST auth/login/token: a guest session (role guest) from a share link, limited by the API
 * to the link's one resource, which it resolves with. The token is kept in memory only, so the
 * browser's stored session (if any) is not replaced. A refused token ends the session (spec 8:
 * 'Error intentando ingresar con el TOKEN', user logged out) and rejects. Concurrent calls with the
 * same token (React strict mode) share one request.
 */
export function signInWithShareToken(token: string): Promise<SharedResource> {
  let pending = shareSignIns.get(token);
  if (!pending) {
    pending = (async () => {
      try {
        const response = await callSessionEndpoint((endpoints) => endpoints.authEndpoints.shareSignIn, { body: { token } }, SIGN_IN);
        startSession(response, { persist: false });
        const shared = currentShare();
        if (!shared) throw new Error('The share sign-in answered a token without its resource');
        return shared;
      } catch (error) {
        // A refused link ends the session (spec 8); an API out of reach says nothing about the link.
        if (!unreachable(error)) clearSession('token-failed');
        throw error;
      }
    })().finally(() => shareSignIns.delete(token));
    shareSignIns.set(token, pending);
  }
  return pending;
}

/** Spec 7 POST auth/register. Rejects with an ApiRequestError whose `fields`/`codes` go to the form (spec 8). */
export async function register(data: RegisterRequest): Promise<User> {
  const response = await callSessionEndpoint((endpoints) => endpoints.authEndpoints.register, { body: data }, SIGN_IN);
  return startSession(response);
}

/** Spec 4 logout: user back to default, token cleared, `onSessionEnd` callbacks (socket) run. */
export function signOut(): void {
  clearSession('sign-out');
}

/** The caller's own new password (a temporary one first of all); the answer's session replaces this one. */
export async function changePassword(body: PasswordChange): Promise<User> {
  const response = await callSessionEndpoint((endpoints) => endpoints.userEndpoints.changePassword, { body });
  return startSession(response);
}

/**
 * An invitation link followed (issue 36): a new account with the chosen password, or the existing
 * account's own password. The session opens in the inviting company, replacing any other.
 */
export async function acceptInvitation(body: InvitationAccept): Promise<User> {
  const response = await callSessionEndpoint((endpoints) => endpoints.userEndpoints.acceptInvitation, { body }, SIGN_IN);
  return startSession(response);
}

/** A new password chosen with a reset link (issue 36): every other session of the person has ended; this one opens. */
export async function completePasswordReset(body: PasswordResetComplete): Promise<User> {
  const response = await callSessionEndpoint((endpoints) => endpoints.userEndpoints.completePasswordReset, { body }, SIGN_IN);
  return startSession(response);
}

/** The profile fields a user may change (display name, photo, settings, shortcuts). */
export type UserUpdate = UserUpdateRequest['user']['data'];

/** Spec 7 POST auth/user/update {user}; the answer replaces the session's user. */
export async function updateUser(data: UserUpdate): Promise<User> {
  const body: UserUpdateRequest = { user: { data } };
  const response = await callSessionEndpoint((endpoints) => endpoints.authEndpoints.updateUser, { body });
  sessionStore.set(userAtom, response.user);
  return response.user;
}

/** The company selector: POST company/switch {company_id}; stores the re-issued token and user. */
export async function switchCompany(companyId: number): Promise<User> {
  const response = await callSessionEndpoint((endpoints) => endpoints.companyEndpoints.switch, { body: { company_id: companyId } });
  return startSession(response);
}

/** Spec 7 GET company/all: the companies the user may choose. */
export function companies(): Promise<Company[]> {
  return callSessionEndpoint((endpoints) => endpoints.companyEndpoints.all);
}
