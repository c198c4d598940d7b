import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { freshPagePerTest, login, onPath, visible } from '../support/browser';

/**
 * The maintenance dashboard and the machine summary ('Ficha de máquina') in the browser, on a
 * press this file creates with two failure stops in the last days (2 h and 4 h: MTTR 3 h), and
 * removes afterwards.
 */
const JEFE = 'jefe@norte.example';
const PRESS = 'Prensa E2E ficha';
let pressId = 0;

beforeAll(async () => {
  await sqlOnTestApi(`
    with press as (
      insert into machine (company_id, name, code, type, line_id, status, criticality)
      select company.id, '${PRESS}', 'E2E-F1', 'press', null, 'operating', 'A' from company where company.name = 'Extrusiones del Norte'
      returning id, company_id)
    insert into machine_stop (company_id, machine_id, started_at, ended_at, planned, cause)
    select company_id, id, date_trunc('hour', now()) - interval '10 days', date_trunc('hour', now()) - interval '10 days' + interval '2 hours', false, 'hydraulic' from press
    union all
    select company_id, id, date_trunc('hour', now()) - interval '5 days', date_trunc('hour', now()) - interval '5 days' + interval '4 hours', false, 'electrical' from press`);
  const dashboard = await apiAs<{ machines: { id: number; name: string }[] }>(JEFE, 'GET', 'maintenance-dashboard');
  pressId = dashboard.body.machines.find((machine) => machine.name === PRESS)!.id;
});
afterAll(async () => {
  await sqlOnTestApi(`delete from machine_stop where machine_id = ${pressId}; delete from machine where id = ${pressId}`);
});

describe('maintenance dashboard and machine summary', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it('shows the dashboard cards and charts, links to a machine summary and exports the figures to Excel', async () => {
    await login(page, JEFE);
    await page.goto('/apps/maintenance-dashboard/all');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { name: 'Panel de mantenimiento' }));
    for (const card of ['card-open-orders', 'card-overdue', 'card-compliance', 'card-mtta', 'card-mtbf', 'card-mttr']) await visible(main.getByTestId(card));
    // Both charts draw their SVG (the Pareto one has stops to show: the press's two failures).
    await visible(main.getByTestId('chart-mtbf-mttr').locator('svg.recharts-surface').first());
    await visible(main.getByTestId('chart-pareto').locator('svg.recharts-surface').first());
    // The formula is explained behind the MTTR card's information button.
    await main.getByTestId('card-mttr').getByRole('button').click();
    await visible(page.getByText(/MTTR = Σ duración de los paros por falla/));

    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Exportar a Excel' }).click();
    expect((await download).suggestedFilename()).toBe('tablero-mantenimiento.xlsx');

    await main
      .getByTestId('machine-list')
      .getByRole('link', { name: /Prensa E2E ficha/ })
      .click();
    await onPath(page, `/apps/maintenance-dashboard/machineResume/${pressId}`);
    await visible(main.getByRole('heading', { name: PRESS }));
  });

  it("under load, with the MTTR formula open, 'Exportar a Excel' takes a plain click: nothing covers it", async () => {
    // A slow tablet: the page's work runs four times slower.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await login(page, JEFE);
      await page.goto('/apps/maintenance-dashboard/all');
      const main = page.getByRole('main');
      await visible(main.getByTestId('card-mttr'));
      await main.getByTestId('card-mttr').getByRole('button').click();
      const formula = page.getByText(/MTTR = Σ duración de los paros por falla/);
      await visible(formula);
      const exportButton = main.getByRole('button', { name: 'Exportar a Excel' });
      await visible(exportButton);
      // No button lies under the open formula, nor does the formula take the click at any button's middle.
      const covered = await page.evaluate(() => {
        const notes = [...document.querySelectorAll<HTMLElement>('[role="note"]')].map((note) => note.getBoundingClientRect());
        return [...document.querySelectorAll<HTMLElement>('main button')]
          .filter((button) => button.offsetParent !== null)
          .filter((button) => {
            const box = button.getBoundingClientRect();
            const under = notes.some((note) => note.left < box.right && box.left < note.right && note.top < box.bottom && box.top < note.bottom);
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return under || (hit !== null && !button.contains(hit));
          })
          .map((button) => button.textContent || button.getAttribute('aria-label'));
      });
      expect(covered).toEqual([]);
      // A plain click (no force): Playwright refuses it if anything else would receive it.
      const download = page.waitForEvent('download');
      await exportButton.click({ timeout: 10_000 });
      expect((await download).suggestedFilename()).toBe('tablero-mantenimiento.xlsx');
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });

  it('shows the machine summary with its figures and its QR; a machine id opens it, another address is not found', async () => {
    await login(page, JEFE);
    await page.goto(`/apps/maintenance-dashboard/${pressId}`);
    await onPath(page, `/apps/maintenance-dashboard/machineResume/${pressId}`);
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { name: PRESS }));
    await visible(main.getByTestId('status-chip').getByText('En operación'));
    // Two failure stops of 2 h and 4 h in the last 90 days.
    await visible(main.getByTestId('figure-mttr').getByText('3 h', { exact: true }));
    await visible(main.getByTestId('last-failures').getByText(/Falla eléctrica/));
    const qr = main.getByRole('img', { name: `Código QR de la ficha de ${PRESS}` });
    await visible(qr);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await visible(main.getByRole('button', { name: 'Reportar falla' }));

    await page.goto('/apps/maintenance-dashboard/nada');
    await visible(page.getByText('Esta página no existe.'));
  });
});
