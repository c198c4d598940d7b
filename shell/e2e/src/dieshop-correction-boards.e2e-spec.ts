import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { eventually, launchBrowser, newPage, signIn, visible } from '../support/browser';

/**
 * The two correction boards (issue 14) in two browsers: the lead's keyboard move on the correction
 * board shows for a die technician (read-only there) without a reload; an illegal move is refused
 * with the contract's reason and no call; on the corrector board, moving a card to a corrector's
 * lane reassigns it. axe finds nothing serious on either board.
 */
const LEAD = 'jefe@norte.example';
const TECH = 'matriceria@norte.example';
const BOARD = '/apps/correction-kanban-board';
const CORRECTORS = '/apps/corrector-kanban-board';
const DIE = `E2E-TAB-${Date.now().toString(36).toUpperCase()}`;

interface Record {
  id: number;
  number: string;
  status: string;
  version: number;
  assigned_corrector_id: number | null;
}

describe('correction boards', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let record: Record;

  async function signedIn(email: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signIn(page, email);
    return page;
  }
  const column = (page: Page, id: string) => page.getByTestId(`kanban-column-${id}`);
  const cardIn = (page: Page, id: string) => column(page, id).getByRole('article', { name: record.number });
  const announced = (page: Page, text: string) => visible(page.getByTestId('kanban-announcer').getByText(text, { exact: true }));
  async function pickUp(page: Page) {
    const handle = page.getByRole('button', { name: `Mover ${record.number}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await eventually(async () => expect(await handle.getAttribute('aria-pressed')).toBe('true'));
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const die = await apiAs<{ id: number }>(TECH, 'POST', 'die', {
      die_reference: DIE,
      copy_number: 1,
      die_type: 'solid',
      location: 'R-01',
      supplier: 'Matrices Bilbao',
    });
    expect(die.status).toBe(201);
    const created = await apiAs<Record>(LEAD, 'POST', 'correction-record', {
      die_id: die.body.id,
      origin: 'quality',
      description: 'Pared A gruesa en la prueba de calidad',
      severity: 'major',
    });
    expect(created.status).toBe(201);
    record = created.body;
    expect(record.status).toBe('reported');
  });
  afterAll(async () => {
    const current = (await apiAs<Record>(LEAD, 'GET', `correction-record/${record.id}`)).body;
    if (['reported', 'analysis'].includes(current.status)) {
      await apiAs(LEAD, 'POST', 'correction-board/move', { id: record.id, to: 'discarded', version: current.version });
    }
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it("the lead's keyboard move shows for the technician without a reload; the technician only reads", async () => {
    const [lead, tech] = [await signedIn(LEAD), await signedIn(TECH)];
    for (const page of [lead, tech]) {
      await page.goto(BOARD);
      await visible(page.getByRole('heading', { name: 'Tablero de correcciones', level: 1 }));
      await visible(cardIn(page, 'reported'));
    }
    expect(await tech.getByRole('button', { name: `Mover ${record.number}` }).count()).toBe(0);
    await visible(tech.getByText('Solo lectura: no tienes permiso para mover tarjetas.'));
    await tech.evaluate(() => ((window as unknown as { plantaNoReload?: boolean }).plantaNoReload = true));

    await pickUp(lead);
    await lead.keyboard.press('ArrowRight');
    await announced(lead, `${record.number} sobre En análisis.`);
    const moving = lead.waitForResponse((response) => new URL(response.url()).pathname === '/api/correction-board/move');
    await lead.keyboard.press('Space');
    expect((await moving).status()).toBe(200);
    await visible(cardIn(lead, 'analysis'));

    await visible(cardIn(tech, 'analysis'));
    expect(await cardIn(tech, 'reported').count()).toBe(0);
    expect(await tech.evaluate(() => (window as unknown as { plantaNoReload?: boolean }).plantaNoReload)).toBe(true);
    expect((await apiAs<Record>(LEAD, 'GET', `correction-record/${record.id}`)).body.status).toBe('analysis');
    await expectNoSeriousAxeViolations(lead);
  });

  it('an illegal move is refused with its reason, without a call', async () => {
    const lead = await signedIn(LEAD);
    await lead.goto(BOARD);
    await visible(cardIn(lead, 'analysis'));
    const moves: string[] = [];
    lead.on('request', (request) => new URL(request.url()).pathname === '/api/correction-board/move' && moves.push(request.url()));
    // Analysis goes to assignment first, never straight into correction.
    await pickUp(lead);
    await lead.keyboard.press('ArrowRight');
    await lead.keyboard.press('ArrowRight');
    await announced(lead, `${record.number} sobre En corrección: No se puede pasar de «En análisis» a «En corrección»`);
    await lead.keyboard.press('Space');
    await visible(lead.getByTestId('kanban-refusal').getByText('No se puede pasar de «En análisis» a «En corrección»'));
    await visible(cardIn(lead, 'analysis'));
    expect(moves).toEqual([]);
  });

  it("moving a card to a corrector's lane on the corrector board reassigns it", async () => {
    const board = (await apiAs<{ lanes: { corrector: { id: number; name: string } }[] }>(LEAD, 'GET', 'corrector-board')).body;
    expect(board.lanes.length).toBeGreaterThan(0);
    const corrector = board.lanes[0].corrector;
    const lead = await signedIn(LEAD);
    await lead.goto(CORRECTORS);
    await visible(lead.getByRole('heading', { name: 'Tablero del corrector', level: 1 }));
    await visible(cardIn(lead, 'unassigned'));
    await pickUp(lead);
    await lead.keyboard.press('ArrowDown');
    await announced(lead, `${record.number} sobre ${corrector.name}.`);
    const moving = lead.waitForResponse((response) => new URL(response.url()).pathname === '/api/corrector-board/move');
    await lead.keyboard.press('Space');
    expect((await moving).status()).toBe(200);
    await visible(cardIn(lead, `corrector-${corrector.id}`));
    expect((await apiAs<Record>(LEAD, 'GET', `correction-record/${record.id}`)).body.assigned_corrector_id).toBe(corrector.id);
    await expectNoSeriousAxeViolations(lead);
  });
});
