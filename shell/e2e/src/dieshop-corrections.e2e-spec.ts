import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { baseUrl, eventually, launchBrowser, login, onPath, visible } from '../support/browser';
import { headerReachable, pillAndText } from '../support/fit';

/**
 * Issue 14, done when: a die that goes out of tolerance at the press is corrected through the
 * boards. The press operator's out-of-tolerance 10-minute checks open a draft; the shift lead
 * assigns it on the correction board; the corrector finds it in her lane, writes the attempt, marks
 * the canvas and mentions the lead, whose notification opens the attempt in a new tab; a guest's
 * share link shows the record read-only; the trial closes it and the die summary tells it.
 */
const OPERATOR = 'operario@norte.example';
const LEAD = 'jefe@norte.example';
const CORRECTOR = 'matriceria@norte.example';
const CORRECTOR_NAME = 'Carmen Villalba';
const LEAD_NAME = 'Jorge Salinas';

interface Order {
  id: number;
  die_id: number | null;
  line_id: number | null;
  status: string;
}
interface Run {
  id: number;
  order_id: number;
}
interface Dimension {
  label: string;
  nominal_mm: number;
  tol_minus_mm: number;
  tol_plus_mm: number;
}
interface Record {
  id: number;
  number: string;
  status: string;
  version: number;
  auto_draft: boolean;
  order_die_id: number | null;
  dimension_label: string | null;
  assigned_corrector_id: number | null;
  reports: { id: number; attempt_no: number }[];
}

async function ok<T>(pending: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const answer = await pending;
  if (answer.status !== status) throw new Error(`API answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The decimal as a tablet's operator types it. */
const typed = (value: number) => value.toFixed(2).replace('.', ',');

describe('die corrections, from the press to the closed record', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let run: Run | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    if (run) await apiAs(LEAD, 'POST', `extrusion/${run.id}/stop`, { billets_pushed: 40, good_kg: 900, scrap_kg: 40 });
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function open(email: string, viewport = { width: 1440, height: 900 }, touch = false): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'es-ES', viewport, hasTouch: touch });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    if (email) await login(page, email);
    return page;
  }

  it('the operator opens a draft by his checks, the lead assigns it, the corrector works it, the lead is told, a guest reads it', async () => {
    // ------------------------------------------------------------ a press for the operator
    // The demo's presses are busy: the lead stops the run of one line that has a planned order, which the operator then starts.
    const orders = await ok(apiAs<Order[]>(LEAD, 'GET', 'orders/hideClosedOrders'));
    const planned = orders.filter((order) => order.status === 'planned' && order.die_id && order.line_id);
    let order: Order | undefined;
    for (const candidate of planned) {
      const busy = orders.find((other) => other.status === 'in_press' && other.line_id === candidate.line_id);
      if (busy) {
        const detail = await ok(apiAs<{ order_dies: { id: number; active_timer: boolean }[] }>(LEAD, 'GET', `orders/${busy.id}`));
        for (const active of detail.order_dies.filter((item) => item.active_timer))
          await ok(apiAs(LEAD, 'POST', `extrusion/${active.id}/stop`, { billets_pushed: 30, good_kg: 700, scrap_kg: 30 }));
      }
      const start = await apiAs<Run>(OPERATOR, 'POST', 'extrusion/start', { order_id: candidate.id, die_id: candidate.die_id, line_id: candidate.line_id });
      if (start.status === 201) {
        run = start.body;
        order = candidate;
        break;
      }
    }
    expect(order).toBeDefined();
    const dieId = order!.die_id!;
    const die = await ok(apiAs<{ die_reference: string; copy_number: number; profile_id: number }>(LEAD, 'GET', `die/${dieId}`));
    const dieLabel = `${die.die_reference}-${die.copy_number}`;
    const { dimensions } = await ok(apiAs<{ dimensions: Dimension[] }>(LEAD, 'GET', `profile/${die.profile_id}/dimensions`));
    const a = dimensions.find((dimension) => dimension.label === 'A')!;
    const b = dimensions.find((dimension) => dimension.label === 'B')!;
    const settings = await ok(apiAs<{ correction_draft_after: number }>(LEAD, 'GET', 'correction-settings'));

    // ------------------------------------------------------------ the operator's checks, on a tablet
    const operator = await open('', { width: 1024, height: 768 }, true);
    await operator.clock.install();
    await login(operator, OPERATOR);
    const prompt = operator.getByRole('alertdialog', { name: 'Dimensiones criticas' });
    const tooShort = a.nominal_mm - a.tol_minus_mm * 2;
    // The prompt opens in the minute after each 10-minute mark of the run (the run started a moment ago).
    await operator.clock.fastForward('01:05');
    for (let check = 1; check <= settings.correction_draft_after; check++) {
      await operator.clock.fastForward(check === 1 ? '09:00' : '10:00');
      await visible(prompt);
      await prompt.getByLabel('Dimensión A (mm)').fill(typed(tooShort));
      await prompt.getByLabel('Dimensión B (mm)').fill(typed(b.nominal_mm));
      const saving = operator.waitForResponse((response) => response.url().endsWith('/api/orders/saveDieCriticalDimension'));
      await prompt.getByRole('button', { name: 'Guardar' }).click();
      expect((await saving).status()).toBe(201);
      await eventually(async () => expect(await prompt.isVisible()).toBe(false));
    }
    // The last check opened the draft, with the run, the values and the die.
    const drafts = await ok(
      apiAs<{ items: (Record & { die_label: string; measured_mm: number })[] }>(LEAD, 'GET', `correction-record/all?status=draft&die_id=${dieId}`),
    );
    expect(drafts.items).toHaveLength(1);
    const draft = drafts.items[0];
    expect(draft).toMatchObject({
      auto_draft: true,
      order_die_id: run!.id,
      dimension_label: 'A',
      die_label: dieLabel,
      measured_mm: Number(tooShort.toFixed(2)),
    });

    // ------------------------------------------------------------ the lead assigns it on the correction board
    const lead = await open(LEAD);
    await lead.goto('/apps/correction-kanban-board');
    const board = lead.getByRole('main');
    const reported = board.getByRole('region', { name: /^Reportada/ });
    const card = reported.getByRole('article', { name: new RegExp(draft.number) });
    await visible(card);
    await visible(card.getByText('Borrador'));
    // By keyboard: pick the card up with its Move button, two columns to the right (Asignada), drop.
    const move = card.getByRole('button', { name: `Mover ${draft.number}` });
    await move.focus();
    await lead.keyboard.press('Space');
    await lead.keyboard.press('ArrowRight');
    await lead.keyboard.press('ArrowRight');
    await lead.keyboard.press('Space');
    const ask = lead.getByRole('dialog', { name: 'Asignar corrector' });
    await visible(ask);
    await ask.getByRole('combobox', { name: 'Corrector' }).selectOption({ label: CORRECTOR_NAME });
    const moving = lead.waitForResponse((response) => response.url().endsWith('/api/correction-board/move'));
    await ask.getByRole('button', { name: 'Asignar' }).click();
    expect((await moving).status()).toBe(200);
    const assigned = board.getByRole('region', { name: /^Asignada/ });
    await visible(assigned.getByRole('article', { name: new RegExp(draft.number) }).getByText(CORRECTOR_NAME));

    // ------------------------------------------------------------ the corrector's lane, the attempt, the canvas, the mention
    const corrector = await open(CORRECTOR, { width: 1024, height: 768 }, true);
    // Her list of records on the tablet (issue 38): the columns she works by are on screen or a
    // swipe away beside the record's number, the others open in the row; a pill holds its words.
    await corrector.goto('/apps/correction-record/all');
    const records = corrector.getByRole('main').getByRole('table', { name: 'Registros de corrección' });
    await visible(records.getByRole('row').nth(1));
    for (const name of ['Número', 'Matriz', 'Estado', 'Fecha límite', 'Intentos', 'Eficacia'])
      expect([name, await headerReachable(records, name)]).toEqual([name, true]);
    const inTable = await records.getByRole('columnheader').allTextContents();
    const folded = ['Defecto', 'Gravedad', 'Corrector', 'Abierta el'].filter((name) => !inTable.includes(name));
    if (folded.length > 0) {
      await records.getByTestId('row-detail-toggle').first().tap();
      const detail = records.getByTestId('row-detail');
      for (const name of folded) await visible(detail.getByText(name, { exact: true }));
    }
    const autoDraft = records.getByText('Borrador automático').first();
    await visible(autoDraft);
    expect(await pillAndText(autoDraft)).toMatchObject({ inside: true });
    // On the tablet the menu is a drawer over the page: she opens it to go to her board.
    await corrector.getByRole('button', { name: 'Abrir menú' }).tap();
    await corrector.getByRole('dialog', { name: 'Navegación' }).getByRole('link', { name: 'Tablero del corrector' }).tap();
    await onPath(corrector, '/apps/corrector-kanban-board');
    const lane = corrector.getByRole('main').getByRole('region', { name: new RegExp(`^${CORRECTOR_NAME}`) });
    const mine = lane.getByRole('article', { name: new RegExp(draft.number) });
    await visible(mine);
    await mine.getByRole('link', { name: new RegExp(draft.number) }).click();
    await onPath(corrector, `/apps/correction-record/${draft.id}`);
    const recordPage = corrector.getByRole('main');
    await visible(recordPage.getByRole('heading', { name: `Registro de corrección ${draft.number}`, level: 1 }));
    // Her first attempt takes the record into correction.
    await recordPage.getByRole('button', { name: 'Nuevo intento' }).click();
    await eventually(() => expect(new URL(corrector.url()).pathname).toMatch(new RegExp(`^/apps/correction-report/\\d+/${draft.id}$`)));
    const reportId = Number(new URL(corrector.url()).pathname.split('/')[3]);
    const reportPage = corrector.getByRole('main');
    await visible(reportPage.getByRole('heading', { name: `Intento 1 de la corrección ${draft.number}`, level: 1 }));
    await reportPage.getByRole('button', { name: 'Añadir operación' }).click();
    await reportPage.getByRole('combobox', { name: /^Operación/ }).selectOption({ label: 'Aliviar portada' });
    await reportPage.getByRole('textbox', { name: /^Zona o punto/ }).fill('Cara A, centro');
    await reportPage.getByRole('textbox', { name: /^Cantidad/ }).fill('0,2 mm');
    await reportPage.getByRole('textbox', { name: /^Horas/ }).fill('2,5');
    await reportPage.getByRole('textbox', { name: /^Hallazgos/ }).fill('Portada de la cara A gastada');
    const savingAttempt = corrector.waitForResponse(
      (response) => response.url().endsWith(`/api/correction-report/${reportId}`) && response.request().method() === 'PATCH',
    );
    await reportPage.getByRole('button', { name: 'Guardar el intento' }).click();
    expect((await savingAttempt).status()).toBe(200);

    // A pin on the drawing where the die maker should look, with a finger.
    await reportPage.getByRole('link', { name: 'Abrir el lienzo' }).click();
    await onPath(corrector, `/apps/testCanvas/${draft.id}`);
    const canvasPage = corrector.getByRole('main');
    await visible(canvasPage.getByRole('heading', { name: `Lienzo de corrección ${draft.number}` }));
    const surface = canvasPage.getByTestId('correction-canvas');
    await visible(surface.locator('canvas').first());
    await visible(canvasPage.getByText('Toca el plano para poner un pin numerado.'));
    const box = (await surface.boundingBox())!;
    await corrector.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const pin = canvasPage.getByRole('form', { name: 'Pin 1' });
    await visible(pin);
    await pin.getByRole('textbox', { name: /^Cota/ }).fill('A');
    await pin.getByRole('textbox', { name: /^Medido/ }).fill(typed(tooShort));
    await pin.getByRole('textbox', { name: /^Nominal/ }).fill(typed(a.nominal_mm));
    await pin.getByRole('button', { name: 'Aplicar' }).click();
    const savingCanvas = corrector.waitForResponse((response) => response.url().endsWith(`/api/correction-record/${draft.id}/canvas`));
    await canvasPage.getByRole('button', { name: 'Guardar lienzo' }).click();
    expect((await savingCanvas).status()).toBe(200);

    // Back on the attempt: the mark is shown, and a comment mentions the lead.
    await corrector.goto(`/apps/correction-report/${reportId}/${draft.id}`);
    const shown = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 3 }).format(Number(tooShort.toFixed(2)));
    await visible(reportPage.getByRole('list', { name: 'Leyenda' }).getByText(`${shown} mm`));
    const box2 = reportPage.getByRole('textbox', { name: 'Comentario' });
    await box2.fill('@Jor');
    await reportPage.getByRole('option', { name: `@${LEAD_NAME}` }).click();
    await box2.press('End');
    await box2.pressSequentially(' portada aliviada; lista para la prueba');
    const commenting = corrector.waitForResponse((response) => response.url().endsWith('/api/correction-comment') && response.request().method() === 'POST');
    await reportPage.getByRole('button', { name: 'Enviar' }).click();
    expect((await commenting).status()).toBe(201);

    // ------------------------------------------------------------ the lead's notification opens the attempt in a new tab
    const bell = lead.getByRole('button', { name: 'Notificaciones', exact: true });
    await bell.click();
    const panel = lead.getByRole('dialog', { name: 'Notificaciones' });
    const notice = panel.getByRole('link', { name: new RegExp(`intento 1 de la corrección ${draft.number}`) });
    await visible(notice);
    const [tab] = await Promise.all([lead.context().waitForEvent('page'), notice.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/apps/correction-report/${reportId}/${draft.id}`);
    await visible(tab.getByRole('heading', { name: `Intento 1 de la corrección ${draft.number}`, level: 1 }));
    await visible(tab.getByText('portada aliviada; lista para la prueba'));

    // ------------------------------------------------------------ a guest's share link shows the record read-only
    const token = await ok(
      apiAs<{ token: string }>(LEAD, 'POST', 'share-token', { resource_type: 'correction-record', resource_id: draft.id, expires_in_hours: 24 }),
      201,
    );
    const guest = await open('');
    await guest.goto(`/apps/correction-record/${draft.id}/${token.token}`);
    await visible(guest.getByText('Enlace compartido: solo lectura'));
    const guestPage = guest.getByRole('main');
    await visible(guestPage.getByRole('heading', { name: `Registro de corrección ${draft.number}`, level: 1 }));
    await visible(guestPage.getByText(dieLabel).first());
    expect(await guestPage.getByRole('button').count()).toBe(0);
    expect(await guestPage.getByRole('textbox').count()).toBe(0);

    // ------------------------------------------------------------ tried and closed; the die summary tells it
    const current = await ok(apiAs<Record>(LEAD, 'GET', `correction-record/${draft.id}`));
    await ok(apiAs(LEAD, 'POST', 'correction-board/move', { id: draft.id, to: 'in_trial', version: current.version }));
    await ok(apiAs(LEAD, 'POST', `correction-report/${reportId}/trial`, { result: 'approved', note: 'Prueba en prensa dentro de tolerancia' }));
    const closed = await ok(apiAs<Record & { effectiveness: string }>(LEAD, 'GET', `correction-record/${draft.id}`));
    expect([closed.status, closed.effectiveness]).toEqual(['closed', 'effective']);
    const summary = await ok(
      apiAs<{ corrections: { id: number; reports: { attempt_no: number; trial_result: string }[] }[] }>(LEAD, 'GET', `die/${dieId}/summary`),
    );
    expect(summary.corrections.find((correction) => correction.id === draft.id)?.reports).toEqual([
      expect.objectContaining({ attempt_no: 1, trial_result: 'approved' }),
    ]);
  });
});
