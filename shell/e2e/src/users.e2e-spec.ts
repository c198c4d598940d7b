import type { Page } from 'playwright-core';
import { eventually, freshPagePerTest, greeting, login, onPath, submitLogin, visible } from '../support/browser';

/** The one-time link the dialog shows once, as the administrator would copy it. */
async function shownLink(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await visible(dialog);
  await visible(dialog.getByRole('button', { name: 'Copiar' }));
  const link = await dialog.getByTestId('access-link').inputValue();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  return link;
}

/** Follows a link on the page it opens: the password typed twice. */
async function choosePassword(page: Page, link: string, label: string, password: string, submit: string): Promise<void> {
  await page.goto(link);
  // A required field's label ends with its mark: 'Contraseña *'.
  await page.getByLabel(new RegExp(`^${label}\\b`)).fill(password);
  await page.getByLabel(/^Repite la contraseña/).fill(password);
  await page.getByRole('button', { name: submit }).click();
}

/**
 * Issue 36: an administrator invites a person, who chooses their own password with the one-time
 * link and lands in the company; a reset is a link too, never a password, and ends the person's
 * sessions; what is the person's own is not another company's to change.
 */
describe('users administration', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it('an invited person chooses a password with the link and lands on the welcome page; a reset link ends the old password', async () => {
    const email = `nueva.${Date.now()}@norte.example`;
    const name = 'Rocío Valdés';

    await login(page, 'admin@norte.example');
    await page.goto('/apps/users/new');
    await visible(page.getByRole('heading', { name: 'Invitar a una persona' }));
    await page.getByRole('textbox', { name: 'Correo' }).fill(email);
    await page.getByRole('textbox', { name: 'Nombre visible' }).fill(name);
    await page.getByRole('textbox', { name: 'Cargo' }).fill('Técnica de mantenimiento');
    // Roles read through their Spanish labels; the code ('user') stays in the data.
    await page.getByRole('checkbox', { name: /^Operario\b/ }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();

    // The link is shown once; closing lists the invitation as pending.
    const invitation = await shownLink(page, 'Invitación creada');
    expect(invitation).toMatch(/^http:\/\/[^/]+\/invitation#[A-Za-z0-9_-]{43}$/);
    await onPath(page, '/apps/users/all');
    const pending = page.getByRole('region', { name: 'Invitaciones pendientes' });
    await visible(pending.getByText(`${name} · ${email}`));

    await page.goto('/logout');
    await onPath(page, '/login');
    await choosePassword(page, invitation, 'Contraseña', 'Elegida-Planta-1', 'ACEPTAR INVITACIÓN');
    await onPath(page, '/apps/dashboards/welcome');
    await visible(greeting(page, name));
    // The link served once.
    await page.goto('/logout');
    await onPath(page, '/login');
    await page.goto(invitation);
    await visible(page.getByRole('heading', { name: 'Este enlace ya no sirve' }));

    // A reset: a link, and the old password no longer opens anything.
    await login(page, 'admin@norte.example');
    await page.goto('/apps/users/all');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
    await visible(page.getByRole('row', { name: new RegExp(name) }).getByRole('cell', { name: 'Operario', exact: true }));
    await page.getByRole('row', { name: new RegExp(name) }).click();
    await visible(page.getByRole('heading', { name }));
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.getByRole('dialog', { name: 'Restablecer contraseña' }).getByRole('button', { name: 'Confirmar' }).click();
    const reset = await shownLink(page, 'Enlace para elegir contraseña');
    expect(reset).toMatch(/\/reset-password#[A-Za-z0-9_-]{43}$/);

    await page.goto('/logout');
    await onPath(page, '/login');
    await submitLogin(page, email, 'Elegida-Planta-1');
    await visible(page.getByText('Correo o contraseña incorrectos').first());
    await choosePassword(page, reset, 'Contraseña nueva', 'Nueva-Planta-2', 'GUARDAR CONTRASEÑA');
    await onPath(page, '/apps/dashboards/welcome');
    await visible(greeting(page, name));
  });

  it("another company's administrator sees a shared member's own fields locked and no reset", async () => {
    await login(page, 'admin@sur.example');
    await page.goto('/apps/users/all');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('admin@norte.example');
    await page.getByRole('row', { name: /Marta Ibáñez/ }).click();
    await visible(page.getByRole('heading', { name: 'Marta Ibáñez' }));
    await eventually(async () => expect(await page.getByRole('textbox', { name: 'Nombre visible' }).isDisabled()).toBe(true));
    expect(await page.getByRole('textbox', { name: 'Cargo' }).isDisabled()).toBe(true);
    await visible(page.getByText('Solo la persona o quien administra todas sus empresas puede cambiar su nombre, cargo, foto y contraseña.'));
    expect(await page.getByRole('button', { name: 'Restablecer contraseña' }).count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Desactivar en esta empresa' }));
  });
});
