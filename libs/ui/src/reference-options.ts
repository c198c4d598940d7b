import { useEffect, useState } from 'react';
import { recordName, resourceEndpoints, resourceNamed, type ResourceDefinition } from '@planta/contracts';
import { call } from '@planta/session';
import type { SelectOption } from './form-fields';

/** The most records a reference offers (the list endpoint's largest page). */
export const REFERENCE_OPTIONS_LIMIT = 500;

/** The records of a resource as options, named by their `display` fields and sorted by the list's default. */
export async function referenceOptions(resource: ResourceDefinition, signal?: AbortSignal): Promise<SelectOption[]> {
  const page = await call(
    resourceEndpoints(resource).list,
    { query: { page: 1, pageSize: REFERENCE_OPTIONS_LIMIT, sort: resource.list.defaultSort, direction: 'asc' } },
    { signal },
  );
  return page.items.map((record) => ({ value: record.id, label: recordName(resource, record as Record<string, unknown>) }));
}

/**
 * The options of a reference field (`field.reference({ to: 'extrusionLine' })`), loaded once per
 * use; empty while loading or when they cannot be read (the user may lack the read grant).
 */
export function useReferenceOptions(to: string | undefined): SelectOption[] {
  const [options, setOptions] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!to) return;
    const controller = new AbortController();
    referenceOptions(resourceNamed(to), controller.signal).then(setOptions, () => undefined);
    return () => controller.abort();
  }, [to]);
  return options;
}
