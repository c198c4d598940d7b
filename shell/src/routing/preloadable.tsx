import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<Props extends object> = ComponentType<Props> & { preload: () => Promise<ComponentType<Props>> };

/**
 * A component loaded on demand that renders at once when it was loaded ahead (`preload`). A lazy
 * component suspends on its first render even when its code is already there, and React then holds
 * the page back for its fallback throttle (300 ms); preloading what the next render shows avoids
 * both. A component that started lazy stays lazy (switching would remount it).
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>): Preloadable<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a retry goes back to the network
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function PreloadedOrLazy(props: Props) {
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadedOrLazy, { preload });
}
