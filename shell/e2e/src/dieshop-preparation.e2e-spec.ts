import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { eventually, launchBrowser, newPage, signIn, visible } from '../support/browser';

/**
 * The die technician prepares a die (issue 13): requests it by hand, ticks the checklist, reserves
 * a backer, heats it in the oven and takes it out at temperature, marks it ready and delivers it to
 * the press; the die's state follows each step.
 */
const TECH = 'matriceria@norte.example';
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const REFERENCE = `E2E-AL-${suffix}`;
const TOOL = `RS-${suffix}`.slice(0, 30);

describe('die preparation', () => {
  let browser: Browser;
  let page: Page;
  let dieId: number;

  const dieState = async () => (await apiAs<{ state: string }>(TECH, 'GET', `die/${dieId}`)).body.state;
  const status = () => page.getByTestId('enlistment-status');

  beforeAll(async () => {
    browser = await launchBrowser();
    const received = await apiAs<{ id: number }>(TECH, 'POST', 'die', { die_reference: REFERENCE, copy_number: 1, die_type: 'solid' });
    expect(received.status).toBe(201);
    dieId = received.body.id;
    expect((await apiAs(TECH, 'PATCH', `die/${dieId}/state`, { to: 'in_stock' })).status).toBe(200);
    // Any line: the tool fits every line (no compatible lines given).
    await sqlOnTestApi(
      `insert into tool (company_id, code, kind, description) select company_id, '${TOOL}', 'backer', 'Respaldo de pruebas' from die where id = ${dieId}`,
    );
    const context = await newPage(browser);
    page = context.page;
    await signIn(page, TECH);
  });
  afterAll(() => browser?.close());

  it('requests, checks, reserves a tool, heats, readies and delivers a die', async () => {
    await page.goto('/apps/die_enlistment/all');
    await visible(page.getByRole('heading', { name: 'Alistamiento de matrices', level: 1 }));
    await visible(page.getByTestId('enlistment-soon'));
    // The toolbar's 'Nuevo' (an empty list offers a second one).
    await page.getByRole('button', { name: 'Nuevo' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar alistamiento' });
    await visible(dialog);
    await dialog.getByLabel('Matriz').selectOption({ label: `${REFERENCE} · copia 1` });
    await dialog.getByRole('button', { name: 'Solicitar' }).click();

    await visible(page.getByRole('heading', { name: /^AL-\d{4}-\d{4}$/, level: 1 }));
    expect(await status().textContent()).toBe('Solicitado');
    expect(await dieState()).toBe('enlistment');

    for (const item of ['Limpia', 'Inspeccionada', 'Nitrurado vigente', 'Herramental completo', 'Medidas de entrada OK']) {
      await page.getByRole('checkbox', { name: item }).check();
      await eventually(async () => expect(await page.getByRole('checkbox', { name: item }).isChecked()).toBe(true));
      await eventually(async () => expect(await page.getByRole('checkbox', { name: item }).isDisabled()).toBe(false));
    }
    expect(await status().textContent()).toBe('En preparación');

    await page.getByLabel('Herramienta disponible').selectOption({ label: `${TOOL} · Respaldo` });
    await page.getByRole('button', { name: 'Reservar herramienta' }).click();
    await visible(page.getByRole('button', { name: 'Liberar' }));

    await page.getByLabel('Temperatura objetivo (°C)').fill('480');
    await page.getByRole('button', { name: 'Meter al horno' }).click();
    await eventually(async () => expect(await status().textContent()).toBe('En horno'));
    expect(await dieState()).toBe('oven');

    await page.getByLabel('Temperatura medida (°C)').fill('470');
    await page.getByRole('button', { name: 'Sacar del horno' }).click();
    await visible(page.getByText('470', { exact: true }));

    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    await eventually(async () => expect(await status().textContent()).toBe('Lista'));
    await page.getByRole('button', { name: 'Entregada a prensa' }).click();
    await eventually(async () => expect(await status().textContent()).toBe('Entregada'));
    // Delivered, the tool is released and the die stays hot until its run starts.
    await visible(page.getByText(/liberada/));
    expect(await dieState()).toBe('oven');
  });
});
