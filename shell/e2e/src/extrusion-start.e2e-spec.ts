import type { Browser } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { createTestLine, ok } from '../support/plant';
import { eventually, launchBrowser, login, newPage, visible } from '../support/browser';

/**
 * Issue 37, 'Iniciar extrusión' where the operator is: presses and die copies that cannot start a
 * run are shown disabled with why (before submitting), and the operator's own running run can be
 * stopped from the form.
 */
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';
const TECH = 'matriceria@norte.example';
const tag = Date.now().toString(36).toUpperCase();
const DIE = `E2E-IS${tag}`;
const RUNNING_ORDER = `OP-E2E-IS-1-${tag}`;
const NEW_ORDER = `OP-E2E-IS-2-${tag}`;
const BUSY_LINE = `Prensa e2e inicio A ${tag}`;
const STOPPED_LINE = `Prensa e2e inicio B ${tag}`;

describe('starting an extrusion', () => {
  let browser: Browser;
  const ids = { newOrder: 0, run: 0, stop: 0 };

  beforeAll(async () => {
    browser = await launchBrowser();
    const busy = await createTestLine(LEAD, BUSY_LINE);
    const stopped = await createTestLine(LEAD, STOPPED_LINE);
    // The stopped line's press, down with a hydraulic failure.
    const press = await ok(
      apiAs<{ id: number }>(LEAD, 'POST', 'machine', {
        name: `Máquina ${STOPPED_LINE}`,
        code: `PR-IS-${tag}`,
        type: 'press',
        line_id: stopped.id,
        status: 'operating',
        criticality: 'A',
      }),
    );
    ids.stop = (await ok(apiAs<{ id: number }>(LEAD, 'POST', 'machine-stop', { machine_id: press.id, cause: 'hydraulic' }))).id;
    const alloys = await ok(apiAs<{ items: { id: number }[] }>(LEAD, 'GET', 'aluminum-alloy/all?pageSize=1'));
    const copies: number[] = [];
    for (const copy of [1, 2]) {
      const die = await ok(apiAs<{ id: number }>(TECH, 'POST', 'die', { die_reference: DIE, copy_number: copy, die_type: 'solid', location: 'E-08' }));
      await ok(apiAs(TECH, 'PATCH', `die/${die.id}/state`, { to: 'in_stock' }));
      copies.push(die.id);
    }
    const order = (number: string) =>
      ok(
        apiAs<{ id: number }>(LEAD, 'POST', 'orders', {
          number,
          customer: 'Cliente e2e',
          profile: 'PR-E2E-IS',
          die_id: copies[0],
          alloy_id: alloys.items[0].id,
          length_mm: 6000,
          quantity_pieces: 100,
          quantity_kg: 900,
          due_date: '2026-12-31',
        }),
      );
    const running = await order(RUNNING_ORDER);
    ids.newOrder = (await order(NEW_ORDER)).id;
    // The operator's own run: copy 1 on the busy press.
    ids.run = (await ok(apiAs<{ id: number }>(OPERATOR, 'POST', 'extrusion/start', { order_id: running.id, die_id: copies[0], line_id: busy.id }))).id;
  });
  afterAll(async () => {
    // Whatever the test reached: the run stopped, the press back up.
    await apiAs(OPERATOR, 'POST', `extrusion/${ids.run}/stop`, { billets_pushed: 1, good_kg: 10, scrap_kg: 1 });
    await apiAs(LEAD, 'PATCH', `machine-stop/${ids.stop}`, { ended_at: new Date().toISOString() });
    await browser?.close();
  });

  it("shows busy and stopped presses and a copy on a press disabled with why, and stops the operator's run from the form", async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, OPERATOR);
      await page.goto(`/apps/extrusion/new?order=${ids.newOrder}`);
      const main = page.getByRole('main');
      await visible(main.getByRole('heading', { name: 'Iniciar extrusión' }));
      const option = (select: RegExp, label: string) => main.getByLabel(select).locator('option', { hasText: label });
      const disabled = async (select: RegExp, label: string) => {
        await eventually(async () => expect(await option(select, label).count()).toBe(1));
        return option(select, label).isDisabled();
      };
      const LINE = /^Línea de extrusión/;
      const COPY = /^Copia de la matriz/;
      // Why, before submitting: the busy press, the stopped one, and the copy already on a press.
      expect(await disabled(LINE, `${BUSY_LINE} — Extruyendo ${RUNNING_ORDER}`)).toBe(true);
      expect(await disabled(LINE, `${STOPPED_LINE} — Detenida: Falla hidráulica`)).toBe(true);
      expect(await disabled(COPY, `${DIE} copia 1 · En prensa en ${BUSY_LINE} (${RUNNING_ORDER})`)).toBe(true);
      expect(await disabled(COPY, `${DIE} copia 2 · En inventario`)).toBe(false);
      // The planned copy is on a press: not proposed, and the form says why.
      await visible(
        main.getByText(`La copia planificada (${DIE} copia 1) no puede iniciar una corrida: En prensa en ${BUSY_LINE} (${RUNNING_ORDER}). Elige otra copia.`),
      );
      expect(await main.getByLabel(COPY).inputValue()).toBe('');

      // The operator ends their own run from here: its press is offered again.
      const run = main.getByTestId(`my-run-${ids.run}`);
      await visible(run.getByText(new RegExp(RUNNING_ORDER)));
      await run.getByRole('button', { name: new RegExp(`^Detener extrusión: ${RUNNING_ORDER}`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Tochos empujados/).fill('12');
      await dialog.getByLabel(/^Kg buenos/).fill('400');
      await dialog.getByLabel(/^Kg de chatarra/).fill('20');
      await dialog.getByRole('button', { name: 'Detener extrusión' }).click();
      await visible(page.getByText('Extrusión detenida'));
      await eventually(async () => expect(await run.count()).toBe(0));
      expect(await disabled(LINE, BUSY_LINE)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
