import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteModule, type RemoteName } from '@planta/shell-contract';
import { REMOTES_MAP_URL, remotesMapResponse } from './remotes-map.request';

export type RemoteState = { status: 'loading' } | { status: 'ready'; module: RemoteModule } | { status: 'failed'; error: string };

let remotesMap: Partial<Record<RemoteName, string>> = {};

/** Reads `/remotes.json` (name → manifest URL) and registers every remote with the federation runtime. */
export async function registerRemotesFromMap(url = REMOTES_MAP_URL): Promise<void> {
  const response = await remotesMapResponse(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  remotesMap = (await response.json()) as Partial<Record<RemoteName, string>>;
  registerRemotes(
    REMOTE_NAMES.filter((name) => remotesMap[name]).map((name) => ({ name, entry: remotesMap[name]! })),
    { force: true },
  );
}

/**
 * The remote's exposed module. A failure (manifest unreachable, script error) is reported, not
 * thrown, so that the rest of the portal goes on; `retry` registers the remote again so that a
 * second attempt really goes back to the network.
 */
export async function loadRemoteModule(name: RemoteName, retry = false): Promise<RemoteState> {
  try {
    const entry = remotesMap[name];
    if (!entry) return { status: 'failed', error: `${name} no figura en el mapa de remotos` };
    if (retry) registerRemotes([{ name, entry }], { force: true });
    const exposed = await loadRemote<{ default: RemoteModule }>(`${name}/module`);
    if (!exposed?.default?.routes) return { status: 'failed', error: `${name} no expone un módulo válido` };
    return { status: 'ready', module: exposed.default };
  } catch (error) {
    // The federation runtime's text ('[ Federation Runtime ]: … #RUNTIME-003') is for whoever runs the portal, not for its users.
    console.warn(`Area ${name} could not be loaded:`, error);
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}
