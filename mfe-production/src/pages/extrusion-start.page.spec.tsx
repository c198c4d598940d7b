import { fireEvent, screen, waitFor } from '@testing-library/react';
import { productionMessages } from '@planta/contracts';
import { onSnackbar } from '@planta/ui';
import { currentPath, mockApi, on, paged, renderPage } from '@planta/ui/testing';
import ExtrusionStartPage from './extrusion-start.page';

const ORDERS = [{ id: 9, number: 'OP-9', customer: 'Ventanas del Sur', profile: 'Perfil 40x20', die_id: 21, die_reference: 'M-100', line_id: 3 }];
const DIES = [
  { id: 21, die_reference: 'M-100', copy_number: 1 },
  { id: 22, die_reference: 'M-100', copy_number: 2 },
  { id: 30, die_reference: 'M-200', copy_number: 1 },
];
const routes = [
  on('GET', '/api/orders/hideClosedOrders', 200, ORDERS),
  on('GET', '/api/die/all', 200, paged(DIES)),
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
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(expect.arrayContaining(['M-100 copia 1', 'M-100 copia 2']));
    expect(screen.queryByRole('option', { name: 'M-200 copia 1' })).toBeNull();
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
});
