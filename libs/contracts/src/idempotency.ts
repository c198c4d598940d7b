/**
 * Idempotency keys (issue 17, the offline queue): a client may send `Idempotency-Key: <uuid>` on
 * a POST, PUT or PATCH. The API executes the first request with a key (per company and user) and
 * stores its answer; a repetition of it gets that answer again without anything being executed
 * twice, so a write whose answer was lost can be sent again safely.
 */

/** The request header that names one write (a UUID, made once when the user pressed save). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set (to `true`) on an answer repeated from the stored one instead of executed again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Sent with a request the offline queue kept: how long ago the user saved it, in milliseconds by
 * the device's own clock. The API dates the work by it (its own clock minus the age), so a check
 * answered without network keeps the moment it was made, even on a tablet whose clock is wrong.
 */
export const MADE_AGO_HEADER = 'Made-Ago-Ms';

/** The oldest a kept request may say it is (ten years): anything older is a broken client, not a tablet offline. */
export const MAX_MADE_AGO_MS = 10 * 365 * 24 * 3600 * 1000;

/** The methods a key applies to; on any other the header is ignored. */
export const IDEMPOTENT_WRITE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** How long the API keeps a key and its answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a header value is a key the API accepts (a UUID, any version). */
export const isIdempotencyKey = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const idempotencyMessages = {
  invalidKey: `La cabecera ${IDEMPOTENCY_KEY_HEADER} debe ser un UUID (por ejemplo 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f)`,
  mismatch: `La cabecera ${IDEMPOTENCY_KEY_HEADER} ya se usó para otra solicitud (otro método, ruta o contenido): usa una clave nueva para cada cambio`,
  invalidMadeAgo: `La cabecera ${MADE_AGO_HEADER} debe ser un número entero de milisegundos, de 0 a ${MAX_MADE_AGO_MS} (diez años)`,
  inProgress: `Una solicitud con la misma cabecera ${IDEMPOTENCY_KEY_HEADER} todavía se está procesando; inténtalo de nuevo en unos segundos`,
} as const;
