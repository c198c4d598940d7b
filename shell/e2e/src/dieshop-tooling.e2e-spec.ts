import { expectNoSeriousAxeViolations } from '../support/axe';
import { apiAs } from '../support/api-client';
import { freshPagePerTest, signIn, visible, type BrowserPage } from '../support/browser';

/**
 * Issue 13, tooling (domain.md A2.2 tooling, B: a dummy block grown 0.5 mm has lost its
 * elasticity): the die technician registers a dummy block on a tablet, measures its outer
 * diameter, and the grown block is flagged on its page and in the list.
 */
const TECH = 'matriceria@norte.example';
const TOOLING = '/apps/herramental';

describe('tooling', () => {
  let state: BrowserPage;
  freshPagePerTest((current) => (state = current));
  const code = `DP-E2E-${Date.now().toString(36).toUpperCase()}`;

  it('the technician registers a dummy block, measures it and sees the grown one flagged', async () => {
    const { page } = state;
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, TECH);
    await page.goto(`${TOOLING}/new`);
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { name: 'Nueva herramienta', level: 1 }));

    await main.getByRole('textbox', { name: 'Código' }).fill(code);
    await main.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Disco de presión' });
    await visible(main.getByText('Para discos de presión: su crecimiento se mide contra este valor'));
    await main.getByRole('textbox', { name: 'Diámetro exterior nominal (mm)' }).fill('176');
    await main.getByRole('textbox', { name: 'Ubicación' }).fill('Carro P2');
    await main.getByRole('button', { name: 'Guardar' }).click();
    await visible(page.getByText('Herramienta guardada'));
    await page.waitForURL(new RegExp(`${TOOLING}/\\d+$`));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await visible(main.getByRole('heading', { name: code, level: 1 }));
    await visible(main.getByText('Límite: diámetro nominal + 0,5 mm'));

    // Within the limit, then grown by 0.6 mm: the second is not OK, with the elasticity warning.
    const value = main.getByRole('textbox', { name: 'Valor' });
    await value.fill('176,2');
    await main.getByRole('button', { name: 'Registrar medición' }).click();
    const checks = main.getByRole('table', { name: 'Mediciones' });
    await visible(checks.getByRole('row').filter({ hasText: 'Crecimiento: 0,2 mm' }).getByText('OK', { exact: true }));
    await value.fill('176,6');
    await main.getByRole('button', { name: 'Registrar medición' }).click();
    const grown = checks.getByRole('row').filter({ hasText: 'Crecimiento: 0,6 mm' });
    await visible(grown.getByText('No OK'));
    await visible(grown.getByText('Disco de presión con crecimiento ≥ 0,5 mm: revisar elasticidad'));
    // The tool itself (the snackbar of the check may still be showing over the page).
    await expectNoSeriousAxeViolations(page, '[aria-labelledby="tool-title"]');
    const saved = (await apiAs<{ last_check_ok: boolean; checks: { value: number }[] }>(TECH, 'GET', `tool/${id}`)).body;
    expect(saved.last_check_ok).toBe(false);
    expect(saved.checks.map((check) => check.value)).toEqual([176.6, 176.2]);

    // The list shows the block out of limit where the technician looks for it.
    await page.goto(`${TOOLING}/all`);
    await main.getByRole('searchbox', { name: 'Buscar' }).fill(code);
    const row = main.getByRole('row').filter({ hasText: code });
    await visible(row.getByText('Fuera de límite'));
    await visible(row.getByText('Carro P2'));
  });
});
