/**
 * Snackbars any app can raise and only the shell renders (it owns the toaster): a tiny
 * publish-subscribe. Each app bundles its own copy of this lib, so the listeners live on the
 * page (one set under a global symbol), not in the module.
 */
export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';
export type SnackbarPosition = 'top' | 'top-end' | 'bottom' | 'bottom-end';

export interface SnackbarMessage {
  message: string;
  variant?: SnackbarVariant;
  position?: SnackbarPosition;
  /** Spec 9: 6000 ms by default. */
  autoHideMs?: number;
  /** A heading above the message (who sent a chat message or a mention). */
  title?: string;
  /** A link under the message (open the conversation, the record). */
  action?: { label: string; onClick: () => void };
}

/** A snackbar as the shell shows it: every setting decided. */
export type ShownSnackbar = SnackbarMessage & Required<Pick<SnackbarMessage, 'message' | 'variant' | 'position' | 'autoHideMs'>>;

export const SNACKBAR_DEFAULT_MS = 6000;
/** Spec 9: at most five stacked. */
export const SNACKBAR_MAX_STACK = 5;

type Listener = (snackbar: ShownSnackbar) => void;
const LISTENERS = Symbol.for('planta.snackbar.listeners');
const page = globalThis as typeof globalThis & { [LISTENERS]?: Set<Listener> };
const listeners = (page[LISTENERS] ??= new Set<Listener>());

export function showSnackbar(snackbar: SnackbarMessage): void {
  const complete: ShownSnackbar = { variant: 'info', position: 'bottom', autoHideMs: SNACKBAR_DEFAULT_MS, ...snackbar };
  for (const listener of listeners) listener(complete);
}

export function onSnackbar(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
