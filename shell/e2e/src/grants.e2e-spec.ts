import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { eventually, freshPagePerTest, greeting, hidden, login, onPath, visible } from '../support/browser';

/**
 * The UI obeys the caller's grants (architecture.md "Permissions in the UI"): buttons follow the
 * page-role table of the active company, and an administrator's change reaches open sessions at
 * once, without signing anybody out.
 */
// Perfiles del Sur's accounts: the chat spec counts on Norte's operator being signed out.
const ADMIN = 'admin@sur.example';
const OPERARIO = 'operario@sur.example';

interface PageRoleRow {
  id: number;
  page_alias: string;
  role_name: string;
  read: boolean;
}

async function pageRole(alias: string, role: string): Promise<PageRoleRow> {
  const { status, body } = await apiAs<{ items: PageRoleRow[] }>(ADMIN, 'GET', `page-role/all?search=${alias}&pageSize=100`);
  if (status !== 200) throw new Error(`page-role/all answered ${status}`);
  const row = body.items.find((item) => item.page_alias === alias && item.role_name === role);
  if (!row) throw new Error(`no page-role row for ${alias} / ${role}`);
  return row;
}

const setRead = async (row: PageRoleRow, read: boolean) => {
  const { status } = await apiAs(ADMIN, 'PATCH', `page-role/${row.id}`, { read });
  if (status !== 200) throw new Error(`PATCH page-role/${row.id} answered ${status}`);
};

const navigation = (page: Page) => page.getByRole('navigation');

/** Opens the 'Producción ágil' entry of the navbar (closed outside the area). */
async function openProduction(page: Page) {
  const production = navigation(page).getByRole('button', { name: 'Producción ágil' });
  await visible(production);
  if ((await production.getAttribute('aria-expanded')) !== 'true') await production.click();
}

describe('grants in the UI', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it("shows 'Eliminar' only to a role whose grants allow deleting (a user edits machines, an administrator also deletes)", async () => {
    const { body } = await apiAs<{ items: { id: number; name: string }[] }>(OPERARIO, 'GET', 'machine/all?pageSize=1');
    const machine = body.items[0];
    await login(page, OPERARIO);
    await page.goto(`/apps/machine/${machine.id}`);
    await visible(page.getByRole('heading', { name: `Máquina ${machine.name}` }));
    await visible(page.getByRole('button', { name: 'Guardar' }));
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await page.goto('/apps/machine/all');
    await visible(page.getByRole('button', { name: 'Nuevo' }));

    await page.goto('/logout');
    await onPath(page, '/login');
    await login(page, ADMIN);
    await page.goto(`/apps/machine/${machine.id}`);
    await visible(page.getByRole('heading', { name: `Máquina ${machine.name}` }));
    await visible(page.getByRole('button', { name: 'Eliminar' }));
  });

  it('takes away a page an administrator revokes from an open session, menu item and route, without signing out; and gives it back', async () => {
    const finishes = await pageRole('finishes', 'user');
    expect(finishes.read).toBe(true);
    try {
      await login(page, OPERARIO);
      await page.goto('/apps/finish/all');
      await visible(page.getByRole('main').getByRole('heading', { name: 'Acabados' }));
      await visible(navigation(page).getByRole('link', { name: 'Acabados' }));

      await setRead(finishes, false);
      // The route sends the user away (to the welcome page), the menu item goes, the session stays.
      await onPath(page, '/apps/dashboards/welcome');
      await visible(greeting(page, 'Pedro Quintana'));
      await openProduction(page);
      await visible(navigation(page).getByRole('link', { name: 'Turnos de producción' }));
      await hidden(navigation(page).getByRole('link', { name: 'Acabados' }));
      await page.goto('/apps/finish/all');
      await onPath(page, '/apps/dashboards/welcome');
      expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBeTruthy();

      await openProduction(page);
      await setRead(finishes, true);
      await eventually(async () => expect(await navigation(page).getByRole('link', { name: 'Acabados' }).count()).toBe(1));
      await navigation(page).getByRole('link', { name: 'Acabados' }).click();
      await onPath(page, '/apps/finish/all');
    } finally {
      await setRead(finishes, true);
    }
  });
});
