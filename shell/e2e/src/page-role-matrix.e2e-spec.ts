import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseUrl, eventually, freshPagePerTest, login, storedToken, visible } from '../support/browser';

/**
 * The page-role matrix (issue 11): an administrator gives the `user` role the delete permission on
 * machines with one click, and an operator's session already open on a machine shows 'Eliminar'
 * at once, without signing out; the keyboard takes it back the same way. The permission is put
 * back whatever happens.
 */
const ADMIN = 'admin@norte.example';
const OPERARIO = 'operario@norte.example';

interface PageRoleRow {
  id: number;
  page_alias: string;
  role_name: string;
  delete: boolean;
}

async function machinesForUsers(): Promise<PageRoleRow> {
  const { body } = await apiAs<{ items: PageRoleRow[] }>(ADMIN, 'GET', 'page-role/all?search=machines&pageSize=100');
  const row = body.items.find((item) => item.page_alias === 'machines' && item.role_name === 'user');
  if (!row) throw new Error('no page-role row for machines / user');
  return row;
}

/** The seeded runs ask the operator for critical dimensions now and then; the prompt is answered 'Cerrar'. */
async function withoutPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('alertdialog', { name: 'Dimensiones criticas' });
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Cerrar' }).click();
}

describe('page-role matrix', () => {
  let page: Page;
  let browserState: { browser: import('playwright-core').Browser };
  freshPagePerTest((state) => {
    page = state.page;
    browserState = state;
  });

  it("gives 'user' the delete permission on machines with one click; an operator's open session shows 'Eliminar' without signing out", async () => {
    const row = await machinesForUsers();
    expect(row.delete).toBe(false);
    const { body } = await apiAs<{ items: { id: number; name: string }[] }>(OPERARIO, 'GET', 'machine/all?pageSize=1');
    const machine = body.items[0];

    const tablet = await browserState.browser.newContext({ baseURL: baseUrl(), locale: 'es-ES', viewport: { width: 1024, height: 768 }, hasTouch: true });
    try {
      const operator = await tablet.newPage();
      await login(operator, OPERARIO);
      await withoutPrompt(operator);
      await operator.goto(`/apps/machine/${machine.id}`);
      await withoutPrompt(operator);
      await visible(operator.getByRole('heading', { name: `Máquina ${machine.name}` }));
      await visible(operator.getByRole('button', { name: 'Guardar' }));
      expect(await operator.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
      const token = await storedToken(operator);

      await login(page, ADMIN);
      await page.goto('/apps/page-role/matrix');
      await visible(page.getByRole('link', { name: 'Matriz', exact: true }));
      expect(await page.getByRole('link', { name: 'Matriz', exact: true }).getAttribute('aria-current')).toBe('page');
      const toggle = page.getByRole('button', { name: 'Eliminar · Máquinas · Operario', exact: true });
      await visible(toggle);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      const saving = page.waitForResponse((response) => response.url().endsWith(`/api/page-role/${row.id}`) && response.request().method() === 'PATCH');
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect((await saving).status()).toBe(200);
      expect((await machinesForUsers()).delete).toBe(true);

      // The operator's page follows at once: same session, same token, 'Eliminar' there.
      await eventually(async () => {
        await withoutPrompt(operator);
        expect(await operator.getByRole('button', { name: 'Eliminar' }).count()).toBe(1);
      });
      expect(await storedToken(operator)).toBe(token);

      // The keyboard: Space on the focused toggle takes it back, and the button goes again.
      await toggle.focus();
      const revoking = page.waitForResponse((response) => response.url().endsWith(`/api/page-role/${row.id}`) && response.request().method() === 'PATCH');
      await page.keyboard.press('Space');
      expect((await revoking).status()).toBe(200);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await eventually(async () => {
        await withoutPrompt(operator);
        expect(await operator.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
      });
      await visible(operator.getByRole('heading', { name: `Máquina ${machine.name}` }));
    } finally {
      await tablet.close();
      await apiAs(ADMIN, 'PATCH', `page-role/${row.id}`, { delete: false });
    }
  });

  it('puts a refused change back and says why, in Spanish', async () => {
    // Norte's administrators are the only ones who may change permissions: their role keeps that.
    await login(page, ADMIN);
    await page.goto('/apps/page-role/matrix');
    const toggle = page.getByRole('button', { name: 'Modificar · Permisos por rol · Administrador', exact: true });
    await visible(toggle);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await visible(
      page
        .getByRole('alert')
        .getByText(/La empresa debe conservar al menos un rol/)
        .first(),
    );
    await eventually(async () => expect(await toggle.getAttribute('aria-pressed')).toBe('true'));
  });

  it('the matrix, the table and the permissions dialog have nothing serious for axe', async () => {
    await login(page, ADMIN);
    await page.goto('/apps/page-role/matrix');
    await visible(page.getByRole('button', { name: 'Eliminar · Máquinas · Operario', exact: true }));
    await expectNoSeriousAxeViolations(page);
    const row = await machinesForUsers();
    await page.goto(`/apps/page-role/${row.id}`);
    await visible(page.getByRole('dialog', { name: 'Permisos de Operario en Máquinas' }));
    for (const name of ['Leer', 'Crear', 'Modificar', 'Eliminar']) await visible(page.getByRole('switch', { name }));
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page);
  });
});
