/** Spec 4 / 9: closes within this time of the last accepted one are ignored. */
export const NOTIFICATION_CLOSE_GUARD_MS = 1000;

/**
 * The 1 second close guard: returns a function that answers true for a close to carry out and
 * false for one that comes less than `ms` after the last accepted close (a double click would
 * otherwise also close the notification that moves up under the pointer).
 */
export function createCloseGuard(ms = NOTIFICATION_CLOSE_GUARD_MS, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - last < ms) return false;
    last = time;
    return true;
  };
}

/** Spec 4: 'Limpiar' does not mark read the notifications whose text contains 'bloqueado'. */
export const isBlockedNotice = (text: string) => /bloqueado/i.test(text);
