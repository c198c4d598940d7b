import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productionMessages } from '@planta/contracts';
import { onSnackbar } from '@planta/ui';
import { currentPath, mockApi, on, renderPage } from '@planta/ui/testing';
import { myRun } from '../dashboard/my-run.fixture';
import ExtrusionStartPage from './extrusion-start.page';

const ORDERS = [{ id: 9, number: 'OP-9', customer: 'Ventanas del Sur', profile: 'Perfil 40x20', die_id: 21, die_reference: 'M-100', line_id: 3 }];
/** What GET extrusion/start-options answers: the presses, and with an order the copies of its die, each with why it cannot start. */
const LINES = [
  { id: 3, name: 'Prensa 3', why: null },
  { id: 4, name: 'Prensa 4', why: 'Detenida: Falla hidráulica' },
  { id: 5, name: 'Prensa 5', why: 'Extruyendo OP-7' },
];
const COPIES = [
  { id: 21, name: 'M-100 · 1', die_reference: 'M-100', copy_number: 1, state: 'oven', why: null },
  { id: 22, name: 'M-100 · 2', die_reference: 'M-100', copy_number: 2, state: 'in_stock', why: null },
  { id: 23, name: 'M-100 · 3', die_reference: 'M-100', copy_number: 3, state: 'cleaning', why: 'La matriz está en limpieza: no puede entrar en prensa' },
  { id: 24, name: 'M-100 · 4', die_reference: 'M-100', copy_number: 4, state: 'press', why: 'En prensa en Prensa 5 (OP-7)' },
];
const startOptions = (copies = COPIES) =>
  on('GET', '/api/extrusion/start-options', 200, (url: URL) => ({ lines: LINES, dies: url.searchParams.get('order_id') === '9' ? copies : [] }));
/** The operator's run on Prensa 5, ten minutes in. */
const MY_RUN = myRun(70, 10, {
  order_id: 7,
  order_number: 'OP-7',
  line_id: 5,
  line_name: 'Prensa 5',
  copy_number: 4,
  start_extrusion_time: '2026-01-05T06:00:00.000Z',
});
const routes = [on('GET', '/api/orders/hideClosedOrders', 200, ORDERS), startOptions(), on('GET', '/api/extrusion/mine', 200, [])];

describe('start extrusion', () => {
  it('offers the free copies of the order die and free presses, the others disabled with why, proposes its line and starts', async () => {
    const api = mockApi(...routes, on('POST', '/api/extrusion/start', 201, { id: 1 }));
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new' });
    await screen.findByRole('option', { name: 'OP-9 · Ventanas del Sur · Perfil 40x20' });
    await screen.findByRole('option', { name: 'Prensa 3' });
    // A stopped press and a busy one are shown, with why, and cannot be chosen.
    expect((screen.getByRole('option', { name: 'Prensa 4 — Detenida: Falla hidráulica' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'Prensa 5 — Extruyendo OP-7' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'Prensa 3' }) as HTMLOptionElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Orden de producción/), { target: { value: '9' } });
    await waitFor(() => expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('21'));
    expect((screen.getByLabelText(/^Línea de extrusión/) as HTMLSelectElement).value).toBe('3');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['M-100 copia 1 · En horno', 'M-100 copia 2 · En inventario']),
    );
    // A copy being cleaned, and one on another press, are shown with the reason the API would refuse them.
    const cleaning = screen.getByRole('option', { name: 'M-100 copia 3 · La matriz está en limpieza: no puede entrar en prensa' }) as HTMLOptionElement;
    expect(cleaning.disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'M-100 copia 4 · En prensa en Prensa 5 (OP-7)' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'M-100 copia 2 · En inventario' }) as HTMLOptionElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Copia de la matriz/), { target: { value: '22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar extrusión' }));
    await waitFor(() => expect(currentPath()).toBe('/apps/planning-kanban-board/board'));
    expect(api.calls('POST', '/api/extrusion/start')[0].body).toEqual({ order_id: 9, die_id: 22, line_id: 3 });
  });

  it("stops one of the operator's running runs from the form, then offers its press again", async () => {
    let stopped = false;
    const api = mockApi(
      on('GET', '/api/orders/hideClosedOrders', 200, ORDERS),
      on('GET', '/api/extrusion/start-options', 200, () => ({
        lines: stopped ? LINES.map((line) => (line.id === 5 ? { ...line, why: null } : line)) : LINES,
        dies: [],
      })),
      on('GET', '/api/extrusion/mine', 200, () =>
        stopped ? [] : [{ ...MY_RUN, paused: true, paused_since: '2026-01-05T06:10:00.000Z', pause_cause: 'hydraulic' }],
      ),
      on('POST', '/api/extrusion/70/stop', 200, () => {
        stopped = true;
        return {};
      }),
    );
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new' });
    const run = await screen.findByTestId('my-run-70');
    expect(run.textContent).toContain('OP-7 · Prensa 5 · M-100-4');
    expect(run.textContent).toMatch(/En pausa desde .*: Falla hidráulica/);
    fireEvent.click(screen.getByRole('button', { name: 'Detener extrusión: OP-7 · Prensa 5 · M-100-4' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Tochos empujados/), { target: { value: '40' } });
    fireEvent.change(within(dialog).getByLabelText(/^Kg buenos/), { target: { value: '1500' } });
    fireEvent.change(within(dialog).getByLabelText(/^Kg de chatarra/), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Detener extrusión', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('my-run-70')).toBeNull());
    expect(api.calls('POST', '/api/extrusion/70/stop')[0].body).toEqual({ billets_pushed: 40, good_kg: 1500, scrap_kg: 30, order_complete: false });
    await waitFor(() => expect((screen.getByRole('option', { name: 'Prensa 5' }) as HTMLOptionElement).disabled).toBe(false));
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

  it('does not propose a planned copy that cannot start, and says why above the form', async () => {
    mockApi(
      on('GET', '/api/orders/hideClosedOrders', 200, [{ ...ORDERS[0], die_id: 22 }]),
      startOptions(COPIES.map((copy) => (copy.id === 22 ? { ...copy, why: 'Preparación sin terminar' } : copy))),
      on('GET', '/api/extrusion/mine', 200, []),
    );
    renderPage(<ExtrusionStartPage />, { route: '/apps/extrusion/new', url: '/apps/extrusion/new?order=9' });
    await screen.findByText('La copia planificada (M-100 copia 2) no puede iniciar una corrida: Preparación sin terminar. Elige otra copia.');
    expect((screen.getByLabelText(/^Copia de la matriz/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('option', { name: 'M-100 copia 2 · Preparación sin terminar' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'M-100 copia 1 · En horno' }) as HTMLOptionElement).disabled).toBe(false);
  });
});
