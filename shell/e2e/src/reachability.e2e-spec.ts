import type { BrowserContext, Page } from 'playwright-core';
import { eventually, freshPagePerTest, login, onPath, pathOf, visible } from '../support/browser';

/** Opens every folded entry of the navigation tree, so that each of its links can be clicked. */
async function unfoldNavigation(page: Page): Promise<void> {
  const navigation = page.getByRole('navigation').first();
  for (let round = 0; round < 20; round += 1) {
    const folded = navigation.locator('button[aria-expanded="false"]');
    if ((await folded.count()) === 0) return;
    await folded.first().click();
  }
}

/** The links of the navigation tree: their names and addresses, in order. */
async function navigationLinks(page: Page): Promise<{ name: string; href: string }[]> {
  return page
    .getByRole('navigation')
    .first()
    .locator('a[href^="/apps/"]')
    .evaluateAll((links) => links.map((link) => ({ name: (link.textContent ?? '').trim(), href: new URL((link as HTMLAnchorElement).href).pathname })));
}

/** A screen reached: its title, and neither the 404 page nor an area that failed to load. */
async function expectScreen(page: Page, name: string): Promise<void> {
  const main = page.getByRole('main');
  await visible(main.getByRole('heading').or(main.getByRole('region')).first());
  expect([name, await main.getByText('Página no encontrada').count()]).toEqual([name, 0]);
  expect([name, await main.getByText('Esta área no pudo cargarse').count()]).toEqual([name, 0]);
}

/** Issue 9: every screen of an area is reachable from its navigation or from where its work begins. */
describe('reaching every screen', () => {
  let context: BrowserContext;
  let page: Page;

  freshPagePerTest((state) => ({ context, page } = state));

  it('every menu item of every area reaches a screen (administrator, who sees them all)', async () => {
    await login(page, 'admin@norte.example');
    // The remotes add their areas to the menu as they load: every area is there before it is unfolded.
    for (const area of ['Producción ágil', 'Mantenimiento inteligente', 'Matricería ágil'])
      await visible(page.getByRole('navigation').first().getByRole('button', { name: area }));
    await unfoldNavigation(page);
    const links = await navigationLinks(page);
    const addresses = links.map((link) => link.href);
    // The screens that were reachable only by typing their address.
    for (const expected of ['/apps/extrusion/new', '/apps/orders/all', '/apps/machine/all', '/apps/aluminum-alloy/all']) expect(addresses).toContain(expected);
    expect(links.find((link) => link.href === '/apps/extrusion/new')?.name).toBe('Iniciar extrusión');

    for (const link of links) {
      await unfoldNavigation(page);
      await page.getByRole('navigation').first().locator(`a[href="${link.href}"]`).first().click();
      // An area's entry may lead on to its first screen (the board: /apps/planning-kanban-board → …/board).
      await eventually(() => expect([link.href, link.href === pathOf(page) || pathOf(page).startsWith(`${link.href}/`)]).toEqual([link.href, true]));
      await expectScreen(page, link.name);
    }
    expect(context.pages()).toHaveLength(1);
  });

  it("the menu search finds 'Iniciar extrusión' and the order list, and they open", async () => {
    await login(page, 'operario@norte.example');
    // The operator's running order may ask for its critical dimensions first.
    const prompt = page.getByRole('alertdialog', { name: 'Dimensiones criticas' });
    if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Cerrar' }).click();
    const search = async (text: string, result: string, path: string) => {
      const box = page
        .getByRole('combobox', { name: 'Buscar' })
        .or(page.getByRole('searchbox', { name: 'Buscar' }))
        .first();
      if (!(await box.isVisible())) await page.getByRole('button', { name: 'Abrir búsqueda' }).click();
      await box.fill(text);
      await page
        .getByRole('option', { name: result })
        .or(page.getByRole('link', { name: result }))
        .first()
        .click();
      await onPath(page, path);
    };
    await search('iniciar', 'Iniciar extrusión', '/apps/extrusion/new');
    await visible(page.getByRole('main').getByText('Iniciar extrusión').first());
    await search('ordenes', 'Órdenes de producción', '/apps/orders/all');
    await visible(page.getByRole('main').getByRole('heading', { name: 'Órdenes de producción' }));
  });

  it('the order list searches, filters by status and due date, and opens an order', async () => {
    await login(page, 'jefe@norte.example');
    await page.goto('/apps/orders/all');
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Órdenes de producción' });
    await visible(table);
    const range = main.getByText(/^\d+–\d+ de \d+$/);
    const total = async () => Number((await range.textContent())!.split(' de ')[1]);
    await eventually(async () => expect(await total()).toBeGreaterThan(0));
    const all = await total();

    // A status is found by the word on the screen.
    await main.getByRole('searchbox', { name: 'Buscar' }).fill('en prensa');
    await eventually(async () => {
      const statuses = await table.locator('tbody tr td:nth-child(5)').allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['En prensa']));
    });
    await main.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await eventually(async () => expect(await total()).toBe(all));

    await main.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Terminada' });
    await eventually(async () => expect(new Set(await table.locator('tbody tr td:nth-child(5)').allTextContents())).toEqual(new Set(['Terminada'])));
    await main.getByLabel('Entrega hasta').fill('01/01/2000');
    await visible(main.getByText('Sin datos'));
    await main.getByRole('button', { name: 'Quitar filtros' }).click();
    await eventually(async () => expect(await total()).toBe(all));

    const first = table.locator('tbody tr').first();
    const number = (await first.locator('td').first().textContent())!.trim();
    await first.click();
    const dialog = page.getByRole('dialog', { name: `Orden ${number}` });
    await visible(dialog);
    expect(pathOf(page)).toMatch(/^\/apps\/orders\/\d+$/);
    await page.keyboard.press('Escape');
    await onPath(page, '/apps/orders/all');
  });
});
