import type { Page } from 'playwright-core';
import { AREA_SCREENS, openAreaScreen } from '../support/area-screens';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { freshPagePerTest, login, visible } from '../support/browser';

/**
 * Issue 9 item 11: axe (with its experimental rules, as the audit ran it) finds nothing serious
 * or critical on the whole page — shell and area together — of the screens plant staff use most.
 * The planning board has its own check in planning-board.e2e-spec.ts. Issue 17 adds each area's
 * main screen, as the role that uses it (support/area-screens.ts).
 */
describe('accessibility (axe, serious and critical)', () => {
  let page: Page;

  freshPagePerTest((state) => ({ page } = state));

  it('the login page', async () => {
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'INGRESAR' }));
    await expectNoSeriousAxeViolations(page);
  });

  it('welcome, a list, a form, the order list and the extrusion start, as a shift lead', async () => {
    await login(page, 'jefe@norte.example');
    await expectNoSeriousAxeViolations(page);
    const main = page.getByRole('main');
    const screens: [string, () => Promise<unknown>][] = [
      ['/apps/machine/all', () => visible(main.getByRole('table', { name: 'Máquinas' }))],
      ['/apps/extrusion-line/new', () => visible(main.getByRole('button', { name: 'Guardar' }))],
      ['/apps/orders/all', () => visible(main.getByRole('table', { name: 'Órdenes de producción' }))],
      ['/apps/extrusion/new', () => visible(main.getByRole('button', { name: 'Iniciar extrusión' }))],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page);
    }
    // The form with every error shown.
    await page.goto('/apps/extrusion-line/new');
    await main.getByRole('button', { name: 'Guardar' }).click();
    await visible(main.getByText('Este campo es obligatorio').first());
    await expectNoSeriousAxeViolations(page);
  });

  it.each(AREA_SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
    await login(page, screen.email);
    await openAreaScreen(page, screen);
    await expectNoSeriousAxeViolations(page);
  });
});
