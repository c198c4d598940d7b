import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultGrantsOf, mockApi, on, paged, renderPage, type } from '@planta/ui/testing';
import CorrectionReportPage from './correction-report.page';
import { DIE_SUMMARY, REPORT } from './correction.fixtures';

// jsdom has no canvas: the preview's konva stage is left out, its legend and link stay.
jest.mock('../components/correction-canvas.stage', () => ({ __esModule: true, default: () => null }));

const OPERATIONS = paged([
  { id: 2, name: 'Aliviar portada', description: '', active: 'yes', sort_order: 20 },
  { id: 3, name: 'Pulir', description: '', active: 'yes', sort_order: 30 },
]);
const ROUTE = '/apps/correction-report/:id/:correctionId';

describe('correction report page', () => {
  it('shows a share-link guest the attempt read only, with the checks before and after', async () => {
    mockApi(on('GET', '/api/correction-report/40', 200, { ...REPORT, people: null }));
    renderPage(<CorrectionReportPage />, { route: `${ROUTE}/:token`, url: '/apps/correction-report/40/7/share-token', grants: defaultGrantsOf(['guest']) });
    expect(await screen.findByRole('heading', { name: 'Intento 1 de la corrección NC-2026-0007' })).toBeTruthy();
    const operations = screen.getByRole('table', { name: 'Operaciones' });
    expect(within(operations).getByText('Aliviar portada')).toBeTruthy();
    expect(screen.getByTestId('comparison-figures').textContent).toContain('Corrida anterior: 2 fuera de tolerancia');
    expect(screen.queryByRole('button', { name: 'Guardar el intento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir operación' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compartir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'NC-2026-0007' })).toBeNull();
  });

  it('saves the operations from the catalogue and the hours typed with a decimal comma', async () => {
    const api = mockApi(
      on('GET', '/api/correction-report/40', 200, REPORT),
      on('GET', '/api/correction-operation/all', 200, OPERATIONS),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
      on('PATCH', '/api/correction-report/40', 200, (_url: URL, sent: unknown) => ({ ...REPORT, ...(sent as object), trial_order_number: 'OP-2210' })),
    );
    renderPage(<CorrectionReportPage />, { route: ROUTE, url: '/apps/correction-report/40/7' });
    const hours = await screen.findByRole('textbox', { name: /^Horas/ });
    expect((hours as HTMLInputElement).value).toBe('2,5');
    type(hours, '3,75');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir operación' }));
    const second = screen.getByRole('group', { name: 'Operación 2' });
    await waitFor(() => expect(within(second).getAllByRole('option').length).toBeGreaterThan(2));
    fireEvent.change(within(second).getByRole('combobox', { name: /^Operación/ }), { target: { value: '3' } });
    type(within(second).getByRole('textbox', { name: /^Zona o punto/ }), 'Mandril');
    await screen.findByRole('option', { name: /^OP-2210/ });
    fireEvent.change(screen.getByRole('combobox', { name: /^Corrida de prueba/ }), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar el intento' }));
    await waitFor(() => expect(api.calls('PATCH', '/api/correction-report/40')).toHaveLength(1));
    expect(api.calls('PATCH', '/api/correction-report/40')[0].body).toMatchObject({
      hours: 3.75,
      trial_order_die_id: 31,
      operations: [
        { operation_id: 2, zone: 'Lado A', amount: '0,05 mm', note: '' },
        { operation_id: 3, zone: 'Mandril', amount: '', note: '' },
      ],
    });
  }, 30_000);

  it('asks for the operation of an added row before saving', async () => {
    const api = mockApi(
      on('GET', '/api/correction-report/40', 200, REPORT),
      on('GET', '/api/correction-operation/all', 200, OPERATIONS),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
    );
    renderPage(<CorrectionReportPage />, { route: ROUTE, url: '/apps/correction-report/40/7' });
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir operación' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar el intento' }));
    expect(await screen.findByText('La operación elegida no existe')).toBeTruthy();
    expect(api.calls('PATCH', '/api/correction-report/40')).toHaveLength(0);
  });

  it('records the trial’s result while in trial and shows the API’s refusal', async () => {
    const inTrial = { ...REPORT, record: { ...REPORT.record, status: 'in_trial' as const } };
    const api = mockApi(
      on('GET', '/api/correction-report/40', 200, inTrial),
      on('GET', '/api/correction-operation/all', 200, OPERATIONS),
      on('GET', '/api/die/12/summary', 200, DIE_SUMMARY),
      on('POST', '/api/correction-report/40/trial', 409, { statusCode: 409, message: 'La prueba de este intento ya tiene resultado', error: 'Conflict' }),
    );
    renderPage(<CorrectionReportPage />, { route: ROUTE, url: '/apps/correction-report/40/7' });
    type(await screen.findByRole('textbox', { name: 'Nota de la prueba' }), 'Sigue alta la cota A');
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar la prueba' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('La prueba de este intento ya tiene resultado')).toBeTruthy();
    expect(api.calls('POST', '/api/correction-report/40/trial')[0].body).toEqual({ result: 'rejected', note: 'Sigue alta la cota A' });
  });
});
