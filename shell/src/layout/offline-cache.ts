/** The message the service worker (shell/src/public/service-worker.js) keeps files for. */
export const CACHE_MESSAGE = 'planta:cache';

/** The files this page has loaded from its own origin (the worker keeps only those its rules allow). */
export function loadedFiles(): string[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return [];
  return [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(`${location.origin}/`)),
    ),
  ];
}

/**
 * On the first visit the page loads its files before the service worker controls it, so the
 * worker has not seen them: once it controls the page, it is told what was loaded (and again a
 * little later, for what was still on its way), so that one online visit is enough to open the
 * portal offline. Files the worker already keeps are skipped by it. Returns the cleanup.
 */
export function keepLoadedFilesForOffline(resendAfterMs = 10_000): () => void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return () => undefined;
  const container = navigator.serviceWorker;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => container.controller?.postMessage({ type: CACHE_MESSAGE, urls: loadedFiles() });
  const sendNowAndLater = () => {
    send();
    clearTimeout(timer);
    timer = setTimeout(send, resendAfterMs);
  };
  // Controlled already: by a worker of an earlier visit, or one that took control before this ran.
  if (container.controller) sendNowAndLater();
  container.addEventListener('controllerchange', sendNowAndLater);
  return () => {
    container.removeEventListener('controllerchange', sendNowAndLater);
    clearTimeout(timer);
  };
}

/** The question the service worker answers with its own `navigator.onLine`. */
export const NETWORK_QUESTION = 'planta:network?';

/**
 * Whether the service worker controlling the page sees a network (its `navigator.onLine`):
 * undefined without a controlling worker or an answer within `timeoutMs`. The worker is the
 * browser's other witness: a page it opened from the cache may not have been told that the
 * browser is offline (an emulated network cut applies to the worker, not to the new document).
 */
export function workerSeesNetwork(timeoutMs = 1_000): Promise<boolean | undefined> {
  const controller = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker?.controller;
  if (!controller || typeof MessageChannel === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(undefined);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ online?: unknown }>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(typeof event.data?.online === 'boolean' ? event.data.online : undefined);
    };
    controller.postMessage({ type: NETWORK_QUESTION }, [channel.port2]);
  });
}
