import { z } from 'zod';

/** The one error shape of every API response that is not a success (architecture.md). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  /** Field name → message, for validation errors. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Field name → machine code (spec section 8 codes for registration). */
  codes: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Turns validation issues into the `fields` map: the first message per field, keyed by the
 * dotted path. Used by the API's validation pipe and by forms mapping server errors to fields.
 */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  // A Map first: a field may be called `__proto__`, which a plain object's assignment would swallow.
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}

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
