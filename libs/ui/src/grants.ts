import { useAtomValue } from 'jotai';
import type { EndpointDefinition } from '@planta/contracts';
import { canCall, grantsAtom, type GrantsState } from '@planta/session';

/** The signed-in user's grants in the active company (libs/session grants). */
export const useGrants = (): GrantsState => useAtomValue(grantsAtom);

/**
 * Whether the API would accept this call from the signed-in user: what every button asks before
 * it is shown (no endpoint: no).
 */
export function useCan(endpoint: Pick<EndpointDefinition, 'access' | 'method'> | undefined): boolean {
  const grants = useGrants();
  return endpoint ? canCall(grants, endpoint) : false;
}
