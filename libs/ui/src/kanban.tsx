import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from './loading-screen';

/** One column (or swimlane) of a board: its id is what a move sends as the target. */
export interface KanbanColumn<C> {
  id: string;
  title: string;
  cards: readonly C[];
  /** A short text beside the title (a WIP figure, a window). */
  caption?: string;
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
   * Saves the move and resolves once `columns` hold it (the card shows in its new column until
   * then); its rejection (the server's refusal) puts the card back and shows the message.
   */
  onMove: (card: C, from: string, to: string) => Promise<unknown>;
  /** The text of an empty column; the shared 'Sin tarjetas' by default. */
  emptyText?: string;
  live?: KanbanLiveHooks;
}

/** The columns with one card moved to the end of `to` (what the board shows while a move is saved). */
export function moveKanbanCard<C>(
  columns: readonly KanbanColumn<C>[],
  cardKey: (card: C) => string | number,
  key: string | number,
  to: string,
): KanbanColumn<C>[] {
  const card = columns.flatMap((column) => column.cards).find((candidate) => cardKey(candidate) === key);
  if (card === undefined || !columns.some((column) => column.id === to)) return [...columns];
  return columns.map((column) => {
    const cards = column.cards.filter((candidate) => cardKey(candidate) !== key);
    return { ...column, cards: column.id === to ? [...cards, card] : cards };
  });
}

/** The column a card is in. */
export const kanbanColumnOf = <C,>(columns: readonly KanbanColumn<C>[], cardKey: (card: C) => string | number, key: string | number) =>
  columns.find((column) => column.cards.some((card) => cardKey(card) === key));

// The board with its drag-and-drop library is a chunk of its own: the shared library every screen
// loads (and the shell) stays without it; only the pages that show a board fetch it.
const KanbanView = lazy(() => import('./kanban.view'));

/**
 * A generic, accessible kanban board: columns or lanes with their counts, cards dragged with a
 * mouse or a finger, or moved with the keyboard (its Move button: Space/Enter, arrows, Space/Enter,
 * announced in the page's language), an optimistic move put back with the refusal's message.
 */
export function Kanban<C>(props: KanbanProps<C>) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <KanbanView {...(props as unknown as KanbanProps<unknown>)} />
    </Suspense>
  );
}
