import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';

/** One column (or swimlane) of a board: its id is what a move sends as the target. */
export interface KanbanColumn<C> {
  id: string;
  title: string;
  cards: readonly C[];
  /** A short text beside the title (a WIP figure, a window). */
  caption?: string;
  /** The figure of the header's badge when the column holds more than the cards it shows. */
  count?: number;
  /** Shown under the header (a stopped press). */
  notice?: ReactNode;
  /** Shown under the cards ('Ver más'). */
  footer?: ReactNode;
}

/** What a board tells `useBoardLiveRefresh` so that a live reload waits for a drop to settle. */
export interface KanbanLiveHooks {
  dragStarted: () => void;
  dragEnded: () => void;
  dragCancelled: () => void;
  settled: () => void;
}

export interface KanbanProps<C> {
  /** The board's accessible name. */
  label: string;
  columns: readonly KanbanColumn<C>[];
  /** 'columns' side by side (states), or 'lanes' one under the other (people). */
  layout?: 'columns' | 'lanes';
  cardKey: (card: C) => string | number;
  /** How the card is named in announcements ('NC-2026-0007'). */
  cardLabel: (card: C) => string;
  renderCard: (card: C) => ReactNode;
  /** A click on the card (not on its controls). */
  onOpen?: (card: C) => void;
  /** False: the board is read-only (no drag, no move button). */
  canMove: boolean;
  /** Why the card may not go there (Spanish), checked before any call; null when it may. */
  whyNot?: (card: C, from: string, to: string) => string | null;
  /**
   * A warning the user confirms or cancels before the move goes (a press that is stopped), the
   * same for a drag, a keyboard move and 'Mover a…'; null when there is nothing to warn about.
   */
  warnBefore?: (card: C, from: string, to: string) => string | null;
  /** The cards of a column have an order of their own: a drop (or 'Mover a…') chooses the place. */
  ordered?: boolean;
  /**
   * Saves the move and resolves once `columns` hold it (the card shows in its new column until
   * then); its rejection (the server's refusal) puts the card back and shows the message; its
   * answer `KANBAN_MOVE_CANCELLED` (the user cancelled a dialog the move asked) puts it back, announced as cancelled.
   * `index`: the card's place in `to`, counted without it (an ordered board; else the end).
   */
  onMove: (card: C, from: string, to: string, index: number) => Promise<unknown>;
  /** The card's own actions (Fluent `MenuItem`s), in its menu before 'Mover a…'. */
  cardActions?: (card: C) => ReactNode;
  /** The board's data-testid. */
  testId?: string;
  /** The text of an empty column; the shared 'Sin tarjetas' by default. */
  emptyText?: string;
  live?: KanbanLiveHooks;
}

/**
 * What `onMove` answers when the user cancelled the move in a dialog of the page (a reason asked
 * for): nothing was saved, so the board announces the move as cancelled, not as done.
 * `Symbol.for`: the same value in every copy of this library a federated page may load.
 */
export const KANBAN_MOVE_CANCELLED = Symbol.for('planta.kanban.moveCancelled');

/**
 * The columns with one card moved to `index` of `to` (counted without it; the end by default):
 * what the board shows while a move is saved.
 */
export function moveKanbanCard<C>(
  columns: readonly KanbanColumn<C>[],
  cardKey: (card: C) => string | number,
  key: string | number,
  to: string,
  index = Number.MAX_SAFE_INTEGER,
): KanbanColumn<C>[] {
  const card = columns.flatMap((column) => column.cards).find((candidate) => cardKey(candidate) === key);
  if (card === undefined || !columns.some((column) => column.id === to)) return [...columns];
  return columns.map((column) => {
    const cards = column.cards.filter((candidate) => cardKey(candidate) !== key);
    if (column.id === to) cards.splice(Math.max(0, Math.min(index, cards.length)), 0, card);
    return { ...column, cards };
  });
}

/** The place of a card in its column, counted as `index` of a move counts (0 first). */
export const kanbanIndexOf = <C,>(column: KanbanColumn<C>, cardKey: (card: C) => string | number, key: string | number) =>
  column.cards.findIndex((card) => cardKey(card) === key);

/**
 * Where a card dropped over `overKey` (another card of `column`) lands, counted without the card:
 * in front of it, or after it when the dragged card's middle is below the other's (`below`).
 */
export function kanbanDropIndex<C>(
  column: KanbanColumn<C>,
  cardKey: (card: C) => string | number,
  key: string | number,
  overKey: string | number | null,
  below: boolean,
): number {
  const others = column.cards.filter((card) => cardKey(card) !== key);
  const at = overKey === null ? -1 : others.findIndex((card) => cardKey(card) === overKey);
  return at < 0 ? others.length : at + (below ? 1 : 0);
}

/** The column a card is in. */
export const kanbanColumnOf = <C,>(columns: readonly KanbanColumn<C>[], cardKey: (card: C) => string | number, key: string | number) =>
  columns.find((column) => column.cards.some((card) => cardKey(card) === key));

// The board with its drag-and-drop library is a chunk of its own: the shared library every screen
// loads (and the shell) stays without it; only the pages that show a board fetch it.
const KanbanView = lazy(() => import('./kanban.view'));

/**
 * A generic, accessible kanban board: columns or lanes with their counts, cards dragged with a
 * mouse or, after a press and hold, a finger (a swipe scrolls), moved with the keyboard (its Move
 * button: Space/Enter, arrows, Space/Enter, announced in the page's language) or with 'Mover a…'
 * in the card's menu; an optimistic move put back with the refusal's message.
 */
export function Kanban<C>(props: KanbanProps<C>) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <KanbanView {...(props as unknown as KanbanProps<unknown>)} />
    </Suspense>
  );
}
