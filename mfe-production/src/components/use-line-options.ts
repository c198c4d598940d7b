import { useEffect, useState } from 'react';
import { api } from '@planta/session';
import type { Paged, SelectOption } from '@planta/ui';

/** The company's extrusion lines as select options (by name). */
export function useLineOptions(): SelectOption[] {
  const [options, setOptions] = useState<SelectOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<Paged<{ id: number; name: string }>>('extrusion-line/all', {
        query: { page: 1, pageSize: 500, sort: 'name', direction: 'asc' },
        signal: controller.signal,
      })
      .then((page) => setOptions(page.items.map((line) => ({ value: line.id, label: line.name }))))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return options;
}
