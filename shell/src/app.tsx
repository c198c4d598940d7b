import { FluentProvider, makeStaticStyles, tokens } from '@fluentui/react-components';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { loadSignedInTexts, setLanguage, type I18n } from '@planta/i18n';
import {
  currentSettingsAtom,
  followGrants,
  isSignedInAtom,
  onUnauthorized,
  resetJoinedRoom,
  resumeSessionWhenBack,
  resumingSessionAtom,
  sessionStore,
  signInWithToken,
  userAtom,
} from '@planta/session';
import { LoadingScreen, showSnackbar } from '@planta/ui';
import { LayoutFrame } from './layout/layout';
import { OfflineQueueStatus } from './layout/offline-queue-status.lazy';
import { ReconnectingStatus } from './layout/reconnecting-status';
import { Snackbars } from './layout/snackbars';
import { useFluentTheme } from './layout/themes';
import { useLoadRemotes } from './remotes/remote-states';
import { AppRoutes } from './routing/app-routes';
import { useNextStepNeeded, usePrefetchChrome } from './routing/next-step.prefetch';

// The portal fills the window: no browser default margin framing it. Plain links (router links
// in tables and lists) take the theme's link colour: the browser's dark blue is unreadable on the dark theme.
const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
  'a:not([class]), a:not([class]):visited': { color: tokens.colorBrandForegroundLink },
});

function Theme({ children }: { children: ReactNode }) {
  useGlobalStyles();
  const settings = useAtomValue(currentSettingsAtom);
  const theme = useFluentTheme(settings.theme.main);
  return (
    <FluentProvider theme={theme} dir={settings.direction} style={{ minHeight: '100vh' }}>
      {children}
    </FluentProvider>
  );
}

/** Spec 4 start-up: nothing renders until the stored session has been checked. */
function StartUp({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const nextStepNeeded = useNextStepNeeded();
  useLoadRemotes(nextStepNeeded);
  usePrefetchChrome(nextStepNeeded);

  // The grants follow the session from its first token on (menu, routes and buttons obey them).
  useEffect(() => followGrants(), []);

  // Once per page load: `t` changes whenever an area adds its texts, which must not sign anyone in again.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    resetJoinedRoom();
    // A signed-in user's page is framed by the chrome and written in their language, with the
    // signed-in screens' texts (both downloaded on demand): all loaded before the page shows.
    const prepareSignedIn = async () => {
      if (!sessionStore.get(isSignedInAtom)) return;
      const { language } = sessionStore.get(userAtom).data.settings;
      // texts that fail here are tried again, and reported, by the layout (useUserLanguage, useSignedInTexts)
      await Promise.all([
        LayoutFrame.preload().catch(() => undefined),
        loadSignedInTexts(i18n).catch(() => undefined),
        language ? setLanguage(language, i18n).catch(() => undefined) : undefined,
      ]);
    };
    let stopResuming: (() => void) | undefined;
    let unmounted = false;
    void signInWithToken({ accessUrl: window.location.pathname }).then(async (result) => {
      const say = translate.current;
      if (result.outcome === 'failed') showSnackbar({ message: say('session.tokenSignInFailed', 'Error intentando ingresar con el TOKEN'), variant: 'error' });
      if (result.outcome === 'unreachable' && !unmounted) {
        showSnackbar({ message: say('session.serverUnreachable'), variant: 'warning' });
        // Back on the network, the stored session signs in again and the sign-in page gives way to where the user was.
        stopResuming = resumeSessionWhenBack(() => {
          void prepareSignedIn().then(() => showSnackbar({ message: translate.current('session.resumed'), variant: 'success' }));
        });
      }
      await prepareSignedIn();
      // The first page is drawn as a transition: a large page (the chrome and a dashboard) is
      // rendered in slices that let the browser answer in between, not in one long task.
      startTransition(() => setReady(true));
    });
    return () => {
      unmounted = true;
      stopResuming?.();
    };
  }, [i18n]);

  // Spec 4/8: a 401 from any call ends the session and returns to /login (a 503 or no answer never does: the client retries).
  useEffect(
    () =>
      onUnauthorized((message) => {
        showSnackbar({ message, variant: 'error' });
        navigate('/login');
      }),
    [navigate],
  );

  return ready ? <>{children}</> : <LoadingScreen />;
}

/**
 * Saves kept offline are a signed-in user's: the status (and the queue it starts) loads for them
 * only, and for a stored session waiting to sign in again, whose saves it shows until it has.
 */
function SignedInOfflineQueueStatus() {
  const signedIn = useAtomValue(isSignedInAtom);
  const resuming = useAtomValue(resumingSessionAtom);
  return signedIn || resuming ? (
    <Suspense fallback={null}>
      <OfflineQueueStatus />
    </Suspense>
  ) : null;
}

/** The portal. Only the shell mounts providers; remotes render inside them. */
export function App({ i18n }: { i18n: I18n }) {
  return (
    <JotaiProvider store={sessionStore}>
      <I18nextProvider i18n={i18n}>
        <Theme>
          <BrowserRouter>
            <StartUp>
              <AppRoutes />
            </StartUp>
            <Snackbars />
            <ReconnectingStatus />
            <SignedInOfflineQueueStatus />
          </BrowserRouter>
        </Theme>
      </I18nextProvider>
    </JotaiProvider>
  );
}
