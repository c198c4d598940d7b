import { expectNoSeriousAxeViolations } from '../support/axe';
import { freshPagePerTest, login, onPath, visible, type BrowserPage } from '../support/browser';

/**
 * 'Resumen de áreas' (issue 16, first screen): one card per area the user may read, with its
 * traffic light and the things that need attention now, each a link to its screen.
 */
describe('the area overview', () => {
  let state: BrowserPage;
  freshPagePerTest((current) => (state = current));

  it('shows the plant manager a card per area, and an item opens its screen', async () => {
    const { page } = state;
    await page.setViewportSize({ width: 1024, height: 768 });
    await login(page, 'admin@norte.example');
    await page.goto('/apps/dashboards/analytics');
    await visible(page.getByRole('heading', { name: 'Resumen de áreas', level: 1 }));
    for (const area of ['Producción', 'Mantenimiento', 'Matricería', 'Correcciones']) {
      const card = page.locator(`[data-area]`).filter({ has: page.getByText(area, { exact: true }) });
      await visible(card);
      expect(['En orden', 'Atención', 'Crítico']).toContain((await card.locator('[data-light]').textContent())?.trim());
    }
    await expectNoSeriousAxeViolations(page);
    // The demo has a die whose nitriding is overdue: the die shop's card is red and says so.
    const dieshop = page.locator('[data-area="dieshop"]');
    expect(await dieshop.locator('[data-light]').getAttribute('data-light')).toBe('red');
    const overdue = dieshop.getByRole('link', { name: /nitrurado vencido/ });
    const target = new URL((await overdue.getAttribute('href'))!, 'http://portal').pathname;
    expect(target).toMatch(/^\/apps\/dies?\b/);
    await overdue.click();
    await onPath(page, target);
  });
});
