import type { Browser, Locator } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { createTestLine, ok } from '../support/plant';
import { launchBrowser, newPage, signIn, visible } from '../support/browser';

/**
 * Issue 13, the whole life of one die copy (domain.md A2.4): received and tried on a press (through
 * the API, as the die shop and the press would), then, in the browser, the technician confirms the
 * run, cleans the die, sends it to nitriding on the inspection's word and confirms it back; the die
 * summary tells that story, to the technician and to a guest with a share link.
 */
const TECH = 'matriceria@norte.example';
const LEAD = 'jefe@norte.example';
const DIE = `E2E-VIDA-${Date.now().toString(36).toUpperCase()}`;
const LABEL = `${DIE}-1`;
const ORDER = `OP-${DIE}`;

async function texts(rows: Locator): Promise<string[]> {
  return (await rows.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('the life of a die copy, told by its summary', () => {
  let browser: Browser;
  let dieId = 0;
  let runId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    const line = await createTestLine(LEAD, 'Prensa e2e vida de matriz');
    const alloys = await ok(apiAs<{ items: { id: number }[] }>(LEAD, 'GET', 'aluminum-alloy/all?pageSize=1'));

    // Reception: a new copy from the die maker, then its trial on the press.
    const die = await ok(
      apiAs<{ id: number; state: string }>(TECH, 'POST', 'die', {
        die_reference: DIE,
        copy_number: 1,
        die_type: 'hollow',
        location: 'R-02',
        supplier: 'Matrices Bilbao',
      }),
    );
    expect(die.state).toBe('new');
    dieId = die.id;
    await ok(apiAs(TECH, 'PATCH', `die/${dieId}/state`, { to: 'trial', note: 'Prueba de recepción' }));

    // The trial run: started from 'en prueba' the die goes to the press; stopping ends the run.
    const order = await ok(
      apiAs<{ id: number }>(LEAD, 'POST', 'orders', {
        number: ORDER,
        customer: 'Cliente e2e',
        profile: 'PR-E2E-VIDA',
        die_id: dieId,
        alloy_id: alloys.items[0].id,
        length_mm: 6000,
        quantity_pieces: 100,
        quantity_kg: 900,
        due_date: '2026-12-31',
      }),
    );
    const run = await ok(apiAs<{ id: number }>(LEAD, 'POST', 'extrusion/start', { order_id: order.id, die_id: dieId, line_id: line.id }));
    expect((await ok(apiAs<{ state: string }>(TECH, 'GET', `die/${dieId}`))).state).toBe('press');
    await ok(apiAs(LEAD, 'POST', `extrusion/${run.id}/stop`, { billets_pushed: 24, good_kg: 1150, scrap_kg: 70 }));
    runId = run.id;
  });
  afterAll(() => browser?.close());

  it('the technician confirms the run, cleans and nitrides the die, reads every step in its summary and shares it; the guest sees that summary only', async () => {
    const { context, page } = await newPage(browser);
    const guest = await newPage(browser);
    try {
      await signIn(page, TECH);
      const main = page.getByRole('main');

      // The run is confirmed as counted: the die goes from the press to cleaning.
      await page.goto(`/apps/die-confirm-production/${runId}`);
      await visible(page.getByRole('heading', { name: `Confirmar la corrida de ${LABEL} (${ORDER})` }));
      await page.getByRole('combobox', { name: 'Motivo de retiro' }).selectOption({ label: 'Fin de orden' });
      await page.getByRole('button', { name: 'Guardar' }).click();
      await visible(page.getByText('Corrida confirmada: la matriz pasó a limpieza'));

      // Cleaned; the inspection finds the bearing worn and sends it to nitriding.
      await page.goto(`/apps/die-cleaning/${dieId}`);
      await visible(page.getByRole('heading', { name: `Limpieza de la matriz ${LABEL}` }));
      await page.getByRole('textbox', { name: 'Baño o equipo' }).fill('Tina 3');
      await page.getByRole('button', { name: 'Iniciar limpieza' }).click();
      await visible(page.getByRole('heading', { name: 'Limpieza en curso' }));
      await page.getByRole('button', { name: 'A nitrurado' }).click();
      await page.getByRole('button', { name: 'Terminar limpieza' }).click();
      await visible(page.getByText('Limpieza terminada. Estado de la matriz: En nitrurado'));

      // Sent in a batch (it waits there, sent by the inspection), received and confirmed back to stock.
      await page.goto('/apps/die-nitruring-confirm/all');
      const candidate = page.getByTestId(`candidate-${dieId}`);
      await visible(candidate.getByText('Enviada por inspección'));
      await page.getByRole('checkbox', { name: `Elegir ${LABEL}` }).check();
      await page.getByRole('textbox', { name: 'Proveedor' }).fill('Nitruraciones Vascas');
      await page.getByRole('button', { name: 'Enviar lote' }).click();
      await page.waitForURL(/\/apps\/die-nitruring-confirm\/\d+$/);
      const title = await visible(main.getByRole('heading', { name: /^Lote de nitrurado NT-\d{4}-\d{4}$/, level: 1 }));
      const batchNumber = ((await title.textContent()) ?? '').replace('Lote de nitrurado ', '');
      expect(batchNumber).toMatch(/^NT-\d{4}-\d{4}$/);
      await page.getByRole('textbox', { name: 'Número de certificado' }).fill('CERT-VIDA-1');
      await page.getByRole('button', { name: 'Marcar como recibido' }).click();
      await visible(page.getByTestId('batch-status').getByText('Recibido'));
      const card = page.getByTestId(`batch-die-${dieId}`);
      await card.getByRole('textbox', { name: 'Dureza (HV)' }).fill('1020');
      await card.getByRole('textbox', { name: 'Profundidad de capa (mm)' }).fill('0,15');
      await card.getByRole('combobox', { name: 'Resultado' }).selectOption('accepted');
      await card.getByRole('button', { name: 'Confirmar' }).click();
      await visible(card.getByText('Aceptada: contadores a cero, de vuelta en inventario'));

      await page.goto(`/apps/dies/dieResume/${dieId}`);
      await visible(page.getByRole('heading', { name: `Ficha de la matriz ${LABEL}` }));

      // The history, newest first: each step of the walk, with the state it led to (a run logs its start and its end).
      const history = page.getByRole('table', { name: 'Historial' });
      const steps = await texts(history.locator('tbody tr'));
      const story = await texts(history.locator('tbody tr td:nth-child(2)'));
      const people = await texts(history.locator('tbody tr td:nth-child(3)'));
      expect(story.reverse()).toEqual([
        'Recepción → Nueva (en recepción)',
        'Cambio de estado → En prueba',
        'Corrida → En prensa',
        'Corrida',
        'Confirmación de producción → En limpieza',
        'Limpieza',
        'Inspección → En nitrurado',
        'Nitrurado',
        'Nitrurado → En inventario',
      ]);
      // Time per state names every state the die went through.
      const stateTimes = await page.getByTestId('state-times').textContent();
      for (const state of ['Nueva (en recepción)', 'En prueba', 'En prensa', 'En limpieza', 'En nitrurado', 'En inventario'])
        expect(stateTimes).toContain(state);

      // The run with its figures, confirmed; the nitriding with its batch and hardness.
      const runs = await texts(page.getByRole('table', { name: 'Corridas' }).locator('tbody tr'));
      expect(runs).toEqual([expect.stringMatching(new RegExp(`^${ORDER}Prensa e2e vida de matriz.*Confirmada$`))]);
      const nitridings = await texts(page.getByRole('table', { name: 'Nitrurados' }).locator('tbody tr'));
      expect(nitridings).toEqual([expect.stringMatching(new RegExp(`^1${batchNumber}Nitruraciones Vascas.*1020`))]);

      // A read-only link for the die's customer: it opens this summary and nothing else.
      await page.getByRole('button', { name: 'Compartir' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Crear enlace' }).click();
      const link = await (await visible(page.getByRole('textbox', { name: 'Enlace de solo lectura a esta ficha' }))).inputValue();
      expect(link).toMatch(new RegExp(`/apps/dies/dieResume/${dieId}/[^/]+$`));
      await guest.page.goto(link);
      await visible(guest.page.getByRole('heading', { name: `Ficha de la matriz ${LABEL}` }));
      // The same steps, without who took them: the link was made without names (issue 36).
      expect(await texts(guest.page.getByRole('table', { name: 'Historial' }).locator('tbody tr'))).toEqual(
        steps.map((step, index) => step.replace(people[index], '—')),
      );
      for (const person of new Set(people)) expect(await guest.page.getByText(person).count()).toBe(0);
      expect(await guest.page.getByRole('button', { name: 'Editar datos' }).count()).toBe(0);
      expect(await guest.page.getByRole('button', { name: 'Compartir' }).count()).toBe(0);
    } finally {
      await guest.context.close();
      await context.close();
    }
  });
});
