import { atom } from 'jotai';
import { actionOf, liveEvents, pageOf, type CrudAction, type CrudGrant, type EndpointDefinition, type PageAlias } from '@planta/contracts';
import { errorMessage } from './api-client';
import { callSessionEndpoint } from './endpoints.lazy';
import { decodeJwtPayload } from './jwt';
import { onCatchUp, subscribe } from './realtime';
import { accessTokenAtom, sessionStore } from './session.atoms';

/**
 * What the signed-in user may do on each page of the active company (GET /api/grants): the one
 * thing the portal uses to show menu items, open routes and offer buttons (architecture.md
 * "Permissions in the UI"). Fetched at sign-in and on a company switch, again whenever an
 * administrator changes a grant (the `grantsChanged` live event) and after the socket reconnects.
 */
export type GrantsState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; companyId: number; grants: Readonly<Record<string, CrudGrant>>; colleague: boolean }
  | { status: 'failed'; message: string };

export const grantsAtom = atom<GrantsState>({ status: 'none' });

const NOTHING: CrudGrant = { read: false, insert: false, update: false, delete: false };

/** The grant of one page in a state (nothing until the grants are known). */
export function pageGrant(state: GrantsState, page: PageAlias): CrudGrant {
  return state.status === 'ready' ? (state.grants[page] ?? NOTHING) : NOTHING;
}

/** Whether the state allows an action on a page. */
export const canOn = (state: GrantsState, page: PageAlias, action: CrudAction): boolean => pageGrant(state, page)[action];

/**
 * Whether the API would let the signed-in user make this call: a page endpoint needs the page's
 * grant for its verb; a colleague one a role other than guest (the grants say which); a signed-in
 * or public one needs nothing more.
 */
export function canCall(state: GrantsState, endpoint: Pick<EndpointDefinition, 'access' | 'method'>): boolean {
  if (endpoint.access === 'colleague') return state.status === 'ready' && state.colleague;
  const page = pageOf(endpoint);
  if (!page) return true;
  const action = actionOf(endpoint.method);
  return action ? canOn(state, page, action) : false;
}

let generation = 0;

/**
 * Fetches the grants of the current session. A share-link guest has none to fetch (the link opens
 * one resource, not pages). While the company's grants are already known they stay in place during
 * a refresh, so that screens do not flicker; an answer that arrives after a newer request is dropped.
 */
export async function refreshGrants(): Promise<void> {
  const mine = ++generation;
  const token = sessionStore.get(accessTokenAtom);
  if (!token) {
    sessionStore.set(grantsAtom, { status: 'none' });
    return;
  }
  const claims = decodeJwtPayload(token);
  if (claims?.share) {
    sessionStore.set(grantsAtom, { status: 'ready', companyId: Number(claims.company_id), grants: {}, colleague: false });
    return;
  }
  // Another company's grants (a company switch) are never used for this one, not even while loading.
  const known = sessionStore.get(grantsAtom);
  if (known.status !== 'ready' || known.companyId !== Number(claims?.company_id)) sessionStore.set(grantsAtom, { status: 'loading' });
  try {
    const answer = await callSessionEndpoint((endpoints) => endpoints.permissionEndpoints.myGrants);
    if (mine === generation)
      sessionStore.set(grantsAtom, { status: 'ready', companyId: answer.company_id, grants: answer.grants, colleague: answer.colleague });
  } catch (error) {
    // A signed-out session (401) is cleared by the client; keep known grants over a passing failure.
    if (mine !== generation || !sessionStore.get(accessTokenAtom)) return;
    if (sessionStore.get(grantsAtom).status !== 'ready') sessionStore.set(grantsAtom, { status: 'failed', message: errorMessage(error) });
  }
}

let following: (() => void) | null = null;

/** What the grants depend on in a token: who, in which company, with which roles or share, not when it was issued. */
function grantsScope(token: string | null): string | null {
  if (!token) return null;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { iat, exp, nbf, jti, ...scope } = decodeJwtPayload(token) ?? {};
  return JSON.stringify(scope);
}

/**
 * Keeps the grants in step with the session: every new access token (sign-in, company switch,
 * share link, sign-out) fetches them again or forgets them, and so do a `grantsChanged` event and
 * a reconnection of the socket. Called once by the shell; returns what stops it (tests).
 */
export function followGrants(): () => void {
  if (following) return following;
  let scope = grantsScope(sessionStore.get(accessTokenAtom));
  const onToken = () => {
    const next = grantsScope(sessionStore.get(accessTokenAtom));
    // A renewed token of the same user, company and roles (start-up's session check) changes no grant.
    const status = sessionStore.get(grantsAtom).status;
    if (next !== null && next === scope && (status === 'ready' || status === 'loading')) return;
    scope = next;
    void refreshGrants();
  };
  const stops = [
    sessionStore.sub(accessTokenAtom, onToken),
    subscribe(liveEvents.grantsChanged, () => void refreshGrants()),
    onCatchUp(() => void refreshGrants()),
  ];
  void refreshGrants();
  following = () => {
    stops.forEach((stop) => stop());
    following = null;
  };
  return following;
}
