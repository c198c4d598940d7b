/**
 * What the browser does when a call fails while the API restarts or its database is out of reach
 * (architecture.md "Running for real"): the session is kept, what is safe to repeat is sent again,
 * and nothing that may already have been applied is sent twice.
 */

/** A failed attempt: its HTTP status (0: no answer at all) and what is known about the call. */
export interface FailedAttempt {
  method: string;
  /** The call is declared safe to repeat (a contract's `idempotent`); GET and HEAD always are. */
  idempotent?: boolean;
  status: number;
  /** The API said it did not start on the request (header NOT_PROCESSED_HEADER of a 503). */
  notProcessed?: boolean;
}

/**
 * - `again`: send it again after a wait.
 * - `when-back`: a write the API did not process: send it again once the API answers its health check.
 * - `stop`: do not repeat it; the failure is the call's answer.
 */
export type RetryPlan = 'again' | 'when-back' | 'stop';

/** No answer, or the answers of a server that is restarting, overloaded or behind a proxy that cannot reach it. */
export const isTransientStatus = (status: number): boolean => status === 0 || status === 502 || status === 503 || status === 504;

export const isIdempotentCall = (method: string, declared?: boolean): boolean => declared === true || ['GET', 'HEAD'].includes(method.toUpperCase());

/**
 * Reads and calls declared idempotent are repeated after any passing failure. A write is repeated
 * only after a 503 that says it was not processed (refused while the API shuts down, or before
 * the caller could be identified): after no answer, or after a 503 from the middle of its work,
 * it may or may not have been applied, and sending it again could apply it twice.
 */
export function retryPlan(attempt: FailedAttempt): RetryPlan {
  if (!isTransientStatus(attempt.status)) return 'stop';
  if (isIdempotentCall(attempt.method, attempt.idempotent)) return 'again';
  return attempt.status === 503 && attempt.notProcessed ? 'when-back' : 'stop';
}

/** Only a 401 from an API that answered ends the session (unless the call handles its own 401s); 503 and no answer never do. */
export const endsSession = (status: number, handleUnauthorized = true): boolean => status === 401 && handleUnauthorized;

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryTiming {
  /** The whole time a call may spend waiting to be sent again. */
  budgetMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The wait before attempt `retry` (0 for the first repetition): doubling up to the maximum, and never shorter than the server asked. */
export function retryDelay(retry: number, timing: RetryTiming, serverAsksMs?: number): number {
  const backoff = Math.min(timing.firstDelayMs * 2 ** retry, timing.maxDelayMs);
  return Math.max(backoff, serverAsksMs ?? 0);
}
