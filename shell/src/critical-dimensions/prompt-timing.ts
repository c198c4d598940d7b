import { DIMENSION_CHECK_MINUTES, runningStart, type RunningOrderDie } from '@planta/contracts';

/**
 * When the critical-dimensions prompt opens (spec 4, 9): while the user's first order die has an
 * active timer, at every 10-minute mark of extrusion time, checked every second. Pure, so that it
 * is tested with a fake clock. Decisions the spec leaves open:
 * - Marks are 10, 20, 30 ... minutes: at minute 0 the profile has not left the press yet.
 * - Each mark prompts once: closing the dialog does not reopen it within the same minute (the mark
 *   handled is kept, across reloads, by the caller).
 * - A dialog left open without saving stays open past its minute; one open with data saved is
 *   reset once the minute is over (spec 4).
 * Marks that passed while nobody had the portal open are not prompted late: the API shows them as
 * missed checks on the order.
 */

export interface PromptState {
  dialogOpen: boolean;
  dataSaved: boolean;
  /** the mark (1 = 10 min, 2 = 20 min, ...) last prompted for the current order die */
  handledMark: number | null;
}

export const initialPromptState: PromptState = { dialogOpen: false, dataSaved: false, handledMark: null };

/** The mark the elapsed time is at, or null between marks. */
export function markAt(startedAt: number, now: number): number | null {
  const elapsedMinutes = Math.floor((now - startedAt) / 60_000);
  return elapsedMinutes > 0 && elapsedMinutes % DIMENSION_CHECK_MINUTES === 0 ? elapsedMinutes / DIMENSION_CHECK_MINUTES : null;
}

/** One check (every second). `startedAt` null: no order die with an active timer. */
export function tick(state: PromptState, startedAt: number | null, now: number): PromptState {
  if (startedAt === null) return state.dialogOpen ? { ...state, dialogOpen: false } : state;
  const mark = markAt(startedAt, now);
  if (mark !== null) {
    if (state.handledMark !== null && mark <= state.handledMark) return state;
    return { dialogOpen: true, dataSaved: false, handledMark: mark };
  }
  if (state.dialogOpen && state.dataSaved) return { ...state, dialogOpen: false, dataSaved: false };
  return state;
}

/** 'Cerrar' or Esc. */
export const closed = (state: PromptState): PromptState => ({ ...state, dialogOpen: false });

/** 'Guardar' succeeded; the fetch of active-timer orders that follows also closes and marks saved. */
export const saved = (state: PromptState): PromptState => ({ ...state, dialogOpen: false, dataSaved: true });

/**
 * Where tick()'s clock starts for an order die (issue 37): nowhere while its press is stopped (a
 * paused run is not asked for), and later by its pauses once it runs again (running time only).
 */
export function clockStart(orderDie: Pick<RunningOrderDie, 'start_extrusion_time' | 'paused' | 'paused_ms'> | null): number | null {
  if (!orderDie?.start_extrusion_time || orderDie.paused) return null;
  return runningStart({ start_extrusion_time: orderDie.start_extrusion_time, paused_ms: orderDie.paused_ms }).getTime();
}
