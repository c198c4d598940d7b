// zod-free: the session library's client (on the sign-in page) reads these; the error schema stays
// in error.schema.ts.

/**
 * Set (to `true`) on a 503 whose request the API did not start to work on: refused while it
 * shuts down, or the database was out of reach while the caller was being identified. Such a
 * request changed nothing, so a client may send it again even when it is a write.
 */
export const NOT_PROCESSED_HEADER = 'Planta-Not-Processed';

/** Reason phrases of the statuses the API answers with, for the `error` field. */
export const HTTP_REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
