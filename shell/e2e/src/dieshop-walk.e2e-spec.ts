import type { Browser, Locator } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { createTestLine, ok } from '../support/plant';
import { launchBrowser, newPage, onPath, submitLogin, visible } from '../support/browser';

/**
 * Issue 13, the whole life of one die copy (domain.md A2.4): received, tried on a press, run,
 * confirmed off the press, cleaned, inspected to nitriding, nitrided and back in stock. Each step
 * is done through the API the die-shop screens call (their own browser tests walk the screens);
 * here the die summary must tell that story, to the technician and to a guest with a share link.
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
  let batchNumber = '';

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

    // Confirmed off the press (to cleaning), cleaned and inspected: its nitriding is due.
    await ok(
      apiAs(TECH, 'POST', 'die-confirmation', {
        order_die_id: run.id,
        billets: 24,
        billet_kg: 1300,
        good_kg: 1150,
        scrap_kg: 70,
        condition: 'ok',
        pull_reason: 'order_end',
        notes: '',
      }),
    );
    const cleaning = await ok(apiAs<{ id: number }>(TECH, 'POST', 'die-cleaning', { die_id: dieId, method: 'caustic', bath: 'Tina 3' }));
    await ok(apiAs(TECH, 'PATCH', `die-cleaning/${cleaning.id}`, { inspection_result: 'nitriding', notes: 'Superficie de apoyo gastada' }));
    expect((await ok(apiAs<{ state: string }>(TECH, 'GET', `die/${dieId}`))).state).toBe('nitriding');

    // Nitrided in a batch and confirmed back into stock.
    const batch = await ok(
      apiAs<{ id: number; number: string }>(TECH, 'POST', 'nitriding-batch', { supplier: 'Nitruraciones Vascas', process: 'gas', die_ids: [dieId] }),
    );
    batchNumber = batch.number;
    await ok(apiAs(TECH, 'POST', `nitriding-batch/${batch.id}/receive`, { certificate_number: 'CERT-VIDA-1' }));
    await ok(apiAs(TECH, 'POST', `nitriding-batch/${batch.id}/die/${dieId}`, { hardness_hv: 1020, case_depth_mm: 0.15, result: 'accepted' }));
  });
  afterAll(() => browser?.close());

  it('the technician reads every step in the die summary and shares it; the guest sees that summary only', async () => {
    const { context, page } = await newPage(browser);
    const guest = await newPage(browser);
    try {
      await page.goto('/login');
      await submitLogin(page, TECH);
      await onPath(page, '/apps/dashboards/welcome');
      await page.goto(`/apps/dies/dieResume/${dieId}`);
      await visible(page.getByRole('heading', { name: `Ficha de la matriz ${LABEL}` }));

      // The history, newest first: each step of the walk, with the state it led to (a run logs its start and its end).
      const history = page.getByRole('table', { name: 'Historial' });
      const steps = await texts(history.locator('tbody tr'));
      const story = await texts(history.locator('tbody tr td:nth-child(2)'));
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
      const link = await (await visible(page.getByRole('textbox', { name: 'Enlace de solo lectura a esta ficha' }))).inputValue();
      expect(link).toMatch(new RegExp(`/apps/dies/dieResume/${dieId}/[^/]+$`));
      await guest.page.goto(link);
      await visible(guest.page.getByRole('heading', { name: `Ficha de la matriz ${LABEL}` }));
      expect(await texts(guest.page.getByRole('table', { name: 'Historial' }).locator('tbody tr'))).toEqual(steps);
      expect(await guest.page.getByRole('button', { name: 'Editar datos' }).count()).toBe(0);
      expect(await guest.page.getByRole('button', { name: 'Compartir' }).count()).toBe(0);
    } finally {
      await guest.context.close();
      await context.close();
    }
  });
});
