import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { eventually, freshPagePerTest, login, onPath, pathOf, signIn, visible } from '../support/browser';

/**
 * Issue 37 "No dead ends" and "Notifications to act on", as the accounts of the demo seed see them
 * (the menu each seed role is offered is unit-tested with each remote's navigation).
 */
const JEFE = 'jefe@norte.example';
const OPERARIO = 'operario@norte.example';
const CALIDAD = 'calidad@norte.example';
const INVITADO = 'invitado@norte.example';

const navigation = (page: Page) => page.getByRole('navigation').first();
/** Spec 2.4's side button (on a tablet its label is its tooltip). */
const sideButton = (page: Page) => page.locator('[data-part="side-button"]');

/** The operator's running extrusion asks for critical dimensions (spec 4): closed whenever it shows. */
async function closeDimensionPrompts(page: Page): Promise<void> {
  const prompt = page.getByRole('alertdialog', { name: 'Dimensiones criticas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Cerrar' }).click();
  });
}

async function unfold(page: Page): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    const folded = navigation(page).locator('button[aria-expanded="false"]');
    if ((await folded.count()) === 0) return;
    await folded.first().click();
  }
}

describe('no dead ends in the browser', () => {
  let page: Page;

  freshPagePerTest((state) => ({ page } = state));

  it("calidad's menu and search lack 'Iniciar extrusión'; its address bounces to the welcome page saying 'No tienes acceso a esa página'", async () => {
    await signIn(page, CALIDAD);
    await visible(navigation(page).getByRole('button', { name: 'Producción ágil' }));
    await unfold(page);
    await visible(navigation(page).getByRole('link', { name: 'Órdenes de producción' }));
    expect(await navigation(page).getByRole('link', { name: 'Iniciar extrusión' }).count()).toBe(0);
    // Its grants neither read nor make failure reports: no side button that would bounce.
    expect(await sideButton(page).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Buscar' }).fill('extrusi');
    await visible(
      page
        .getByRole('search')
        .getByText(/Sin resultados|Líneas de extrusión/)
        .first(),
    );
    expect(await page.getByRole('search').getByRole('link', { name: 'Iniciar extrusión' }).count()).toBe(0);

    await page.goto('/apps/extrusion/new');
    await onPath(page, '/apps/dashboards/welcome');
    await visible(page.getByText('No tienes acceso a esa página'));
  });

  it("the operator finds 'Confirmación de producción', 'Mantenimiento correctivo' and 'Mantenimiento preventivo' in the menu and the search", async () => {
    await closeDimensionPrompts(page);
    await login(page, OPERARIO);
    await visible(navigation(page).getByRole('button', { name: 'Matricería ágil' }));
    // The operator reports failures: the side button is there for them.
    await visible(sideButton(page));
    await unfold(page);
    for (const name of ['Confirmación de producción', 'Mantenimiento correctivo', 'Mantenimiento preventivo', 'Iniciar extrusión'])
      await visible(navigation(page).getByRole('link', { name }));
    const search = page.getByRole('combobox', { name: 'Buscar' });
    await search.fill('preventivo');
    await page.getByRole('search').getByRole('link', { name: 'Mantenimiento preventivo' }).click();
    await onPath(page, '/apps/preventiveMaintenance/all');
  });

  it('an address the operator may not open bounces to the welcome page with the message', async () => {
    await closeDimensionPrompts(page);
    await login(page, OPERARIO);
    await page.goto('/apps/users/all');
    await onPath(page, '/apps/dashboards/welcome');
    await visible(page.getByText('No tienes acceso a esa página'));
  });

  it("the guest's welcome page says what a guest can do, with no hint to star pages, and the toolbar offers no search that finds nothing", async () => {
    await login(page, INVITADO);
    const main = page.getByRole('main');
    await visible(main.getByRole('region', { name: 'Tu acceso de invitado' }));
    await visible(main.getByText(/Abre el enlace que te enviaron/));
    expect(await main.getByText(/Marca con la estrella/).count()).toBe(0);
    expect(await main.getByRole('region', { name: 'Mis accesos directos' }).count()).toBe(0);
    // The toolbar is drawn (its bell), without a search: a guest can open no page from one.
    await visible(page.getByRole('button', { name: 'Notificaciones', exact: true }));
    expect(await page.getByRole('search').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Buscar' }).count()).toBe(0);
    expect(await sideButton(page).count()).toBe(0);
  });

  it("a new failure report's notification can be clicked by the lead and opens the report, saying how long ago it came", async () => {
    const report = await apiAs<{ id: number; number: string }>(OPERARIO, 'POST', 'failure-damage-report', {
      area: 'Almacén de tochos',
      kind: 'damage',
      severity: 'low',
      description: 'E2E: golpe en la estantería de tochos',
    });
    expect(report.status).toBe(201);
    await login(page, JEFE);
    await page.getByRole('button', { name: 'Notificaciones', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Notificaciones' });
    const text = `Nuevo reporte de daño ${report.body.number} en Almacén de tochos (gravedad baja)`;
    const link = drawer.getByRole('link', { name: text });
    await visible(link);
    await visible(
      drawer
        .getByRole('listitem')
        .filter({ hasText: report.body.number })
        .getByText(/^(ahora|hace \d+ min)$/),
    );
    await link.click();
    await eventually(() => expect(pathOf(page)).toBe(`/apps/failure-damage-report/${report.body.id}`));
    await visible(page.getByRole('main').getByText(report.body.number).first());
  });
});
