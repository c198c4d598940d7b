export const REMOTES_MAP_URL = '/remotes.json';

let early: Promise<Response> | null = null;

/** Asks for the remotes map as the page starts (index.ts), while the shared libraries still load. */
export function requestRemotesMapEarly(): void {
  early = fetch(REMOTES_MAP_URL);
  // A failure is reported where the answer is read.
  early.catch(() => undefined);
}

/** The remotes map's response: the early request's the first time, a new request after that. */
export function remotesMapResponse(url = REMOTES_MAP_URL): Promise<Response> {
  const response = url === REMOTES_MAP_URL && early ? early : fetch(url);
  early = null;
  return response;
}
