/**
 * Runs `run` once the browser has drawn what it was doing and is idle, `timeoutMs` at most; where
 * there is no requestIdleCallback (Safari), after `fallbackMs`.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, fallbackMs);
}
