import { preloadable } from '../routing/preloadable';

/**
 * The offline queue's status (offline-queue-status.tsx) with the queue it starts
 * (@planta/session/offline-queue), loaded on demand: only a signed-in user has saves to keep, so
 * neither is on the sign-in page. Loaded ahead at start-up with a stored session (bootstrap.tsx)
 * and once a visitor starts to sign in (next-step.prefetch.ts), so that the queue sends what was
 * kept offline as soon as the session is back; loaded online, its files are in the service
 * worker's cache for an offline start (offline-cache.ts).
 */
export const OfflineQueueStatus = preloadable(async () => (await import('./offline-queue-status')).OfflineQueueStatus);
