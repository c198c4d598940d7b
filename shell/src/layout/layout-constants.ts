/** Spec 9 sizes. */
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;
export const TOOLBAR_HEIGHT = 64;
/** Content max width 1120 (container mode); layout 2's header is 120 high. */
export const CONTENT_MAX_WIDTH = 1120;
export const HEADER_HEIGHT = 120;
