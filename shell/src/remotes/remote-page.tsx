import { Component, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageLoader } from '@planta/shell-contract';
import { LoadingScreen } from '@planta/ui';
import { ErrorCard } from '../layout/lazy-error-card';
import { preloadable, type Preloadable } from '../routing/preloadable';

/** Pages and widgets take different props: each caller names its own. */
const pages = new Map<PageLoader, unknown>();

/** One component per page (or widget) loader, so that navigating back does not load it again. */
export function lazyPage<Props extends object = object>(load: PageLoader): Preloadable<Props> {
  let page = pages.get(load) as Preloadable<Props> | undefined;
  if (!page) {
    page = preloadable(async () => (await load()).default as ComponentType<Props>);
    pages.set(load, page);
  }
  return page;
}

/** Loads a page ahead, so that it renders at once when shown (a failure shows when it is). */
export const preloadPage = (load: PageLoader) =>
  lazyPage(load)
    .preload()
    .catch(() => undefined);

/** Forgets a loader's component, so that a retry loads it again from the network. */
export const forgetPage = (load: PageLoader) => pages.delete(load);

interface BoundaryProps {
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps a page that throws while rendering inside its own area. */
export class AreaErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error('Area failed while rendering:', error);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error, () => this.setState({ error: null })) : this.props.children;
  }
}

/** A remote's page: loaded when visited, with an error card and retry if it fails to load or render. */
export function RemotePage({ load, areaTitle }: { load: PageLoader; areaTitle: string }) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(load);
  return (
    <AreaErrorBoundary
      key={attempt}
      fallback={(_error, reset) => (
        <ErrorCard
          title={t('remoteError.title', 'Esta área no pudo cargarse')}
          message={t('remoteError.message', { area: areaTitle })}
          retryLabel={t('remoteError.retry', 'Reintentar')}
          onRetry={() => {
            forgetPage(load);
            setAttempt((value) => value + 1);
            reset();
          }}
        />
      )}
    >
      <Suspense fallback={<LoadingScreen delayMs={200} />}>
        <Page />
      </Suspense>
    </AreaErrorBoundary>
  );
}
