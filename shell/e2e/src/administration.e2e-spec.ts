import type { Locator, Page } from 'playwright-core';
import { eventually, freshPagePerTest, greeting, login, onPath, settle, visible } from '../support/browser';

/** The labels of the navbar's top-level entries that are shown. */
async function visibleEntries(nav: Locator): Promise<string[]> {
  const tree = nav.getByRole('list').first();
  const labels: string[] = [];
  for (const entry of await tree.getByRole('button').or(tree.getByRole('link')).all()) {
    if (await entry.isVisible()) labels.push((await entry.innerText()).trim());
  }
  return labels;
}

/**
 * Issue 11, end to end: an administrator of Extrusiones del Norte creates a role of the company's
 * own, gives it chosen grants in the matrix, invites a person holding it, sees all of it in the
 * audit trail; that person then sees exactly what the grants allow.
 */
describe('administration, end to end', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it("a custom role's grants are exactly what its holder sees, and every step is audited", async () => {
    const suffix = String(Date.now()).slice(-6);
    const role = `almacen-${suffix}`;
    const email = `almacen.${suffix}@norte.example`;
    const name = 'Nuria Echevarría';

    await login(page, 'admin@norte.example');

    // A role of the company's own: no grant until one is given.
    await page.goto('/apps/role/new');
    await visible(page.getByRole('heading', { name: 'Nuevo rol' }));
    await page.getByRole('textbox', { name: 'Nombre' }).fill(role);
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Almacén de perfiles: consulta de máquinas');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await eventually(() => expect(new URL(page.url()).pathname).not.toBe('/apps/role/new'));

    // Read on 'Máquinas', nothing else.
    await page.goto('/apps/page-role/matrix');
    const read = page.getByRole('button', { name: `Leer · Máquinas · ${role}`, exact: true });
    await visible(read);
    expect(await read.getAttribute('aria-pressed')).toBe('false');
    await read.click();
    await eventually(async () => expect(await read.getAttribute('aria-pressed')).toBe('true'));

    // The person, invited with that role: a one-time link.
    await page.goto('/apps/users/new');
    await visible(page.getByRole('heading', { name: 'Invitar a una persona' }));
    await page.getByRole('textbox', { name: 'Correo' }).fill(email);
    await page.getByRole('textbox', { name: 'Nombre visible' }).fill(name);
    await page.getByRole('textbox', { name: 'Cargo' }).fill('Responsable de almacén');
    await page.getByRole('checkbox', { name: new RegExp(`^${role}`) }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    const shown = page.getByRole('alertdialog', { name: 'Invitación creada' });
    await visible(shown);
    const link = await shown.getByTestId('access-link').inputValue();
    await shown.getByRole('button', { name: 'Cerrar' }).click();
    await onPath(page, '/apps/users/all');

    // The audit trail has the three changes, by the administrator.
    await page.goto('/apps/audit/all');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(role);
    const rows = page.getByRole('row');
    await eventually(async () => {
      const texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
      expect(texts.some((text) => /admin@norte\.example Creación Rol/.test(text) && text.includes(role))).toBe(true);
      expect(texts.some((text) => /Modificación Permiso por rol/.test(text) && text.includes(`Máquinas · ${role}`))).toBe(true);
    });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
    await eventually(async () => {
      const texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
      expect(texts.some((text) => /admin@norte\.example Invitación creada Invitación/.test(text) && text.includes(email))).toBe(true);
    });

    // The new person chooses a password with the link, then sees only 'Máquinas', read only.
    await page.goto('/logout');
    await onPath(page, '/login');
    await page.goto(link);
    await page.getByLabel(/^Contraseña\b/).fill('Definitiva-Almacen-1');
    await page.getByLabel(/^Repite la contraseña/).fill('Definitiva-Almacen-1');
    await page.getByRole('button', { name: 'ACEPTAR INVITACIÓN' }).click();
    await onPath(page, '/apps/dashboards/welcome');
    await visible(greeting(page, name));

    const nav = page.getByRole('navigation');
    await settle(page);
    await eventually(async () => expect(await visibleEntries(nav)).toEqual(['Producción ágil']));
    await nav.getByRole('button', { name: 'Producción ágil' }).click();
    await eventually(async () => expect(await visibleEntries(nav)).toEqual(['Producción ágil', 'Máquinas']));

    await page.goto('/apps/machine/all');
    await visible(page.getByRole('heading', { name: 'Máquinas' }));
    await visible(page.getByRole('row').nth(1));
    expect(await page.getByRole('button', { name: 'Nuevo' }).count()).toBe(0);

    // A screen the role has no grant on is not opened.
    await page.goto('/apps/extrusion-line/all');
    await onPath(page, '/apps/dashboards/welcome');
  });
});
