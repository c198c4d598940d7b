/**
 * The vocabulary of the maintenance area (issue 12, domain.md A1), written once: the database's
 * check constraints (migration 1764600000000), the API's schemas and the screens' texts
 * (`maintenance:enums.<name>.<value>`) all come from these lists.
 */

/** Failure (falla: the machine does not work as it should) or damage (daño: something is broken). */
export const FAILURE_REPORT_KINDS = ['failure', 'damage'] as const;
export type FailureReportKind = (typeof FAILURE_REPORT_KINDS)[number];

export const FAILURE_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type FailureSeverity = (typeof FAILURE_SEVERITIES)[number];

/** nuevo → en revisión → aceptado (OT correctiva creada) / rechazado / duplicado. */
export const FAILURE_REPORT_STATUSES = ['new', 'in_review', 'accepted', 'rejected', 'duplicate'] as const;
export type FailureReportStatus = (typeof FAILURE_REPORT_STATUSES)[number];

export const WORK_ORDER_TYPES = ['corrective', 'preventive', 'improvement'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];

export const WORK_ORDER_PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** The board's columns, in order, and the terminal state outside the board. */
export const WORK_ORDER_STATUSES = ['pending', 'assigned', 'in_progress', 'on_hold', 'completed', 'verified', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const MAINTENANCE_BOARD_COLUMNS = [
  'pending',
  'assigned',
  'in_progress',
  'on_hold',
  'completed',
  'verified',
] as const satisfies readonly WorkOrderStatus[];

/** Work orders still to be done: not finished and not cancelled (a plan has at most one). */
export const OPEN_WORK_ORDER_STATUSES = ['pending', 'assigned', 'in_progress', 'on_hold'] as const satisfies readonly WorkOrderStatus[];

/**
 * The moves a work order may make (domain.md A1.2). Cancelling is possible from any state that is
 * not final and needs a reason; putting on hold needs a reason too; verifying needs someone other
 * than who completed it, or a lead.
 */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> = {
  pending: ['assigned', 'cancelled'],
  assigned: ['pending', 'in_progress', 'cancelled'],
  in_progress: ['on_hold', 'completed', 'cancelled'],
  on_hold: ['in_progress', 'cancelled'],
  completed: ['verified', 'in_progress'],
  verified: [],
  cancelled: [],
};
export const canMoveWorkOrder = (from: WorkOrderStatus, to: WorkOrderStatus) => from === to || WORK_ORDER_TRANSITIONS[from].includes(to);

export const HOLD_REASONS = ['spare_part', 'production_window', 'other'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** Why a machine stopped (stops and corrective work orders share the list). */
export const STOP_CAUSES = ['mechanical', 'hydraulic', 'electrical', 'die', 'billet_shortage', 'die_change', 'planned', 'other'] as const;
export type StopCause = (typeof STOP_CAUSES)[number];
/** A stop's cause in the API's Spanish texts (a run refused on a stopped press); the screens read common:enums.stopCause, same words. */
export const STOP_CAUSE_WORDS: Record<StopCause, string> = {
  mechanical: 'Falla mecánica',
  hydraulic: 'Falla hidráulica',
  electrical: 'Falla eléctrica',
  die: 'Matriz',
  billet_shortage: 'Falta de tocho',
  die_change: 'Cambio de matriz',
  planned: 'Mantenimiento planificado',
  other: 'Otra causa',
};

export const CHECKLIST_ITEM_KINDS = ['check', 'number', 'text', 'inspection'] as const;
export type ChecklistItemKind = (typeof CHECKLIST_ITEM_KINDS)[number];

export const PM_TRIGGERS = ['calendar', 'counter', 'both'] as const;
export type PmTrigger = (typeof PM_TRIGGERS)[number];
export const PM_UNITS = ['day', 'week', 'month', 'year'] as const;
export type PmUnit = (typeof PM_UNITS)[number];
/** Fixed dates, or counted from the last completion. */
export const PM_ANCHORS = ['fixed', 'completion'] as const;
export type PmAnchor = (typeof PM_ANCHORS)[number];

export const METER_KINDS = ['hours', 'billets', 'kg', 'cycles', 'other'] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export const METER_SOURCES = ['production', 'manual'] as const;
export const METER_READING_SOURCES = ['production', 'manual', 'imported', 'reset'] as const;

/** SQL `in (...)` list of one of these vocabularies, for the migration's check constraints. */
export const sqlValues = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
