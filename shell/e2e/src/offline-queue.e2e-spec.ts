import type { BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { cachedForOffline, eventually, freshPagePerTest, login, visible, type BrowserPage } from '../support/browser';
import { smallPng } from '../support/images';

/**
 * Issue 17: work typed while the tablet has no network reaches the server exactly once. The
 * network is cut with the browser's offline mode (or, in the last test, only the answer is lost),
 * the entry is made, the portal says it is pending, and once the network is back exactly one
 * record is on the server.
 */
const OPERARIO = 'operario@norte.example';
const PENDING_TEXT = 'Guardado sin conexión: se enviará al volver la red';

/** The shell's status of saves kept offline (a status region, empty while nothing waits). */
const queueStatus = (page: Page) => page.getByTestId('offline-queue-status');
/** How many saves wait to be sent, as the shell says it; '' when none. */
const pendingCount = async (page: Page) => {
  const count = queueStatus(page).getByTestId('offline-queue-count');
  return (await count.count()) === 0 ? '' : await count.textContent();
};

/** The failure reports of the operator's company whose text holds `search`, through the API. */
async function reportsFound(search: string): Promise<{ id: number; photo_count: number }[]> {
  const answer = await apiAs<{ items: { id: number; photo_count: number }[] }>(
    OPERARIO,
    'GET',
    `failure-damage-report/all?search=${encodeURIComponent(search)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.items;
}

/** The operator's running order may ask for its critical dimensions at any moment: closed whenever it shows. */
async function closeDimensionPrompts(page: Page): Promise<void> {
  const prompt = page.getByRole('alertdialog', { name: 'Dimensiones criticas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Cerrar' }).click();
  });
}

/** The failure report form, by area (no machine to choose), filled in. */
async function fillReport(page: Page, description: string, withPhoto: boolean): Promise<void> {
  await page.goto('/apps/failure-damage-report/new');
  await visible(page.getByRole('main').getByRole('heading', { name: 'Reportar una falla o un daño' }));
  await page.getByRole('button', { name: 'Área / otro' }).click();
  await page.getByRole('textbox', { name: 'Área o lugar' }).fill('Nave 2, almacén de tochos');
  await page.getByRole('textbox', { name: 'Descripción' }).fill(description);
  if (withPhoto) {
    await page.getByTestId('report-photos').setInputFiles({ name: 'fuga.png', mimeType: 'image/png', buffer: smallPng() });
    await visible(page.getByRole('img', { name: 'fuga.png' }));
  }
}

describe('the offline queue', () => {
  let state: BrowserPage;
  freshPagePerTest((current) => (state = current));
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => ({ context, page } = state));

  describe('a critical-dimensions entry', () => {
    let run: { id: number; started_by: number | null; start: Date } | undefined;
    afterEach(async () => {
      // The run goes back to how the global set-up left it: nobody's, so that no other test is prompted.
      if (run) await sqlOnTestApi(`update order_die set started_by = $2, start_extrusion_time = $3 where id = $1`, [run.id, run.started_by, run.start]);
      run = undefined;
    });

    it('typed with the network cut is kept, shown as pending, and stored once when the network returns', async () => {
      // One of the demo's running runs becomes the operator's, 9 minutes in: the prompt asks at its 10-minute mark.
      [run] = await sqlOnTestApi<{ id: number; started_by: number | null; start: Date }>(
        `select od.id, od.started_by, od.start_extrusion_time as start from order_die od join company c on c.id = od.company_id
          where c.name = 'Extrusiones del Norte' and od.end_extrusion_time is null order by od.id limit 1`,
      );
      expect(run).toBeDefined();
      const [{ start }] = await sqlOnTestApi<{ start: Date }>(
        `update order_die set started_by = (select id from app_user where email = $2), start_extrusion_time = now() - interval '9 minutes'
          where id = $1 returning start_extrusion_time as start`,
        [run!.id, OPERARIO],
      );
      const [{ last }] = await sqlOnTestApi<{ last: number }>(`select coalesce(max(id), 0)::int as last from dimension_record`);
      const storedWhen = () =>
        sqlOnTestApi<{ dimension_text: string; value: number; at: number }>(
          `select dimension_text, dimension_value::float8 as value, extract(epoch from date_saved) * 1000 as at
             from dimension_record where order_die_id = $1 and id > $2 order by dimension_text`,
          [run!.id, last],
        );
      const stored = async () => (await storedWhen()).map(({ dimension_text, value }) => ({ dimension_text, value }));

      await page.clock.install();
      await login(page, OPERARIO);
      const dialog = page.getByRole('alertdialog', { name: 'Dimensiones criticas' });
      const browserNow = await page.evaluate(() => Date.now());
      await page.clock.fastForward(Math.max(1_000, start.getTime() + 10 * 60_000 + 5_000 - browserNow));
      await visible(dialog);

      // The wifi drops while the operator measures.
      await context.setOffline(true);
      await dialog.getByLabel('Dimensión A (mm)').fill('12,5');
      await dialog.getByLabel('Dimensión B (mm)').fill('3,2');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await visible(queueStatus(page).getByText(PENDING_TEXT));
      await eventually(async () => expect(await dialog.isVisible()).toBe(false));
      await eventually(async () => expect(await pendingCount(page)).toBe('Pendientes de envío: 1'));
      expect(await queueStatus(page).getAttribute('role')).toBe('status');
      expect(await stored()).toEqual([]);

      // Kept in the browser's IndexedDB, with the key made when 'Guardar' was pressed.
      const kept = await page.evaluate(
        () =>
          new Promise<{ key: string; path: string }[]>((resolve, reject) => {
            const opening = indexedDB.open('planta-offline-queue');
            opening.onerror = () => reject(opening.error);
            opening.onsuccess = () => {
              const all = opening.result.transaction('requests').objectStore('requests').getAll();
              all.onsuccess = () => resolve(all.result as { key: string; path: string }[]);
              all.onerror = () => reject(all.error);
            };
          }),
      );
      expect(kept).toEqual([expect.objectContaining({ path: 'orders/saveDieCriticalDimension', key: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);

      // Three minutes (on the tablet's clock) pass without network; then it returns and the entry goes, once.
      await page.clock.fastForward('03:00');
      const sending = page.waitForResponse((response) => response.url().endsWith('/api/orders/saveDieCriticalDimension'));
      await context.setOffline(false);
      const sent = await sending;
      const arrived = Date.now();
      expect(sent.status()).toBe(201);
      expect(sent.request().headers()['idempotency-key']).toBe(kept[0].key);
      // It says how long ago 'Guardar' was pressed, and the check is dated then, not when it arrived.
      const madeAgo = Number(sent.request().headers()['made-ago-ms']);
      expect(madeAgo).toBeGreaterThanOrEqual(3 * 60_000);
      expect(madeAgo).toBeLessThan(4 * 60_000);
      await visible(page.getByText('Enviado lo guardado sin conexión: Dimensiones críticas'));
      await eventually(async () => expect(await pendingCount(page)).toBe(''));
      expect(await stored()).toEqual([
        { dimension_text: 'DimensionA', value: 12.5 },
        { dimension_text: 'DimensionB', value: 3.2 },
      ]);
      for (const { at } of await storedWhen()) expect(Math.abs(Number(at) - (arrived - madeAgo))).toBeLessThan(5_000);
      // The API knows the check was made ('Mi extrusión').
      const mine = await apiAs<{ id: number; last_check_at: string | null }[]>(OPERARIO, 'GET', 'extrusion/mine');
      expect(mine.body.find((candidate) => candidate.id === run!.id)?.last_check_at).not.toBeNull();

      // Later passes of the queue (periodic, another 'online') send nothing more.
      await page.clock.fastForward('01:00');
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(1_000);
      expect(await stored()).toHaveLength(2);
    });
  });

  describe('a failure report', () => {
    it('with a photo, sent with the network cut, is kept through a reload and filed once when the network returns', async () => {
      const description = `Fuga sin red ${Date.now()}`;
      await login(page, OPERARIO);
      await closeDimensionPrompts(page);
      await fillReport(page, description, true);
      await cachedForOffline(page);

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Enviar reporte' }).click();
      await visible(queueStatus(page).getByText(PENDING_TEXT));
      await eventually(async () => expect(await pendingCount(page)).toBe('Pendientes de envío: 1'));
      // The form starts afresh for the next report.
      await eventually(async () => expect(await page.getByRole('textbox', { name: 'Descripción' }).inputValue()).toBe(''));
      expect(await reportsFound(description)).toEqual([]);

      // The tablet is reloaded without network: the sign-in page, at once, still counting the kept report.
      await page.reload();
      await visible(page.getByRole('heading', { name: 'INGRESA A TU CUENTA' }));
      await eventually(async () => expect(await pendingCount(page)).toBe('Pendientes de envío: 1'));

      // The network returns: the stored session signs in again, and the report goes, once.
      const sending = page.waitForResponse((response) => response.url().endsWith('/api/failure-damage-report') && response.request().method() === 'POST');
      await context.setOffline(false);
      expect((await sending).status()).toBe(201);
      await visible(page.getByRole('main').getByRole('heading', { name: 'Reportar una falla o un daño' }));
      await visible(page.getByText('Enviado lo guardado sin conexión: Reporte de falla o daño'));
      await eventually(async () => expect(await pendingCount(page)).toBe(''));
      const found = await reportsFound(description);
      expect(found).toHaveLength(1);
      expect(found[0].photo_count).toBe(1);
    });

    it('whose answer is lost on the way back is sent again with the same key and filed once', async () => {
      const description = `Fuga sin respuesta ${Date.now()}`;
      const attempts: { key: string | undefined; replayed?: string }[] = [];
      let loseTheAnswer = true;
      await page.route('**/api/failure-damage-report', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const key = route.request().headers()['idempotency-key'];
        if (loseTheAnswer) {
          // The server gets the report and files it; the tablet never hears back.
          loseTheAnswer = false;
          const answer = await route.fetch();
          attempts.push({ key, replayed: answer.headers()['idempotent-replayed'] });
          expect(answer.status()).toBe(201);
          return route.abort('connectionreset');
        }
        const answer = await route.fetch();
        attempts.push({ key, replayed: answer.headers()['idempotent-replayed'] });
        return route.fulfill({ response: answer });
      });
      await login(page, OPERARIO);
      await closeDimensionPrompts(page);
      await fillReport(page, description, false);
      await page.getByRole('button', { name: 'Enviar reporte' }).click();
      await visible(queueStatus(page).getByText(PENDING_TEXT));
      // The queue sends it again by itself, after a short wait, with the same key: the server answers what it answered the first time.
      await visible(page.getByText('Enviado lo guardado sin conexión: Reporte de falla o daño'), 20_000);
      expect(attempts).toHaveLength(2);
      expect(attempts[0].key).toMatch(/^[0-9a-f-]{36}$/);
      expect(attempts[1]).toEqual({ key: attempts[0].key, replayed: 'true' });
      expect(await reportsFound(description)).toHaveLength(1);
      await eventually(async () => expect(await pendingCount(page)).toBe(''));
    });
  });
});
