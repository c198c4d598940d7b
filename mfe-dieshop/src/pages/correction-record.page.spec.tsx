import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultGrantsOf, mockApi, on, paged, renderPage, type } from '@planta/ui/testing';
import CorrectionRecordNewPage from './correction-record-new.page';
import CorrectionRecordPage from './correction-record.page';
import { DETAIL, DIE_SUMMARY, GUEST_DETAIL } from './correction.fixtures';

// jsdom has no canvas: the preview's konva stage is left out, its legend and link stay.
jest.mock('../components/correction-canvas.stage', () => ({ __esModule: true, default: () => null }));

const CATALOGUE = paged([
  { id: 1, name: 'Fuera de tolerancia dimensional', description: '', active: 'yes', sort_order: 10 },
  { id: 9, name: 'Defecto retirado', description: '', active: 'no', sort_order: 90 },
]);
const PEOPLE = { correctors: [{ id: 5, name: 'Andrés Olmedo' }], mentionable: [{ id: 5, name: 'Andrés Olmedo' }] };

const RECORD_ROUTE = '/apps/correction-record/:id';

describe('correction record page', () => {
  it('shows a share-link guest the record read only: no form, moves, share, attempt links or comment box', async () => {
    mockApi(on('GET', '/api/correction-record/7', 200, GUEST_DETAIL));
    renderPage(<CorrectionRecordPage />, { route: `${RECORD_ROUTE}/:token`, url: '/apps/correction-record/7/share-token', grants: defaultGrantsOf(['guest']) });
    expect(await screen.findByRole('heading', { name: 'Registro de corrección NC-2026-0007' })).toBeTruthy();
    expect(screen.getByText('La cota A sale alta en las tres últimas mediciones')).toBeTruthy();
    expect(screen.getByText('@Andrés Olmedo revisa la portada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compartir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reportada' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nuevo intento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'EN-1042-1' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Intento 1' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Abrir lienzo' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows the data read only to a user without the update grant, with the die and the attempt linked', async () => {
    mockApi(on('GET', '/api/correction-record/7', 200, DETAIL));
    const grants = { ...defaultGrantsOf(['user']), 'correction-records': { read: true, insert: false, update: false, delete: false } };
    renderPage(<CorrectionRecordPage />, { route: RECORD_ROUTE, url: '/apps/correction-record/7', grants });
    await screen.findByRole('heading', { name: 'Registro de corrección NC-2026-0007' });
    expect(screen.getByRole('link', { name: 'EN-1042-1' }).getAttribute('href')).toBe('/apps/dies/dieResume/12');
    expect(screen.getByRole('link', { name: 'Intento 1' }).getAttribute('href')).toBe('/apps/correction-report/40/7');
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Origen/ })).toBeNull();
  });

  it('offers the moves its state allows and shows the API’s refusal as it says it', async () => {
    const api = mockApi(
      on('GET', '/api/correction-record/7', 200, DETAIL),
      on('GET', '/api/correction-defect/all', 200, CATALOGUE),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
      on('POST', '/api/correction-board/move', 409, {
        statusCode: 409,
        message: 'Asigna un corrector antes de pasarla a Asignada',
        error: 'Conflict',
      }),
    );
    renderPage(<CorrectionRecordPage />, { route: RECORD_ROUTE, url: '/apps/correction-record/7' });
    await screen.findByRole('heading', { name: 'Registro de corrección NC-2026-0007' });
    // analysis → reported | assigned | discarded
    for (const name of ['Reportada', 'Asignada', 'Descartada']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrada (eficaz)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Asignada' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Asigna un corrector antes de pasarla a Asignada')).toBeTruthy();
    expect(api.calls('POST', '/api/correction-board/move')[0].body).toEqual({ id: 7, to: 'assigned', version: 3 });
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeTruthy();
  });

  it('opens the next attempt while in correction and goes to it', async () => {
    const inCorrection = {
      ...DETAIL,
      status: 'in_correction' as const,
      current_attempt: { id: 40, attempt_no: 1, operations_count: 1, trial_result: 'rejected' as const },
    };
    const api = mockApi(
      on('GET', '/api/correction-record/7', 200, inCorrection),
      on('GET', '/api/correction-defect/all', 200, CATALOGUE),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
      on('POST', '/api/correction-report', 201, { id: 41, correction_record_id: 7, attempt_no: 2 }),
    );
    renderPage(<CorrectionRecordPage />, { route: RECORD_ROUTE, url: '/apps/correction-record/7' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo intento' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/correction-report/41/7'));
    expect(api.calls('POST', '/api/correction-report')[0].body).toEqual({ correction_record_id: 7 });
  });

  it('saves only what changed of the data, reading a decimal comma', async () => {
    const api = mockApi(
      on('GET', '/api/correction-record/7', 200, DETAIL),
      on('GET', '/api/correction-defect/all', 200, CATALOGUE),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
      on('PATCH', '/api/correction-record/7', 200, { ...DETAIL, measured_mm: 12.45, version: 4 }),
    );
    renderPage(<CorrectionRecordPage />, { route: RECORD_ROUTE, url: '/apps/correction-record/7' });
    const measured = await screen.findByRole('textbox', { name: /^Medida \(mm\)/ });
    expect((measured as HTMLInputElement).value).toBe('12,6');
    type(measured, '12,45');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('PATCH', '/api/correction-record/7')).toHaveLength(1));
    expect(api.calls('PATCH', '/api/correction-record/7')[0].body).toEqual({ measured_mm: 12.45 });
  });
});

describe('new correction record', () => {
  it('says in Spanish under each field what an empty form lacks, and sends nothing', async () => {
    const api = mockApi(on('GET', '/api/correction-defect/all', 200, CATALOGUE), on('GET', '/api/correction-people', 200, PEOPLE));
    renderPage(<CorrectionRecordNewPage />, { route: '/apps/correction-record/new', url: '/apps/correction-record/new' });
    await screen.findByRole('heading', { name: 'Nuevo registro de corrección' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elige una matriz de la empresa')).toBeTruthy();
    expect(screen.getByText('Elige el origen')).toBeTruthy();
    expect(screen.getByText('Describe la no conformidad')).toBeTruthy();
    expect(api.calls('POST', '/api/correction-record')).toHaveLength(0);
  });

  it('opens with the die of the address, prefills the profile’s nominal and reads a decimal comma', async () => {
    const api = mockApi(
      on('GET', '/api/die/12', 200, { id: 12, die_reference: 'EN-1042', copy_number: 1 }),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
      on('GET', '/api/correction-defect/all', 200, CATALOGUE),
      on('GET', '/api/correction-people', 200, PEOPLE),
      on('POST', '/api/correction-record', 201, { ...DETAIL, id: 8, number: 'NC-2026-0008' }),
    );
    renderPage(<CorrectionRecordNewPage />, { route: '/apps/correction-record/new', url: '/apps/correction-record/new?die_id=12' });
    await waitFor(() => expect((screen.getByRole('combobox', { name: /^Matriz/ }) as HTMLInputElement).value).toBe('EN-1042-1'));
    const defect = screen.getByRole('combobox', { name: /^Defecto/ });
    await waitFor(() =>
      expect(
        within(defect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Sin defecto del catálogo', 'Fuera de tolerancia dimensional']),
    );
    await screen.findByRole('option', { name: /^OP-2210/ });
    fireEvent.change(screen.getByRole('combobox', { name: /^Origen/ }), { target: { value: 'quality' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Cota/ }), { target: { value: 'A' } });
    expect((screen.getByRole('textbox', { name: /^Nominal \(mm\)/ }) as HTMLInputElement).value).toBe('12,3');
    type(screen.getByRole('textbox', { name: /^Medida \(mm\)/ }), '12,35');
    fireEvent.change(defect, { target: { value: '1' } });
    type(screen.getByRole('textbox', { name: /^Descripción/ }), 'Pared fina en el lado A');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST', '/api/correction-record')).toHaveLength(1));
    expect(api.calls('POST', '/api/correction-record')[0].body).toMatchObject({
      die_id: 12,
      origin: 'quality',
      defect_id: 1,
      dimension_label: 'A',
      measured_mm: 12.35,
      nominal_mm: 12.3,
      tol_minus: 0.1,
      tol_plus: 0.15,
      severity: 'major',
      description: 'Pared fina en el lado A',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/apps/correction-record/8'));
  }, 30_000);

  it('refuses a measure it cannot read for sure, on its field', async () => {
    const api = mockApi(on('GET', '/api/correction-defect/all', 200, CATALOGUE), on('GET', '/api/correction-people', 200, PEOPLE));
    renderPage(<CorrectionRecordNewPage />, { route: '/apps/correction-record/new', url: '/apps/correction-record/new' });
    type(await screen.findByRole('textbox', { name: /^Medida \(mm\)/ }), '12,3,5');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const field = screen.getByRole('textbox', { name: /^Medida \(mm\)/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls('POST', '/api/correction-record')).toHaveLength(0);
  });
});
