import type { Area } from '../pages';

/**
 * Where each declared resource's screens are: its area and its address, written once here (each
 * declaration takes its own place). Small and zod-free, so that the shell knows every remote's
 * addresses at start-up without loading the declarations (fields, rules and their messages).
 */
export const RESOURCE_PLACES = {
  extrusionLine: { area: 'production', route: '/apps/extrusion-line' },
  machine: { area: 'production', route: '/apps/machine' },
  shift: { area: 'production', route: '/apps/shifts' },
  finish: { area: 'production', route: '/apps/finish' },
  aluminumAlloy: { area: 'production', route: '/apps/aluminum-alloy' },
  profile: { area: 'dieshop', route: '/apps/profile' },
  correctionDefect: { area: 'dieshop', route: '/apps/correction-defect' },
  correctionOperation: { area: 'dieshop', route: '/apps/correction-operation' },
} as const satisfies Record<string, { area: Area; route: string }>;

/** The addresses of an area's resources. */
export const resourceRoutesOf = (area: Area): string[] =>
  Object.values(RESOURCE_PLACES)
    .filter((place) => place.area === area)
    .map((place) => place.route);
