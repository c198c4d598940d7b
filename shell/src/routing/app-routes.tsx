import { Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { isSignedInAtom } from '@planta/session';
import { NO_CHROME, REMOTE_AREAS, REMOTE_NAMES, type RouteAccessRule, type RouteDefinition } from '@planta/shell-contract';
import { LoadingScreen } from '@planta/ui';
import { ErrorCard } from '../layout/lazy-error-card';
import { Layout } from '../layout/layout';
import { RemotePage } from '../remotes/remote-page';
import { useRemoteStates, useRetryRemote } from '../remotes/remote-states';
import { preloadable, type Preloadable } from './preloadable';
import { RouteGuard } from './route-guard';
import { HOME, NOT_FOUND, SHELL_ROUTES } from './shell-routes';

/** The shell's own pages load when first shown (the sign-in page needs none of them), or ahead. */
function shellPage<Props extends object>(load: () => Promise<ComponentType<Props>>): Preloadable<Props> {
  const Page = preloadable(load);
  function ShellPage(props: Props) {
    return (
      <Suspense fallback={<LoadingScreen delayMs={200} />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(ShellPage, { preload: Page.preload });
}

export const WelcomePage = shellPage(async () => (await import('../pages/welcome.page')).WelcomePage);
const DashboardPage = shellPage(async () => (await import('../pages/dashboard.page')).DashboardPage);
const ErrorPage = shellPage(async () => (await import('../pages/error.page')).ErrorPage);
// Only share links use it: the sign-in page does not download its banner.
const ShareSignIn = shellPage(async () => (await import('./share-sign-in')).ShareSignIn);

/**
 * A route's page inside the layout, behind the guard of its access rule (a page grant or a role
 * group). A share-link page first signs the visitor in with its token, so that the guard admits them.
 */
function guarded(route: RouteAccessRule & Pick<RouteDefinition, 'settings' | 'share' | 'needs'>, element: ReactNode) {
  const guard = (
    <RouteGuard auth={route.auth} page={route.page} needs={route.needs}>
      {element}
    </RouteGuard>
  );
  return <Layout settings={route.settings}>{route.share ? <ShareSignIn share={route.share}>{guard}</ShareSignIn> : guard}</Layout>;
}

function RemoteUnavailable({ name }: { name: (typeof REMOTE_NAMES)[number] }) {
  const { t } = useTranslation('shell');
  const states = useRemoteStates();
  const retry = useRetryRemote();
  const state = states[name];
  if (state.status === 'loading') return <LoadingScreen delayMs={200} />;
  return (
    <ErrorCard
      title={t('remoteError.title', 'Esta área no pudo cargarse')}
      message={t('remoteError.message', {
        area: REMOTE_AREAS[name].title,
        defaultValue: `${REMOTE_AREAS[name].title} no está disponible en este momento. El resto del portal sigue funcionando.`,
      })}
      retryLabel={t('remoteError.retry', 'Reintentar')}
      onRetry={() => void retry(name)}
    />
  );
}

/**
 * The portal's routes: the shell's own, then each loaded remote's (spec 2.2). The addresses of
 * a remote that is still loading or failed show its loading state or error card in place.
 */
export function AppRoutes() {
  const states = useRemoteStates();
  // Only the sign-in screens are open to visitors, and they stand alone: no chrome to download for them.
  const signedIn = useAtomValue(isSignedInAtom);
  const pendingSettings = signedIn ? undefined : NO_CHROME;
  const remoteRoutes = useMemo(
    () =>
      REMOTE_NAMES.flatMap((name) => {
        const state = states[name];
        if (state.status !== 'ready') {
          return REMOTE_AREAS[name].prefixes.flatMap((prefix) => [
            <Route
              key={`${name}${prefix}`}
              path={prefix}
              element={
                <Layout settings={pendingSettings}>
                  <RemoteUnavailable name={name} />
                </Layout>
              }
            />,
            <Route
              key={`${name}${prefix}/*`}
              path={`${prefix}/*`}
              element={
                <Layout settings={pendingSettings}>
                  <RemoteUnavailable name={name} />
                </Layout>
              }
            />,
          ]);
        }
        return state.module.routes.map((route) => (
          <Route
            key={`${name}${route.path}`}
            path={route.path}
            element={guarded(
              route,
              route.redirectTo ? <Navigate to={route.redirectTo} replace /> : <RemotePage load={route.load!} areaTitle={REMOTE_AREAS[name].title} />,
            )}
          />
        ));
      }),
    [states, pendingSettings],
  );

  return (
    <Routes>
      <Route path="/" element={<Navigate to={HOME} replace />} />
      <Route path={SHELL_ROUTES.welcome.path} element={guarded(SHELL_ROUTES.welcome, <WelcomePage />)} />
      <Route path={SHELL_ROUTES.analytics.path} element={guarded(SHELL_ROUTES.analytics, <DashboardPage kind="analytics" />)} />
      <Route path={SHELL_ROUTES.indicators.path} element={guarded(SHELL_ROUTES.indicators, <DashboardPage kind="indicators" />)} />
      <Route
        path={SHELL_ROUTES.notFound.path}
        element={
          <Layout>
            <ErrorPage code={404} />
          </Layout>
        }
      />
      <Route
        path={SHELL_ROUTES.serverError.path}
        element={
          <Layout>
            <ErrorPage code={500} />
          </Layout>
        }
      />
      {remoteRoutes}
      <Route path="*" element={<Navigate to={NOT_FOUND} replace />} />
    </Routes>
  );
}
