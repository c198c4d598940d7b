import '../testing/jsdom.setup';
import { FluentProvider, MenuItem, webLightTheme } from '@fluentui/react-components';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@planta/i18n';
import { openedDialog } from '../testing/dialogs';
import { Kanban, KANBAN_MOVE_CANCELLED, kanbanDropIndex, moveKanbanCard, type KanbanColumn, type KanbanProps } from './kanban';

interface Task {
  id: number;
  name: string;
}
const COLUMNS: KanbanColumn<Task>[] = [
  {
    id: 'todo',
    title: 'Por hacer',
    cards: [
      { id: 1, name: 'T-1' },
      { id: 2, name: 'T-2' },
    ],
  },
  { id: 'doing', title: 'En curso', cards: [], caption: 'WIP 0' },
  { id: 'done', title: 'Hecha', cards: [] },
];
const key = (task: Task) => task.id;

/** A page with a board over `COLUMNS`: `onMove` answers as told, and an accepted move goes into the page's columns. */
function Board({ onMove, ...props }: Partial<KanbanProps<Task>> & { onMove: KanbanProps<Task>['onMove'] }) {
  const [columns, setColumns] = useState(COLUMNS);
  return (
    <Kanban
      label="Tareas"
      columns={columns}
      cardKey={key}
      cardLabel={(task) => task.name}
      renderCard={(task) => <span>{task.name}</span>}
      canMove
      onMove={async (card, from, to, index) => {
        const answer = await onMove(card, from, to, index);
        if (answer !== KANBAN_MOVE_CANCELLED) setColumns((current) => moveKanbanCard(current, key, card.id, to, index));
        return answer;
      }}
      {...props}
    />
  );
}

function show(element: React.ReactElement) {
  return render(
    <I18nextProvider i18n={createI18n('es')}>
      <FluentProvider theme={webLightTheme}>{element}</FluentProvider>
    </I18nextProvider>,
  );
}
const column = (name: string) => screen.getByRole('region', { name });
const announcer = () => screen.getByTestId('kanban-announcer').textContent;
const press = (element: Element, key: string) => fireEvent.keyDown(element, { key });

describe('moveKanbanCard', () => {
  it('moves a card to the end of another column and leaves the rest', () => {
    const moved = moveKanbanCard(COLUMNS, key, 1, 'done');
    expect(moved.map((c) => c.cards.map(key))).toEqual([[2], [], [1]]);
    expect(moveKanbanCard(COLUMNS, key, 9, 'done')).toEqual(COLUMNS);
    expect(moveKanbanCard(COLUMNS, key, 1, 'nowhere')).toEqual(COLUMNS);
  });

  it('puts a card at a place of a column, counted without it', () => {
    expect(moveKanbanCard(COLUMNS, key, 2, 'todo', 0).map((c) => c.cards.map(key))).toEqual([[2, 1], [], []]);
    expect(moveKanbanCard(COLUMNS, key, 1, 'todo', 1).map((c) => c.cards.map(key))).toEqual([[2, 1], [], []]);
    expect(moveKanbanCard(COLUMNS, key, 1, 'doing', 7).map((c) => c.cards.map(key))).toEqual([[2], [1], []]);
  });

  it('finds where a drop over another card lands: in front of it, or after it from below its middle', () => {
    const todo = { id: 'todo', title: 'Por hacer', cards: [1, 2, 3].map((id) => ({ id, name: `T-${id}` })) };
    expect(kanbanDropIndex(todo, key, 3, 1, false)).toBe(0);
    expect(kanbanDropIndex(todo, key, 3, 1, true)).toBe(1);
    expect(kanbanDropIndex(todo, key, 1, 3, true)).toBe(2);
    // Over the column itself (no card): the end.
    expect(kanbanDropIndex(todo, key, 1, null, false)).toBe(2);
    expect(kanbanDropIndex(todo, key, 9, null, false)).toBe(3);
  });
});

describe('Kanban', () => {
  it('shows the columns with their counts, captions and the empty text', async () => {
    show(<Board onMove={jest.fn()} emptyText="Nada aquí" />);
    const todo = await screen.findByRole('region', { name: 'Por hacer' });
    expect(within(todo).getByText('T-1')).toBeTruthy();
    expect(within(todo).getByLabelText('Tarjetas: 2').textContent).toBe('2');
    expect(within(column('En curso')).getByText('WIP 0')).toBeTruthy();
    expect(within(column('Hecha')).getByText('Nada aquí')).toBeTruthy();
    // An empty column with nothing else to say is a thin strip (labelled, counted); one with a caption keeps its width.
    expect(column('Hecha').getAttribute('data-collapsed')).toBe('true');
    expect(within(column('Hecha')).getByLabelText('Tarjetas: 0').textContent).toBe('0');
    expect(column('En curso').getAttribute('data-collapsed')).toBeNull();
    expect(todo.getAttribute('data-collapsed')).toBeNull();
  });

  it('announces a move cancelled in a dialog of the page (a reason asked for) as cancelled, never as done', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const onMove = jest.fn(() => new Promise((resolve) => (answer = resolve)));
    show(<Board onMove={onMove} />);
    const handle = await screen.findByRole('button', { name: 'Mover T-1' });
    press(handle, ' ');
    press(handle, 'ArrowRight');
    press(handle, ' ');
    // The page asks for its reason meanwhile; the card waits in its new column.
    expect(onMove).toHaveBeenCalledWith({ id: 1, name: 'T-1' }, 'todo', 'doing', 0);
    expect(within(column('En curso')).getByText('T-1')).toBeTruthy();
    await act(async () => answer(KANBAN_MOVE_CANCELLED));
    expect(within(column('Por hacer')).getByText('T-1')).toBeTruthy();
    expect(within(column('En curso')).queryByText('T-1')).toBeNull();
    expect(announcer()).toBe('Movimiento cancelado: T-1 sigue en Por hacer.');
    expect(screen.queryByTestId('kanban-refusal')).toBeNull();
  });

  it('moves a card with the keyboard: pick up, arrows between columns, drop; announced in Spanish', async () => {
    const onMove = jest.fn(() => Promise.resolve());
    show(<Board onMove={onMove} />);
    const handle = await screen.findByRole('button', { name: 'Mover T-1' });
    handle.focus();
    press(handle, ' ');
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    expect(announcer()).toBe('T-1 levantada en Por hacer. Elige la columna con las flechas.');
    press(handle, 'ArrowRight');
    expect(announcer()).toBe('T-1 sobre En curso.');
    press(handle, 'ArrowRight');
    press(handle, 'ArrowRight');
    expect(announcer()).toBe('T-1 sobre Hecha.');
    press(handle, 'ArrowLeft');
    await act(async () => press(handle, 'Enter'));
    expect(onMove).toHaveBeenCalledWith({ id: 1, name: 'T-1' }, 'todo', 'doing', 0);
    expect(within(column('En curso')).getByText('T-1')).toBeTruthy();
    expect(within(column('Por hacer')).queryByText('T-1')).toBeNull();
    expect(announcer()).toBe('T-1 movida a En curso.');
    // The moved card keeps the focus in its new column.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Mover T-1'));
  });

  it('Escape puts a carried card back without a call', async () => {
    const onMove = jest.fn(() => Promise.resolve());
    show(<Board onMove={onMove} />);
    const handle = await screen.findByRole('button', { name: 'Mover T-2' });
    press(handle, 'Enter');
    press(handle, 'ArrowRight');
    press(handle, 'Escape');
    expect(onMove).not.toHaveBeenCalled();
    expect(handle.getAttribute('aria-pressed')).toBe('false');
    expect(announcer()).toBe('Movimiento cancelado: T-2 sigue en Por hacer.');
  });

  it("puts the card back and shows the server's refusal", async () => {
    let refuse: (error: Error) => void = () => undefined;
    const onMove = jest.fn(() => new Promise((_, reject) => (refuse = reject)));
    show(<Board onMove={onMove} />);
    const handle = await screen.findByRole('button', { name: 'Mover T-1' });
    press(handle, ' ');
    press(handle, 'ArrowRight');
    press(handle, ' ');
    // Optimistic: in its new column while the server answers.
    expect(within(column('En curso')).getByText('T-1')).toBeTruthy();
    await act(async () => refuse(new Error('La tarjeta cambió; vuelve a intentarlo')));
    expect(within(column('Por hacer')).getByText('T-1')).toBeTruthy();
    expect(within(column('En curso')).queryByText('T-1')).toBeNull();
    expect(screen.getByTestId('kanban-refusal').textContent).toContain('La tarjeta cambió; vuelve a intentarlo');
    expect(announcer()).toBe('No se movió T-1: La tarjeta cambió; vuelve a intentarlo');
    // Back in its column, the card's Move button still has the focus.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Mover T-1'));
  });

  it('refuses before any call what whyNot forbids, and says why while over that column', async () => {
    const onMove = jest.fn(() => Promise.resolve());
    const whyNot = (_: Task, __: string, to: string) => (to === 'done' ? 'Primero pásala a En curso' : null);
    show(<Board onMove={onMove} whyNot={whyNot} />);
    const handle = await screen.findByRole('button', { name: 'Mover T-1' });
    press(handle, ' ');
    press(handle, 'ArrowDown');
    press(handle, 'ArrowDown');
    expect(announcer()).toBe('T-1 sobre Hecha: Primero pásala a En curso');
    press(handle, ' ');
    expect(onMove).not.toHaveBeenCalled();
    expect(within(column('Por hacer')).getByText('T-1')).toBeTruthy();
    expect(screen.getByTestId('kanban-refusal').textContent).toContain('Primero pásala a En curso');
  });

  it('opens a card on click and has no Move button when read-only', async () => {
    const onOpen = jest.fn();
    show(<Board onMove={jest.fn()} onOpen={onOpen} canMove={false} />);
    fireEvent.click(await screen.findByText('T-2'));
    expect(onOpen).toHaveBeenCalledWith({ id: 2, name: 'T-2' });
    expect(screen.queryByRole('button', { name: /^Mover/ })).toBeNull();
  });

  it('tells the live refresh when a keyboard move starts and settles', async () => {
    const live = { dragStarted: jest.fn(), dragEnded: jest.fn(), dragCancelled: jest.fn(), settled: jest.fn() };
    show(<Board onMove={() => Promise.resolve()} live={live} />);
    const handle = await screen.findByRole('button', { name: 'Mover T-1' });
    press(handle, ' ');
    expect(live.dragStarted).toHaveBeenCalledTimes(1);
    press(handle, 'ArrowRight');
    await act(async () => press(handle, ' '));
    expect(live.dragEnded).toHaveBeenCalledTimes(1);
    expect(live.settled).toHaveBeenCalledTimes(1);
  });

  describe("'Mover a…' in the card's menu", () => {
    /** Opens the card's 'Mover a…' (see openedDialog for why the queries in it include hidden elements). */
    const openMoveTo = async (card: string) => {
      fireEvent.click(await screen.findByRole('button', { name: `Acciones de ${card}` }, { timeout: 5_000 }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Mover a…' }, { timeout: 5_000 }));
      return waitFor(() => openedDialog(`Mover ${card} a…`, { role: 'combobox', name: 'Columna' }), { timeout: 5_000 });
    };

    it('moves a card to the column chosen, through the same move as a drag', async () => {
      const onMove = jest.fn(() => Promise.resolve());
      show(<Board onMove={onMove} />);
      const dialog = await openMoveTo('T-2');
      const choose = within(dialog).getByRole('combobox', { name: 'Columna', hidden: true });
      expect(
        within(choose)
          .getAllByRole('option', { hidden: true })
          .map((option) => option.textContent),
      ).toEqual(['Por hacer (actual)', 'En curso', 'Hecha']);
      // Where it is already, there is nothing to move.
      expect((within(dialog).getByRole('button', { name: 'Mover', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(choose, { target: { value: 'done' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mover', hidden: true })));
      expect(onMove).toHaveBeenCalledWith({ id: 2, name: 'T-2' }, 'todo', 'done', 0);
      expect(within(column('Hecha')).getByText('T-2')).toBeTruthy();
      expect(announcer()).toBe('T-2 movida a Hecha.');
    });

    it('chooses the place on an ordered board, and says what whyNot refuses before any call', async () => {
      const onMove = jest.fn(() => Promise.resolve());
      const whyNot = (_: Task, __: string, to: string) => (to === 'done' ? 'Primero pásala a En curso' : null);
      show(<Board onMove={onMove} ordered whyNot={whyNot} />);
      const dialog = await openMoveTo('T-2');
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Columna', hidden: true }), { target: { value: 'done' } });
      expect(within(dialog).getByText('Primero pásala a En curso')).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Mover', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Columna', hidden: true }), { target: { value: 'todo' } });
      const place = within(dialog).getByRole('combobox', { name: 'Posición', hidden: true });
      expect(
        within(place)
          .getAllByRole('option', { hidden: true })
          .map((option) => option.textContent),
      ).toEqual(['1 · antes de T-1', '2 · al final']);
      fireEvent.change(place, { target: { value: '0' } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mover', hidden: true })));
      expect(onMove).toHaveBeenCalledWith({ id: 2, name: 'T-2' }, 'todo', 'todo', 0);
      expect(
        within(column('Por hacer'))
          .getAllByText(/^T-/)
          .map((card) => card.textContent),
      ).toEqual(['T-2', 'T-1']);
    });

    it('asks before a move warnBefore warns about: cancel leaves the card, confirm moves it', async () => {
      const onMove = jest.fn(() => Promise.resolve());
      const warnBefore = (_: Task, __: string, to: string) => (to === 'doing' ? 'Prensa 2 está detenida: Falla hidráulica' : null);
      show(<Board onMove={onMove} warnBefore={warnBefore} />);
      let dialog = await openMoveTo('T-1');
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Columna', hidden: true }), { target: { value: 'doing' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mover', hidden: true }));
      const warning = await screen.findByRole('alertdialog', { name: '¿Mover igualmente?', hidden: true }, { timeout: 5_000 });
      expect(within(warning).getByText('Prensa 2 está detenida: Falla hidráulica')).toBeTruthy();
      fireEvent.click(within(warning).getByText('Cancelar'));
      await waitFor(() => expect(screen.queryByTestId('kanban-warning')).toBeNull());
      expect(onMove).not.toHaveBeenCalled();
      expect(within(column('Por hacer')).getByText('T-1')).toBeTruthy();

      dialog = await openMoveTo('T-1');
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Columna', hidden: true }), { target: { value: 'doing' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mover', hidden: true }));
      await act(async () => fireEvent.click(await screen.findByText('Mover igualmente')));
      expect(onMove).toHaveBeenCalledWith({ id: 1, name: 'T-1' }, 'todo', 'doing', 0);
      expect(within(column('En curso')).getByText('T-1')).toBeTruthy();
    });

    it("keeps the card's own actions in its menu, and has no 'Mover a…' when read-only", async () => {
      const chosen = jest.fn();
      show(<Board onMove={jest.fn()} canMove={false} cardActions={(task) => <MenuItem onClick={() => chosen(task.id)}>Abrir</MenuItem>} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Acciones de T-1' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Abrir' }));
      expect(chosen).toHaveBeenCalledWith(1);
      expect(screen.queryByRole('menuitem', { name: 'Mover a…' })).toBeNull();
    });
  });

  describe('touch', () => {
    const touch = (element: Element, type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      fireEvent[type](element, { touches: type === 'touchEnd' ? [] : [{ clientX: x, clientY: y }], changedTouches: [{ clientX: x, clientY: y }] });
    afterEach(() => jest.useRealTimers());

    it('a swipe on a card does not pick it up (the column scrolls); resting on it does', async () => {
      const live = { dragStarted: jest.fn(), dragEnded: jest.fn(), dragCancelled: jest.fn(), settled: jest.fn() };
      const onMove = jest.fn(() => Promise.resolve());
      show(<Board onMove={onMove} live={live} />);
      const card = (await screen.findByText('T-1')).closest('article')!;
      jest.useFakeTimers();
      // A vertical swipe: the finger moves at once, beyond the few pixels a resting finger drifts.
      touch(card, 'touchStart', 100, 100);
      touch(card, 'touchMove', 100, 80);
      act(() => jest.advanceTimersByTime(1000));
      touch(card, 'touchMove', 100, 20);
      touch(card, 'touchEnd', 100, 20);
      expect(live.dragStarted).not.toHaveBeenCalled();
      expect(onMove).not.toHaveBeenCalled();

      // A finger resting (a few pixels of drift) picks the card up once the hold is long enough.
      touch(card, 'touchStart', 100, 100);
      touch(card, 'touchMove', 102, 103);
      act(() => jest.advanceTimersByTime(150));
      expect(live.dragStarted).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(150));
      expect(live.dragStarted).toHaveBeenCalledTimes(1);
      expect(announcer()).toBe('T-1 levantada en Por hacer. Elige la columna con las flechas.');
      touch(card, 'touchEnd', 102, 103);
    });
  });
});
