import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathId, type EndpointDefinition } from '@planta/contracts';
import { ApiRequestError, call, errorMessage } from '@planta/session';

export interface RecordLoad {
  loading: boolean;
  loadError: string | null;
  /** Asks for the record again (the error card's retry). */
  reload: () => void;
}

/**
 * Loads the record `id` of a form page through its `get` call, nothing for a new one: an address
 * that can name no record (`/apps/machine/abc`) reads like one that names a deleted record, and a
 * 404 says so in Spanish. `onLoaded` fills the form; a newer id or a retry drops an older answer.
 */
export function useRecordLoad<T>(get: EndpointDefinition, id: string, isNew: boolean, onLoaded: (record: T) => void): RecordLoad {
  const { t } = useTranslation('common');
  const [loading, setLoading] = useState(!isNew);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The page's own function, as it is at the time the answer arrives.
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;

  useEffect(() => {
    if (isNew) return;
    const notFound = t('form.notFound', 'Este registro no existe o ya fue eliminado.');
    if (!pathId.safeParse(id).success) {
      setLoadError(notFound);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    call(get, { params: { id } } as never, { signal: controller.signal })
      .then((record) => {
        loaded.current(record as T);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof ApiRequestError && error.statusCode === 404 ? notFound : errorMessage(error));
        setLoading(false);
      });
    return () => controller.abort();
    // Only another record, another call or a retry loads again.
  }, [get, id, isNew, attempt]);

  return { loading, loadError, reload: () => setAttempt((value) => value + 1) };
}
