import '../testing/jsdom.setup';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@planta/i18n';
import { Kanban, moveKanbanCard, type KanbanColumn, type KanbanProps } from './kanban';

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
      onMove={async (card, from, to) => {
        await onMove(card, from, to);
        setColumns((current) => moveKanbanCard(current, key, card.id, to));
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
});

describe('Kanban', () => {
  it('shows the columns with their counts, captions and the empty text', async () => {
    show(<Board onMove={jest.fn()} emptyText="Nada aquí" />);
    const todo = await screen.findByRole('region', { name: 'Por hacer' });
    expect(within(todo).getByText('T-1')).toBeTruthy();
    expect(within(todo).getByLabelText('Tarjetas: 2').textContent).toBe('2');
    expect(within(column('En curso')).getByText('WIP 0')).toBeTruthy();
    expect(within(column('Hecha')).getByText('Nada aquí')).toBeTruthy();
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
    expect(onMove).toHaveBeenCalledWith({ id: 1, name: 'T-1' }, 'todo', 'doing');
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
});
