import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { apiAs } from '../support/api-client';
import { sqlOnTestApi, WORKSPACE } from '../support/api-server';
import { eventually, freshPagePerTest, login, pathOf, visible, type BrowserPage } from '../support/browser';

/**
 * The upload agent (issue 15): the die technician uploads the nitrider's certificate, corrects one
 * value the agent read, and confirms; the die's nitriding holds the corrected value, its counters
 * since nitriding start again, and the review's audit shows the correction.
 */
const TECH = 'matriceria@norte.example';

/** The production build's own sample maker (the same pdf-lib document the API tests upload). */
const { textPdf } = createRequire(__filename)(join(WORKSPACE, 'api', 'dist', 'uploads', 'reading', 'sample-files.js')) as {
  textPdf: (lines: string[]) => Promise<Buffer>;
};

interface Die {
  id: number;
  state: string;
  billets_since_nitriding: number;
  kg_since_nitriding: number;
}

describe('smart upload of a nitriding certificate', () => {
  let state: BrowserPage;
  freshPagePerTest((current) => (state = current));
  // As short as a plant's references, so that it stays in its column of the certificate's table.
  const reference = `UP${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const label = `${reference}-1`;
  let die: Die;

  beforeAll(async () => {
    const created = await apiAs<Die>(TECH, 'POST', 'die', { die_reference: reference, copy_number: 1, die_type: 'hollow' });
    expect(created.status).toBe(201);
    expect((await apiAs(TECH, 'PATCH', `die/${created.body.id}/state`, { to: 'in_stock' })).status).toBe(200);
    await sqlOnTestApi(`update die set billets_since_nitriding = 640, kg_since_nitriding = 25600 where id = ${created.body.id}`);
    die = created.body;
  });

  it('is uploaded, read, corrected in review and confirmed into the die', async () => {
    const { page } = state;
    await page.setViewportSize({ width: 1024, height: 768 });
    await login(page, TECH);
    await page.goto('/apps/ia-agent/list');
    await page.getByRole('button', { name: 'Cargar documento' }).click();
    await eventually(() => expect(pathOf(page)).toBe('/apps/ia-agent/upload/new'));
    const certificate = await textPdf([
      'Nitruraciones del Norte S.L.',
      'CERTIFICADO DE NITRURADO',
      `Nº certificado: CN-E2E-${reference.slice(-5)}    Fecha: 12/03/2025`,
      'Fecha entrada: 10/03/2025    Fecha salida: 12/03/2025',
      'Proceso: Nitrurado gaseoso    Temperatura: 510 °C    Duración: 24 h',
      'Matriz\tDureza sup. (HV)\tCapa (mm)\tNúcleo (HRC)',
      `${label}\t1.050 HV\t0,12\t46`,
    ]);
    await page.getByTestId('upload-file').setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: certificate });

    // Read on the server, then the review: the values as read, each with its confidence.
    await eventually(() => expect(pathOf(page)).toMatch(/^\/apps\/ia-agent\/upload\/\d+$/), 60_000);
    const hardness = page.getByTestId('field-rows.0.hardness_hv').getByRole('textbox');
    await visible(hardness, 60_000);
    await eventually(async () => expect(await hardness.inputValue()).toBe('1050'));
    expect(await page.getByTestId('field-rows.0.die_reference').getByRole('textbox').inputValue()).toBe(label);
    expect(await page.getByTestId('field-fields.case_depth_mm').count()).toBe(0);
    expect(await page.getByTestId('field-rows.0.case_depth_mm').getByRole('textbox').inputValue()).toBe('0,12');
    await expectNoSeriousAxeViolations(page);

    await hardness.fill('1040');
    await page.getByRole('button', { name: 'Confirmar y guardar' }).click();
    await visible(page.getByText(/Confirmado por Carmen Villalba/));
    const audit = page.getByRole('table', { name: 'Auditoría' });
    await visible(audit);
    const corrected = audit.getByRole('row').filter({ hasText: '1040' });
    expect(await corrected.count()).toBe(1);
    expect(await corrected.textContent()).toContain('1050');
    expect(await corrected.textContent()).toContain('Sí');

    // The die: nitrided with the corrected value, counters since nitriding reset, the document as its source.
    const after = await apiAs<Die>(TECH, 'GET', `die/${die.id}`);
    expect(after.body).toMatchObject({ state: 'in_stock', billets_since_nitriding: 0, kg_since_nitriding: 0 });
    await page.goto(`/apps/dies/dieResume/${die.id}`);
    const sources = page.getByTestId('source-documents');
    await visible(sources);
    expect(await sources.textContent()).toContain(`CN-E2E-${reference.slice(-5)}`);
    await visible(page.getByRole('cell', { name: '1040', exact: true }));
  });
});
