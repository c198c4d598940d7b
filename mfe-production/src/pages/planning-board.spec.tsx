import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { PLANNING_BOARD_CHANGED, productionMessages } from '@planta/contracts';
import { mockApi, on, renderPage, openedDialog } from '@planta/ui/testing';
import { END_OF_COLUMN, moveCard, moveRequest, toColumns, usePlanningBoard, type BoardCard, type BoardData } from './planning-board.model';
import PlanningBoardPage from './planning-board.page';

/** A fake realtime channel: the page's subscriptions land here, and `emit()` plays an event. */
const live = {
  handlers: new Map<string, Set<(payload: unknown) => void>>(),
  catchUp: new Set<() => void>(),
  emit(event: string, payload?: unknown) {
    act(() => live.handlers.get(event)?.forEach((handler) => handler(payload)));
  },
  connected() {
    act(() => live.catchUp.forEach((listener) => listener()));
  },
};

jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  subscribe: (event: string, handler: (payload: unknown) => void) => {
    if (!live.handlers.has(event)) live.handlers.set(event, new Set());
    live.handlers.get(event)!.add(handler);
    return () => live.handlers.get(event)?.delete(handler);
  },
  onCatchUp: (listener: () => void) => {
    live.catchUp.add(listener);
    return () => live.catchUp.delete(listener);
  },
}));

const card = (id: number, status: BoardCard['status'], line_id: number | null = null): BoardCard => ({
  id,
  number: `OP-${id}`,
  customer: 'Ventanas del Sur',
  profile: 'Perfil 40x20',
  due_date: '2025-03-01',
  quantity_kg: 1200,
  die_reference: 'M-100',
  copy_number: 1,
  line_id,
  line_name: line_id ? 'Prensa 1' : null,
  status,
  position: 0,
  running: false,
});
const BOARD: BoardData = {
  to_plan: [card(1, 'to_plan'), card(2, 'to_plan')],
  to_plan_total: 2,
  planned: [{ line_id: 5, line_name: 'Prensa 1', cards: [card(3, 'planned', 5)], total: 1 }],
  in_press: [{ ...card(4, 'in_press', 5), running: true }],
  in_press_total: 1,
  finished: [],
  finished_total: 0,
};
const ids = (columns: ReturnType<typeof toColumns>, id: string) => columns.find((column) => column.id === id)!.cards.map((c) => c.id);

describe('planning board model', () => {
  it('has the columns to plan, planned per line, in press and finished', () => {
    expect(toColumns(BOARD).map((column) => column.id)).toEqual(['to_plan', 'planned:5', 'in_press', 'finished']);
  });

  it('moves a card between columns and within one, and builds the API request', () => {
    const columns = toColumns(BOARD);
    const planned = moveCard(columns, 1, 'planned:5', 0);
    expect(ids(planned, 'to_plan')).toEqual([2]);
    expect(ids(planned, 'planned:5')).toEqual([1, 3]);
    expect(planned[1].cards[0]).toMatchObject({ status: 'planned', line_id: 5 });
    expect(planned.map((column) => [column.id, column.total])).toEqual([
      ['to_plan', 1],
      ['planned:5', 2],
      ['in_press', 1],
      ['finished', 0],
    ]);
    const within = moveCard(columns, 1, 'to_plan', 1);
    expect(ids(within, 'to_plan')).toEqual([2, 1]);
    expect(within[0].total).toBe(2);
    expect(moveRequest(1, columns[1], 0)).toEqual({ order_id: 1, to_column: 'planned', to_line_id: 5, position: 0, before_order_id: 3 });
    // No card after the drop: the end of the column (a filtered board shows only some of its cards).
    expect(moveRequest(3, columns[0], 2)).toEqual({ order_id: 3, to_column: 'to_plan', to_line_id: null, position: END_OF_COLUMN, before_order_id: null });
    // Within its own column, the moved card does not count.
    expect(moveRequest(1, columns[0], 1)).toMatchObject({ position: END_OF_COLUMN, before_order_id: null });
    expect(moveRequest(2, columns[0], 0)).toMatchObject({ position: 0, before_order_id: 1 });
  });
});

describe('usePlanningBoard', () => {
  it('moves optimistically and keeps the board the API answers', async () => {
    const after: BoardData = {
      ...BOARD,
      to_plan: [card(2, 'to_plan')],
      to_plan_total: 1,
      planned: [{ line_id: 5, line_name: 'Prensa 1', cards: [card(1, 'planned', 5), card(3, 'planned', 5)], total: 2 }],
    };
    const api = mockApi(on('GET', '/api/planning-board', 200, BOARD), on('POST', '/api/planning-board/move', 200, after));
    const { result } = renderHook(() => usePlanningBoard());
    await waitFor(() => expect(result.current.columns).not.toBeNull());
    await act(() => result.current.move(1, 'planned:5', 0));
    expect(api.calls('POST', '/api/planning-board/move')[0].body).toEqual({
      order_id: 1,
      to_column: 'planned',
      to_line_id: 5,
      position: 0,
      before_order_id: 3,
    });
    expect(ids(result.current.columns!, 'planned:5')).toEqual([1, 3]);
  });

  it('puts the card back and rejects with the message when the API refuses the move', async () => {
    mockApi(
      on('GET', '/api/planning-board', 200, BOARD),
      on('POST', '/api/planning-board/move', 409, { statusCode: 409, message: productionMessages.boardIntoPress, error: 'Conflict' }),
    );
    const { result } = renderHook(() => usePlanningBoard());
    await waitFor(() => expect(result.current.columns).not.toBeNull());
    await act(() => expect(result.current.move(1, 'in_press', 0)).rejects.toThrow(productionMessages.boardIntoPress));
    expect(ids(result.current.columns!, 'to_plan')).toEqual([1, 2]);
    expect(ids(result.current.columns!, 'in_press')).toEqual([4]);
  });
});

describe('PlanningBoardPage', () => {
  it('shows the four kinds of column with their cards', async () => {
    mockApi(on('GET', '/api/planning-board', 200, BOARD));
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
    const toPlan = await screen.findByRole('region', { name: 'Por planificar' });
    expect(within(toPlan).getByText('OP-1')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Planificada · Prensa 1' })).getByText('OP-3')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'En prensa' })).getByText('Extruyendo')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Terminada' })).getByText('Sin órdenes')).toBeTruthy();
    // No order dialog is open until one is asked for (a misplaced dialog once showed on load).
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Cargando la orden…')).toBeNull();
  });

  it("warns, with the stop's cause, before 'Mover a…' plans an order onto a stopped press; cancel leaves it, confirm moves it", async () => {
    const stopped: BoardData = {
      ...BOARD,
      planned: [
        {
          ...BOARD.planned[0],
          stopped: { machine_name: 'Prensa 1', started_at: '2026-03-02T09:30:00.000Z', cause: 'hydraulic', failure_report_number: 'RF-2026-0012' },
        },
      ],
    };
    const api = mockApi(on('GET', '/api/planning-board', 200, stopped), on('POST', '/api/planning-board/move', 200, stopped));
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
    await screen.findByRole('region', { name: 'Por planificar' });
    const moveTo = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Acciones de OP-1' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Mover a…' }));
      // Asked again until there is one: the dialog of the move before may still be closing.
      const dialog = await waitFor(() => openedDialog('Mover OP-1 a…', { role: 'combobox', name: 'Columna' }), { timeout: 5_000 });
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Columna', hidden: true }), { target: { value: 'planned:5' } });
      // In front of OP-3, the first order planned on the press.
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Posición', hidden: true }), { target: { value: '0' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mover', hidden: true }));
      return screen.findByTestId('kanban-warning');
    };
    const warning = await moveTo();
    expect(warning.textContent).toMatch(
      /^Prensa 1 está detenida: Falla hidráulica \(desde \d\d\/03\/2026, \d\d:30, reporte RF-2026-0012\)\. ¿Planificar la orden OP-1 igualmente\?$/,
    );
    fireEvent.click(screen.getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByTestId('kanban-warning')).toBeNull());
    expect(api.calls('POST', '/api/planning-board/move')).toHaveLength(0);

    await moveTo();
    await act(async () => fireEvent.click(screen.getByText('Mover igualmente')));
    await waitFor(() => expect(api.calls('POST', '/api/planning-board/move')).toHaveLength(1));
    expect(api.calls('POST', '/api/planning-board/move')[0].body).toEqual({
      order_id: 1,
      to_column: 'planned',
      to_line_id: 5,
      position: 0,
      before_order_id: 3,
    });
  });

  it('counts every order of a column, and says when an open column shows only its first cards', async () => {
    mockApi(on('GET', '/api/planning-board', 200, { ...BOARD, to_plan_total: 10_009 }));
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
    const toPlan = await screen.findByRole('region', { name: 'Por planificar' });
    expect(within(toPlan).getByText('10.009')).toBeTruthy();
    expect(within(toPlan).getByText('2 de 10.009 · Busca o filtra para ver las demás')).toBeTruthy();
    // A column that shows all its orders says nothing more.
    const line = screen.getByRole('region', { name: 'Planificada · Prensa 1' });
    expect(within(line).queryByText(/ de /)).toBeNull();
  });

  it("asks the API for the search, line and due dates chosen, and 'Ver más' for the next finished orders", async () => {
    const finished = Array.from({ length: 20 }, (_, index) => ({ ...card(100 + index, 'finished', 5), finished_at: '2026-01-01T00:00:00Z' }));
    const api = mockApi(on('GET', '/api/planning-board', 200, { ...BOARD, finished, finished_total: 45 }));
    renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
    const done = await screen.findByRole('region', { name: 'Terminada' });
    expect(within(done).getByText('20 de 45')).toBeTruthy();
    const queries = () => api.calls('GET', '/api/planning-board').map((call) => Object.fromEntries(call.url.searchParams));
    expect(queries()).toEqual([{}]);
    fireEvent.click(within(done).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ finished_limit: '40' }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar en el tablero' }), { target: { value: 'cantabricas' } });
    // A new search starts again from the first window of finished orders.
    await waitFor(() => expect(queries().at(-1)).toEqual({ search: 'cantabricas' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Línea' }), { target: { value: '5' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ search: 'cantabricas', line_id: '5' }));
    fireEvent.change(screen.getByLabelText('Entrega desde'), { target: { value: '01/03/2026' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ search: 'cantabricas', line_id: '5', due_from: '2026-03-01' }));
    const calls = queries().length;
    fireEvent.change(screen.getByLabelText('Entrega hasta'), { target: { value: '01/02/2026' } });
    expect(await screen.findByText(productionMessages.boardDueRange)).toBeTruthy();
    expect(queries()).toHaveLength(calls);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({}));
  }, 30_000);

  describe('live refresh', () => {
    const changed: BoardData = {
      ...BOARD,
      to_plan: [card(2, 'to_plan')],
      to_plan_total: 1,
      planned: [{ line_id: 5, line_name: 'Prensa 1', cards: [card(1, 'planned', 5), card(3, 'planned', 5)], total: 2 }],
    };
    const region = (name: string) => screen.getByRole('region', { name });
    afterEach(() => {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    });
    /** GET answers BOARD until `serveChanged()`, then `changed`. */
    function serve() {
      let board = BOARD;
      const api = mockApi(on('GET', '/api/planning-board', 200, () => board));
      return { api, serveChanged: () => (board = changed), loads: () => api.calls('GET', '/api/planning-board').length };
    }
    const render = async () => {
      const view = renderPage(<PlanningBoardPage />, { route: '/apps/planning-kanban-board/board', url: '/apps/planning-kanban-board/board' });
      await screen.findByRole('region', { name: 'Por planificar' });
      return view;
    };

    it("reloads the board on 'planningBoardChanged' (another user's move shows without a reload) and stops listening when it leaves", async () => {
      const { serveChanged, loads } = serve();
      const view = await render();
      expect(live.handlers.get(PLANNING_BOARD_CHANGED)?.size).toBe(1);
      expect(loads()).toBe(1);

      serveChanged();
      live.emit(PLANNING_BOARD_CHANGED, { order_id: 1, to_column: 'planned', to_line_id: 5, position: 0 });
      await waitFor(() => expect(within(region('Planificada · Prensa 1')).queryByText('OP-1')).not.toBeNull());
      expect(within(region('Por planificar')).queryByText('OP-1')).toBeNull();
      expect(loads()).toBe(2);

      view.unmount();
      expect(live.handlers.get(PLANNING_BOARD_CHANGED)?.size ?? 0).toBe(0);
      expect(live.catchUp.size).toBe(0);
    });

    it('reloads after the socket (re)connects', async () => {
      const { serveChanged, loads } = serve();
      await render();
      serveChanged();
      live.connected();
      await waitFor(() => expect(loads()).toBe(2));
      await waitFor(() => expect(within(region('Planificada · Prensa 1')).queryByText('OP-1')).not.toBeNull());
    });

    it('waits for a card being dragged with the keyboard to be dropped before reloading', async () => {
      const { serveChanged, loads } = serve();
      await render();
      const dragged = await screen.findByRole('button', { name: 'Mover OP-2' });
      dragged.focus();
      fireEvent.keyDown(dragged, { key: ' ', code: 'Space' });
      await waitFor(() => expect(dragged.getAttribute('aria-pressed')).toBe('true'));

      serveChanged();
      live.emit(PLANNING_BOARD_CHANGED, { order_id: 1, to_column: 'planned', to_line_id: 5, position: 0 });
      await new Promise((done) => setTimeout(done, 50));
      expect(loads()).toBe(1);
      expect(within(region('Por planificar')).queryByText('OP-1')).not.toBeNull();

      fireEvent.keyDown(document.activeElement ?? dragged, { key: 'Escape', code: 'Escape' });
      await waitFor(() => expect(loads()).toBe(2));
      await waitFor(() => expect(within(region('Planificada · Prensa 1')).queryByText('OP-1')).not.toBeNull());
    });
  });
});
