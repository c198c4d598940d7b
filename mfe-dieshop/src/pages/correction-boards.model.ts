import { useCallback, useEffect, useState } from 'react';
import {
  correctionBoardColumnOf,
  type CorrectionBoard,
  type CorrectionCard,
  type CorrectionSeverity,
  type CorrectorBoard,
  type EndpointDefinition,
  type EndpointResponse,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';

/** The lane of the cards without a corrector on the corrector board. */
export const UNASSIGNED_LANE = 'unassigned';
export const laneId = (correctorId: number | null) => (correctorId === null ? UNASSIGNED_LANE : `corrector-${correctorId}`);
export const laneCorrector = (lane: string): number | null => (lane === UNASSIGNED_LANE ? null : Number(lane.slice('corrector-'.length)));

/** What the correction board shows (the API answers the whole board; the filters apply here). */
export interface CorrectionBoardFilters {
  /** A corrector's id, 'none' for the unassigned ones, '' for all. */
  corrector: string;
  severity: CorrectionSeverity | '';
  overdue: boolean;
}
export const NO_FILTERS: CorrectionBoardFilters = { corrector: '', severity: '', overdue: false };
export const isFiltered = (filters: CorrectionBoardFilters) => !!(filters.corrector || filters.severity || filters.overdue);

export function matches(card: CorrectionCard, filters: CorrectionBoardFilters): boolean {
  if (filters.corrector === 'none' && card.assigned_corrector_id !== null) return false;
  if (filters.corrector && filters.corrector !== 'none' && String(card.assigned_corrector_id) !== filters.corrector) return false;
  if (filters.severity && card.severity !== filters.severity) return false;
  return !filters.overdue || card.overdue;
}

/** The correctors of the board's cards, by name: the corrector filter's choices. */
export function correctorsOf(board: CorrectionBoard): { id: number; name: string }[] {
  const found = new Map<number, string>();
  for (const card of board.columns.flatMap((column) => column.cards)) {
    if (card.assigned_corrector_id !== null) found.set(card.assigned_corrector_id, card.corrector_name ?? String(card.assigned_corrector_id));
  }
  return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** The board with a card as the API answered it: out of its old column, at the end of its state's (or gone). */
export function placeCorrectionCard(board: CorrectionBoard, card: CorrectionCard): CorrectionBoard {
  const column = correctionBoardColumnOf(card.status);
  return {
    columns: board.columns.map((candidate) => {
      const cards = candidate.cards.filter((other) => other.id !== card.id);
      return { ...candidate, cards: candidate.status === column ? [...cards, card] : cards };
    }),
  };
}

/** A corrector's queue order: by due date, the ones without one last, then by number. */
export const byDueDate = (a: CorrectionCard, b: CorrectionCard) =>
  (a.due_at ?? '\uffff').localeCompare(b.due_at ?? '\uffff') || a.number.localeCompare(b.number);

/** The corrector board with a reassigned card in its new lane, in due-date order. */
export function placeCorrectorCard(board: CorrectorBoard, card: CorrectionCard): CorrectorBoard {
  const place = (cards: readonly CorrectionCard[], mine: boolean) => {
    const rest = cards.filter((other) => other.id !== card.id);
    return mine ? [...rest, card].sort(byDueDate) : rest;
  };
  return {
    lanes: board.lanes.map((lane) => ({ ...lane, cards: place(lane.cards, lane.corrector.id === card.assigned_corrector_id) })),
    unassigned: place(board.unassigned, card.assigned_corrector_id === null),
  };
}

/** Cards a corrector is working on now (the lane's WIP): in correction or in trial. */
export const inProgress = (cards: readonly CorrectionCard[]) => cards.filter((card) => card.status === 'in_correction' || card.status === 'in_trial').length;

/**
 * A board read from the API: `reload()` reads it again (a live event, a refused move), `update()`
 * puts in what a move answered. A newer read drops an older answer.
 */
export function useBoardData<E extends EndpointDefinition>(endpoint: E) {
  const [data, setData] = useState<EndpointResponse<E> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    (call as (endpoint: E, request: object, options: { signal: AbortSignal }) => Promise<EndpointResponse<E>>)(endpoint, {}, { signal: controller.signal })
      .then(setData)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error));
      });
    return () => controller.abort();
  }, [endpoint, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { data, loadError, reload, update: setData };
}
