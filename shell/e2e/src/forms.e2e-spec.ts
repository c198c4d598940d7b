import type { Page } from 'playwright-core';
import { freshPagePerTest, login, visible } from '../support/browser';

/** The generic resource forms as a shift lead meets them in the browser. */
describe('resource forms', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));

  it("shows every error of an empty form on the first click of 'Guardar' (the focused field's message moves nothing)", async () => {
    await login(page, 'jefe@norte.example');
    await page.goto('/apps/machine/new');
    await visible(page.getByRole('heading', { name: 'Nueva máquina' }));
    // The name field has the focus: the click on 'Guardar' takes it away first.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible(page.getByText('Elige el tipo de máquina'));
    await visible(page.getByText('Este campo es obligatorio'));

    await page.goto('/apps/extrusion-line/new');
    await visible(page.getByRole('heading', { name: 'Nueva línea de extrusión' }));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible(page.getByText('Elige el tipo de control de temperatura'));
    expect(await page.getByText('Debe ser un número mayor que cero').count()).toBe(13);
  });
});
