import { isApiRequestError } from '@planta/session';

/**
 * A failed background refresh (contacts, notifications): nothing to tell the user, the next live
 * event or (re)connection refreshes again. An unreachable server (status 0) is not even logged.
 */
export function logBackgroundError(error: unknown): void {
  if (isApiRequestError(error) && error.statusCode === 0) return;
  console.error(error);
}
