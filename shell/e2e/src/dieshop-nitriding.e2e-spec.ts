import { expectNoSeriousAxeViolations } from '../support/axe';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi } from '../support/api-server';
import { freshPagePerTest, signIn, visible, type BrowserPage } from '../support/browser';

/**
 * Nitriding (issue 13, domain.md A2.4 workflow 4): the die technician sends a die whose nitriding
 * is due in a batch, marks the batch received with its certificate and confirms the die back; its
 * counters since nitriding start again and it is back in stock.
 */
const TECH = 'matriceria@norte.example';
const NITRIDING = '/apps/die-nitruring-confirm';

interface Die {
  id: number;
  state: string;
  billets_since_nitriding: number;
  kg_since_nitriding: number;
  nitriding_count: number;
}

describe('nitriding a due die', () => {
  let state: BrowserPage;
  freshPagePerTest((current) => (state = current));
  let die: Die;
  const reference = `E2E-NT-${Date.now().toString(36).toUpperCase()}`;
  const label = `${reference}-1`;

  beforeAll(async () => {
    const created = await apiAs<Die>(TECH, 'POST', 'die', { die_reference: reference, copy_number: 1, die_type: 'solid', nitriding_every_billets: 100 });
    expect(created.status).toBe(201);
    expect((await apiAs(TECH, 'PATCH', `die/${created.body.id}/state`, { to: 'in_stock' })).status).toBe(200);
    // Counters are fed by runs only: this copy ran 95 billets since its last nitriding (95 % of its threshold).
    await sqlOnTestApi(`update die set billets_since_nitriding = 95, kg_since_nitriding = 6100 where id = ${created.body.id}`);
    die = created.body;
  });

  it('sends it in a batch, receives the batch and confirms the die back with its counters reset', async () => {
    const { page } = state;
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, TECH);
    await page.goto(`${NITRIDING}/all`);
    // Headed as the menu names it, its first part the dies to choose.
    await visible(page.getByRole('heading', { name: 'Nitrurado de matrices', level: 1 }));
    await visible(page.getByRole('heading', { name: 'Matrices para nitrurar', level: 2 }));
    const row = page.getByTestId(`candidate-${die.id}`);
    await visible(row);
    expect(await row.textContent()).toContain('Nitrurado próximo');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('checkbox', { name: `Elegir ${label}` }).check();
    await visible(page.getByText('1 matriz elegida'));
    await page.getByRole('button', { name: 'Enviar lote' }).click();
    // The supplier is required: said in Spanish on its field.
    await visible(page.getByText('Indica el proveedor del nitrurado'));
    await page.getByRole('textbox', { name: 'Proveedor' }).fill('Nitruraciones Vascas');
    await page.getByRole('button', { name: 'Enviar lote' }).click();

    await page.waitForURL(new RegExp(`${NITRIDING}/\\d+$`));
    const title = await visible(page.getByRole('heading', { name: /^Lote de nitrurado NT-\d{4}-\d{4}$/, level: 1 }));
    expect(await title.textContent()).toMatch(/NT-\d{4}-\d{4}/);
    expect(await page.getByTestId('batch-status').textContent()).toBe('Enviado');
    const card = page.getByTestId(`batch-die-${die.id}`);
    expect(await card.textContent()).toContain('Nitrurado nº 1');
    expect(await card.textContent()).toContain('95 tochos');
    expect((await apiAs<Die>(TECH, 'GET', `die/${die.id}`)).body.state).toBe('nitriding');

    await page.getByRole('textbox', { name: 'Número de certificado' }).fill('CERT-E2E-1');
    await page.getByRole('button', { name: 'Marcar como recibido' }).click();
    await visible(page.getByTestId('batch-status').getByText('Recibido'));

    // The typical values are hints beside the fields, never refusals.
    await visible(card.getByText('Típico: 800 HV o más'));
    await card.getByRole('textbox', { name: 'Dureza (HV)' }).fill('760');
    await visible(card.getByText(/Fuera de lo típico/));
    await card.getByRole('textbox', { name: 'Profundidad de capa (mm)' }).fill('0,12');
    await card.getByRole('combobox', { name: 'Resultado' }).selectOption('accepted');
    // The batch itself (the snackbar of the reception may still be showing over the page).
    await expectNoSeriousAxeViolations(page, '[aria-labelledby="batch-title"]');
    await card.getByRole('button', { name: 'Confirmar' }).click();

    await visible(page.getByTestId('batch-status').getByText('Confirmado'));
    await visible(card.getByText('Aceptada: contadores a cero, de vuelta en inventario'));
    const after = (await apiAs<Die>(TECH, 'GET', `die/${die.id}`)).body;
    expect(after).toMatchObject({ state: 'in_stock', billets_since_nitriding: 0, kg_since_nitriding: 0, nitriding_count: 1 });
    const history = (
      await apiAs<{ nitriding_no: number; hardness_hv: number; case_depth_mm: number; result: string }[]>(TECH, 'GET', `die/${die.id}/nitridings`)
    ).body;
    expect(history).toEqual([expect.objectContaining({ nitriding_no: 1, hardness_hv: 760, case_depth_mm: 0.12, result: 'accepted' })]);
  });
});
