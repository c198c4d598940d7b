import { Component, lazy, Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { onSnackbar, type ShownSnackbar } from '@planta/ui';

type ToasterProps = { queue: readonly ShownSnackbar[]; onShown: (count: number) => void };

// The toaster loads with the first snackbar: most pages, the sign-in page among them, never show one.
const loadToaster = () => import('./snackbar-toaster');

/** A toaster that cannot be loaded (the network is down) must not take the page with it. */
class ToasterBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    console.warn('Snackbars could not be shown:', error);
    this.props.onError();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Renders the snackbars any app raises; those raised while the toaster loads wait in a queue, and
 * a toaster that could not be loaded is tried again with the next snackbar.
 */
export function Snackbars() {
  const [queue, setQueue] = useState<ShownSnackbar[]>([]);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(
    () =>
      onSnackbar((snackbar) => {
        setQueue((waiting) => [...waiting, snackbar]);
        setToaster((current: ComponentType<ToasterProps> | null) => current ?? lazy(loadToaster));
      }),
    [],
  );
  const shown = useCallback((count: number) => setQueue((waiting) => waiting.slice(count)), []);
  const failed = useCallback(() => setToaster(null), []);
  if (!Toaster) return null;
  return (
    <ToasterBoundary onError={failed}>
      <Suspense fallback={null}>
        <Toaster queue={queue} onShown={shown} />
      </Suspense>
    </ToasterBoundary>
  );
}
