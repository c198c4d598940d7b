import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { baseUrl, eventually, launchBrowser, signIn, visible } from '../support/browser';
import { finger } from '../support/finger';
import { wholeColumns } from '../support/fit';

/**
 * The boards by hand on glass (issue 37, item 3), on a 1024×768 touch tablet: a vertical swipe on
 * a card scrolls its column and moves no card (the order is checked on the server), a press and
 * hold drags a card (planning and maintenance boards, both on the shared kanban), and 'Mover a…'
 * in a card's menu moves it, warning first when the press it goes to is stopped. The side button
 * 'Reporte de fallas y daños' lies over none of the board's controls (issue 38).
 */
const JEFE = 'jefe@norte.example';
const TECH = 'mantenimiento@norte.example';
const PLANNING = '/apps/planning-kanban-board/board';
const MAINTENANCE = '/apps/maintenance-kanban-board';

interface Card {
  id: number;
  number: string;
  running: boolean;
}
interface Board {
  to_plan: Card[];
  planned: { line_id: number; line_name: string; cards: Card[]; stopped?: unknown }[];
  in_press: Card[];
  finished: Card[];
}
/** Every column's cards, in order, as the server keeps them. */
const orderOf = (board: Board) => ({
  to_plan: board.to_plan.map((card) => card.id),
  planned: board.planned.map((line) => [line.line_id, line.cards.map((card) => card.id)]),
  in_press: board.in_press.map((card) => card.id),
  finished: board.finished.map((card) => card.id),
});
const readBoard = async () => (await apiAs<Board>(JEFE, 'GET', 'planning-board')).body;

const centre = async (page: Page, testId: string) => {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
};

describe('boards on a 1024×768 touch tablet', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  async function tablet(email: string, path: string): Promise<{ page: Page; cdp: CDPSession }> {
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'es-ES', viewport: { width: 1024, height: 768 }, hasTouch: true });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto(path);
    return { page, cdp: await context.newCDPSession(page) };
  }
  const moves = (page: Page, path: string) => {
    const seen: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).pathname === path && seen.push(request.method())));
    return seen;
  };
  /** Puts an order back where it was on the board (after `nextId`, or at the end). */
  const putBack = (card: Card, column: 'to_plan' | 'planned', lineId: number | null, nextId: number | null) => () =>
    apiAs(JEFE, 'POST', 'planning-board/move', { order_id: card.id, to_column: column, to_line_id: lineId, position: 100_000, before_order_id: nextId });

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a vertical swipe on a planning-board card scrolls its column and moves no card', async () => {
    const before = await readBoard();
    const { page, cdp } = await tablet(JEFE, PLANNING);
    await visible(page.getByRole('heading', { name: 'Tablero de producción', level: 1 }));
    // The movable column with the most cards: it scrolls on a 768 px high screen.
    const columns = [{ id: 'to_plan', cards: before.to_plan }, ...before.planned.map((line) => ({ id: `planned:${line.line_id}`, cards: line.cards }))];
    const column = columns.sort((a, b) => b.cards.length - a.cards.length)[0];
    const list = page.getByTestId(`kanban-cards-${column.id}`);
    await visible(list.getByTestId(`order-${column.cards[0].id}`));
    // At least three whole columns on the tablet (issue 38: two and a half were).
    expect(await wholeColumns(page)).toBeGreaterThanOrEqual(3);
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const sent = moves(page, '/api/planning-board/move');

    // A quick upward swipe that starts on the first card, as a thumb scrolls a list.
    const { x, y, box } = await centre(page, `order-${column.cards[0].id}`);
    await finger(cdp).stroke(x, y + box.height / 3, x, y - 200);
    await eventually(async () => expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(50));
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    expect(await page.getByTestId('kanban-announcer').textContent()).not.toMatch(/levantada/);
    expect(orderOf(await readBoard())).toEqual(orderOf(before));

    // The side button keeps its own margin: no control of the board (a card's title, its menu, a column's) lies under it,
    // the board scrolled to its first and to its last column.
    const side = (await page.getByRole('button', { name: 'Reporte de fallas y daños' }).boundingBox())!;
    const underSide = () =>
      page.getByRole('main').evaluate((main, box) => {
        // What of an element shows: its box cut by every ancestor that clips (a column's or the board's scroll).
        const shown = (element: Element) => {
          const rect = element.getBoundingClientRect();
          let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
          for (let node = element.parentElement; node; node = node.parentElement) {
            const style = getComputedStyle(node);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const clip = node.getBoundingClientRect();
            [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
          }
          return { left, top, right, bottom };
        };
        const under = (element: Element) => {
          const part = shown(element);
          return (
            part.right > Math.max(part.left, box.x) && part.left < box.x + box.width && part.bottom > Math.max(part.top, box.y) && part.top < box.y + box.height
          );
        };
        return [...main.querySelectorAll('button, a[href], input, select, textarea, [role=button], [tabindex="0"], [data-testid^="order-"]')]
          .filter(under)
          .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40));
      }, side);
    expect(await underSide()).toEqual([]);
    await page.getByTestId(`kanban-column-${column.id}`).evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) if (node.scrollWidth > node.clientWidth) node.scrollLeft = node.scrollWidth;
    });
    expect(await underSide()).toEqual([]);
  });

  it('a press and hold drags a planning-board card onto a line', async () => {
    const before = await readBoard();
    const card = before.to_plan.find((candidate) => !candidate.running)!;
    const line = before.planned.find((candidate) => !candidate.stopped)!;
    cleanups.push(putBack(card, 'to_plan', null, before.to_plan[before.to_plan.indexOf(card) + 1]?.id ?? null));
    const { page, cdp } = await tablet(JEFE, PLANNING);
    await visible(page.getByTestId(`order-${card.id}`));
    const from = await centre(page, `order-${card.id}`);
    const to = await centre(page, `kanban-column-planned:${line.line_id}`);
    expect(to.x + 40).toBeLessThan(1024);
    const moving = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/planning-board/move');
    await finger(cdp).stroke(from.x, from.y, to.x, to.box.y + 60, { holdMs: 600, steps: 20, stepMs: 30 });
    expect((await moving).status()).toBe(200);
    await visible(page.getByTestId(`kanban-column-planned:${line.line_id}`).getByTestId(`order-${card.id}`));
    const after = await readBoard();
    expect(after.planned.find((candidate) => candidate.line_id === line.line_id)!.cards.map((candidate) => candidate.id)).toContain(card.id);
    expect(after.to_plan.map((candidate) => candidate.id)).not.toContain(card.id);
  });

  it("'Mover a…' by touch plans an order at the place chosen, after warning that the press is stopped and why", async () => {
    const before = await readBoard();
    const card = before.to_plan.find((candidate) => !candidate.running)!;
    const line = before.planned.find((candidate) => !candidate.stopped && candidate.cards.length > 0)!;
    cleanups.push(putBack(card, 'to_plan', null, before.to_plan[before.to_plan.indexOf(card) + 1]?.id ?? null));
    // A press of that line stopped by hand (no failure report) for the length of this test.
    const [press] = await sqlOnTestApi<{ id: number }>(
      `insert into machine (company_id, name, code, type, line_id, status, criticality)
       select company_id, 'Prensa E2E detenida', 'E2E-TD', 'press', id, 'operating', 'A' from extrusion_line where id = $1 returning id`,
      [line.line_id],
    );
    await sqlOnTestApi(
      `insert into machine_stop (company_id, machine_id, line_id, started_at, planned, cause)
       select company_id, id, line_id, now() - interval '20 minutes', false, 'hydraulic' from machine where id = $1`,
      [press.id],
    );
    cleanups.push(async () => {
      await sqlOnTestApi(`delete from machine_stop where machine_id = $1`, [press.id]);
      await sqlOnTestApi(`delete from machine where id = $1`, [press.id]);
    });

    const { page } = await tablet(JEFE, PLANNING);
    await visible(page.getByTestId(`stopped-planned:${line.line_id}`));
    await page.getByRole('button', { name: `Acciones de ${card.number}` }).tap();
    await page.getByRole('menuitem', { name: 'Mover a…' }).tap();
    const dialog = page.getByRole('dialog', { name: `Mover ${card.number} a…` });
    await dialog.getByRole('combobox', { name: 'Columna' }).selectOption({ label: `Planificada · ${line.line_name}` });
    await dialog.getByRole('combobox', { name: 'Posición' }).selectOption({ label: `1 · antes de ${line.cards[0].number}` });
    const sent = moves(page, '/api/planning-board/move');
    await dialog.getByRole('button', { name: 'Mover' }).tap();

    const warning = page.getByTestId('kanban-warning');
    await visible(warning);
    expect(await warning.textContent()).toMatch(
      new RegExp(`^Prensa E2E detenida está detenida: Falla hidráulica \\(desde .+\\)\\. ¿Planificar la orden ${card.number} igualmente\\?$`),
    );
    expect(sent).toEqual([]);
    const moving = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/planning-board/move');
    await page.getByRole('button', { name: 'Mover igualmente' }).tap();
    expect((await moving).status()).toBe(200);
    const after = await readBoard();
    expect(
      after.planned
        .find((candidate) => candidate.line_id === line.line_id)!
        .cards.map((candidate) => candidate.id)
        .slice(0, 2),
    ).toEqual([card.id, line.cards[0].id]);
  });

  it('a press and hold drags a maintenance-board card to the next column', async () => {
    const machines = await apiAs<{ items: { id: number }[] }>(JEFE, 'GET', 'machine/all?pageSize=5');
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TECH, password: 'Planta2026!' }),
    });
    const techId = ((await login.json()) as { user: { data: { id: number } } }).user.data.id;
    const created = await apiAs<{ id: number; number: string; version: number }>(JEFE, 'POST', 'work-order', {
      machine_id: machines.body.items[0].id,
      title: `Tableta ${Date.now().toString(36)}`,
      priority: 'high',
      assignee_id: techId,
    });
    expect(created.status).toBe(201);
    const order = created.body;
    cleanups.push(async () => {
      const current = (await apiAs<{ version: number }>(JEFE, 'GET', `work-order/${order.id}`)).body;
      await apiAs(JEFE, 'POST', 'maintenance-board/move', {
        id: order.id,
        to_status: 'cancelled',
        version: current.version,
        before_id: null,
        reason: 'Prueba',
      });
    });

    const { page, cdp } = await tablet(TECH, MAINTENANCE);
    const card = page.getByTestId('kanban-column-assigned').getByTestId(`wo-${order.id}`);
    await visible(card);
    await card.scrollIntoViewIfNeeded();
    // The board scrolls sideways until 'En progreso' is whole on the screen, 'Asignada' beside it.
    await page.getByTestId('board').evaluate((board) => {
      const column = board.querySelector<HTMLElement>('[data-testid="kanban-column-in_progress"]')!.getBoundingClientRect();
      board.scrollLeft += Math.max(0, column.right - board.getBoundingClientRect().right + 8);
    });
    const from = await centre(page, `wo-${order.id}`);
    const to = await centre(page, 'kanban-column-in_progress');
    expect(to.box.x + to.box.width).toBeLessThanOrEqual(1024);
    expect(from.x).toBeGreaterThan(0);
    expect(from.y).toBeLessThan(768);
    const moving = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/maintenance-board/move');
    await finger(cdp).stroke(from.x, from.y, to.x, to.box.y + 60, { holdMs: 600, steps: 20, stepMs: 30 });
    expect((await moving).status()).toBe(200);
    await visible(page.getByTestId('kanban-column-in_progress').getByTestId(`wo-${order.id}`));
    expect((await apiAs<{ status: string }>(JEFE, 'GET', `work-order/${order.id}`)).body.status).toBe('in_progress');
  });
});
