import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { storageKeys } from '@planta/contracts';
import { initI18n } from '@planta/i18n';
import { preloadSessionEndpoints, readStored } from '@planta/session';
import { App } from './app';
import { OfflineQueueStatus } from './layout/offline-queue-status.lazy';
import { keepTabsterCatchersOutOfTabOrder } from './layout/tabster-catchers';
import { registerRemotesFromMap } from './remotes/remote-loader';
import { whenIdle } from './routing/when-idle';

async function start() {
  // A stored session is checked first thing (POST auth/token): its call's definition downloads
  // while the remotes map is read, not after the first render; so does the offline queue, which
  // sends what was kept offline as soon as the session is back.
  if (readStored(storageKeys.accessToken)) {
    preloadSessionEndpoints();
    void OfflineQueueStatus.preload().catch(() => undefined);
  }
  const i18n = initI18n();
  try {
    await registerRemotesFromMap();
  } catch (error) {
    // Without the map no remote loads; the shell still starts and each area shows its error card.
    console.error('Remotes map could not be read:', error);
  }
  // For the page's whole life: the catchers a menu or dialog leaves stay after sign-out (/login, /register).
  keepTabsterCatchersOutOfTabOrder();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

/**
 * Spec 9: a custom service worker is registered; a failure is only logged. Once the page has
 * loaded and is idle: installing it (and caching what the page loaded) must not slow the first visit.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/service-worker.js').catch((error: unknown) => console.warn('Service worker not registered:', error));
  const registerWhenIdle = () => whenIdle(() => void register(), 5_000, 1_000);
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}

registerServiceWorker();
void start();
