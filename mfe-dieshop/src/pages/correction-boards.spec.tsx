import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CORRECTION_BOARD_CHANGED, correctionMessages, type CorrectionBoard, type CorrectionCard, type CorrectorBoard } from '@planta/contracts';
import { ALL_GRANTS, currentPath, mockApi, on, renderPage } from '@planta/ui/testing';
import CorrectionBoardPage from './correction-board.page';
import { byDueDate, matches, NO_FILTERS, placeCorrectionCard, placeCorrectorCard } from './correction-boards.model';
import CorrectorBoardPage from './corrector-board.page';

/** A fake realtime channel: the page's subscriptions land here, and `emit()` plays an event. */
const live = {
  handlers: new Map<string, Set<(payload: unknown) => void>>(),
  emit(event: string, payload?: unknown) {
    act(() => live.handlers.get(event)?.forEach((handler) => handler(payload)));
  },
};
jest.mock('@planta/session', () => ({
  ...jest.requireActual('@planta/session'),
  subscribe: (event: string, handler: (payload: unknown) => void) => {
    if (!live.handlers.has(event)) live.handlers.set(event, new Set());
    live.handlers.get(event)!.add(handler);
    return () => live.handlers.get(event)?.delete(handler);
  },
  onCatchUp: () => () => undefined,
}));

const card = (id: number, overrides: Partial<CorrectionCard> = {}): CorrectionCard => ({
  id,
  number: `NC-2026-000${id}`,
  die_id: 10 + id,
  die_label: `EN-104${id}-1`,
  die_state: 'correction',
  profile_code: 'P-40',
  origin: 'press',
  order_die_id: null,
  order_number: null,
  defect_id: 1,
  defect_name: 'Pared fuera de tolerancia',
  dimension_label: 'A',
  measured_mm: 2.3,
  nominal_mm: 2,
  tol_minus: 0.1,
  tol_plus: 0.1,
  description: 'Pared gruesa',
  severity: 'major',
  assigned_corrector_id: null,
  corrector_name: null,
  due_at: null,
  status: 'reported',
  effectiveness: 'pending',
  auto_draft: false,
  has_canvas: false,
  created_by: 1,
  created_by_name: 'Jefa de turno',
  opened_at: '2026-11-20T08:00:00Z',
  closed_at: null,
  attempts: 0,
  current_attempt: null,
  overdue: false,
  comment_count: 0,
  version: 3,
  ...overrides,
});
const ANA = { assigned_corrector_id: 7, corrector_name: 'Ana Matricera' };
const BOARD: CorrectionBoard = {
  columns: [
    { status: 'reported', cards: [card(1), card(2, { status: 'draft', auto_draft: true, severity: 'critical' })] },
    { status: 'analysis', cards: [card(3, { status: 'analysis', ...ANA, due_at: '2026-11-01', overdue: true })] },
    { status: 'assigned', cards: [] },
    {
      status: 'in_correction',
      cards: [
        card(4, { status: 'in_correction', ...ANA, attempts: 2, current_attempt: { id: 9, attempt_no: 2, operations_count: 0, trial_result: 'pending' } }),
      ],
    },
    { status: 'in_trial', cards: [] },
    { status: 'closed', cards: [] },
  ],
};
const BOARD_URL = '/apps/correction-kanban-board';
const region = (name: string) => screen.getByRole('region', { name });
const press = (element: Element, key: string) => fireEvent.keyDown(element, { key });
/** Carries a card with the keyboard `steps` columns on (negative: back) and drops it. */
async function keyboardMove(number: string, steps: number) {
  const handle = screen.getByRole('button', { name: `Mover ${number}` });
  handle.focus();
  press(handle, ' ');
  for (let step = 0; step < Math.abs(steps); step++) press(handle, steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  await act(async () => press(handle, ' '));
}

describe('correction boards model', () => {
  it('filters by corrector (or none), severity and overdue', () => {
    const cards = BOARD.columns.flatMap((column) => column.cards);
    expect(cards.filter((c) => matches(c, NO_FILTERS)).map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(cards.filter((c) => matches(c, { ...NO_FILTERS, corrector: '7' })).map((c) => c.id)).toEqual([3, 4]);
    expect(cards.filter((c) => matches(c, { ...NO_FILTERS, corrector: 'none' })).map((c) => c.id)).toEqual([1, 2]);
    expect(cards.filter((c) => matches(c, { ...NO_FILTERS, severity: 'critical' })).map((c) => c.id)).toEqual([2]);
    expect(cards.filter((c) => matches(c, { ...NO_FILTERS, overdue: true })).map((c) => c.id)).toEqual([3]);
  });

  it("puts a moved card in its state's column, and a reassigned one in its corrector's lane by due date", () => {
    const moved = placeCorrectionCard(BOARD, card(1, { status: 'analysis', version: 4 }));
    expect(moved.columns.map((column) => column.cards.map((c) => c.id))).toEqual([[2], [3, 1], [], [4], [], []]);
    expect(placeCorrectionCard(BOARD, card(1, { status: 'discarded' })).columns[0].cards.map((c) => c.id)).toEqual([2]);
    const lanes: CorrectorBoard = {
      lanes: [{ corrector: { id: 7, name: 'Ana Matricera' }, cards: [card(3, { ...ANA, due_at: '2026-11-01' })] }],
      unassigned: [card(1)],
    };
    const reassigned = placeCorrectorCard(lanes, card(1, { ...ANA, due_at: '2026-10-01' }));
    expect(reassigned.lanes[0].cards.map((c) => c.id)).toEqual([1, 3]);
    expect(reassigned.unassigned).toEqual([]);
    expect([card(5), card(6, { due_at: '2026-12-01' })].sort(byDueDate).map((c) => c.id)).toEqual([6, 5]);
  });
});

describe('CorrectionBoardPage', () => {
  const render = async (grants = ALL_GRANTS) => {
    const view = renderPage(<CorrectionBoardPage />, { url: BOARD_URL, grants });
    await screen.findByRole('region', { name: 'Reportada' });
    return view;
  };

  it('shows the six columns with their cards: drafts in Reportada with their badge, overdue marked, attempts', async () => {
    mockApi(on('GET', '/api/correction-board', 200, BOARD));
    await render();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Reportada',
      'En análisis',
      'Asignada',
      'En corrección',
      'En prueba',
      'Cerrada (eficaz)',
    ]);
    const draft = within(region('Reportada')).getByRole('article', { name: 'NC-2026-0002' });
    expect(within(draft).getByText('Borrador')).toBeTruthy();
    expect(within(draft).getByText('Crítica')).toBeTruthy();
    expect(within(draft).getByText('EN-1042-1')).toBeTruthy();
    expect(within(draft).getByText('Sin asignar')).toBeTruthy();
    const late = within(region('En análisis')).getByRole('article', { name: 'NC-2026-0003' });
    expect(within(late).getByTestId('overdue').textContent).toBe('Vencida · 01/11/2026');
    expect(within(late).getByText('Ana Matricera')).toBeTruthy();
    expect(within(region('En corrección')).getByText('Intentos: 2')).toBeTruthy();
    expect(within(region('Asignada')).getByText('Sin correcciones')).toBeTruthy();
    expect(within(region('Cerrada (eficaz)')).getByText('últimos 30 días')).toBeTruthy();
  });

  it("moves a card with the keyboard: the move is sent with the card's version and the card stays where the server put it", async () => {
    const api = mockApi(
      on('GET', '/api/correction-board', 200, BOARD),
      on('POST', '/api/correction-board/move', 200, card(1, { status: 'analysis', version: 4 })),
    );
    await render();
    await keyboardMove('NC-2026-0001', 1);
    expect(api.calls('POST', '/api/correction-board/move').map((call) => call.body)).toEqual([{ id: 1, to: 'analysis', version: 3 }]);
    expect(within(region('En análisis')).getByRole('article', { name: 'NC-2026-0001' })).toBeTruthy();
    expect(within(region('Reportada')).queryByRole('article', { name: 'NC-2026-0001' })).toBeNull();
    expect(screen.getByTestId('kanban-announcer').textContent).toBe('NC-2026-0001 movida a En análisis.');
  });

  it("refuses an illegal move with the contract's reason, without a call", async () => {
    const api = mockApi(on('GET', '/api/correction-board', 200, BOARD));
    await render();
    await keyboardMove('NC-2026-0004', 1);
    expect(api.calls('POST', '/api/correction-board/move')).toEqual([]);
    expect(screen.getByTestId('kanban-refusal').textContent).toContain(correctionMessages.operationsFirst);
    expect(within(region('En corrección')).getByRole('article', { name: 'NC-2026-0004' })).toBeTruthy();
  });

  it("asks who corrects a card dropped on 'Asignada' without a corrector, and sends the choice with the move", async () => {
    const people = {
      correctors: [
        { id: 7, name: 'Carmen Villalba' },
        { id: 9, name: 'Andrés Olmedo' },
      ],
      mentionable: [],
    };
    const api = mockApi(
      on('GET', '/api/correction-board', 200, BOARD),
      on('GET', '/api/correction-people', 200, people),
      on('POST', '/api/correction-board/move', 200, card(1, { status: 'assigned', assigned_corrector_id: 9, corrector_name: 'Andrés Olmedo', version: 4 })),
    );
    await render();
    await keyboardMove('NC-2026-0001', 2);
    // In jsdom Fluent's modal may mark its own surface aria-hidden while the Move button takes the focus
    // back (hence `hidden` below); the browser test finds the dialog and its controls by role and name.
    const dialog = (await screen.findByText('Asignar corrector')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Corrector/, hidden: true }), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar', hidden: true }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/correction-board/move').map((request) => request.body)).toEqual([{ id: 1, to: 'assigned', version: 3, corrector_id: 9 }]),
    );
    await waitFor(() => expect(within(region('Asignada')).getByRole('article', { name: 'NC-2026-0001' })).toBeTruthy());
  });

  it('leaves the card where it was when the lead cancels the choice of corrector', async () => {
    const api = mockApi(
      on('GET', '/api/correction-board', 200, BOARD),
      on('GET', '/api/correction-people', 200, { correctors: [{ id: 7, name: 'Carmen Villalba' }], mentionable: [] }),
    );
    await render();
    await keyboardMove('NC-2026-0001', 2);
    // In jsdom Fluent's modal may mark its own surface aria-hidden while the Move button takes the focus
    // back (hence `hidden` below); the browser test finds the dialog and its controls by role and name.
    const dialog = (await screen.findByText('Asignar corrector')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('kanban-refusal').textContent).toContain('no se eligió corrector'));
    expect(api.calls('POST', '/api/correction-board/move')).toEqual([]);
    expect(within(region('Reportada')).getByRole('article', { name: 'NC-2026-0001' })).toBeTruthy();
  });

  it("puts the card back with the server's refusal and reads the board again", async () => {
    const api = mockApi(
      on('GET', '/api/correction-board', 200, BOARD),
      on('POST', '/api/correction-board/move', 409, { statusCode: 409, message: correctionMessages.staleVersion, error: 'Conflict' }),
    );
    await render();
    await keyboardMove('NC-2026-0003', -1);
    await waitFor(() => expect(screen.getByTestId('kanban-refusal').textContent).toContain(correctionMessages.staleVersion));
    expect(within(region('En análisis')).getByRole('article', { name: 'NC-2026-0003' })).toBeTruthy();
    expect(within(region('Reportada')).queryByRole('article', { name: 'NC-2026-0003' })).toBeNull();
    await waitFor(() => expect(api.calls('GET', '/api/correction-board')).toHaveLength(2));
  });

  it('filters by corrector, severity and overdue', async () => {
    mockApi(on('GET', '/api/correction-board', 200, BOARD));
    await render();
    const articles = () => screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Corrector' }), { target: { value: '7' } });
    expect(articles()).toEqual(['NC-2026-0003', 'NC-2026-0004']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo vencidas' }));
    expect(articles()).toEqual(['NC-2026-0003']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Gravedad' }), { target: { value: 'critical' } });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.getByText('Ninguna corrección coincide con los filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(articles()).toHaveLength(4);
  });

  it("reads the board again on 'correctionBoardChanged' and stops listening when it leaves", async () => {
    let board = BOARD;
    const api = mockApi(on('GET', '/api/correction-board', 200, () => board));
    const view = await render();
    board = placeCorrectionCard(BOARD, card(1, { status: 'analysis', version: 4 }));
    live.emit(CORRECTION_BOARD_CHANGED, { id: 1 });
    await waitFor(() => expect(within(region('En análisis')).queryByRole('article', { name: 'NC-2026-0001' })).not.toBeNull());
    expect(api.calls('GET', '/api/correction-board')).toHaveLength(2);
    view.unmount();
    expect(live.handlers.get(CORRECTION_BOARD_CHANGED)?.size ?? 0).toBe(0);
  });

  it('opens the record on a click; without the grant to move it is read-only', async () => {
    mockApi(on('GET', '/api/correction-board', 200, BOARD));
    await render({ ...ALL_GRANTS, 'correction-board': { read: true, insert: false, update: false, delete: false } });
    expect(screen.queryByRole('button', { name: /^Mover / })).toBeNull();
    expect(screen.getByText('Solo lectura: no tienes permiso para mover tarjetas.')).toBeTruthy();
    fireEvent.click(screen.getByText('EN-1043-1'));
    expect(currentPath()).toBe('/apps/correction-record/3');
  });
});

describe('CorrectorBoardPage', () => {
  const LANES: CorrectorBoard = {
    lanes: [
      {
        corrector: { id: 7, name: 'Ana Matricera' },
        cards: [card(3, { ...ANA, status: 'in_correction', due_at: '2026-11-01', overdue: true }), card(4, { ...ANA, status: 'assigned' })],
      },
      { corrector: { id: 8, name: 'Bruno Pulidor' }, cards: [] },
    ],
    unassigned: [card(1)],
  };
  const render = async () => {
    const view = renderPage(<CorrectorBoardPage />, { url: '/apps/corrector-kanban-board' });
    await screen.findByRole('region', { name: 'Sin asignar' });
    return view;
  };

  it('shows one lane per corrector with the queue and what is in progress, and Sin asignar', async () => {
    mockApi(on('GET', '/api/corrector-board', 200, LANES));
    await render();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Sin asignar', 'Ana Matricera', 'Bruno Pulidor']);
    const ana = region('Ana Matricera');
    expect(
      within(ana)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['NC-2026-0003', 'NC-2026-0004']);
    expect(within(ana).getByText('En curso: 1')).toBeTruthy();
    expect(within(ana).getByLabelText('Tarjetas: 2')).toBeTruthy();
    expect(within(ana).getByText('En corrección')).toBeTruthy();
    expect(within(region('Bruno Pulidor')).getByText('Sin correcciones')).toBeTruthy();
  });

  it('reassigns a card by moving it to another lane with the keyboard', async () => {
    const api = mockApi(
      on('GET', '/api/corrector-board', 200, LANES),
      on('POST', '/api/corrector-board/move', 200, card(1, { assigned_corrector_id: 8, corrector_name: 'Bruno Pulidor', version: 4 })),
    );
    await render();
    const handle = screen.getByRole('button', { name: 'Mover NC-2026-0001' });
    press(handle, 'Enter');
    press(handle, 'ArrowDown');
    press(handle, 'ArrowDown');
    expect(screen.getByTestId('kanban-announcer').textContent).toBe('NC-2026-0001 sobre Bruno Pulidor.');
    await act(async () => press(handle, 'Enter'));
    expect(api.calls('POST', '/api/corrector-board/move').map((call) => call.body)).toEqual([{ id: 1, corrector_id: 8, version: 3 }]);
    expect(within(region('Bruno Pulidor')).getByRole('article', { name: 'NC-2026-0001' })).toBeTruthy();
    expect(within(region('Sin asignar')).getByText('Sin correcciones')).toBeTruthy();
  });

  it('puts the card back when the server refuses, and is live', async () => {
    let lanes = LANES;
    const api = mockApi(
      on('GET', '/api/corrector-board', 200, () => lanes),
      on('POST', '/api/corrector-board/move', 422, { statusCode: 422, message: correctionMessages.correctorNotMember, error: 'Unprocessable Entity' }),
    );
    await render();
    const handle = screen.getByRole('button', { name: 'Mover NC-2026-0003' });
    press(handle, ' ');
    press(handle, 'ArrowUp');
    await act(async () => press(handle, ' '));
    await waitFor(() => expect(screen.getByTestId('kanban-refusal').textContent).toContain(correctionMessages.correctorNotMember));
    expect(within(region('Ana Matricera')).getByRole('article', { name: 'NC-2026-0003' })).toBeTruthy();
    await waitFor(() => expect(api.calls('GET', '/api/corrector-board')).toHaveLength(2));

    lanes = { ...LANES, unassigned: [] };
    live.emit(CORRECTION_BOARD_CHANGED, { id: 1 });
    await waitFor(() => expect(within(region('Sin asignar')).queryByRole('article')).toBeNull());
    expect(api.calls('GET', '/api/corrector-board')).toHaveLength(3);
  });
});
