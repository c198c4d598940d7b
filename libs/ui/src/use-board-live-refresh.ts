import { useCallback, useEffect, useMemo, useRef } from 'react';
import { onCatchUp, subscribe } from '@planta/session';

/**
 * Live refresh of a drag-and-drop board (spec 7): the board reloads from the API on its live
 * event (another user's move) and whenever the socket (re)connects after it loaded. A refresh
 * that arrives while a card is being dragged, or while its drop is still being saved, waits until
 * the drop settles, so the local move is never disrupted.
 */
export function useBoardLiveRefresh(event: string, reload: () => void) {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const busy = useRef({ dragging: false, saving: false, pending: false });

  const flush = useCallback(() => {
    const state = busy.current;
    if (!state.pending || state.dragging || state.saving) return;
    state.pending = false;
    reloadRef.current();
  }, []);
  const refresh = useCallback(() => {
    busy.current.pending = true;
    flush();
  }, [flush]);

  useEffect(() => {
    const stopEvent = subscribe(event, refresh);
    const stopCatchUp = onCatchUp(refresh);
    return () => {
      stopEvent();
      stopCatchUp();
    };
  }, [event, refresh]);

  return useMemo(
    () => ({
      dragStarted: () => {
        busy.current.dragging = true;
      },
      /** The card was dropped; its move is being saved until `settled()`. */
      dragEnded: () => {
        busy.current.dragging = false;
        busy.current.saving = true;
      },
      dragCancelled: () => {
        busy.current.dragging = false;
        flush();
      },
      settled: () => {
        busy.current.saving = false;
        flush();
      },
    }),
    [flush],
  );
}
