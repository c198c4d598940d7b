import { z } from 'zod';
import { withRules } from '../endpoint-errors';
import { bodyInteger, bodyNumber, isoDate, listQuerySchema, queryInteger, requiredText, safeText } from '../common.schema';
import { CHECKLIST_ITEM_KINDS, PM_ANCHORS, PM_TRIGGERS, PM_UNITS, WORK_ORDER_PRIORITIES, WORK_ORDER_STATUSES, type PmTrigger } from '../maintenance.schema';
import { messages } from '../messages';
import { patchSchemaOf } from '../production.schema';
import { shortestPeriodDays } from './pm-schedule';

export * from './pm-schedule';

/**
 * Preventive maintenance plans (issue 12, domain.md A1.1–A1.3): by calendar, by counter or both
 * (whichever comes first). The form's rules are the API's rules: the same schema checks both.
 */
export const preventiveMessages = {
  chooseMachine: 'Elige la máquina',
  chooseTrigger: 'Elige el disparador (calendario, contador o ambos)',
  chooseUnit: 'Elige la unidad del periodo (días, semanas, meses o años)',
  chooseAnchor: 'Elige si las fechas son fijas o se cuentan desde la última realización',
  chooseMeter: 'Elige el contador de la máquina',
  choosePriority: 'Elige la prioridad',
  chooseKind: 'Elige el tipo de punto de control',
  everyN: messages.wholeNumberBetween(1, 1000),
  leadDays: messages.wholeNumberBetween(0, 365),
  leadDaysTooLong: 'Los días de anticipación deben ser menos que el periodo del plan',
  leadValueTooBig: 'El aviso anticipado debe ser menor que el intervalo',
  meterNotOfMachine: 'El contador elegido no es de la máquina del plan',
  machineMissing: 'La máquina elegida no existe',
  assigneeNotMember: 'El responsable debe ser un usuario activo de la empresa',
  nameTaken: 'Ya existe un plan con ese nombre',
  checklistLabel: 'Escribe el texto del punto de control',
  checklistTooLong: 'El checklist admite como máximo 100 puntos',
  /** DELETE of a plan that already created work orders: it keeps its history, so it is deactivated instead. */
  hasOrders: 'El plan ya generó órdenes de trabajo y no se puede eliminar: desactívalo para que no genere más',
  inactive: 'El plan está inactivo: actívalo para generar su orden',
  alreadyOpen: 'El plan ya tiene una orden de trabajo abierta',
  /** The assignment notification (spec 2.2: the shell links it to the board in the same tab). */
  overdue: (number: string, plan: string) => `La orden de mantenimiento preventivo ${number} (${plan}) está vencida`,
  skipped: (count: number) => (count === 1 ? '1 ocurrencia omitida' : `${count} ocurrencias omitidas`),
} as const;

const usesCalendar = (trigger: PmTrigger) => trigger !== 'counter';
const usesCounter = (trigger: PmTrigger) => trigger !== 'calendar';
export const pmUsesCalendar = usesCalendar;
export const pmUsesCounter = usesCounter;

export const checklistTemplateItemSchema = z.object({
  kind: z.enum(CHECKLIST_ITEM_KINDS, { error: preventiveMessages.chooseKind }),
  label: requiredText(200),
  required: z.boolean().default(false),
});
export type ChecklistTemplateItem = z.infer<typeof checklistTemplateItemSchema>;

const counterValue = (max = 1e12) => bodyNumber(messages.nonNegativeNumber).min(0, messages.nonNegativeNumber).max(max, messages.atMost(max));

/** The fields of the plan form, before the rules that tie them together. */
export const preventivePlanFields = z.object({
  machine_id: bodyInteger({ message: preventiveMessages.chooseMachine }),
  name: requiredText(120),
  description: safeText({ multiline: true }).max(2000, messages.tooLong(2000)).default(''),
  trigger: z.enum(PM_TRIGGERS, { error: preventiveMessages.chooseTrigger }),
  // Calendar part.
  every_n: bodyInteger({ min: 1, max: 1000, message: preventiveMessages.everyN }).nullable().default(null),
  unit: z.enum(PM_UNITS, { error: preventiveMessages.chooseUnit }).nullable().default(null),
  anchor: z.enum(PM_ANCHORS, { error: preventiveMessages.chooseAnchor }).default('fixed'),
  skip_weekends: z.boolean().default(false),
  lead_days: bodyInteger({ min: 0, max: 365, message: preventiveMessages.leadDays }).default(0),
  starts_on: isoDate.nullable().default(null),
  // Counter part.
  meter_id: bodyInteger({ message: preventiveMessages.chooseMeter }).nullable().default(null),
  interval_value: bodyNumber(messages.positiveNumber).positive(messages.positiveNumber).max(1e12, messages.atMost(1e12)).nullable().default(null),
  lead_value: counterValue().default(0),
  /** The meter's value at the last service; a new plan counts from the meter's value now. */
  last_done_value: counterValue().nullable().default(null),
  checklist: z.array(checklistTemplateItemSchema).max(100, preventiveMessages.checklistTooLong).default([]),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: preventiveMessages.choosePriority }).default('medium'),
  estimated_h: bodyNumber(messages.positiveNumber).positive(messages.positiveNumber).max(10_000, messages.atMost(10_000)).nullable().default(null),
  assignee_id: bodyInteger({ message: preventiveMessages.assigneeNotMember }).nullable().default(null),
  require_signature: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type PreventivePlanInput = z.input<typeof preventivePlanFields>;

type PlanRuleInput = Pick<
  z.infer<typeof preventivePlanFields>,
  'trigger' | 'every_n' | 'unit' | 'starts_on' | 'lead_days' | 'meter_id' | 'interval_value' | 'lead_value'
>;

/** The rules between fields: each part is complete when its trigger uses it, and a lead is shorter than its period. */
export function preventivePlanIssues(plan: PlanRuleInput): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (usesCalendar(plan.trigger)) {
    if (plan.every_n == null) issues.push({ path: 'every_n', message: messages.required });
    if (plan.unit == null) issues.push({ path: 'unit', message: preventiveMessages.chooseUnit });
    if (plan.starts_on == null) issues.push({ path: 'starts_on', message: messages.required });
    if (plan.every_n != null && plan.unit != null && plan.lead_days >= shortestPeriodDays({ every_n: plan.every_n, unit: plan.unit }))
      issues.push({ path: 'lead_days', message: preventiveMessages.leadDaysTooLong });
  }
  if (usesCounter(plan.trigger)) {
    if (plan.meter_id == null) issues.push({ path: 'meter_id', message: preventiveMessages.chooseMeter });
    if (plan.interval_value == null) issues.push({ path: 'interval_value', message: messages.required });
    else if (plan.lead_value >= plan.interval_value) issues.push({ path: 'lead_value', message: preventiveMessages.leadValueTooBig });
  }
  return issues;
}

/** What `preventivePlanIssues` may refuse, for the OpenAPI document. */
const PLAN_RULES = [
  { field: 'every_n', message: messages.required },
  { field: 'unit', message: preventiveMessages.chooseUnit },
  { field: 'starts_on', message: messages.required },
  { field: 'lead_days', message: preventiveMessages.leadDaysTooLong },
  { field: 'meter_id', message: preventiveMessages.chooseMeter },
  { field: 'interval_value', message: messages.required },
  { field: 'lead_value', message: preventiveMessages.leadValueTooBig },
];

export const preventivePlanSchema = withRules(
  preventivePlanFields.superRefine((plan, context) => {
    for (const issue of preventivePlanIssues(plan)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }),
  PLAN_RULES,
);
export type PreventivePlan = z.infer<typeof preventivePlanSchema>;

/** `PATCH`: any of the fields; the merged plan is checked with the whole form's rules. */
export const preventivePlanPatchSchema = withRules(patchSchemaOf(preventivePlanFields), PLAN_RULES);
export type PreventivePlanPatch = z.infer<typeof preventivePlanPatchSchema>;

const queryBoolean = z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((value) => value === 'true');

export const preventivePlanListQuerySchema = listQuerySchema.extend({
  machine_id: queryInteger().optional(),
  trigger: z.enum(PM_TRIGGERS, { error: preventiveMessages.chooseTrigger }).optional(),
  active: queryBoolean.optional(),
  /** Plans due (by date, or by counter estimate) within this many days, overdue ones included. */
  due_within_days: queryInteger({ min: 0, max: 3650 }).optional(),
});
export type PreventivePlanListQuery = z.infer<typeof preventivePlanListQuerySchema>;

export const pmOpenOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  due_at: z.string().nullable(),
});

/** A plan as lists and the form show it. */
export const preventivePlanViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  machine_id: z.number().int(),
  machine_name: z.string(),
  description: z.string(),
  trigger: z.enum(PM_TRIGGERS),
  every_n: z.number().int().nullable(),
  unit: z.enum(PM_UNITS).nullable(),
  anchor: z.enum(PM_ANCHORS),
  skip_weekends: z.boolean(),
  lead_days: z.number().int(),
  starts_on: z.string().nullable(),
  next_due_on: z.string().nullable(),
  meter_id: z.number().int().nullable(),
  meter_name: z.string().nullable(),
  meter_unit: z.string().nullable(),
  meter_value: z.number().nullable(),
  interval_value: z.number().nullable(),
  lead_value: z.number(),
  last_done_value: z.number().nullable(),
  next_due_value: z.number().nullable(),
  /** Share of the counter interval used since the last service (0..1, more when overrun). */
  counter_used: z.number().nullable(),
  checklist: z.array(checklistTemplateItemSchema),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  estimated_h: z.number().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  require_signature: z.boolean(),
  active: z.boolean(),
  last_completed_at: z.string().nullable(),
  open_order: pmOpenOrderSchema.nullable(),
  /** Due and not done: the open order's due time passed, or the meter reached its due value. */
  overdue: z.boolean(),
  created_at: z.string(),
});
export type PreventivePlanView = z.infer<typeof preventivePlanViewSchema>;

export const pmPlanOrderSchema = pmOpenOrderSchema.extend({
  occurrence_on: z.string().nullable(),
  trigger_meter_value: z.number().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  assignee_name: z.string().nullable(),
});
export const pmSkipSchema = z.object({
  id: z.number().int(),
  skipped: z.number().int(),
  from_on: z.string(),
  to_on: z.string(),
  work_order_number: z.string().nullable(),
  logged_at: z.string(),
});
export type PmSkip = z.infer<typeof pmSkipSchema>;

export const preventivePlanDetailSchema = preventivePlanViewSchema.extend({
  orders: z.array(pmPlanOrderSchema),
  skips: z.array(pmSkipSchema),
});
export type PreventivePlanDetail = z.infer<typeof preventivePlanDetailSchema>;

/** The work order a plan created (or found open) on `POST …/:id/generate`. */
export const pmGeneratedSchema = z.object({ created: z.boolean(), order: pmOpenOrderSchema });

/** What the plan form chooses from: the company's machines, their meters (with their value now) and its active members. */
export const pmFormOptionsSchema = z.object({
  machines: z.array(z.object({ id: z.number().int(), name: z.string() })),
  meters: z.array(z.object({ id: z.number().int(), machine_id: z.number().int(), name: z.string(), unit: z.string(), value: z.number() })),
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PmFormOptions = z.infer<typeof pmFormOptionsSchema>;
