import { atom, useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useCallback, useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { REMOTE_NAMES, remoteForPath, type RemoteName } from '@planta/shell-contract';
import { loadRemoteModule, type RemoteState } from './remote-loader';
import { preloadPage } from './remote-page';
import { whenIdle } from '../routing/when-idle';

/** A remote's module, with the page of the address shown loaded too, so that it renders at once. */
async function loadWithPage(name: RemoteName, pathname: string): Promise<RemoteState> {
  const state = await loadRemoteModule(name);
  if (state.status !== 'ready') return state;
  const route = state.module.routes.find((candidate) => candidate.load && matchPath(candidate.path, pathname));
  if (route?.load) await preloadPage(route.load);
  return state;
}

const now = (run: () => void) => run();
/** Once the browser has drawn what it was doing (a second at most). */
const afterDrawing = (run: () => void) => whenIdle(run, 1000, 50);

/** What each remote's module is: loading, ready or failed (the shell's own state, not shared). */
export const remoteStatesAtom = atom<Record<RemoteName, RemoteState>>(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, { status: 'loading' }])) as Record<RemoteName, RemoteState>,
);

/**
 * Loads each remote once, when it is needed: the remote of the address shown first (the sign-in
 * screens need only theirs), then, when `all` (someone is signed in or signing in), every other
 * one (the menu and the dashboards are made of them). Each settles on its own, so one failure
 * blocks nothing.
 */
export function useLoadRemotes(all: boolean): void {
  const setStates = useSetAtom(remoteStatesAtom);
  const { pathname } = useLocation();
  const here = remoteForPath(pathname);
  const at = useRef(pathname);
  at.current = pathname;
  const requested = useRef(new Map<RemoteName, Promise<unknown>>());
  useEffect(() => {
    const load = (name: RemoteName) => {
      let loading = requested.current.get(name);
      if (!loading) {
        // A transition: the menu and the dashboards redrawn with an area's part yield to the
        // browser every few milliseconds instead of holding the page for the whole redraw.
        loading = loadWithPage(name, at.current).then((state) => startTransition(() => setStates((states) => ({ ...states, [name]: state }))));
        requested.current.set(name, loading);
      }
      return loading;
    };
    const first = here ? load(here) : Promise.resolve();
    // The others wait for the page being opened to be loaded and drawn, so that they do not
    // compete with it (their code is parsed on the same thread).
    if (all) void first.finally(() => (here ? afterDrawing : now)(() => REMOTE_NAMES.forEach(load)));
  }, [here, all, setStates]);
}

export function useRemoteStates() {
  return useAtomValue(remoteStatesAtom);
}

/** Tries one remote again, from the network. */
export function useRetryRemote(): (name: RemoteName) => Promise<void> {
  const setStates = useSetAtom(remoteStatesAtom);
  return useCallback(
    async (name: RemoteName) => {
      setStates((states) => ({ ...states, [name]: { status: 'loading' } }));
      const state = await loadRemoteModule(name, true);
      setStates((states) => ({ ...states, [name]: state }));
    },
    [setStates],
  );
}
