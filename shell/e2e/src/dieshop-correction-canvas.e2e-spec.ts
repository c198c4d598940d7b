import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { ok } from '../support/plant';
import { baseUrl, eventually, launchBrowser, login, visible } from '../support/browser';

/**
 * Issue 14, the marking canvas (`/apps/testCanvas/:id`): the die technician opens a correction
 * record's canvas on a tablet, drops a pin with a tap of the finger, fills its measure beside the
 * drawing, saves, and after a reload finds the pin where it was with its data in the legend.
 */
const TECH = 'matriceria@norte.example';

interface CanvasPinSaved {
  kind: 'pin';
  n: number;
  x: number;
  y: number;
  dimension_label: string;
  measured_mm: number | null;
  nominal_mm: number | null;
  zone: string;
  action: string;
}
interface RecordSaved {
  id: number;
  number: string;
  version: number;
  canvas: { aspect: number; items: CanvasPinSaved[] } | null;
}

describe('the marking canvas of a correction', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let record: RecordSaved;

  beforeAll(async () => {
    browser = await launchBrowser();
    const dies = await ok(apiAs<{ items: { id: number }[] }>(TECH, 'GET', 'die/all?pageSize=1'));
    // A draft of its own: open (so the canvas may be marked), and the die's state stays as it is.
    record = await ok(
      apiAs<RecordSaved>(TECH, 'POST', 'correction-record', {
        die_id: dies.items[0].id,
        origin: 'quality',
        description: 'Lienzo e2e: pared fuera de tolerancia',
        draft: true,
      }),
    );
  });
  afterAll(async () => {
    const current = await apiAs<RecordSaved>(TECH, 'GET', `correction-record/${record.id}`);
    if (current.status === 200) await apiAs(TECH, 'POST', 'correction-board/move', { id: record.id, to: 'discarded', version: current.body.version });
    await context?.close();
    await browser?.close();
  });

  it('the technician drops a pin with a tap on a tablet, fills it, saves, and finds it after a reload', async () => {
    // A landscape tablet with a touch screen.
    context = await browser.newContext({ baseURL: baseUrl(), locale: 'es-ES', viewport: { width: 1024, height: 768 }, hasTouch: true });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await login(page, TECH);

    await page.goto(`/apps/testCanvas/${record.id}`);
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { name: `Lienzo de corrección ${record.number}` }));
    const canvas = main.getByTestId('correction-canvas');
    await visible(canvas.locator('canvas').first());
    // The pin tool is chosen; its hint says what a tap does.
    await visible(main.getByText('Toca el plano para poner un pin numerado.'));
    expect(await main.getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe('true');

    // A tap in the middle of the canvas: the drawing is fitted and centred, so it is its middle.
    const box = (await canvas.boundingBox())!;
    const scrollBefore = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const form = main.getByRole('form', { name: 'Pin 1' });
    await visible(form);
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(scrollBefore);
    await visible(main.getByText('Cambios sin guardar'));

    await form.getByRole('textbox', { name: /^Cota/ }).fill('A');
    await form.getByRole('textbox', { name: /^Medido/ }).fill('40,35');
    await form.getByRole('textbox', { name: /^Nominal/ }).fill('40,2');
    await form.getByRole('textbox', { name: /^Zona/ }).fill('Lengüeta izquierda');
    await form.getByRole('textbox', { name: /^Acción propuesta/ }).fill('Frenar la portada 0,1 mm');

    const saving = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === `/api/correction-record/${record.id}/canvas`,
    );
    await main.getByRole('button', { name: 'Guardar lienzo' }).click();
    const response = await saving;
    expect(response.status()).toBe(200);
    const saved = (await response.json()) as RecordSaved;
    expect(saved.canvas?.items).toHaveLength(1);
    const pin = saved.canvas!.items[0];
    expect(pin).toMatchObject({
      kind: 'pin',
      n: 1,
      dimension_label: 'A',
      measured_mm: 40.35,
      nominal_mm: 40.2,
      zone: 'Lengüeta izquierda',
      action: 'Frenar la portada 0,1 mm',
    });
    expect(Math.abs(pin.x - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(pin.y - 0.5)).toBeLessThan(0.02);
    await eventually(async () => expect(await main.getByText('Cambios sin guardar').count()).toBe(0));

    await page.reload();
    await visible(main.getByRole('heading', { name: `Lienzo de corrección ${record.number}` }));
    const legend = main.getByRole('list', { name: 'Leyenda' });
    const entry = legend.getByRole('listitem').filter({ has: page.getByLabel('Pin 1') });
    await visible(entry.getByText('40,35 mm'));
    await visible(entry.getByText('40,2 mm'));
    await visible(entry.getByText('+0,15 mm'));
    await visible(entry.getByText('Lengüeta izquierda'));
    await visible(entry.getByText('Frenar la portada 0,1 mm'));
    await visible(main.getByRole('img', { name: /pines 1, flechas 0, trazos 0/ }));
    expect(problems).toEqual([]);
  });
});
