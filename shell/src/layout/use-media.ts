import { useSyncExternalStore } from 'react';
export { TOUCH_QUERY } from '@planta/session';

/** Spec 9 / 2.3: the medium breakpoint. Below it the navbar is a drawer. */
export const MEDIUM_BREAKPOINT = 960;
export const MOBILE_QUERY = `(max-width: ${MEDIUM_BREAKPOINT - 0.02}px)`;

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

/** Too narrow for the toolbar's quick links and the user's name beside the avatar (below 1366 px). */
export const NARROW_QUERY = '(max-width: 1365.98px)';
/** Phones: the toolbar keeps only what fits in one row (search and language are in the drawer and settings). */
export const SMALL_QUERY = '(max-width: 599.98px)';

/** True below the medium breakpoint (960 px). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
