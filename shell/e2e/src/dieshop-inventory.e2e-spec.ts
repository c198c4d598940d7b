import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { eventually, hidden, launchBrowser, newPage, onPath, signIn, visible } from '../support/browser';

/**
 * Issue 13, the die inventory and the die copy forms: the die technician receives a copy through
 * /apps/die/new, finds it with the filters and moves it (only the moves she may make by hand are
 * offered; a refusal shows the API's Spanish reason); a lead scraps another copy with a reason;
 * the nitriding filter finds the copies due.
 */
const TECH = 'matriceria@norte.example';
const JEFE = 'jefe@norte.example';
const INVENTORY = '/apps/dies/all';

interface Copy {
  id: number;
  die_reference: string;
  copy_number: number;
  state: string;
}

const tag = `${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
/** Every copy of this run sits on this shelf: the location filter isolates them from the demo's. */
const SHELF = `E2E-${tag}`;

describe('die inventory and reception', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function signedIn(email: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signIn(page, email);
    return page;
  }

  async function receive(reference: string, extra: Record<string, unknown> = {}): Promise<Copy> {
    const response = await apiAs<Copy>(JEFE, 'POST', 'die', { die_reference: reference, copy_number: 1, die_type: 'solid', location: SHELF, ...extra });
    expect(response.status).toBe(201);
    return response.body;
  }

  const filters = (page: Page) => page.getByRole('group', { name: 'Filtros' });
  const rowOf = (page: Page, label: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });

  async function openInventoryOnShelf(page: Page): Promise<void> {
    await page.goto(INVENTORY);
    await visible(page.getByRole('heading', { name: 'Inventario de matrices', level: 1 }));
    await filters(page).getByLabel('Ubicación').fill(SHELF);
  }

  async function rowAction(page: Page, label: string, action: string): Promise<void> {
    await rowOf(page, label)
      .getByRole('button', { name: `Acciones de ${label}` })
      .click();
    await page.getByRole('menuitem', { name: action }).click();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the technician receives a copy, finds it with the filters and moves it; a stale move is refused with the reason', async () => {
    const page = await signedIn(TECH);
    await page.goto(INVENTORY);
    await page.getByRole('button', { name: 'Nueva matriz' }).click();
    await onPath(page, '/apps/die/new');
    await visible(page.getByRole('heading', { name: 'Recepción de matriz', level: 1 }));

    const reference = `R-${tag}`;
    await page.getByLabel(/^Referencia\s*\*?$/).fill(reference);
    await page.getByLabel('Número de copia').fill('2');
    await page.getByLabel('Tipo de matriz').selectOption({ label: 'Hueca (portahole / puente)' });
    await page.getByLabel('Cavidades').fill('30');
    await page.getByLabel('Diámetro (mm)').fill('228,6');
    await page.getByLabel('Proveedor', { exact: true }).fill('Matrices Bilbao');
    await page.getByLabel('Ubicación (estante / posición)').fill(SHELF);
    // The family's threshold is shown as the hint of the die's own, left empty.
    await visible(page.getByText(/Vacío: (se usa el de la familia|la familia no tiene valor)/).first());
    await page.getByRole('button', { name: 'Guardar' }).click();
    // The contracts' own rule and Spanish message, before anything is sent.
    await visible(page.getByText('Las cavidades son un número entero entre 1 y 24'));
    await page.getByLabel('Cavidades').fill('2');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await onPath(page, INVENTORY);

    // Found by its shelf, its state and its type; its row shows what the copy is.
    await filters(page).getByLabel('Ubicación').fill(SHELF);
    await filters(page).getByLabel('Estado').selectOption({ label: 'Nueva (en recepción)' });
    await filters(page).getByLabel('Tipo').selectOption({ label: 'Hueca (portahole / puente)' });
    const label = `${reference}-2`;
    const row = rowOf(page, label);
    await visible(row);
    await visible(row.getByText('Nueva (en recepción)'));
    // The typed location filter applies after a pause: the header and this copy alone, once it has.
    await eventually(async () => expect(await page.getByRole('row').count()).toBe(2));
    await filters(page).getByLabel('Tipo').selectOption({ label: 'Sólida' });
    await hidden(row);
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await filters(page).getByLabel('Ubicación').fill(SHELF);
    await visible(row);

    // 'Mover a…' offers only what a die just received may do by hand; scrapping is not hers.
    await row.getByRole('button', { name: `Acciones de ${label}` }).click();
    await hidden(page.getByRole('menuitem', { name: 'Dar de baja' }));
    await page.getByRole('menuitem', { name: 'Mover a…' }).click();
    const dialog = page.getByRole('dialog', { name: `Mover la matriz ${label}` });
    await visible(dialog);
    const offered = await dialog.getByLabel('Nuevo estado').locator('option').allTextContents();
    expect(offered).toEqual(['—', 'En prueba', 'En inventario']);
    await dialog.getByLabel('Nuevo estado').selectOption({ label: 'En inventario' });
    await dialog.getByLabel('Nota').fill('Recibida conforme, al estante');
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await hidden(dialog);
    await visible(row.getByText('En inventario'));
    const moved = await apiAs<{ items: Copy[] }>(JEFE, 'GET', `die/all?search=${reference}`);
    expect(moved.body.items.map((copy) => [copy.copy_number, copy.state])).toEqual([[2, 'in_stock']]);

    // Someone else moves the die meanwhile: the move she prepared is refused with the API's reason.
    await rowAction(page, label, 'Mover a…');
    await visible(dialog);
    await dialog.getByLabel('Nuevo estado').selectOption({ label: 'En nitrurado' });
    const id = moved.body.items[0].id;
    expect((await apiAs(JEFE, 'PATCH', `die/${id}/state`, { to: 'correction' })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await visible(dialog.getByText('La matriz cambió mientras tanto: vuelve a cargarla'));
  });

  it('a lead scraps a copy with its reason; it leaves the inventory and is found among the scrapped', async () => {
    const copy = await receive(`S-${tag}`);
    const label = `S-${tag}-1`;
    const page = await signedIn(JEFE);
    await openInventoryOnShelf(page);
    await visible(rowOf(page, label));
    await rowAction(page, label, 'Dar de baja');
    const dialog = page.getByRole('dialog', { name: `Dar de baja la matriz ${label}` });
    await dialog.getByRole('button', { name: 'Dar de baja' }).click();
    await visible(dialog.getByText('Indica por qué se da de baja la matriz'));
    await dialog.getByLabel('Motivo de la baja').fill('Fisura en el puente');
    await dialog.getByRole('button', { name: 'Dar de baja' }).click();
    await hidden(dialog);
    await hidden(rowOf(page, label));
    await filters(page).getByLabel('Estado').selectOption({ label: 'De baja' });
    await visible(rowOf(page, label).getByText('De baja'));
    const stored = await apiAs<Copy & { scrapped_reason: string }>(JEFE, 'GET', `die/${copy.id}`);
    expect([stored.body.state, stored.body.scrapped_reason]).toEqual(['scrapped', 'Fisura en el puente']);
  });

  it('the nitriding filter shows the copies due, with the flag and the share of the threshold', async () => {
    const soon = await receive(`N-${tag}`, { copy_number: 1, nitriding_every_kg: 10000 });
    const overdue = await receive(`N-${tag}`, { copy_number: 2, nitriding_every_kg: 10000 });
    const fresh = await receive(`N-${tag}`, { copy_number: 3, nitriding_every_kg: 10000 });
    await sqlOnTestApi(
      `update die set kg_since_nitriding = case id when ${soon.id} then 9200 when ${overdue.id} then 12500 else 1000 end where id in (${soon.id}, ${overdue.id}, ${fresh.id})`,
    );
    const page = await signedIn(TECH);
    await openInventoryOnShelf(page);
    await visible(rowOf(page, `N-${tag}-3`));

    await filters(page).getByLabel('Nitrurado').selectOption({ label: 'Nitrurado vencido' });
    await hidden(rowOf(page, `N-${tag}-3`));
    const overdueRow = rowOf(page, `N-${tag}-2`);
    await visible(overdueRow.getByText('Nitrurado vencido'));
    await visible(overdueRow.getByText(/125\s?% del umbral/));
    await hidden(rowOf(page, `N-${tag}-1`));

    await filters(page).getByLabel('Nitrurado').selectOption({ label: 'Nitrurado próximo' });
    const soonRow = rowOf(page, `N-${tag}-1`);
    await visible(soonRow.getByText('Nitrurado próximo'));
    await visible(soonRow.getByText(/92\s?% del umbral/));
    await visible(overdueRow);
    await eventually(async () => expect(await rowOf(page, `N-${tag}-3`).count()).toBe(0));
  });

  it("'Kg desde nitrurado' gives the kg's share of the kg threshold, and the billets' own share when they come first (issue 37)", async () => {
    // 36 of 160 billets (22,5 %), 1465 of 20 000 kg (7,3 %).
    const copy = await receive(`U-${tag}`, { nitriding_every_billets: 160, nitriding_every_kg: 20000 });
    await sqlOnTestApi(`update die set billets_since_nitriding = 36, kg_since_nitriding = 1465 where id = ${copy.id}`);
    const page = await signedIn(TECH);
    await openInventoryOnShelf(page);
    const row = rowOf(page, `U-${tag}-1`);
    await visible(row.getByTestId('kg-of-threshold'));
    expect(await row.getByTestId('kg-of-threshold').innerText()).toMatch(/^7,3\s?% del umbral$/);
    expect(await row.getByTestId('billets-of-threshold').innerText()).toMatch(/^36 tochos: 22,5\s?% de su umbral$/);
  });
});
