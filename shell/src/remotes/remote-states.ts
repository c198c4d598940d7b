import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { REMOTE_NAMES, type RemoteName } from '@planta/shell-contract';
import { loadRemoteModule, type RemoteState } from './remote-loader';

/** What each remote's module is: loading, ready or failed (the shell's own state, not shared). */
export const remoteStatesAtom = atom<Record<RemoteName, RemoteState>>(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, { status: 'loading' }])) as Record<RemoteName, RemoteState>,
);

/** Loads every remote in parallel once; each settles on its own, so one failure blocks nothing. */
export function useLoadRemotes(): void {
  const setStates = useSetAtom(remoteStatesAtom);
  useEffect(() => {
    for (const name of REMOTE_NAMES) {
      void loadRemoteModule(name).then((state) => setStates((states) => ({ ...states, [name]: state })));
    }
  }, [setStates]);
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
