import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { ErrorCard as ErrorCardComponent } from '@planta/ui';

type ErrorCardProps = ComponentProps<typeof ErrorCardComponent>;

// An error card is rare: its card and button load when one is shown, not with every page.
const LoadedErrorCard = lazy(async () => ({ default: (await import('./error-card.chunk')).ErrorCard }));

/** The same words in plain elements, for when the card itself cannot be loaded (the network is down). */
function PlainErrorCard({ title, message, retryLabel, onRetry }: ErrorCardProps) {
  return (
    <div role="alert" style={{ padding: 24 }}>
      <h2>{title}</h2>
      <p>{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} style={{ minHeight: 44, minWidth: 44 }}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

class CardBoundary extends Component<{ props: ErrorCardProps; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <PlainErrorCard {...this.props.props} /> : this.props.children;
  }
}

/** The shared ErrorCard, loaded when first shown. */
export function ErrorCard(props: ErrorCardProps) {
  return (
    <CardBoundary props={props}>
      <Suspense fallback={null}>
        <LoadedErrorCard {...props} />
      </Suspense>
    </CardBoundary>
  );
}
