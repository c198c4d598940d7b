import { z } from 'zod';
import { bodyNumber, idSchema, periodQuery, isoDateTime, periodBound, queryInteger, requiredText, trimmedText } from '../common.schema';
import { periodInstant } from '../date-time';
import { messages } from '../messages';
import {
  METER_KINDS,
  METER_READING_SOURCES,
  METER_SOURCES,
  STOP_CAUSES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TYPES,
} from '../maintenance.schema';
import { MACHINE_CRITICALITIES, MACHINE_STATUSES, MACHINE_TYPES } from '../resources/production/machine.resource';

export * from './reliability';

/** Texts of the machine summary, the dashboard and the meters (Spanish, with the field they are about). */
export const summaryMessages = {
  periodTooLong: 'El período no puede superar los 10 años',
  meterValue: 'Indica la lectura del contador (un número mayor o igual a 0)',
  meterBelowCurrent: (current: string) => `La lectura no puede ser menor que el valor actual (${current}); si el contador se reinició, marca «Reinicio»`,
  productionMeter: 'Este contador lo alimenta la producción',
  meterKind: 'Elige el tipo de contador',
  meterMachine: 'Elige la máquina del contador',
  meterNameTaken: 'La máquina ya tiene un contador con ese nombre',
  readAtFuture: 'La fecha de la lectura no puede ser futura',
  readAtBeforeLast: 'La fecha de la lectura no puede ser anterior a la última lectura',
} as const;

/** The default period of the summary and the dashboard: the last 90 days. */
export const DEFAULT_PERIOD_DAYS = 90;
export const MAX_PERIOD_DAYS = 3660;
/** Points of a meter's series at most (the API downsamples longer ones). */
export const METER_SERIES_POINTS = 500;
/** Events of the machine's history timeline in one answer. */
export const TIMELINE_LIMIT = 100;

const periodShape = {
  from: periodBound.optional(),
  to: periodBound.optional(),
};
export const periodQuerySchema = periodQuery(periodShape, MAX_PERIOD_DAYS, summaryMessages.periodTooLong);
export const dashboardQuerySchema = periodQuery(
  { ...periodShape, line_id: queryInteger({ message: messages.invalidId }).optional() },
  MAX_PERIOD_DAYS,
  summaryMessages.periodTooLong,
);
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** The period a query names: its `to` (or now) and its `from` (or 90 days before `to`); days alone are whole days of `timeZone` (the company's). */
export function resolvePeriod(query: { from?: string; to?: string }, timeZone: string, now = new Date()): { from: Date; to: Date } {
  const to = query.to ? periodInstant(query.to, 'to', timeZone) : now;
  const from = query.from ? periodInstant(query.from, 'from', timeZone) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * 86_400_000);
  return { from, to };
}

const nullableHours = z.number().nullable();
export const reliabilitySchema = z.object({
  periodHours: z.number(),
  stopHours: z.number(),
  failureCount: z.number().int(),
  failureHours: z.number(),
  mtbfHours: nullableHours,
  mttrHours: nullableHours,
  availability: z.number().nullable(),
  uptimeShare: z.number().nullable(),
});
const meanSchema = z.object({ hours: z.number().nullable(), count: z.number().int() });
const complianceSchema = z.object({ due: z.number().int(), onTime: z.number().int(), share: z.number().nullable() });
const periodSchema = z.object({ from: isoDateTime, to: isoDateTime, now: isoDateTime });

// ------------------------------------------------------------------------------------- meters

export const meterSchema = z.object({
  id: z.number().int(),
  machine_id: z.number().int(),
  name: z.string(),
  kind: z.enum(METER_KINDS),
  unit: z.string(),
  source: z.enum(METER_SOURCES),
  value: z.number(),
  reset_on_pm: z.boolean(),
  last_read_at: isoDateTime.nullable(),
  readings: z.number().int(),
});
export type Meter = z.infer<typeof meterSchema>;

export const meterPointSchema = z.object({ at: isoDateTime, value: z.number() });
export const meterSeriesSchema = z.object({
  meter: meterSchema,
  points: z.array(meterPointSchema),
  /** Readings in the range before downsampling. */
  total: z.number().int(),
});

export const meterAllQuerySchema = z.object({ machine_id: queryInteger({ message: messages.invalidId }).optional() });
export const meterReadingsQuerySchema = periodQuerySchema;

export const meterCreateSchema = z.object({
  machine_id: idSchema,
  name: requiredText(80),
  kind: z.enum(METER_KINDS, { error: summaryMessages.meterKind }),
  unit: requiredText(20),
  reset_on_pm: z.boolean().default(false),
});
export const meterPatchSchema = z
  .object({ name: requiredText(80), unit: requiredText(20), reset_on_pm: z.boolean() })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, messages.required);
export const meterReadingCreateSchema = z.object({
  value: bodyNumber(summaryMessages.meterValue).min(0, summaryMessages.meterValue).max(1e12, summaryMessages.meterValue),
  /** A reset (after maintenance or a replaced meter) may go below the current value. */
  reset: z.boolean().default(false),
  read_at: isoDateTime.optional(),
  note: trimmedText().max(300, messages.tooLong(300)).default(''),
});
export const meterReadingSchema = z.object({
  id: z.number().int(),
  meter_id: z.number().int(),
  value: z.number(),
  delta: z.number().nullable(),
  read_at: isoDateTime,
  source: z.enum(METER_READING_SOURCES),
  note: z.string(),
});
export type MeterCreate = z.input<typeof meterCreateSchema>;
export type MeterReadingCreate = z.input<typeof meterReadingCreateSchema>;

// ------------------------------------------------------------------------------ machine summary

const workOrderBrief = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(WORK_ORDER_TYPES),
  title: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  blocked: z.boolean(),
  due_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  assignee_name: z.string().nullable(),
});

export const planByDateSchema = z.object({
  plan_id: z.number().int(),
  name: z.string(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  next_due_on: z.string(),
  overdue: z.boolean(),
});
export const planByCounterSchema = z.object({
  plan_id: z.number().int(),
  name: z.string(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  meter_id: z.number().int(),
  meter_name: z.string(),
  unit: z.string(),
  value: z.number(),
  next_due_value: z.number(),
  interval_value: z.number(),
  /** Share of the interval used since the last service: 1 = due. */
  used_share: z.number(),
});

export const TIMELINE_EVENTS = ['report', 'stop_started', 'stop_ended', 'order_created', 'order_completed', 'order_verified', 'occurrences_skipped'] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const machineSummarySchema = z.object({
  period: periodSchema,
  machine: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    type: z.enum(MACHINE_TYPES),
    status: z.enum(MACHINE_STATUSES),
    down: z.boolean(),
    criticality: z.enum(MACHINE_CRITICALITIES),
    location: z.string(),
    line_id: z.number().int().nullable(),
    line_name: z.string().nullable(),
    parent_machine_id: z.number().int().nullable(),
    parent_name: z.string().nullable(),
    expected_mtbf_h: z.number().nullable(),
  }),
  open_stop: z
    .object({ id: z.number().int(), started_at: isoDateTime, cause: z.enum(STOP_CAUSES), planned: z.boolean(), work_order_id: z.number().int().nullable() })
    .nullable(),
  reliability: reliabilitySchema,
  last_failures: z.array(
    z.object({
      kind: z.enum(['report', 'stop']),
      id: z.number().int(),
      at: isoDateTime,
      label: z.string(),
      cause: z.enum(STOP_CAUSES).nullable(),
      hours: z.number().nullable(),
      work_order_id: z.number().int().nullable(),
    }),
  ),
  open_work_orders: z.array(workOrderBrief),
  next_by_date: z.array(planByDateSchema),
  next_by_counter: z.array(planByCounterSchema),
  meters: z.array(meterSchema.extend({ points: z.array(meterPointSchema) })),
  timeline: z.array(
    z.object({
      at: isoDateTime,
      event: z.enum(TIMELINE_EVENTS),
      ref_id: z.number().int(),
      label: z.string(),
      detail: z.string(),
    }),
  ),
});
export type MachineSummary = z.infer<typeof machineSummarySchema>;

// ------------------------------------------------------------------------------------ dashboard

export const machineReliabilitySchema = reliabilitySchema.extend({ machine_id: z.number().int(), name: z.string(), code: z.string() });

export const maintenanceDashboardSchema = z.object({
  period: periodSchema,
  open_by_status: z.array(z.object({ status: z.enum(WORK_ORDER_STATUSES), count: z.number().int() })),
  open_total: z.number().int(),
  overdue: z.number().int(),
  compliance: complianceSchema,
  mtta: meanSchema,
  cycle_time: meanSchema,
  presses: z.array(machineReliabilitySchema),
  /** The machines with the most stop hours in the period. */
  top_downtime: z.array(machineReliabilitySchema),
  downtime_by_cause: z.array(z.object({ cause: z.enum(STOP_CAUSES), hours: z.number(), stops: z.number().int(), cumulative_share: z.number() })),
  next_week_by_date: z.array(planByDateSchema),
  next_by_counter: z.array(planByCounterSchema),
  work_mix: z.object({ corrective: z.number().int(), preventive: z.number().int(), improvement: z.number().int() }),
  machines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      code: z.string(),
      type: z.enum(MACHINE_TYPES),
      status: z.enum(MACHINE_STATUSES),
      down: z.boolean(),
      line_name: z.string().nullable(),
      open_orders: z.number().int(),
    }),
  ),
});
export type MaintenanceDashboard = z.infer<typeof maintenanceDashboardSchema>;

/** Counter plans at or above this share of their interval appear among the next preventive work. */
export const COUNTER_PLAN_SOON_SHARE = 0.9;
/** Machines listed in the dashboard's top downtime. */
export const TOP_DOWNTIME_MACHINES = 10;
