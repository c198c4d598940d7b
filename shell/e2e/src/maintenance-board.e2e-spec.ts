import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { baseUrl, eventually, launchBrowser, newPage, PASSWORD, signIn, visible } from '../support/browser';

/**
 * The maintenance board in two browsers (issue 12): a keyboard move by the technician is seen by
 * the lead without a reload, an illegal move snaps back with the API's message, and blocking an
 * order with a reason shows the red marker on its card, here and in the other browser.
 */
const JEFE = 'jefe@norte.example';
const TECH = 'mantenimiento@norte.example';
const BOARD = '/apps/maintenance-kanban-board';

interface Detail {
  id: number;
  number: string;
  version: number;
  status: string;
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

describe('maintenance board', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const created: Detail[] = [];
  let machineId: number;
  let techId: number;

  async function signedIn(email: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signIn(page, email);
    return page;
  }

  async function createOrder(title: string, assigned: boolean): Promise<Detail> {
    const response = await apiAs<Detail>(JEFE, 'POST', 'work-order', {
      machine_id: machineId,
      title,
      priority: 'high',
      ...(assigned ? { assignee_id: techId } : {}),
    });
    expect(response.status).toBe(201);
    created.push(response.body);
    return response.body;
  }

  async function openBoard(page: Page): Promise<void> {
    await page.goto(BOARD);
    await visible(page.getByRole('heading', { name: 'Tablero de órdenes de trabajo', level: 1 }));
  }

  /** The card in a column. */
  const cardIn = (page: Page, column: string, order: Detail) => page.getByTestId(`kanban-column-${column}`).getByTestId(`wo-${order.id}`);
  /** The card's Move button (keyboard moves). */
  const moveButton = (page: Page, order: Detail) => page.getByRole('button', { name: `Mover ${order.number}` });
  const announced = (page: Page, text: string) => eventually(async () => expect(await page.getByTestId('kanban-announcer').textContent()).toBe(text));

  beforeAll(async () => {
    browser = await launchBrowser();
    const machines = await apiAs<{ items: { id: number }[] }>(JEFE, 'GET', 'machine/all?pageSize=5');
    machineId = machines.body.items[0].id;
    const members = await apiAs<{ id: number; name: string }[]>(JEFE, 'GET', 'maintenance-board/members');
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TECH, password: PASSWORD }),
    });
    techId = ((await login.json()) as { user: { data: { id: number } } }).user.data.id;
    expect(members.body.map((member) => member.id)).toContain(techId);
  });
  afterAll(async () => {
    // Cancelled orders leave the board.
    for (const order of created) {
      const current = (await apiAs<Detail>(JEFE, 'GET', `work-order/${order.id}`)).body;
      if (['verified', 'cancelled', 'completed'].includes(current.status)) continue;
      await apiAs(JEFE, 'POST', 'maintenance-board/move', {
        id: order.id,
        to_status: 'cancelled',
        version: current.version,
        before_id: null,
        reason: 'Prueba',
      });
    }
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it('a keyboard move by the technician shows for the lead without a reload', async () => {
    const order = await createOrder(unique('Fuga en el cilindro'), true);
    const [tech, jefe] = [await signedIn(TECH), await signedIn(JEFE)];
    for (const page of [tech, jefe]) {
      await openBoard(page);
      await visible(cardIn(page, 'assigned', order));
    }
    await jefe.evaluate(() => ((window as unknown as { plantaNoReload?: boolean }).plantaNoReload = true));

    // On its Move button Space picks the card, ArrowRight takes it to the next column (En progreso), Space drops it.
    const handle = moveButton(tech, order);
    await handle.focus();
    await tech.keyboard.press('Space');
    await eventually(async () => expect(await handle.getAttribute('aria-pressed')).toBe('true'));
    await tech.keyboard.press('ArrowRight');
    await announced(tech, `${order.number} sobre En progreso.`);
    const moving = tech.waitForResponse((response) => new URL(response.url()).pathname === '/api/maintenance-board/move');
    await tech.keyboard.press('Space');
    expect((await moving).status()).toBe(200);
    await visible(cardIn(tech, 'in_progress', order));

    await visible(cardIn(jefe, 'in_progress', order));
    expect(await cardIn(jefe, 'assigned', order).count()).toBe(0);
    expect(await jefe.evaluate(() => (window as unknown as { plantaNoReload?: boolean }).plantaNoReload)).toBe(true);
    expect((await apiAs<Detail>(JEFE, 'GET', `work-order/${order.id}`)).body.status).toBe('in_progress');
  });

  it('a move whose reason dialog is cancelled stays put and is announced as cancelled, not as moved (issue 37)', async () => {
    const order = await createOrder(unique('Holgura en el carro'), true);
    const started = await apiAs<Detail>(JEFE, 'POST', 'maintenance-board/move', {
      id: order.id,
      to_status: 'in_progress',
      version: order.version,
      before_id: null,
    });
    expect(started.status).toBe(200);
    const jefe = await signedIn(JEFE);
    await openBoard(jefe);
    await visible(cardIn(jefe, 'in_progress', order));
    let calls = 0;
    jefe.on('request', (request) => void (new URL(request.url()).pathname === '/api/maintenance-board/move' && calls++));
    const handle = moveButton(jefe, order);
    await handle.focus();
    await jefe.keyboard.press('Space');
    await eventually(async () => expect(await handle.getAttribute('aria-pressed')).toBe('true'));
    await jefe.keyboard.press('ArrowRight');
    await announced(jefe, `${order.number} sobre En espera.`);
    await jefe.keyboard.press('Space');
    const dialog = jefe.getByRole('dialog', { name: `Poner en espera ${order.number}` });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await announced(jefe, `Movimiento cancelado: ${order.number} sigue en En progreso.`);
    await visible(cardIn(jefe, 'in_progress', order));
    expect(await cardIn(jefe, 'on_hold', order).count()).toBe(0);
    expect(calls).toBe(0);
    expect((await apiAs<Detail>(JEFE, 'GET', `work-order/${order.id}`)).body.status).toBe('in_progress');
  });

  it("an illegal move is refused before any call, with the rule's message, and the card stays", async () => {
    const order = await createOrder(unique('Ruido en la bomba'), false);
    const jefe = await signedIn(JEFE);
    await openBoard(jefe);
    await visible(cardIn(jefe, 'pending', order));
    const handle = moveButton(jefe, order);
    await handle.focus();
    await jefe.keyboard.press('Space');
    await eventually(async () => expect(await handle.getAttribute('aria-pressed')).toBe('true'));
    await jefe.keyboard.press('ArrowRight');
    await announced(jefe, `${order.number} sobre Asignada.`);
    await jefe.keyboard.press('ArrowRight');
    await announced(jefe, `${order.number} sobre En progreso: No se puede pasar de «Pendiente» a «En progreso»`);
    let calls = 0;
    jefe.on('request', (request) => void (new URL(request.url()).pathname === '/api/maintenance-board/move' && calls++));
    await jefe.keyboard.press('Space');
    await visible(jefe.getByTestId('kanban-refusal').getByText('No se puede pasar de «Pendiente» a «En progreso»'));
    expect(calls).toBe(0);
    await visible(cardIn(jefe, 'pending', order));
    expect(await cardIn(jefe, 'in_progress', order).count()).toBe(0);
  });

  it('blocking with a reason shows the red marker on the card, in both browsers', async () => {
    const order = await createOrder(unique('Cambio de retén'), true);
    const [tech, jefe] = [await signedIn(TECH), await signedIn(JEFE)];
    for (const page of [tech, jefe]) await openBoard(page);
    await visible(cardIn(tech, 'assigned', order));
    await cardIn(tech, 'assigned', order).click();
    const dialog = tech.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: order.number }));
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await dialog.getByRole('textbox', { name: 'Motivo del bloqueo' }).fill('falta retén del cilindro');
    const blocking = tech.waitForResponse((response) => new URL(response.url()).pathname === `/api/work-order/${order.id}/block`);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    expect((await blocking).status()).toBe(200);
    await visible(dialog.getByText('Bloqueada: falta retén del cilindro'));
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

    for (const page of [tech, jefe]) {
      const card = page.getByTestId(`card-${order.number}`);
      await visible(card.getByTestId('blocked-marker'));
      expect(await card.getByTestId('blocked-marker').textContent()).toBe('Bloqueada: falta retén del cilindro');
    }
  });
});
