import { useEffect, useMemo, useState } from 'react';
import { resourceEndpoints, resourceNamed } from '@planta/contracts';
import { call } from '@planta/session';
import { useReferenceOptions } from '@planta/ui';
import type { ShiftTimes } from './dashboard-period';

/** The presses (extrusion lines) and shifts the filters offer: empty when the user may not read them. */
export function useDashboardChoices() {
  const presses = useReferenceOptions('extrusionLine');
  const [shifts, setShifts] = useState<ShiftTimes[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const shift = resourceNamed('shift');
    call(resourceEndpoints(shift).list, { query: { page: 1, pageSize: 100, sort: 'start_time', direction: 'asc' } }, { signal: controller.signal }).then(
      (page) => setShifts(page.items as unknown as ShiftTimes[]),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  const pressOptions = useMemo(() => presses.map((option) => ({ id: Number(option.value), name: option.label })), [presses]);
  return { presses: pressOptions, shifts };
}
