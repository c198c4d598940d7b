import { screen, within } from '@testing-library/react';

/**
 * The dialog named `name` once it is usable (to call inside waitFor): accessible, and with the
 * control named `control` accessible in it. Under load a dialog found once may still be opening,
 * or be hidden by one closing before it, which a single query cannot tell.
 */
export function usableDialog(name: string, control: { role: string; name: string }): HTMLElement {
  const dialog = screen.getByRole('dialog', { name });
  within(dialog).getByRole(control.role, { name: control.name });
  return dialog;
}
