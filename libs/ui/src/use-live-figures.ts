import { useCallback, useEffect, useRef, useState } from 'react';
import { liveEvents, type IndicatorArea, type IndicatorsChangedPayload } from '@planta/contracts';
import { onCatchUp, subscribe } from '@planta/session';

/** Figures age while they are shown (a stop grows by the minute): loaded again at least this often. */
export const FIGURES_REFRESH_MS = 60_000;

export interface LiveFigures<T> {
  data: T | null;
  /** The last load's failure; `data` keeps the figures loaded before it. */
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * A dashboard's figures, kept live: loaded with `load`, and again when `key` changes (its period
 * or press), when the database announces a change in one of `areas` (`indicatorsChanged`), after
 * the socket reconnects (events may have been missed) and every minute. An older answer never
 * overwrites a newer one.
 */
export function useLiveFigures<T>(load: (signal: AbortSignal) => Promise<T>, areas: readonly IndicatorArea[], key: string): LiveFigures<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const current = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLoading(true);
    loadRef.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
  }, []);

  const areaList = areas.join(',');
  useEffect(() => {
    reload();
    const watched = new Set(areaList.split(','));
    const stopEvent = subscribe<IndicatorsChangedPayload>(liveEvents.indicatorsChanged, (payload) => {
      if (watched.has(payload?.area)) reload();
    });
    const stopCatchUp = onCatchUp(reload);
    const timer = setInterval(reload, FIGURES_REFRESH_MS);
    return () => {
      stopEvent();
      stopCatchUp();
      clearInterval(timer);
      current.current?.abort();
    };
  }, [key, areaList, reload]);

  return { data, error, loading, reload };
}
