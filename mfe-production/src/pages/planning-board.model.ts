import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BOARD_FINISHED_PAGE,
  planningBoardEndpoints,
  type BoardCard,
  type OrderStatus,
  type PlanningBoard,
  type PlanningBoardMove,
  type StopCause,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';

export type { BoardCard };
export type BoardData = PlanningBoard;

/** One column of the screen: to plan, planned per line, in press, finished. */
export interface BoardColumn {
  id: string;
  status: OrderStatus;
  lineId: number | null;
  lineName: string | null;
  cards: BoardCard[];
  /** The orders of the column matching the filters: more than `cards` when the column shows only some. */
  total: number;
  /** The line's press (or criticality-A machine) is stopped: which one, since when, why and by which failure report. */
  stopped?: { machineName: string; startedAt: string; cause: StopCause; failureReportNumber: string | null } | null;
}

export const columnId = (status: OrderStatus, lineId: number | null = null) => (status === 'planned' ? `planned:${lineId}` : status);
export const cardId = (card: Pick<BoardCard, 'id'>) => `order-${card.id}`;

export function toColumns(board: BoardData): BoardColumn[] {
  return [
    { id: columnId('to_plan'), status: 'to_plan', lineId: null, lineName: null, cards: board.to_plan, total: board.to_plan_total },
    ...board.planned.map((line) => ({
      id: columnId('planned', line.line_id),
      status: 'planned' as const,
      lineId: line.line_id,
      lineName: line.line_name,
      cards: line.cards,
      total: line.total,
      stopped: line.stopped
        ? {
            machineName: line.stopped.machine_name,
            startedAt: line.stopped.started_at,
            cause: line.stopped.cause,
            failureReportNumber: line.stopped.failure_report_number,
          }
        : null,
    })),
    { id: columnId('in_press'), status: 'in_press', lineId: null, lineName: null, cards: board.in_press, total: board.in_press_total },
    { id: columnId('finished'), status: 'finished', lineId: null, lineName: null, cards: board.finished, total: board.finished_total },
  ];
}

/** The columns after moving `orderId` to `index` of `targetId` (what the screen shows until the API answers). */
export function moveCard(columns: readonly BoardColumn[], orderId: number, targetId: string, index: number): BoardColumn[] {
  const card = columns.flatMap((column) => column.cards).find((candidate) => candidate.id === orderId);
  if (!card) return [...columns];
  const target = columns.find((column) => column.id === targetId);
  if (!target) return [...columns];
  const moved: BoardCard = { ...card, status: target.status, line_id: target.status === 'to_plan' ? null : (target.lineId ?? card.line_id) };
  return columns.map((column) => {
    const cards = column.cards.filter((candidate) => candidate.id !== orderId);
    if (column.id === targetId) cards.splice(Math.min(index, cards.length), 0, moved);
    // The totals follow the card: one less where it left, one more where it lands.
    return { ...column, cards, total: column.total + cards.length - column.cards.length };
  });
}

/** Where a drop with no card after it goes: the end of the column (the board may show only some of its cards). */
export const END_OF_COLUMN = 100_000;

/**
 * The `POST /api/planning-board/move` body for a drop at `index` of the cards `column` shows:
 * in front of the card now at that place (without the moved one), else at the end of the column.
 */
export function moveRequest(orderId: number, column: BoardColumn, index: number): PlanningBoardMove {
  const before = column.cards.filter((card) => card.id !== orderId)[index];
  return {
    order_id: orderId,
    to_column: column.status,
    to_line_id: column.status === 'planned' ? column.lineId : null,
    position: before ? index : END_OF_COLUMN,
    before_order_id: before?.id ?? null,
  };
}

/** What the board shows: search, one line, a due date range (YYYY-MM-DD), and how many finished orders. */
export interface BoardFilters {
  search: string;
  lineId: number | null;
  dueFrom: string;
  dueTo: string;
  finishedLimit: number;
}
export const NO_FILTERS: BoardFilters = { search: '', lineId: null, dueFrom: '', dueTo: '', finishedLimit: BOARD_FINISHED_PAGE };
/** Whether anything narrows the board (the finished window aside). */
export const isFiltered = (filters: BoardFilters) => !!(filters.search.trim() || filters.lineId || filters.dueFrom || filters.dueTo);

/** The query of `GET /api/planning-board` (and of a move) for these filters. */
export function boardQuery(filters: BoardFilters) {
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.lineId ? { line_id: filters.lineId } : {}),
    ...(filters.dueFrom ? { due_from: filters.dueFrom } : {}),
    ...(filters.dueTo ? { due_to: filters.dueTo } : {}),
    ...(filters.finishedLimit !== BOARD_FINISHED_PAGE ? { finished_limit: filters.finishedLimit } : {}),
  };
}

/**
 * The board's state for `filters`: load, and move with an optimistic update; a move the API
 * refuses (409 with its message) puts the card back where it was and rejects with the refusal
 * (the board shows its message).
 */
export function usePlanningBoard(onMoved?: (card: BoardCard) => void, filters: BoardFilters = NO_FILTERS) {
  const [columns, setColumns] = useState<BoardColumn[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(false);
  const query = boardQuery(filters);
  const queryKey = JSON.stringify(query);
  // The query of the latest load: a move answers the board with it.
  const current = useRef(query);
  current.current = query;

  const show = useCallback((board: BoardData) => setColumns(toColumns(board)), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    setLoading(true);
    call(planningBoardEndpoints.board, { query: JSON.parse(queryKey) as ReturnType<typeof boardQuery> }, { signal: controller.signal })
      .then(show)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [attempt, queryKey, show]);

  const move = useCallback(
    async (orderId: number, targetId: string, index: number) => {
      if (!columns) return;
      const before = columns;
      const target = before.find((column) => column.id === targetId);
      const source = before.find((column) => column.cards.some((card) => card.id === orderId));
      if (!target || !source) return;
      const from = source.cards.findIndex((card) => card.id === orderId);
      if (source.id === targetId && from === index) return;
      // Within one column the index counts the cards without the moved one.
      setColumns(moveCard(before, orderId, targetId, index));
      try {
        show(await call(planningBoardEndpoints.move, { query: current.current, body: moveRequest(orderId, target, index) }));
        onMoved?.(source.cards[from]);
      } catch (error) {
        setColumns(before);
        throw error;
      }
    },
    [columns, onMoved, show],
  );

  return { columns, loading, loadError, reload: () => setAttempt((value) => value + 1), move };
}
