import type { Browser } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { ok, startTestRun } from '../support/plant';
import { eventually, launchBrowser, login, newPage, onPath, pathOf, visible } from '../support/browser';
import { smallPng } from '../support/images';

/**
 * Issue 13, production confirmation and cleaning (domain.md A2.4 step 2.4): a run ends on a press;
 * the die technician confirms it (the die goes from the press to cleaning), cleans the die in the
 * caustic bath (with its safety note) and, the inspection OK, returns it to stock.
 */
const TECH = 'matriceria@norte.example';
const LEAD = 'jefe@norte.example';
/** What startTestRun names the die and order of its run tagged 'CF'. */
const DIE = 'E2E-CF';
const ORDER = 'OP-E2E-CF-1';

describe('production confirmation and cleaning', () => {
  let browser: Browser;
  const ids = { die: 0, run: 0 };

  beforeAll(async () => {
    browser = await launchBrowser();
    const run = await startTestRun(LEAD, 'CF', { lead: LEAD, tech: TECH });
    await ok(apiAs(LEAD, 'POST', `extrusion/${run.id}/stop`, { billets_pushed: 30, good_kg: 1500, scrap_kg: 90 }));
    Object.assign(ids, { die: run.dieId, run: run.id });
  });
  afterAll(() => browser?.close());

  it('the die technician confirms a finished run and cleans the die back to stock', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, TECH);
      await page.goto('/apps/die-confirm-production/all');
      await visible(page.getByRole('main').getByRole('heading', { name: 'Confirmación de producción' }));
      // Oldest first: the seeded plant's runs come before this one; the search finds it.
      await page.getByRole('main').getByLabel('Buscar').fill(DIE);
      await page
        .getByRole('main')
        .getByRole('row', { name: new RegExp(`${DIE}-1`) })
        .click();
      await onPath(page, `/apps/die-confirm-production/${ids.run}`);
      await visible(page.getByRole('heading', { name: `Confirmar la corrida de ${DIE}-1 (${ORDER})` }));
      await visible(page.getByText('Al confirmar, los contadores de la matriz toman estas cifras y la matriz pasa de prensa a limpieza.'));

      // Prefilled from the run; the technician counts two more billets.
      const billets = page.getByRole('textbox', { name: 'Tochos', exact: true });
      expect(await billets.inputValue()).toBe('30');
      expect(await page.getByRole('textbox', { name: 'Kg buenos' }).inputValue()).toBe('1500');
      await billets.fill('32');
      await page.getByRole('combobox', { name: 'Motivo de retiro' }).selectOption({ label: 'Fin de orden' });
      await page.getByRole('button', { name: 'Guardar' }).click();
      await visible(page.getByText('Corrida confirmada: la matriz pasó a limpieza'));
      await visible(page.getByText(/^Confirmada por Carmen Villalba el /));
      const die = await ok(apiAs<{ state: string; billets_total: number }>(TECH, 'GET', `die/${ids.die}`));
      expect(die).toMatchObject({ state: 'cleaning', billets_total: 32 });

      // The confirmed run leaves the list of runs to confirm; the die waits in the cleaning list.
      await page.goto('/apps/die-cleaning/all');
      await visible(page.getByRole('main').getByRole('heading', { name: 'Limpieza de matrices' }));
      await page.getByRole('main').getByLabel('Buscar').fill(DIE);
      const row = page.getByRole('main').getByRole('row', { name: new RegExp(`${DIE}-1`) });
      await visible(row.getByText('Esperando'));
      await row.click();
      await onPath(page, `/apps/die-cleaning/${ids.die}`);
      await visible(page.getByRole('heading', { name: `Limpieza de la matriz ${DIE}-1` }));

      // The caustic bath (chosen first) shows its safety note; the cleaning starts.
      await page.getByRole('button', { name: 'Sosa cáustica' }).click();
      await visible(page.getByText('Baño de sosa caliente: libera hidrógeno, ventilación y EPP'));
      await page.getByRole('textbox', { name: 'Baño o equipo' }).fill('Tina 1');
      await page.getByRole('button', { name: 'Iniciar limpieza' }).click();
      await visible(page.getByText('Limpieza iniciada'));
      await visible(page.getByRole('heading', { name: 'Limpieza en curso' }));
      await visible(page.getByText('Tina 1'));

      // Inspected OK with a photo of the bearing: the die returns to stock, and the cleaning, with its photo, is in its history.
      await page.getByRole('button', { name: 'OK: a inventario' }).click();
      await page.getByTestId('cleaning-photos').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: smallPng() });
      await visible(page.getByRole('img', { name: 'portada.png' }));
      await page.getByRole('button', { name: 'Terminar limpieza' }).click();
      await visible(page.getByText('Limpieza terminada. Estado de la matriz: En inventario'));
      const history = page.getByRole('table', { name: 'Historial de limpiezas' });
      const cleaned = history.getByRole('row', { name: /Sosa cáustica · Tina 1/ });
      await visible(cleaned);
      await cleaned.getByRole('button', { name: /^Ampliar foto Foto 1 · / }).click();
      await visible(page.getByRole('dialog').getByRole('img', { name: /^Foto 1 · / }));
      await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
      await eventually(async () => expect((await ok(apiAs<{ state: string }>(TECH, 'GET', `die/${ids.die}`))).state).toBe('in_stock'));
      expect(pathOf(page)).toBe(`/apps/die-cleaning/${ids.die}`);
    } finally {
      await context.close();
    }
  });
});
