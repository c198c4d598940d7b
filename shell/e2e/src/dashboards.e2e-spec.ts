import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { eventually, freshPagePerTest, greeting, hidden, login, onPath, visible, type BrowserPage } from '../support/browser';
import { createTestLine, ok, startTestRun } from '../support/plant';

/**
 * Issue 16: 'Indicadores clave' from the widgets each area ships with its remote, the welcome page
 * with the user's own day, the shop-floor display, exports, a remote down, and live figures.
 */
const ADMIN = 'admin@norte.example';
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';
const TECH = 'matriceria@norte.example';

const widget = (page: Page, id: string) => page.locator(`[data-widget="${id}"]`);
const figure = (page: Page, testId: string) => page.getByTestId(testId).first();
/** The kg in a figure's text ('12.345,6 kg' → 12345.6). */
const kgOf = async (page: Page, testId: string) => Number(((await figure(page, testId).textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

/** A run on a press of its own, started by `who`. */
const startRun = (who: string, tag: string) => startTestRun(who, tag, { lead: LEAD, tech: TECH });

describe('the dashboards', () => {
  let state: BrowserPage;
  freshPagePerTest((current) => (state = current));

  it("give the plant manager every area's indicators for the period, with formulas, exports and the shop-floor display", async () => {
    const { page } = state;
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, ADMIN);
    await page.goto('/apps/dashboards/indicators');
    await visible(page.getByRole('heading', { name: 'Indicadores clave', level: 1 }));
    for (const id of ['production-oee', 'production-output', 'production-checks', 'production-trend', 'production-pareto']) await visible(widget(page, id));
    await visible(page.locator('[data-widget^="maintenance-"]').first());
    await visible(page.locator('[data-widget^="dieshop-"]').first());
    // The demo's month has runs: OEE is a percentage, coloured by its band.
    await page.getByLabel('Período', { exact: true }).selectOption('month');
    await onPath(page, '/apps/dashboards/indicators');
    expect(new URL(page.url()).searchParams.get('period')).toBe('month');
    await eventually(async () => expect(await figure(page, 'figure-oee').textContent()).toMatch(/\d+([,.]\d+)?\s?%/));
    expect(['red', 'amber', 'green']).toContain(await figure(page, 'figure-oee').getAttribute('data-band'));
    // Each figure says how it is computed.
    await widget(page, 'production-oee').getByRole('button').first().click();
    await visible(page.getByText('OEE = disponibilidad × rendimiento × calidad.'));
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page);

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a Excel' }).click();
    expect((await excel).suggestedFilename()).toBe('indicadores-clave.xlsx');
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a PDF' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toBe('indicadores-clave.pdf');
    const bytes = await new Promise<Buffer>((resolve, reject) =>
      pdfFile.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      }, reject),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The shop-floor display on a 1920×1080 wall (issue 38): the whole screen; every press's state, a press stopped
    // (here by hand, on a line of its own) before the running ones, loud, with its cause; one press at a time in large
    // type, a stopped one first, no (i) nor menu nobody can use; the arrows change it, Esc leaves.
    const line = await createTestLine(LEAD, 'Prensa e2e pantalla');
    const press = await ok(
      apiAs<{ id: number }>(LEAD, 'POST', 'machine', {
        name: 'Prensa e2e pantalla',
        code: 'PR-E2E-PP',
        type: 'press',
        line_id: line.id,
        status: 'operating',
        criticality: 'A',
      }),
    );
    const stop = await ok(apiAs<{ id: number }>(LEAD, 'POST', 'machine-stop', { machine_id: press.id, cause: 'hydraulic' }));
    let stopEnded = false;
    try {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.reload();
      await page.getByRole('button', { name: 'Pantalla de planta' }).click();
      const display = page.getByTestId('shop-floor-display');
      await visible(display);
      expect(await display.boundingBox()).toMatchObject({ x: 0, y: 0, height: 1080 });
      expect((await display.boundingBox())!.width).toBeGreaterThan(1900);
      const tiles = display.getByTestId('press-states').getByRole('listitem');
      await visible(tiles.first());
      const states = await tiles.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
      expect(states.indexOf('running')).toBeGreaterThan(states.lastIndexOf('stopped'));
      const ours = tiles.filter({ hasText: 'Prensa e2e pantalla' });
      expect(await ours.getAttribute('data-state')).toBe('stopped');
      expect(await ours.textContent()).toMatch(/Falla hidráulica.*Desde \d{1,2}:\d{2} · \d+ min/);
      expect(await display.getByRole('heading', { level: 1 }).textContent()).toBe(await tiles.first().locator('span').first().textContent());
      await visible(display.locator('[data-widget="production-oee"]'));
      expect(await display.locator('[data-widget="production-trend"]').count()).toBe(0);
      // The widgets share the wall's width: the last one ends at the screen's right margin (not half way).
      const widgets = await display.locator('[data-widget]').evaluateAll((cards) => Math.max(...cards.map((card) => card.getBoundingClientRect().right)));
      expect(widgets).toBeGreaterThan(1920 - 64);
      expect(await display.locator('.fui-InfoLabel__infoButton, [aria-haspopup]').count()).toBe(0);
      const firstPress = await display.getByRole('heading', { level: 1 }).textContent();
      await display.getByRole('button', { name: 'Prensa siguiente' }).click();
      await eventually(async () => expect(await display.getByRole('heading', { level: 1 }).textContent()).not.toBe(firstPress));
      // The press runs again: the wall says so as soon as the stop is ended, without waiting for its next minute.
      await ok(apiAs(LEAD, 'PATCH', `machine-stop/${stop.id}`, { ended_at: new Date().toISOString() }));
      stopEnded = true;
      await eventually(async () => expect(await ours.getAttribute('data-state')).toBe('running'));
      await page.keyboard.press('Escape');
      await hidden(display);
      await visible(page.getByRole('heading', { name: 'Indicadores clave', level: 1 }));
    } finally {
      if (!stopEnded) await ok(apiAs(LEAD, 'PATCH', `machine-stop/${stop.id}`, { ended_at: new Date().toISOString() }));
    }
  });

  it('show an operator their own day on the welcome page, and the indicators their grants allow', async () => {
    const { page } = state;
    await page.setViewportSize({ width: 1024, height: 768 });
    // The operator's own running extrusion (stopped at the end: its 10-minute prompt must not reach later tests).
    const run = await startRun(OPERATOR, 'MIA');
    try {
      await login(page, OPERATOR);
      await visible(greeting(page, 'Luis Cárdenas'));
      const mine = widget(page, 'production-my-extrusion');
      await visible(mine.getByTestId(`my-run-${run.id}`));
      expect(await mine.getByTestId(`next-check-${run.id}`).textContent()).toMatch(/\d{2}:\d{2}/);
      await visible(widget(page, 'shell-notices'));
      await visible(widget(page, 'shell-shortcuts'));
      await expectNoSeriousAxeViolations(page);
    } finally {
      await ok(apiAs(OPERATOR, 'POST', `extrusion/${run.id}/stop`, { billets_pushed: 10, good_kg: 500, scrap_kg: 20 }));
    }

    // Each area's widgets follow the operator's grants (the API refuses the same figures otherwise).
    const { grants } = await ok(apiAs<{ grants: Record<string, { read: boolean } | undefined> }>(OPERATOR, 'GET', 'grants'));
    await page.goto('/apps/dashboards/indicators');
    await visible(widget(page, 'production-oee'));
    for (const [prefix, pageAlias] of [
      ['maintenance-', 'maintenance-dashboard'],
      ['dieshop-dies', 'dies'],
      ['dieshop-corrections', 'correction-records'],
    ]) {
      const shown = page.locator(`[data-widget^="${prefix}"]`);
      if (grants[pageAlias]?.read) await visible(shown.first());
      else expect(await shown.count()).toBe(0);
    }
  });

  it("keep working when an area's remote is down: its place says so, the others show their figures, a retry brings it back", async () => {
    const { context, page } = state;
    const block = '**/mfe/maintenance/**';
    await context.route(block, (route) => route.abort());
    await login(page, LEAD);
    await page.goto('/apps/dashboards/indicators');
    const down = page.locator('[data-remote-down="mfe_maintenance"]');
    await visible(down);
    await visible(down.getByText('Los indicadores de Mantenimiento inteligente no están disponibles'));
    await visible(figure(page, 'figure-oee'));
    await visible(page.locator('[data-widget^="dieshop-"]').first());
    await context.unroute(block);
    await down.getByRole('button', { name: 'Reintentar' }).click();
    await visible(page.locator('[data-widget^="maintenance-"]').first());
    expect(await down.count()).toBe(0);
  });

  it("update 'Indicadores clave' live when an extrusion run ends", async () => {
    const { page } = state;
    const run = await startRun(LEAD, 'IND');

    await login(page, ADMIN);
    await page.goto(`/apps/dashboards/indicators?period=today&line=${run.lineId}`);
    const goodKg = figure(page, 'figure-good-kg');
    await visible(goodKg);
    const before = await kgOf(page, 'figure-good-kg');
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await ok(apiAs(LEAD, 'POST', `extrusion/${run.id}/stop`, { billets_pushed: 30, good_kg: 1500, scrap_kg: 90 }));
    await eventually(async () => expect(await kgOf(page, 'figure-good-kg')).toBeCloseTo(before + 1500, 1), 15_000);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
