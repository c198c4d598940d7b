import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { eventually, freshPagePerTest, hidden, onPath, visible } from '../support/browser';
import { expectVisibleFocus, focused, named, press, tabTo } from '../support/keyboard';

/**
 * Issue 17, "every screen usable with the keyboard": a shift lead works the portal with the
 * keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrow keys; no click, no `fill`, no
 * `focus()`): signs in, reaches the navigation, opens the machines, opens a machine, creates one
 * through the form (a dialog on the way closed with Escape) and saves it. After every key the
 * focus is on an element, in view, and visibly marked (support/keyboard.ts measures the mark).
 */
const JEFE = 'jefe@norte.example';
const PASSWORD = 'Planta2026!';

/**
 * After Enter moved to another page, the element that had the focus is gone: the focus is on the
 * new page's title (visible), not lost to the page. Returns the title.
 */
async function landedOnTitle(page: Page, after: string): Promise<string> {
  let title = '';
  await eventually(async () => {
    const focus = await expectVisibleFocus(page, after);
    expect(focus.role).toBe('h1');
    title = focus.name;
  });
  return title;
}

/** Types text into the focused field, key by key. */
const type = (page: Page, text: string) => page.keyboard.type(text);

describe('the portal with the keyboard alone', () => {
  let page: Page;
  const created: number[] = [];
  freshPagePerTest((state) => ({ page } = state));
  afterAll(async () => {
    for (const id of created) await apiAs('admin@norte.example', 'DELETE', `machine/${id}`);
  });

  it('signs in, opens the machines from the navigation, a machine, and creates one through the form', async () => {
    const name = `Sierra teclado ${Date.now().toString(36)}`;
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'INGRESAR' }));

    // Sign in: the fields and the button in the Tab order, Enter submits.
    await tabTo(page, named('input', 'Correo'));
    await type(page, JEFE);
    await tabTo(page, named('input', 'Contraseña'));
    await type(page, PASSWORD);
    // Space shows the password and hides it again (the eye button is in the Tab order).
    await tabTo(page, named('button', 'Mostrar contraseña'));
    await press(page, 'Space');
    expect((await focused(page))?.name).toBe('Ocultar contraseña');
    await press(page, 'Space');
    await tabTo(page, named('button', 'INGRESAR'));
    await page.keyboard.press('Enter');
    await onPath(page, '/apps/dashboards/welcome');
    await visible(page.getByRole('main').getByText('Jorge Salinas'));
    await landedOnTitle(page, 'signing in');

    // The navigation, before the page in the Tab order: Shift+Tab goes back to it from the page's
    // title (the welcome page's own content varies with the day's notices); Enter opens a group, then a page.
    await tabTo(page, named('button', 'Producción ágil'), { backwards: true });
    if ((await page.getByRole('button', { name: 'Producción ágil' }).getAttribute('aria-expanded')) !== 'true') await press(page, 'Enter');
    await tabTo(page, named('a', 'Máquinas'));
    await page.keyboard.press('Enter');
    await onPath(page, '/apps/machine/all');
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Máquinas' });
    await visible(table.getByRole('row').nth(1));

    // A row opens its machine with Enter; 'Volver'/'Cancelar' goes back to the list.
    const firstMachine = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
    await tabTo(page, (focus) => focus.role === 'tr' && focus.name.startsWith(firstMachine));
    await page.keyboard.press('Enter');
    await visible(main.getByRole('heading', { name: `Máquina ${firstMachine}` }));
    expect(await landedOnTitle(page, 'opening a row')).toBe(`Máquina ${firstMachine}`);
    await tabTo(page, named('button', /^(Cancelar|Volver)$/));
    await page.keyboard.press('Enter');
    await onPath(page, '/apps/machine/all');
    await visible(table.getByRole('row').nth(1));
    expect(await landedOnTitle(page, "'Volver'")).toBe('Máquinas');

    // 'Nuevo' opens the form, its first field focused.
    await tabTo(page, named('button', 'Nuevo'));
    await page.keyboard.press('Enter');
    await visible(main.getByRole('heading', { name: 'Nueva máquina' }));
    await expectVisibleFocus(page, "opening 'Nueva máquina'");
    expect((await focused(page))?.name.replace(/\s*\*$/, '')).toBe('Nombre de la máquina');
    await type(page, name);

    // 'Cancelar' with a change asks first; Escape closes the question and gives the focus back.
    await tabTo(page, named('button', 'Cancelar'));
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    await visible(question);
    const inDialog = await expectVisibleFocus(page, 'the question opening');
    expect(await question.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(inDialog.name).toBe('Seguir editando');
    await press(page, 'Tab');
    expect(await question.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true); // the focus stays in the dialog
    await page.keyboard.press('Escape');
    await hidden(question);
    await eventually(async () => expect((await focused(page))?.name).toBe('Cancelar'));
    await expectVisibleFocus(page, 'Escape closing the question');

    // Back to the fields: the type with the arrow keys, then 'Guardar' with Enter.
    await tabTo(page, named('select', /^Tipo/), { backwards: true });
    await press(page, 'ArrowDown');
    await press(page, 'ArrowDown');
    const type_ = await main.getByRole('combobox', { name: /^Tipo/ }).inputValue();
    expect(type_).not.toBe('');
    const saving = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/machine');
    await tabTo(page, named('button', 'Guardar'));
    await page.keyboard.press('Enter');
    const response = await saving;
    expect(response.status()).toBe(201);
    const machine = (await response.json()) as { id: number; name: string; type: string };
    created.push(machine.id);
    expect(machine).toMatchObject({ name, type: type_ });
    await visible(page.getByText('Información Guardada'));
    await onPath(page, '/apps/machine/all');
    expect(await landedOnTitle(page, "'Guardar'")).toBe('Máquinas');
  });
});
