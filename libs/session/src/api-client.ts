import {
  fillPath,
  HTTP_REASONS as REASONS,
  messages,
  type ApiError,
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
} from '@planta/contracts';
import { accessTokenAtom, clearSession, sessionStore } from './session.atoms';

/** Texts of this library that the contracts' catalogue does not have. */
export const sessionMessages = {
  networkError: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  unexpectedResponse: (status: number) => `El servidor respondió con un error inesperado (${status})`,
  serverError: 'El servidor no pudo completar la acción. Inténtalo de nuevo en unos momentos.',
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
    status >= 500
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
}

const defaultConfig: ApiClientConfig = { baseUrl: '/api' };
let config: ApiClientConfig = { ...defaultConfig };

/** Changes the client's configuration; `configureApiClient({})` restores the defaults. */
export function configureApiClient(options: Partial<ApiClientConfig>): void {
  config = { ...defaultConfig, ...options };
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
}

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

/**
 * One call to the API. Resolves with the JSON answer (undefined for an empty one); rejects with an
 * `ApiRequestError` (network failures: statusCode 0 and a Spanish message). Aborts are rethrown.
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
  const token = auth ? sessionStore.get(accessTokenAtom) : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError({ statusCode: 0, message: sessionMessages.networkError, error: 'Network Error' }, { cause: error });
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError({ statusCode: 0, message: sessionMessages.networkError, error: 'Network Error' }, { cause: error });
  }
  if (response.ok) return data as T;

  const failure = new ApiRequestError(parseApiError(response.status, data, response.statusText));
  if (response.status === 401 && handleUnauthorized) {
    clearSession('unauthorized');
    for (const handler of [...unauthorizedHandlers]) {
      try {
        handler(messages.invalidAccessToken, failure);
      } catch (error) {
        console.error(error);
      }
    }
  }
  throw failure;
}

/** What a call may set besides its request: abort signal, headers, and the session handling. */
export type CallOptions = Pick<ApiRequestOptions, 'signal' | 'headers' | 'auth' | 'handleUnauthorized'>;

type CallArgs<E extends EndpointDefinition> =
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
  return apiRequest<EndpointResponse<E>>(fillPath(endpoint.path, parts.params), { ...options, method: endpoint.method, query: parts.query, body: parts.body });
}
