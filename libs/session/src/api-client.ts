import { atom } from 'jotai';
import {
  fillPath,
  HTTP_REASONS as REASONS,
  tokenMessages,
  NOT_PROCESSED_HEADER,
  type ApiError,
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
} from '@planta/contracts';
import { isIdempotentCall, retryAfterMs, retryDelay, retryPlan, type RetryTiming } from './retry-rules';
import { accessTokenAtom, clearSession, sessionStore } from './session.atoms';

/** Texts of this library that the contracts' catalogue does not have. */
export const sessionMessages = {
  networkError: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  unexpectedResponse: (status: number) => `El servidor respondió con un error inesperado (${status})`,
  serverError: 'El servidor no pudo completar la acción. Inténtalo de nuevo en unos momentos.',
  /** A 503 (restarting, database out of reach) still there after the retries. */
  unavailable: 'El servidor no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** A change the API did not process (it said so), still refused after the retries. */
  writeNotSaved: 'No se guardó el cambio: el servidor no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** A change sent without an answer: it may or may not have been applied. */
  writeUnconfirmed: 'Se perdió la conexión con el servidor y no se sabe si el cambio se guardó. Comprueba los datos antes de repetirlo.',
} as const;

/** A failed API call, carrying the API's JSON error shape (statusCode 0: the server was not reached). */
export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly error: string;
  readonly fields?: Record<string, string>;
  readonly codes?: Record<string, string>;

  constructor(body: ApiError, options?: { cause?: unknown }) {
    super(body.message, options);
    this.name = 'ApiRequestError';
    this.statusCode = body.statusCode;
    this.error = body.error;
    if (body.fields) this.fields = body.fields;
    if (body.codes) this.codes = body.codes;
  }

  /** The plain API error shape (for forms and snackbars). */
  toJSON(): ApiError {
    return {
      statusCode: this.statusCode,
      message: this.message,
      error: this.error,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.codes ? { codes: this.codes } : {}),
    };
  }
}

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}

/** The message to show for any error thrown by a call (snackbars). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return sessionMessages.networkError;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * Reads an error response into the API error shape `{ statusCode, message, error, fields?, codes? }`.
 * Tolerates what a proxy or an older server may send instead (no body, HTML, `message` as a list).
 */
export function parseApiError(status: number, body: unknown, statusText = ''): ApiError {
  const reason = REASONS[status] ?? (statusText || 'Error');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { statusCode: status, message: sessionMessages.unexpectedResponse(status), error: reason };
  }
  const record = body as Record<string, unknown>;
  const rawMessage = record.message;
  // A server failure's own text ('Internal server error' from a framework or a proxy) is not for people.
  const message =
    status === 503
      ? sessionMessages.unavailable
      : status >= 500
        ? sessionMessages.serverError
        : typeof rawMessage === 'string' && rawMessage
          ? rawMessage
          : Array.isArray(rawMessage) && rawMessage.length
            ? rawMessage.map(String).join('. ')
            : sessionMessages.unexpectedResponse(status);
  const fields = stringRecord(record.fields);
  const codes = stringRecord(record.codes);
  return {
    statusCode: typeof record.statusCode === 'number' ? record.statusCode : status,
    message,
    error: typeof record.error === 'string' && record.error ? record.error : reason,
    ...(fields ? { fields } : {}),
    ...(codes ? { codes } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// configuration and the "unauthorized" hook

export interface ApiClientConfig {
  /** Where the API lives; default `/api` on the page's own origin, e.g. `https://plant.example/api`. */
  baseUrl: string;
  /**
   * Repeating calls that are safe to repeat (retry-rules.ts) after no answer or a 502/503/504:
   * about 30 s in all, waits doubling from half a second to five, never shorter than Retry-After.
   */
  retry: RetryTiming;
}

const defaultConfig: ApiClientConfig = { baseUrl: '/api', retry: { budgetMs: 30_000, firstDelayMs: 500, maxDelayMs: 5_000 } };
let config: ApiClientConfig = { ...defaultConfig };

/** Changes the client's configuration; `configureApiClient({})` restores the defaults. */
export function configureApiClient(options: Omit<Partial<ApiClientConfig>, 'retry'> & { retry?: Partial<RetryTiming> }): void {
  config = { ...defaultConfig, ...options, retry: { ...defaultConfig.retry, ...options.retry } };
}

export function getApiClientConfig(): Readonly<ApiClientConfig> {
  return config;
}

export type UnauthorizedHandler = (message: string, error: ApiRequestError) => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();

/**
 * Registers what happens after a 401 cleared the session (spec 4/7/8); the shell navigates to
 * /login. Called with 'Invalid access_token'. Returns the function that unregisters it.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.add(handler);
  return () => {
    unauthorizedHandlers.delete(handler);
  };
}

// ---------------------------------------------------------------------------------------------
// requests

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; FormData and Blob bodies are sent as they are (uploads). */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true). */
  auth?: boolean;
  /**
   * Treat a 401 as an invalid session: clear it and call the `onUnauthorized` handlers (default
   * true). The sign-in calls turn it off: there a 401 means wrong credentials or a stale token.
   */
  handleUnauthorized?: boolean;
  /**
   * Safe to send again (default: GET and HEAD). Such a call is repeated after no answer or a
   * 502/503/504; any other only after a 503 that says it was not processed (retry-rules.ts).
   */
  idempotent?: boolean;
  /** How long this call may go on being sent again (default: the client's `retry.budgetMs`, about 30 s). */
  retryBudgetMs?: number;
}

/** How many calls are waiting to be sent again (the shell shows 'Reconectando…' meanwhile). */
export const retryingCallsAtom = atom(0);

/**
 * The URL of an API path: `auth/login`, `/auth/login` and `/api/auth/login` all give
 * `<baseUrl>/auth/login`. Query values that are null or undefined are left out; lists repeat the key.
 */
export function apiUrl(path: string, query?: QueryParams): string {
  const base = config.baseUrl.replace(/\/+$/, '');
  let relative = path.startsWith('/') ? path : `/${path}`;
  if (relative === '/api' || relative.startsWith('/api/')) relative = relative.slice(4) || '/';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) if (item !== null && item !== undefined) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `${base}${relative}${queryString ? (relative.includes('?') ? '&' : '?') + queryString : ''}`;
}

function isRawBody(body: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}

/** The outcome of one attempt: the answer (any status), or no answer at all. */
type Attempt = { response: Response; data: unknown } | { networkError: unknown };

async function attempt(url: string, init: RequestInit): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    return { networkError: error };
  }
  try {
    return { response, data: await readBody(response) };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { networkError: error };
  }
}

function header(response: Response, name: string): string | null {
  return typeof response.headers?.get === 'function' ? response.headers.get(name) : null;
}

/** The browser says it has no network (a request would fail at once). */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal?.reason ?? Object.assign(new Error('aborted'), { name: 'AbortError' }));
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      aborted();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits until the API answers its health check (a write is then sent again), or the deadline passes. */
async function untilBack(deadline: number, signal?: AbortSignal): Promise<boolean> {
  for (let retry = 0; ; retry++) {
    const health = await attempt(apiUrl('health'), { method: 'GET', headers: { Accept: 'application/json' }, signal });
    if ('response' in health && health.response.ok) return true;
    const wait = retryDelay(retry, config.retry, 'response' in health ? retryAfterMs(header(health.response, 'Retry-After')) : undefined);
    if (Date.now() + wait > deadline) return false;
    await sleep(wait, signal);
  }
}

/** The error a call ends with; a change whose fate is unknown (or known unsaved) says so. */
function finalError(status: number, data: unknown, statusText: string, write: boolean, notProcessed: boolean, cause?: unknown): ApiRequestError {
  if (status === 0) {
    const message = write ? sessionMessages.writeUnconfirmed : sessionMessages.networkError;
    return new ApiRequestError({ statusCode: 0, message, error: 'Network Error' }, { cause });
  }
  const body = parseApiError(status, data, statusText);
  if (write && status === 503) body.message = notProcessed ? sessionMessages.writeNotSaved : sessionMessages.writeUnconfirmed;
  return new ApiRequestError(body);
}

/**
 * One call to the API. Resolves with the JSON answer (undefined for an empty one); rejects with an
 * `ApiRequestError` (network failures: statusCode 0 and a Spanish message). Aborts are rethrown.
 * While the API restarts or its database is out of reach, what is safe to repeat is sent again
 * (retry-rules.ts) for about 30 s, counted in `retryingCallsAtom`; the session is kept throughout:
 * only a 401 ends it.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, auth = true, handleUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) payload = body as BodyInit;
    else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  const url = apiUrl(path, query);
  const write = !isIdempotentCall(method, options.idempotent);
  const deadline = Date.now() + (options.retryBudgetMs ?? config.retry.budgetMs);
  let waiting = false;
  const sessionAtStart = auth ? sessionStore.get(accessTokenAtom) : null;
  try {
    for (let retry = 0; ; retry++) {
      // The token of now: a renewed one (company switch) is the one sent again.
      const token = auth ? sessionStore.get(accessTokenAtom) : null;
      // The session the call was made in ended while it waited: it is not sent without one (that 401 would end the next session).
      if (sessionAtStart && !token) throw new ApiRequestError(parseApiError(401, { message: tokenMessages.invalidAccessToken }, 'Unauthorized'));
      const sent = await attempt(url, { method, headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers, body: payload, signal });
      if ('response' in sent && sent.response.ok) return sent.data as T;

      const status = 'response' in sent ? sent.response.status : 0;
      const notProcessed = 'response' in sent && header(sent.response, NOT_PROCESSED_HEADER) === 'true';
      // A token replaced while the call was under way (a password change ends the tokens before it,
      // a company switch): the call goes again with the new one instead of ending the new session.
      if (status === 401 && token && auth && sessionStore.get(accessTokenAtom) !== token && sessionStore.get(accessTokenAtom)) continue;
      // Only a refused token ends the session: a call sent without one had none to end.
      if (status === 401 && handleUnauthorized && token) {
        const failure = new ApiRequestError(parseApiError(401, 'response' in sent ? sent.data : undefined, 'Unauthorized'));
        clearSession('unauthorized');
        for (const handler of [...unauthorizedHandlers]) {
          try {
            handler(tokenMessages.invalidAccessToken, failure);
          } catch (error) {
            console.error(error);
          }
        }
        throw failure;
      }

      const giveUp = () =>
        'response' in sent
          ? finalError(status, sent.data, sent.response.statusText, write, notProcessed)
          : finalError(0, undefined, '', write, false, sent.networkError);
      const plan = retryPlan({ method, idempotent: options.idempotent, status, notProcessed });
      if (plan === 'stop') throw giveUp();
      const wait = retryDelay(retry, config.retry, 'response' in sent ? retryAfterMs(header(sent.response, 'Retry-After')) : undefined);
      if (Date.now() + wait > deadline) throw giveUp();
      if (!waiting) {
        waiting = true;
        sessionStore.set(retryingCallsAtom, (count) => count + 1);
      }
      await sleep(wait, signal);
      if (plan === 'when-back' && !(await untilBack(deadline, signal))) throw giveUp();
    }
  } finally {
    if (waiting) sessionStore.set(retryingCallsAtom, (count) => Math.max(0, count - 1));
  }
}

/** What a call may set besides its request: abort signal, headers, and the session handling. */
export type CallOptions = Pick<ApiRequestOptions, 'signal' | 'headers' | 'auth' | 'handleUnauthorized' | 'retryBudgetMs'>;

/** The arguments of `call()` after the endpoint: its request (optional when it needs none) and options. */
export type CallArgs<E extends EndpointDefinition> =
  Record<string, never> extends EndpointRequest<E>
    ? [request?: EndpointRequest<E>, options?: CallOptions]
    : [request: EndpointRequest<E>, options?: CallOptions];

/**
 * Calls an API endpoint through its contract (libs/contracts): the method and path come from it,
 * the request parts and the answer are typed from its schemas.
 * `call(orderEndpoints.detail, { params: { id } })`, `call(companyEndpoints.all)`.
 */
export function call<E extends EndpointDefinition>(endpoint: E, ...[request, options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const parts = (request ?? {}) as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown };
  return apiRequest<EndpointResponse<E>>(fillPath(endpoint.path, parts.params), {
    ...options,
    method: endpoint.method,
    query: parts.query,
    body: parts.body,
    idempotent: endpoint.idempotent === true || undefined,
  });
}
