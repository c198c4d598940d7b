import type { MyRun } from '@planta/contracts';

const MINUTE = 60_000;

/** A profile's critical dimensions as 'Mi extrusión' gets them with a run. */
export const RUN_TOLERANCES = [
  { label: 'A', nominal_mm: 25.4, tol_minus_mm: 0.1, tol_plus_mm: 0.15 },
  { label: 'B', nominal_mm: 3.2, tol_minus_mm: 0.05, tol_plus_mm: 0.05 },
];

/** A running run of the operator, as GET extrusion/mine answers it: started `startedMinutesAgo`, never paused nor checked unless told. */
export function myRun(id: number, startedMinutesAgo: number, extra: Partial<MyRun> = {}): MyRun {
  return {
    id,
    order_id: 100 + id,
    order_number: `OP-${id}`,
    profile: 'Perfil 40x20',
    line_id: id,
    line_name: `Prensa ${id}`,
    die_reference: 'M-100',
    copy_number: id,
    start_extrusion_time: new Date(Date.now() - startedMinutesAgo * MINUTE).toISOString(),
    last_check_at: null,
    missed_checks: 0,
    paused: false,
    paused_since: null,
    pause_cause: null,
    paused_ms: 0,
    running_ms: startedMinutesAgo * MINUTE,
    missed_marks: [],
    late_checks: 0,
    tolerances: RUN_TOLERANCES,
    ...extra,
  };
}
