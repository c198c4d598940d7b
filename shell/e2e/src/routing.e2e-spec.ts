import type { Page } from 'playwright-core';
import { areaTitle, eventually, freshPagePerTest, greeting, login, loginFields, onPath, pathOf, submitLogin, visible } from '../support/browser';

/** Spec 2.1 route guard and spec 2.2 routes, signed in and out. */
describe('routing and the route guard', () => {
  let page: Page;

  freshPagePerTest((state) => ({ page } = state));

  it('/login is for guests only: a signed-in user who visits it is sent away', async () => {
    await login(page, 'operario@norte.example');
    await page.goto('/login');
    await eventually(() => expect(pathOf(page)).not.toBe('/login'));
    await visible(greeting(page, 'Luis Cárdenas'));
    expect(await loginFields(page).submit.count()).toBe(0);
  });

  it('a protected URL visited signed out goes to /login and back to it after sign-in', async () => {
    await page.goto('/apps/dies/all');
    await onPath(page, '/login');
    await submitLogin(page, 'operario@norte.example');
    await onPath(page, '/apps/dies/all');
    await visible(areaTitle(page, 'Inventario de matrices'));
  });

  it('an unknown path goes to /pages/errors/error-404 showing 404', async () => {
    await page.goto('/esta/ruta/no-existe');
    await onPath(page, '/pages/errors/error-404');
    await visible(page.getByText('404', { exact: true }));
  });

  it("'Cerrar Sesión' in the user menu signs out: a protected page then goes to /login", async () => {
    await login(page, 'jefe@norte.example');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Jorge Salinas/ })
      .click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await eventually(async () => expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBeFalsy());
    await page.goto('/apps/dies/all');
    await onPath(page, '/login');
    await visible(loginFields(page).submit);
  });
});
