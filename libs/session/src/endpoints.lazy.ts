import type { authEndpoints, companyEndpoints, EndpointDefinition, EndpointResponse, permissionEndpoints, userEndpoints } from '@planta/contracts';
import { ApiRequestError, call, sessionMessages, type CallArgs } from './api-client';

/**
 * The endpoint definitions this library calls, loaded when first needed. Each one carries its zod
 * schemas, and this library is on the sign-in page (a shared singleton, loaded whole), which loads
 * no zod: a static import of them would put zod and the schemas there. The shell loads them ahead
 * once a visitor starts to sign in (`preloadSessionEndpoints`); a start-up with a stored token
 * loads them at once to refresh the session. Only their types are imported statically (types are free).
 */
export interface SessionEndpoints {
  authEndpoints: typeof authEndpoints;
  companyEndpoints: typeof companyEndpoints;
  permissionEndpoints: typeof permissionEndpoints;
  userEndpoints: typeof userEndpoints;
}

let loaded: SessionEndpoints | null = null;
let loading: Promise<SessionEndpoints> | null = null;

async function load(): Promise<SessionEndpoints> {
  try {
    // Destructured from the awaited import, so that the bundler puts only these (and what they need) in the chunk.
    const { authEndpoints, companyEndpoints, permissionEndpoints, userEndpoints } = await import('@planta/contracts');
    loaded = { authEndpoints, companyEndpoints, permissionEndpoints, userEndpoints };
    return loaded;
  } catch (error) {
    // The server could not be reached for the download: fail as a call without an answer does (statusCode 0).
    throw new ApiRequestError({ statusCode: 0, message: sessionMessages.networkError, error: 'Network Error' }, { cause: error });
  }
}

/** The endpoint definitions (one download for every caller); a failed download is tried again on the next call. */
export function sessionEndpoints(): Promise<SessionEndpoints> {
  if (loaded) return Promise.resolve(loaded);
  if (!loading) {
    const pending = load();
    loading = pending;
    pending.then(
      () => undefined,
      () => {
        if (loading === pending) loading = null;
      },
    );
  }
  return loading;
}

/** Starts loading the endpoint definitions, e.g. while a visitor types their credentials. Never rejects. */
export function preloadSessionEndpoints(): void {
  sessionEndpoints().catch(() => undefined);
}

/**
 * `call()` of one of these endpoints: `callSessionEndpoint((e) => e.authEndpoints.login, { body })`.
 * Once they are loaded the request goes out at once, as with a static import; before, once they are.
 */
export function callSessionEndpoint<E extends EndpointDefinition>(
  pick: (endpoints: SessionEndpoints) => E,
  ...args: CallArgs<E>
): Promise<EndpointResponse<E>> {
  if (loaded) return call(pick(loaded), ...args);
  return sessionEndpoints().then((endpoints) => call(pick(endpoints), ...args));
}
