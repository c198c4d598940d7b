import type { BrowserContext, Page } from 'playwright-core';
import { areaTitle, freshPagePerTest, login, navigateInApp, onPath, visible } from '../support/browser';

/** A remote that cannot load shows an error card in its area only, and recovers on retry. */
describe('an unavailable remote', () => {
  let context: BrowserContext;
  let page: Page;

  freshPagePerTest((state) => ({ context, page } = state));

  it("production blocked: its area shows 'Esta área no pudo cargarse' with 'Reintentar', the die shop still opens, retry after unblocking loads it", async () => {
    const block = '**/mfe/production/**';
    await context.route(block, (route) => route.abort());
    await login(page, 'jefe@norte.example');

    await page.goto('/apps/extrusion-line/all');
    const card = page.getByRole('alert').filter({ hasText: 'Esta área no pudo cargarse' });
    await visible(card);
    await visible(card.getByRole('button', { name: 'Reintentar' }));
    // The federation runtime's own error stays in the console.
    expect(await card.textContent()).not.toMatch(/Federation|RUNTIME|mfe_production/);

    await navigateInApp(page, '/apps/dies/all');
    await visible(areaTitle(page, 'Inventario de matrices'));

    await page.goBack();
    await onPath(page, '/apps/extrusion-line/all');
    await visible(card);

    await context.unroute(block);
    await card.getByRole('button', { name: 'Reintentar' }).click();
    await visible(areaTitle(page, 'Líneas de extrusión'));
    expect(await card.count()).toBe(0);
  });
});
