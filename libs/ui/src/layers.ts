/**
 * The portal's one stacking order (z-index), lowest first. Every positioned part of the shell and
 * of the areas takes its z-index from here, so nothing is drawn over what should cover it.
 *
 * Above all of these, Fluent UI mounts its overlays on <body>, each in a portal node of its own
 * at FLUENT_PORTAL_LAYER, stacked among themselves in the order they open: drawers (settings,
 * navigation, notifications), menus and popovers, tooltips, dialogs; the snackbars' toaster is
 * lifted one step higher so that a message is never hidden under a drawer or dialog.
 */
export const LAYERS = {
  /** sticky parts inside a page (a list's header row, a composer) */
  content: 1,
  /** the 'Reporte de fallas y daños' side button: over the content, whose space it reserves */
  sideButton: 10,
  /** toolbar, navbar, layout 2's header and a fixed footer */
  chrome: 20,
  /** the shell's own side panels (chat), over the chrome */
  panel: 100,
  /** the snackbars, over every Fluent overlay */
  toast: 1_000_001,
} as const;

/** z-index of Fluent UI's portal mount nodes (@fluentui/react-portal, usePortalMountNodeStyles). */
export const FLUENT_PORTAL_LAYER = 1_000_000;
