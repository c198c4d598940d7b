import type { Page } from 'playwright-core';
import { eventually, freshPagePerTest, greeting, login, onPath, submitLogin, visible } from '../support/browser';

/**
 * Issue 11: an administrator creates a user with a temporary password; that user signs in, is kept
 * on the password change until they change it, and then lands on the welcome page.
 */
describe('users administration', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it('a new user with a temporary password is made to change it at the first sign-in, then lands on the welcome page', async () => {
    const email = `nueva.${Date.now()}@norte.example`;
    const name = 'Rocío Valdés';
    const temporary = 'Temporal-Planta-1';

    await login(page, 'admin@norte.example');
    await page.goto('/apps/users/new');
    await visible(page.getByRole('heading', { name: 'Nuevo usuario' }));
    await page.getByRole('textbox', { name: 'Correo' }).fill(email);
    await page.getByRole('textbox', { name: 'Nombre visible' }).fill(name);
    await page.getByRole('textbox', { name: 'Cargo' }).fill('Técnica de mantenimiento');
    await page.getByRole('checkbox', { name: /^user\b/ }).check();
    await page.getByRole('textbox', { name: 'Contraseña temporal' }).fill(temporary);
    await page.getByRole('button', { name: 'Guardar' }).click();

    // The password is shown once, with a copy button; closing opens the new record.
    const dialog = page.getByRole('alertdialog', { name: 'Contraseña temporal' });
    await visible(dialog);
    expect(await dialog.getByTestId('temporary-password').inputValue()).toBe(temporary);
    await visible(dialog.getByRole('button', { name: 'Copiar' }));
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await eventually(() => expect(new URL(page.url()).pathname).toMatch(/^\/apps\/users\/\d+$/));
    await visible(page.getByRole('heading', { name }));
    await visible(page.getByText('Debe cambiar la contraseña').first());

    await page.goto('/logout');
    await onPath(page, '/login');
    await submitLogin(page, email, temporary);
    await onPath(page, '/change-password');
    // Nothing else opens until the password is changed.
    await page.goto('/apps/dashboards/welcome');
    await onPath(page, '/change-password');

    await page.getByLabel('Contraseña actual (la temporal)').fill(temporary);
    await page.getByLabel(/^Nueva contraseña/).fill('Definitiva-Planta-1');
    await page.getByLabel('Confirmar la nueva contraseña').fill('Definitiva-Planta-1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await onPath(page, '/apps/dashboards/welcome');
    await visible(greeting(page, name));

    // The next sign-in goes straight in with the new password.
    await page.goto('/logout');
    await onPath(page, '/login');
    await submitLogin(page, email, 'Definitiva-Planta-1');
    await onPath(page, '/apps/dashboards/welcome');
    await visible(greeting(page, name));
  });
});
