import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { eventually, launchBrowser, login, newPage, onPath, pathOf, visible } from '../support/browser';
import { smallPng } from '../support/images';

/**
 * Issue 12, failure reports (domain.md A1.3 step 1–3): the side button opens the list; an operator
 * files a report with a photo and the machine stopped; a lead, in another browser, hears of it
 * live and accepts it with an assignee; the assignee's notification opens the maintenance board.
 */
const OPERARIO = 'operario@norte.example';
const JEFE = 'jefe@norte.example';
const MACHINE = 'Prensa e2e reportes';

/** The operator's running order may ask for its critical dimensions at any moment: closed whenever it shows. */
async function closeDimensionPrompts(page: Page): Promise<void> {
  const prompt = page.getByRole('alertdialog', { name: 'Dimensiones criticas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Cerrar' }).click();
  });
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notificaciones', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Notificaciones' });

describe('failure and damage reports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await apiAs(JEFE, 'POST', 'machine', { name: MACHINE, code: 'PR-E2E-RF', type: 'press', status: 'operating', criticality: 'A' });
    expect(created.status).toBe(201);
  });
  afterAll(() => browser?.close());

  it("the side button 'Reporte de fallas y daños' opens the list", async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, OPERARIO);
      await closeDimensionPrompts(page);
      await page.getByRole('button', { name: 'Reporte de fallas y daños' }).click();
      await onPath(page, '/apps/failure-damage-report/all');
      await visible(page.getByRole('main').getByRole('heading', { name: 'Reporte de fallas y daños' }));
      await visible(page.getByRole('button', { name: 'Reportar falla' }));
    } finally {
      await context.close();
    }
  });

  it('an operator files a report with a photo and the press stopped; a lead sees it live, accepts it with an assignee; the notification opens the board', async () => {
    const lead = await newPage(browser);
    const operator = await newPage(browser);
    try {
      await login(lead.page, JEFE);
      await lead.page.goto('/apps/failure-damage-report/all');
      await visible(lead.page.getByRole('main').getByRole('heading', { name: 'Reporte de fallas y daños' }));

      const page = operator.page;
      await login(page, OPERARIO);
      await closeDimensionPrompts(page);
      await page.goto('/apps/failure-damage-report/all');
      await page.getByRole('button', { name: 'Reportar falla' }).click();
      await onPath(page, '/apps/failure-damage-report/new');
      const machine = page.getByRole('combobox', { name: 'Máquina' });
      await machine.click();
      await machine.pressSequentially('e2e report');
      await page.getByRole('option', { name: MACHINE }).click();
      await page.getByRole('button', { name: 'Falla', exact: true }).click();
      await page.getByRole('button', { name: 'Alta', exact: true }).click();
      await page.getByRole('switch', { name: /detenida|funcionando/ }).check();
      await page.getByRole('textbox', { name: 'Descripción' }).fill('Fuga de aceite en el cilindro principal; la prensa se detuvo');
      await page.getByTestId('report-photos').setInputFiles({ name: 'fuga.png', mimeType: 'image/png', buffer: smallPng() });
      await visible(page.getByRole('img', { name: 'fuga.png' }));
      await page.getByRole('button', { name: 'Enviar reporte' }).click();
      await eventually(() => expect(pathOf(page)).toMatch(/^\/apps\/failure-damage-report\/\d+$/));
      const reportId = Number(pathOf(page).split('/').pop());
      const reportNumber = (await (await visible(page.getByRole('heading', { name: /^RF-\d{4}-\d{4}$/ }))).textContent()) ?? '';
      await visible(page.getByTestId('report-status').getByText('Nuevo'));
      await visible(page.getByRole('button', { name: 'Ampliar foto fuga.png' }).getByRole('img', { name: 'fuga.png' }));
      await visible(page.getByText(/Detenida desde/));

      // The lead's list shows it without a reload, and the notification is there.
      await visible(lead.page.getByRole('main').getByText(reportNumber));
      await bell(lead.page).click();
      // Issue 37: the notification is a link to the report, and opens it.
      await drawer(lead.page)
        .getByRole('link', { name: `Nuevo reporte de falla ${reportNumber} en ${MACHINE} (gravedad alta)` })
        .click();
      await onPath(lead.page, `/apps/failure-damage-report/${reportId}`);

      // The lead accepts it and assigns the operator.
      await lead.page.getByRole('button', { name: 'Aceptar' }).click();
      const dialog = lead.page.getByRole('dialog', { name: `Aceptar el reporte ${reportNumber}` });
      await visible(dialog);
      await eventually(async () => expect(await dialog.getByRole('combobox').locator('option', { hasText: 'Luis Cárdenas' }).count()).toBe(1));
      await dialog.getByRole('combobox').selectOption({ label: 'Luis Cárdenas' });
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await visible(lead.page.getByTestId('report-status').getByText('Aceptado'));
      const orderLink = await visible(lead.page.getByRole('link', { name: /^Abrir OT-\d{4}-\d{4}$/ }));
      const orderNumber = ((await orderLink.textContent()) ?? '').replace('Abrir ', '');

      // The operator's notification opens the maintenance board in the same tab.
      await bell(page).click();
      const notice = drawer(page).getByText(new RegExp(`^Se te asignó la actividad de mantenimiento correctivo ${orderNumber}: `));
      await visible(notice);
      await notice.click();
      await onPath(page, '/apps/maintenance-kanban-board');
      expect(operator.context.pages()).toHaveLength(1);
    } finally {
      await lead.context.close();
      await operator.context.close();
    }
  });
});
