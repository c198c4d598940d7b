import { fireEvent, screen, waitFor } from '@testing-library/react';
import { productionMessages } from '@planta/contracts';
import { onSnackbar } from '@planta/ui';
import { currentPath, mockApi, on, paged, renderPage } from '@planta/ui/testing';
import ExtrusionStartPage from './extrusion-start.page';

const ORDERS = [{ id: 9, number: 'OP-9', customer: 'Ventanas del Sur', profile: 'Perfil 40x20', die_id: 21, die_reference: 'M-100', line_id: 3 }];
const DIES = [
  { id: 21, die_reference: 'M-100', copy_number: 1, state: 'oven' },
  { id: 22, die_reference: 'M-100', copy_number: 2, state: 'in_stock' },
  { id: 23, die_reference: 'M-100', copy_number: 3, state: 'cleaning' },
  { id: 30, die_reference: 'M-200', copy_number: 1, state: 'in_stock' },
];
const SETTINGS = {
  nitriding_warn_percent: 85,
  enlistment_guard: 'warn',
  oven_required: false,
  oven_max_dwell_hours: 8,
  min_die_temperature_c: 400,
  families: [],
};
const routes = [
  on('GET', '/api/orders/hideClosedOrders', 200, ORDERS),
  on('GET', '/api/die/all', 200, paged(DIES)),
  on('GET', '/api/dieshop-settings', 200, SETTINGS),
  on('GET', '/api/extrusion-line/all', 200, paged([{ id: 3, name: 'Prensa 3' }])),
];

describe('start extrusion', () => {
  it('offers the copies of the order die, proposes its line and starts', async () => {
    const api = mockApi(...routes, on('POST', '/api/extrusion/start', 201, { id: 1 }));
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new' });
    await screen.findByRole('option', { name: 'OP-9 · Ventanas del Sur · Perfil 40x20' });
    await screen.findByRole('option', { name: 'Prensa 3' });
    fireEvent.change(screen.getByLabelText(/^Orden de producción/), { target: { value: '9' } });
    await waitFor(() => expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('21'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['M-100 copia 1 · En horno', 'M-100 copia 2 · En inventario']),
    );
    expect(screen.queryByRole('option', { name: /^M-200 copia 1/ })).toBeNull();
    // A copy being cleaned is shown, with the reason the API would refuse it, and cannot be chosen.
    const cleaning = screen.getByRole('option', { name: 'M-100 copia 3 · La matriz está en limpieza: no puede entrar en prensa' }) as HTMLOptionElement;
    expect(cleaning.disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'M-100 copia 2 · En inventario' }) as HTMLOptionElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Copia de la matriz/), { target: { value: '22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/planning-kanban-board/board'));
    expect(api.calls('POST', '/api/extrusion/start')[0].body).toEqual({ order_id: 9, die_id: 22, line_id: 3 });
  });

  it('requires the order and shows the API refusal', async () => {
    const shown: string[] = [];
    const stop = onSnackbar((snackbar) => shown.push(snackbar.message));
    mockApi(...routes, on('POST', '/api/extrusion/start', 409, { statusCode: 409, message: productionMessages.lineBusy, error: 'Conflict' }));
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new' });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    expect(await screen.findByText(productionMessages.chooseOrder)).toBeTruthy();
    await screen.findByRole('option', { name: 'OP-9 · Ventanas del Sur · Perfil 40x20' });
    fireEvent.change(screen.getByLabelText(/^Orden de producción/), { target: { value: '9' } });
    await waitFor(() => expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('21'));
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(shown).toEqual([productionMessages.lineBusy]));
    expect(currentPath()).toBe('/apps/extrusion/new');
    stop();
  });

  it('chooses the open order given by ?order= (from the board or the order detail), and says so when it is not open', async () => {
    const api = mockApi(...routes, on('POST', '/api/extrusion/start', 201, { id: 1 }));
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new?order=9' });
    await waitFor(() => expect((screen.getByLabelText(/^Orden de producción/) as HTMLSelectElement).value).toBe('9'));
    await waitFor(() => expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('21'));
    await waitFor(() => expect((screen.getByLabelText(/^Línea de extrusión/) as HTMLSelectElement).value).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/planning-kanban-board/board'));
    expect(api.calls('POST', '/api/extrusion/start')[0].body).toEqual({ order_id: 9, die_id: 21, line_id: 3 });
  });

  it('leaves the choice empty (and still required) for an order that is not open', async () => {
    mockApi(...routes);
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new?order=77' });
    expect(await screen.findByText('La orden indicada no está abierta para extruir: elige una de la lista.')).toBeTruthy();
    expect((screen.getByLabelText(/^Orden de producción/) as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    expect(await screen.findByText(productionMessages.chooseOrder)).toBeTruthy();
  });

  it("follows the plant's oven setting: a planned copy in stock is not proposed, and the form says why", async () => {
    mockApi(
      on('GET', '/api/orders/hideClosedOrders', 200, [{ ...ORDERS[0], die_id: 22 }]),
      on('GET', '/api/die/all', 200, paged(DIES)),
      on('GET', '/api/dieshop-settings', 200, { ...SETTINGS, oven_required: true }),
      on('GET', '/api/extrusion-line/all', 200, paged([{ id: 3, name: 'Prensa 3' }])),
    );
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new?order=9' });
    await screen.findByText(
      'La copia planificada (M-100 copia 2) no puede iniciar una corrida: La matriz está en inventario: esta planta exige pasar por el horno antes de la prensa. Elige otra copia.',
    );
    expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('option', { name: /^M-100 copia 2 · / }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'M-100 copia 1 · En horno' }) as HTMLOptionElement).disabled).toBe(false);
  });
});
