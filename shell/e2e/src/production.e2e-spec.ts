import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, launchBrowser, login, newPage, onPath, visible } from '../support/browser';

/**
 * Production area in the browser: the extrusion line form (spec 2.4) and the planning board live
 * between two users of Norte (spec 7). What a test creates or moves it puts back.
 */
const ADMIN = 'admin@norte.example';
const JEFE = 'jefe@norte.example';

/** Calls the API from the page with the signed-in user's token. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = localStorage.getItem('jwt_access_token') ?? '';
      const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      const response = await fetch(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

interface BoardCard {
  id: number;
  number: string;
  status: string;
  line_id: number | null;
  position: number;
}
interface Board {
  to_plan: BoardCard[];
  planned: { line_id: number; line_name: string; cards: BoardCard[] }[];
  in_press: BoardCard[];
  finished: BoardCard[];
}

/** A clean-up call that must succeed (its failure is logged by afterEach). */
const ok = async (call: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`clean-up answered ${status}: ${JSON.stringify(body)}`);
};

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

describe('production area', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];

  async function signedIn(email: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await login(page, email);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
    for (const context of contexts.splice(0)) await context.close();
  });

  it('creates an extrusion line with every field through the form and finds it in the list by its name', async () => {
    const page = await signedIn(ADMIN);
    const name = unique('Prensa E2E');
    await page.goto('/apps/extrusion-line/new');
    await visible(page.getByRole('heading', { name: 'Nueva línea de extrusión' }));

    const main = page.getByRole('main');
    // A required field's label ends with Fluent's asterisk.
    const field = (label: string) => main.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
    const values: Array<[string, string]> = [
      ['Nombre de la línea', name],
      ['Tonelaje de la prensa (t)', '2500'],
      ['Presión máxima de operación (bar)', '280'],
      ['Marca del contenedor', 'Presezzi'],
      ['Referencia del contenedor', 'CT-178'],
      ['Diámetro interior del contenedor (mm)', '178'],
      ['Diámetro del tocho (mm)', '170'],
      ['Longitud máxima del tocho (mm)', '1100'],
      ['Longitud de descarte (mm)', '25'],
      ['Longitud del culote (mm)', '20'],
      // Decimals as the keyboard gives them: a comma or a point.
      ['Diámetro del herramental (mm)', '400,5'],
      ['Longitud del herramental (mm)', '300'],
      ['Longitud de la mesa de enfriamiento (m)', '45,5'],
      ['Longitud de la mesa (m)', '50'],
      ['Longitud útil de la mesa (m)', '47.25'],
      ['Meta de productividad neta (kg/h)', '1800'],
    ];
    for (const [label, value] of values) await field(label).fill(value);
    await field('Tipo de control de temperatura del contenedor').selectOption({ label: 'Gradiente radial (interior-exterior)' });
    // The area follows the billet diameter until it is typed over.
    const area = field('Área de sección del tocho (mm²)');
    await eventually(async () => expect(await area.inputValue()).toBe('22698,01'));
    await area.fill('22700');
    await visible(main.getByText('Valor introducido a mano'));

    const saving = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/extrusion-line');
    await main.getByRole('button', { name: 'Guardar' }).click();
    const response = await saving;
    expect(response.status()).toBe(201);
    const created = (await response.json()) as { id: number };
    cleanups.push(() => ok(apiCall(page, 'DELETE', `/extrusion-line/${created.id}`)));
    await visible(page.getByText('Información Guardada'));
    await onPath(page, '/apps/extrusion-line/all');

    await main.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    const table = main.getByRole('table', { name: 'Líneas de extrusión' });
    await eventually(async () => {
      const rows = table.getByRole('row').filter({ hasText: name });
      expect(await rows.count()).toBe(1);
      expect(await table.getByRole('row').count()).toBe(2); // the header and the line found
    });
    const row = table.getByRole('row').filter({ hasText: name });
    await visible(row.getByText('Presezzi'));
    await visible(row.getByText('Gradiente radial (interior-exterior)'));

    // Every field was stored as typed.
    const stored = (await apiCall<Record<string, unknown>>(page, 'GET', `/extrusion-line/${created.id}`)).body;
    expect({
      ...stored,
      ...Object.fromEntries(
        Object.entries(stored)
          .filter(([, value]) => typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))
          .map(([key, value]) => [key, Number(value)]),
      ),
    }).toMatchObject({
      name,
      press_tonnage_t: 2500,
      max_operating_pressure_bar: 280,
      container_brand: 'Presezzi',
      container_reference: 'CT-178',
      container_inner_diameter_mm: 178,
      container_temperature_control: 'radial-gradient',
      billet_diameter_mm: 170,
      billet_cross_section_area_mm2: 22700,
      max_billet_length_mm: 1100,
      discard_length_mm: 25,
      blunt_length_mm: 20,
      tooling_diameter_mm: 400.5,
      tooling_length_mm: 300,
      cooling_table_length_m: 45.5,
      table_length_m: 50,
      usable_table_length_m: 47.25,
      net_productivity_goal_kg_h: 1800,
    });
  });

  it('creates an order from the board with a decimal comma in its kilograms, and a date and kilograms shown the Spanish way', async () => {
    const page = await signedIn(JEFE);
    const number = unique('OP-E2E').toUpperCase().replace(/\s+/g, '-');
    await page.goto('/apps/planning-kanban-board/board');
    await visible(page.getByRole('heading', { name: 'Tablero de producción' }));
    await page.getByRole('button', { name: 'Nueva orden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva orden de producción' });
    await visible(dialog);
    const field = (label: string) => dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
    await field('Número de orden').fill(number);
    await field('Cliente').fill('Ventanas E2E');
    await field('Perfil').fill('Perfil 40x20');
    await eventually(async () => expect(await field('Matriz').locator('option').count()).toBeGreaterThan(1));
    await field('Matriz').selectOption({ index: 1 });
    await eventually(async () => expect(await field('Aleación / temple').locator('option').count()).toBeGreaterThan(1));
    await field('Aleación / temple').selectOption({ index: 1 });
    await field('Longitud (mm)').fill('6000,5');
    await field('Cantidad (piezas)').fill('500');
    // Thousands with a point, decimals with a comma, as a Spanish spreadsheet reads them.
    await field('Cantidad (kg)').fill('1.500,5');
    // The day as Spanish writes it (the browser's own date input would want mm/dd/yyyy in English).
    await field('Fecha de entrega').fill('15/01/2030');
    const saving = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/orders');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    const response = await saving;
    expect(response.status()).toBe(201);
    const created = (await response.json()) as { id: number };
    cleanups.push(() => ok(apiCall(page, 'DELETE', `/orders/${created.id}`)));
    const stored = (await apiCall<{ quantity_kg: number; length_mm: number; due_date: string }>(page, 'GET', `/orders/${created.id}`)).body;
    expect({ quantity_kg: stored.quantity_kg, length_mm: stored.length_mm, due_date: stored.due_date.slice(0, 10) }).toEqual({
      quantity_kg: 1500.5,
      length_mm: 6000.5,
      due_date: '2030-01-15',
    });
    const card = page.getByTestId(`order-${created.id}`);
    await visible(card);
    await visible(card.getByText('1500,5 kg', { exact: false }));
    await visible(card.getByText('Entrega 15/01/2030'));
  });

  it("a card dragged (keyboard) from 'Por planificar' into a line's column by jefe shows in that column for admin without reloading", async () => {
    const admin = await signedIn(ADMIN);
    const jefe = await signedIn(JEFE);
    const before = (await apiCall<Board>(jefe, 'GET', '/planning-board')).body;
    const card = before.to_plan[0];
    if (!card) throw new Error('the demo board of Norte has no order to plan');
    const line = before.planned[0];
    if (!line) throw new Error('the demo board of Norte has no extrusion line');
    cleanups.push(() =>
      ok(apiCall(jefe, 'POST', '/planning-board/move', { order_id: card.id, to_column: 'to_plan', to_line_id: null, position: before.to_plan.indexOf(card) })),
    );

    for (const page of [admin, jefe]) {
      await page.goto('/apps/planning-kanban-board/board');
      await visible(page.getByRole('heading', { name: 'Tablero de producción' }));
      await visible(page.getByTestId('kanban-column-to_plan').getByTestId(`order-${card.id}`));
    }
    const targetColumn = (page: Page) => page.getByTestId(`kanban-column-planned:${line.line_id}`);
    expect(await targetColumn(admin).getByTestId(`order-${card.id}`).count()).toBe(0);
    // A reload would lose this mark.
    await admin.evaluate(() => ((window as unknown as { plantaNoReload?: boolean }).plantaNoReload = true));

    // jefe: on its Move button Space picks the card, ArrowRight takes it to the next column (the first line's), Space drops it.
    const handle = jefe.getByRole('button', { name: `Mover ${card.number}` });
    await handle.focus();
    await jefe.keyboard.press('Space');
    await eventually(async () => expect(await handle.getAttribute('aria-pressed')).toBe('true'));
    await jefe.keyboard.press('ArrowRight');
    await eventually(async () =>
      expect(await jefe.getByTestId('kanban-announcer').textContent()).toBe(`${card.number} sobre Planificada · ${line.line_name}.`),
    );
    const moving = jefe.waitForResponse((response) => new URL(response.url()).pathname === '/api/planning-board/move');
    await jefe.keyboard.press('Space');
    expect((await moving).status()).toBe(200);
    await visible(targetColumn(jefe).getByTestId(`order-${card.id}`));
    await visible(jefe.getByText(`Orden ${card.number} movida`));

    // admin: the card moves to the line's column live.
    await visible(targetColumn(admin).getByTestId(`order-${card.id}`));
    expect(await admin.getByTestId('kanban-column-to_plan').getByTestId(`order-${card.id}`).count()).toBe(0);
    expect(await admin.evaluate(() => (window as unknown as { plantaNoReload?: boolean }).plantaNoReload)).toBe(true);

    const after = (await apiCall<Board>(admin, 'GET', '/planning-board')).body;
    expect(after.planned.find((candidate) => candidate.line_id === line.line_id)!.cards.map((candidate) => candidate.id)).toContain(card.id);
  });
});
