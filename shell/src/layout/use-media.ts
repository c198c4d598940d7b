import { PHONE_QUERY, useMediaQuery } from '@planta/ui';
export { TOUCH_QUERY } from '@planta/session';

/** Spec 9 / 2.3: the medium breakpoint. Below it the navbar is a drawer. */
export const MEDIUM_BREAKPOINT = 960;
export const MOBILE_QUERY = `(max-width: ${MEDIUM_BREAKPOINT - 0.02}px)`;

/** Too narrow for the toolbar's quick links and the user's name beside the avatar (below 1366 px). */
export const NARROW_QUERY = '(max-width: 1365.98px)';
/** Phones: the toolbar keeps only what fits in one row (search and language are in the drawer and settings). */
export const SMALL_QUERY = PHONE_QUERY;
export { useMediaQuery };

/** True below the medium breakpoint (960 px). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
