import type { Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, eventually, freshPagePerTest, greeting, login, settle, type DemoAccount, visible } from '../support/browser';

/** Spec 2.3 Applications group, in order, then the Administration entries admins get. */
const APPLICATIONS = ['Tableros', 'Producción ágil', 'Mantenimiento inteligente', 'Matricería ágil', 'Tablero del corrector'];
const ADMINISTRATION = ['Empresas', 'Roles', 'Páginas', 'Permisos por rol', 'Usuarios', 'Auditoría', 'Enlaces compartidos'];

const EXPECTED: Record<DemoAccount['role'], string[]> = {
  admin: [...APPLICATIONS, ...ADMINISTRATION],
  staff: APPLICATIONS,
  user: APPLICATIONS,
  guest: [],
};

/** The labels of the visible entries of the navbar's tree (collapses closed: the top-level ones). */
async function visibleEntries(nav: Locator): Promise<string[]> {
  const tree = nav.getByRole('list').first();
  const entries = tree.getByRole('button').or(tree.getByRole('link'));
  const labels: string[] = [];
  for (const entry of await entries.all()) {
    if (await entry.isVisible()) labels.push((await entry.innerText()).trim());
  }
  return labels;
}

describe('sign-in of each demo account', () => {
  let page: Page;

  freshPagePerTest((state) => ({ page } = state));

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account.role, account] as const))(
    '%s (%s) lands on the welcome dashboard, greeted by name, with the navigation of the role',
    async (_email, role, account) => {
      await login(page, account.email);
      await visible(greeting(page, account.displayName));
      const nav = page.getByRole('navigation');
      await visible(nav);
      await settle(page);
      await eventually(async () => expect(await visibleEntries(nav)).toEqual(EXPECTED[role]));
      const administration = nav.getByText('Administración', { exact: true });
      if (role === 'admin') await visible(administration);
      else expect(await administration.count()).toBe(0);
      if (role === 'guest') {
        for (const area of [...APPLICATIONS, ...ADMINISTRATION]) expect(await nav.getByText(area, { exact: true }).count()).toBe(0);
      }
    },
  );
});
