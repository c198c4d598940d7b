import type { Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { eventually, freshPagePerTest, login, onPath, visible } from '../support/browser';
import { smallPng } from '../support/images';

const LEAD = 'jefe@norte.example';
/** libs/contracts profileMessages.nominal, as the user reads it (browser tests see only what is shown). */
const NOMINAL_REFUSED = 'La medida nominal es un número de milímetros mayor que 0';
interface ProfileDimensions {
  dimensions: { label: string; nominal_mm: number; tol_minus_mm: number; tol_plus_mm: number }[];
}

/**
 * Issue 13, profiles: a shift lead (a lead of the die shop) creates a profile from 'Perfiles' of
 * 'Matricería ágil', gives it its critical dimensions in the table editor (decimals as the
 * keyboard gives them, a refused value shown on its field), finds it listed and keeps its drawing.
 */
describe('die shop profiles', () => {
  let page: Page;
  freshPagePerTest((state) => ({ page } = state));
  const created: number[] = [];
  afterAll(async () => {
    for (const id of created) await apiAs(LEAD, 'DELETE', `profile/${id}`);
  });

  it('a lead creates a profile with its critical dimensions and sees it listed', async () => {
    const code = `PF-E2E-${Date.now() % 1_000_000}`;
    await login(page, LEAD);
    const main = page.getByRole('main');
    const field = (label: string) => main.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

    const navigation = page.getByRole('navigation').first();
    await navigation.getByRole('button', { name: 'Matricería ágil' }).click();
    await navigation.getByRole('link', { name: 'Perfiles' }).click();
    await onPath(page, '/apps/profile/all');
    // The toolbar's 'Nuevo' (an empty list offers a second one).
    await main.getByRole('button', { name: 'Nuevo' }).first().click();
    await onPath(page, '/apps/profile/new');
    await visible(main.getByRole('heading', { name: 'Nuevo perfil' }));
    await field('Código').fill(code.toLowerCase());
    await field('Cliente').fill('Ventanas del Cantábrico');
    await field('Descripción').fill('Marco corredera de pruebas');
    await field('Forma').selectOption({ label: 'Hueco' });
    await field('Peso nominal (kg/m)').fill('1,245');
    const saving = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/profile');
    await main.getByRole('button', { name: 'Guardar' }).click();
    const response = await saving;
    expect(response.status()).toBe(201);
    const profile = (await response.json()) as { id: number; code: string; nominal_kg_m: number; shape: string };
    created.push(profile.id);
    expect(profile).toMatchObject({ code, nominal_kg_m: 1.245, shape: 'hollow' });
    await onPath(page, '/apps/profile/all');

    // Listed, and found by its code.
    await main.getByRole('searchbox', { name: 'Buscar' }).fill(code);
    const table = main.getByRole('table', { name: 'Perfiles' });
    const row = table.getByRole('row').filter({ hasText: code });
    await eventually(async () => expect(await row.count()).toBe(1));
    await visible(row.getByText('Ventanas del Cantábrico'));
    await visible(row.getByText('Hueco'));
    await row.click();
    await onPath(page, `/apps/profile/${profile.id}`);
    await visible(main.getByRole('heading', { name: `Perfil ${code}` }));

    // The critical dimensions: A and B (the 10-minute checks), with decimal commas.
    const editor = main.getByRole('region', { name: 'Cotas críticas' });
    await visible(editor.getByText('Este perfil aún no tiene cotas críticas.'));
    await editor.getByRole('button', { name: 'Añadir cota' }).click();
    await editor.getByRole('button', { name: 'Añadir cota' }).click();
    const first = editor.getByRole('listitem', { name: 'Cota 1' });
    const second = editor.getByRole('listitem', { name: 'Cota 2' });
    expect(await first.getByLabel(/^Cota/).inputValue()).toBe('A');
    expect(await second.getByLabel(/^Cota/).inputValue()).toBe('B');
    await first.getByLabel(/^Nominal \(mm\)/).fill('40');
    await first.getByLabel(/^Tolerancia − \(mm\)/).fill('0,2');
    await first.getByLabel(/^Tolerancia \+ \(mm\)/).fill('0,2');
    await visible(first.getByText('39,8 – 40,2 mm'));
    await second.getByLabel(/^Nominal \(mm\)/).fill('0');
    await second.getByLabel(/^Tolerancia − \(mm\)/).fill('0,1');
    await second.getByLabel(/^Tolerancia \+ \(mm\)/).fill('0,05');
    await editor.getByRole('button', { name: 'Guardar cotas' }).click();
    // A nominal of 0 is refused on its field, in Spanish, and nothing is stored.
    await visible(second.getByText(NOMINAL_REFUSED));
    expect((await apiAs<ProfileDimensions>(LEAD, 'GET', `profile/${profile.id}/dimensions`)).body.dimensions).toEqual([]);

    await second.getByLabel(/^Nominal \(mm\)/).fill('12,5');
    const replacing = page.waitForResponse(
      (answer) => answer.request().method() === 'PUT' && new URL(answer.url()).pathname === `/api/profile/${profile.id}/dimensions`,
    );
    await editor.getByRole('button', { name: 'Guardar cotas' }).click();
    expect((await replacing).status()).toBe(200);
    await visible(page.getByText('Cotas guardadas'));
    expect((await apiAs<ProfileDimensions>(LEAD, 'GET', `profile/${profile.id}/dimensions`)).body.dimensions).toEqual([
      { label: 'A', nominal_mm: 40, tol_minus_mm: 0.2, tol_plus_mm: 0.2 },
      { label: 'B', nominal_mm: 12.5, tol_minus_mm: 0.1, tol_plus_mm: 0.05 },
    ]);

    // Kept: a reload shows them as saved.
    await page.reload();
    await visible(main.getByRole('listitem', { name: 'Cota 2' }).getByText('12,4 – 12,55 mm'));
    await visible(main.getByRole('region', { name: 'Copias de matriz de este perfil' }).getByText('Ninguna matriz está registrada para este perfil.'));

    // The customer's drawing: a photo of the paper, previewed, opened in a new tab with the session's token.
    const drawing = main.getByRole('region', { name: 'Plano del perfil' });
    await visible(drawing.getByText('No hay plano guardado para este perfil.'));
    await drawing.getByTestId('profile-drawing-file').setInputFiles({ name: 'plano.png', mimeType: 'image/png', buffer: smallPng() });
    await visible(page.getByText('Plano guardado'));
    await visible(drawing.getByText(/^PNG · 1 KB · subido el /));
    await visible(drawing.getByRole('img', { name: 'Plano del perfil' }));
    const opening = page.waitForEvent('popup');
    await drawing.getByRole('link', { name: 'Abrir Plano del perfil' }).click();
    const tab = await opening;
    await tab.waitForURL(/^blob:/);
    await tab.close();
    await visible(drawing.getByRole('button', { name: 'Reemplazar plano' }));
  });
});
