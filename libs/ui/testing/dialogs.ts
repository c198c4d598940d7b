import { screen, within } from '@testing-library/react';

/**
 * The dialog named `name` once it has opened with the control named `control` in it (to call
 * inside waitFor). In jsdom, Fluent's focus manager may mark a dialog opened from a card's menu
 * aria-hidden, for a moment or for good, while the menu lets go of the page, so the queries here
 * and inside the dialog include hidden elements (`hidden: true`); the browser tests check, in
 * Chromium, that the dialog is reachable as users and screen readers find it.
 */
export function openedDialog(name: string, control: { role: string; name: string }): HTMLElement {
  const dialog = screen.getByRole('dialog', { name, hidden: true });
  within(dialog).getByRole(control.role, { name: control.name, hidden: true });
  return dialog;
}
