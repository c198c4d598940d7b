import type { Page } from 'playwright-core';
import { eventually, freshPagePerTest, loginFields, pathOf, submitLogin, visible } from '../support/browser';

/** Spec 2.4 login screen and spec 5 login validation, against the production build. */
describe('login page', () => {
  let page: Page;

  freshPagePerTest((state) => ({ page } = state));
  beforeEach(async () => {
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'INGRESA A TU CUENTA' }));
  });

  const submitEnabled = async () => loginFields(page).submit.isEnabled();

  it("shows 'INGRESA A TU CUENTA', the Correo and Contraseña fields and INGRESAR disabled until the form is valid", async () => {
    const { email, password, submit } = loginFields(page);
    await visible(email);
    await visible(password);
    await visible(submit);
    expect(await submit.isDisabled()).toBe(true);
    await email.fill('operario@norte.example');
    expect(await submitEnabled()).toBe(false);
    await password.fill('Planta2026!');
    await eventually(async () => expect(await submitEnabled()).toBe(true));
    await email.fill('operario');
    await eventually(async () => expect(await submitEnabled()).toBe(false));
  });

  it('toggles the password between hidden and shown', async () => {
    const { password } = loginFields(page);
    await password.fill('secreto');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await eventually(async () => expect(await password.getAttribute('type')).toBe('text'));
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await eventually(async () => expect(await password.getAttribute('type')).toBe('password'));
  });

  it("shows 'El tamaño minimo es 4' for an email shorter than 4", async () => {
    await loginFields(page).email.fill('a@b');
    await visible(page.getByText('El tamaño minimo es 4', { exact: true }));
    expect(await submitEnabled()).toBe(false);
  });

  it("shows 'El formato del correo es incorrecto' for a malformed email", async () => {
    await loginFields(page).email.fill('no-es-un-correo');
    await visible(page.getByText('El formato del correo es incorrecto', { exact: true }));
    expect(await submitEnabled()).toBe(false);
  });

  it("shows 'El tamaño mínimo es 4' for a password shorter than 4", async () => {
    await loginFields(page).email.fill('operario@norte.example');
    await loginFields(page).password.fill('abc');
    await visible(page.getByText('El tamaño mínimo es 4', { exact: true }));
    expect(await submitEnabled()).toBe(false);
    await loginFields(page).password.fill('abcd');
    await eventually(async () => expect(await page.getByText('El tamaño mínimo es 4', { exact: true }).count()).toBe(0));
  });

  it("a failed sign-in shows the snackbar 'Correo o contraseña incorrectos' and stays on /login", async () => {
    // An unknown account: no demo account's failure counter is touched.
    await submitLogin(page, 'nadie@norte.example', 'NoEsLaClave1');
    await visible(page.getByText('Correo o contraseña incorrectos'));
    expect(pathOf(page)).toBe('/login');
  });
});
