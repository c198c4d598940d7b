import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { preloadSignedInTexts } from '@planta/i18n';
import { isSignedInAtom, preloadSessionEndpoints } from '@planta/session';
import { LayoutFrame } from '../layout/layout';
import { OfflineQueueStatus } from '../layout/offline-queue-status.lazy';
import { WelcomePage } from './app-routes';

const INTENT_EVENTS = ['input', 'keydown', 'pointerdown'] as const;

/**
 * Whether the portal may load what the next step certainly needs: someone is signed in, or a
 * visitor has started to sign in (typed, pressed a key or touched the page; focus alone does not
 * count, the sign-in form focuses itself). Nothing is loaded for a visitor who only looks at the
 * sign-in page; one who is typing gets the chrome and the areas while they type.
 */
export function useNextStepNeeded(): boolean {
  const signedIn = useAtomValue(isSignedInAtom);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (signedIn || started) return;
    const start = () => setStarted(true);
    for (const event of INTENT_EVENTS) document.addEventListener(event, start, { once: true, capture: true });
    return () => {
      for (const event of INTENT_EVENTS) document.removeEventListener(event, start, { capture: true });
    };
  }, [signedIn, started]);
  return signedIn || started;
}

/**
 * The chrome, its texts, the welcome page and the offline queue's status, loaded ahead (the first
 * page after signing in shows them), and the parts shown only now and then (snackbars, error
 * cards), so that the service worker holds them too when the network drops. The session's endpoint
 * definitions (with zod, which the sign-in page does not load) come first: the sign-in sends its
 * request with them.
 */
export function usePrefetchChrome(needed: boolean): void {
  useEffect(() => {
    if (!needed) return;
    preloadSessionEndpoints();
    void LayoutFrame.preload().catch(() => undefined);
    void preloadSignedInTexts().catch(() => undefined);
    void WelcomePage.preload().catch(() => undefined);
    void OfflineQueueStatus.preload().catch(() => undefined);
    void import('../layout/snackbar-toaster').catch(() => undefined);
    void import('../layout/error-card.chunk').catch(() => undefined);
  }, [needed]);
}
