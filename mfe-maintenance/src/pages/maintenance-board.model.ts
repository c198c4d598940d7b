import { useCallback, useEffect, useRef, useState } from 'react';
import {
  maintenanceBoardEndpoints,
  type MaintenanceBoard,
  type MaintenanceBoardMove,
  type MaintenanceBoardQueryInput,
  type MaintenanceCard,
  type WorkOrderStatus,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';

export type BoardColumn = MaintenanceBoard['columns'][number];
export type { MaintenanceCard };

export const cardId = (card: Pick<MaintenanceCard, 'id'>) => `wo-${card.id}`;

/** The columns after moving the card to `index` of `status` (shown until the API answers). */
export function moveCard(columns: readonly BoardColumn[], id: number, status: WorkOrderStatus, index: number): BoardColumn[] {
  const card = columns.flatMap((column) => column.cards).find((candidate) => candidate.id === id);
  if (!card) return [...columns];
  const moved = { ...card, status, blocked: card.status === status ? card.blocked : false };
  return columns.map((column) => {
    const cards = column.cards.filter((candidate) => candidate.id !== id);
    if (column.status === status) cards.splice(Math.min(index, cards.length), 0, moved);
    return { ...column, cards };
  });
}

/** The move's body: in front of the card now at `index` (without the moved one), or at the end. */
export function moveRequest(card: MaintenanceCard, column: BoardColumn, index: number, extra: Partial<MaintenanceBoardMove> = {}): MaintenanceBoardMove {
  const before = column.cards.filter((candidate) => candidate.id !== card.id)[index];
  return { id: card.id, to_status: column.status, version: card.version, before_id: before?.id ?? null, ...extra };
}

/** What the board shows. */
export interface BoardFilters {
  type: string;
  machineId: number | null;
  assigneeId: number | null;
  mine: boolean;
}
export const NO_FILTERS: BoardFilters = { type: '', machineId: null, assigneeId: null, mine: false };
export const isFiltered = (filters: BoardFilters) => !!(filters.type || filters.machineId || filters.assigneeId || filters.mine);

export function boardQuery(filters: BoardFilters): MaintenanceBoardQueryInput {
  return {
    ...(filters.type ? { type: filters.type as MaintenanceBoardQueryInput['type'] } : {}),
    ...(filters.machineId ? { machine_id: filters.machineId } : {}),
    ...(filters.assigneeId ? { assignee_id: filters.assigneeId } : {}),
    ...(filters.mine ? { mine: 'true' as const } : {}),
  };
}

/**
 * The board for `filters`: load, and move with an optimistic update; a move the API refuses (409
 * with its message: an illegal move, a stale card, a missing answer) puts the card back, rejects
 * with the refusal (the board shows its message), and the board is read again (a stale card
 * means someone else moved it).
 */
export function useMaintenanceBoard(onMoved: (card: MaintenanceCard, column: BoardColumn) => void, filters: BoardFilters) {
  const [columns, setColumns] = useState<BoardColumn[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const query = boardQuery(filters);
  const queryKey = JSON.stringify(query);
  const current = useRef(query);
  current.current = query;

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    call(maintenanceBoardEndpoints.board, { query: JSON.parse(queryKey) as MaintenanceBoardQueryInput }, { signal: controller.signal })
      .then((board) => setColumns(board.columns))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error));
      });
    return () => controller.abort();
  }, [attempt, queryKey]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const move = useCallback(
    async (id: number, status: WorkOrderStatus, index: number, extra: Partial<MaintenanceBoardMove> = {}) => {
      if (!columns) return false;
      const before = columns;
      const target = before.find((column) => column.status === status);
      const source = before.find((column) => column.cards.some((card) => card.id === id));
      if (!target || !source) return false;
      const card = source.cards.find((candidate) => candidate.id === id)!;
      const from = source.cards.indexOf(card);
      if (source.status === status && from === index) return false;
      setColumns(moveCard(before, id, status, index));
      try {
        const board = await call(maintenanceBoardEndpoints.move, { query: current.current, body: moveRequest(card, target, index, extra) });
        setColumns(board.columns);
        onMoved(card, target);
        return true;
      } catch (error) {
        setColumns(before);
        reload();
        throw error;
      }
    },
    [columns, onMoved, reload],
  );

  return { columns, loadError, reload, move };
}
