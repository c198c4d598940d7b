import { useSyncExternalStore } from 'react';

/** Phones: lists become cards, one record per card. */
export const PHONE_QUERY = '(max-width: 599.98px)';
/** Tablets (and phones): a 1024 px landscape tablet has no room for a desktop's every column. */
export const TABLET_QUERY = '(max-width: 1279.98px)';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a media query matches, following its changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = mediaQuery(query);
      if (!list) return () => undefined;
      list.addEventListener?.('change', notify);
      return () => list.removeEventListener?.('change', notify);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}
