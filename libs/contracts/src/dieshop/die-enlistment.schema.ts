import { z } from 'zod';
import { bodyInteger, idSchema, isoDateTime, listQuerySchema, nameText, queryInteger } from '../common.schema';
import { messages } from '../messages';
import { DIE_STATES, ENLISTMENT_STATUSES, TOOL_KINDS, TOOL_STATES } from '../dieshop.schema';

/** The Spanish texts of die preparation (alistamiento): refusals on their fields and the stored warnings. */
export const enlistmentMessages = {
  dieMissing: 'La matriz elegida no existe',
  orderMissing: 'La orden de producción elegida no existe',
  orderOtherDie: 'La orden elegida es de otra matriz',
  lineMissing: 'La línea elegida no existe',
  ovenMissing: 'Elige un horno de matrices de la planta',
  toolMissing: 'La herramienta elegida no existe',
  toolNotAvailable: (code: string) => `La herramienta ${code} no está disponible`,
  toolIncompatible: (code: string) => `La herramienta ${code} no es compatible con la línea del alistamiento`,
  toolReserved: (code: string) => `La herramienta ${code} ya está reservada para otro alistamiento`,
  neededAt: 'Indica cuándo se necesita la matriz (fecha y hora)',
  needDieOrOrder: 'Elige la matriz o la orden que la necesita',
  alreadyOpen: 'La matriz ya tiene un alistamiento abierto',
  openCorrection: 'la matriz tiene una corrección abierta',
  nitridingOverdue: 'la matriz tiene el nitrurado vencido',
  blocked: (reason: string) => `No se puede alistar: ${reason}`,
  warned: (reason: string) => `Atención: ${reason}`,
  lowTemperature: (measured: number, min: number) => `Temperatura medida ${measured} °C por debajo del mínimo de ${min} °C`,
  temperature: 'Indica una temperatura entera entre 200 y 600 °C',
  measuredTemperature: 'Indica la temperatura medida, un entero entre 0 y 700 °C',
  closed: 'El alistamiento ya está cerrado (entregado o cancelado)',
  notInOven: 'La matriz no está en el horno',
  alreadyInOven: 'La matriz ya pasó por el horno',
  checklistIncomplete: 'Completa la lista de verificación antes de marcarla lista',
  stillInOven: 'Saca la matriz del horno (con su temperatura) antes de marcarla lista',
  ovenRequired: 'Esta planta exige pasar la matriz por el horno antes de la prensa',
  notReady: 'Solo se entrega a prensa un alistamiento marcado como lista',
  cancelReason: 'Indica por qué se cancela el alistamiento',
} as const;

/** The checklist of a preparation: limpia, inspeccionada, nitrurado vigente, herramental completo, medidas de entrada OK. */
export const ENLISTMENT_CHECKLIST = ['is_clean', 'inspected', 'nitriding_valid', 'tooling_complete', 'entry_measures_ok'] as const;
export type EnlistmentChecklistItem = (typeof ENLISTMENT_CHECKLIST)[number];
/** The checklist items as a refusal names them (a run refused over an unfinished preparation). */
export const ENLISTMENT_CHECKLIST_WORDS: Record<EnlistmentChecklistItem, string> = {
  is_clean: 'limpia',
  inspected: 'inspeccionada',
  nitriding_valid: 'nitrurado vigente',
  tooling_complete: 'herramental completo',
  entry_measures_ok: 'medidas de entrada OK',
};
/** The step a refusal names when the die went into the oven and its exit (with its temperature) was not recorded. */
export const ENLISTMENT_OVEN_OUT_WORD = 'la salida del horno con su temperatura';

/**
 * Who may start a run although the die's preparation is unfinished (with a reason): the leads of
 * the preparation page, read as the grant to delete there (staff and admin by default).
 */
export const PREPARATION_OVERRIDE = { page: 'die-preparation', action: 'delete' } as const;

/** Hours ahead the preparation list looks for dies needed and not yet ready. */
export const ENLISTMENT_SOON_HOURS = 12;

/**
 * `POST /api/die-enlistment`: by hand (die, optional order and line) or from the planning board
 * (the order: its die and line are taken from it). `needed_at` defaults to the order's due date.
 */
export const enlistmentCreateSchema = z
  .object({
    die_id: idSchema.optional(),
    production_order_id: idSchema.optional(),
    line_id: idSchema.nullable().optional(),
    needed_at: isoDateTime.optional(),
    note: nameText({ multiline: true }).max(500, messages.tooLong(500)).default(''),
  })
  .refine((input) => input.die_id !== undefined || input.production_order_id !== undefined, {
    path: ['die_id'],
    message: enlistmentMessages.needDieOrOrder,
  });
export type EnlistmentCreate = z.infer<typeof enlistmentCreateSchema>;

/** `PATCH /api/die-enlistment/:id/checklist`: any of the items. */
export const enlistmentChecklistSchema = z.object(
  Object.fromEntries(ENLISTMENT_CHECKLIST.map((item) => [item, z.boolean({ error: messages.required }).optional()])) as Record<
    EnlistmentChecklistItem,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type EnlistmentChecklist = z.infer<typeof enlistmentChecklistSchema>;

/** `PUT /api/die-enlistment/:id/tools`: the tools it holds; the ones left out are released. */
export const enlistmentToolsSchema = z.object({ tool_ids: z.array(idSchema).max(20, messages.tooLong(20)) });
export type EnlistmentTools = z.infer<typeof enlistmentToolsSchema>;

const targetTemperature = bodyInteger({ min: 200, max: 600, message: enlistmentMessages.temperature });

/** `PATCH /api/die-enlistment/:id/oven-in`: the die enters a die oven (optional) with its target temperature. */
export const enlistmentOvenInSchema = z.object({
  oven_machine_id: idSchema.nullable().default(null),
  target_temp_c: targetTemperature.nullable().default(null),
});
export type EnlistmentOvenIn = z.infer<typeof enlistmentOvenInSchema>;

/** `PATCH /api/die-enlistment/:id/oven-out`: out of the oven with the measured temperature. */
export const enlistmentOvenOutSchema = z.object({
  measured_temp_c: bodyInteger({ min: 0, max: 700, message: enlistmentMessages.measuredTemperature }),
  target_temp_c: targetTemperature.nullable().optional(),
});
export type EnlistmentOvenOut = z.infer<typeof enlistmentOvenOutSchema>;

/** `PATCH /api/die-enlistment/:id/cancel`: the reason is required. */
export const enlistmentCancelSchema = z.object({
  reason: nameText({ error: enlistmentMessages.cancelReason, multiline: true }).min(1, enlistmentMessages.cancelReason).max(300, messages.tooLong(300)),
});
export type EnlistmentCancel = z.infer<typeof enlistmentCancelSchema>;

const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/die-enlistment/all`: open ones by default, overdue first then by needed time. */
export const enlistmentListQuerySchema = listQuerySchema.extend({
  status: z.enum(ENLISTMENT_STATUSES, { error: messages.invalidListQuery }).optional(),
  /** Closed ones (delivered, cancelled) too. */
  include_closed: queryFlag.optional(),
  /** Only those needed within this many hours (or overdue) and not yet ready. */
  due_within_hours: queryInteger({ min: 1, max: 168 }).optional(),
});
export type EnlistmentListQuery = z.infer<typeof enlistmentListQuerySchema>;

/** A tool held by a preparation. */
export const enlistmentToolSchema = z.object({
  tool_id: z.number().int(),
  code: z.string(),
  kind: z.enum(TOOL_KINDS),
  description: z.string(),
  reserved_at: z.string(),
  released_at: z.string().nullable(),
});
export type EnlistmentTool = z.infer<typeof enlistmentToolSchema>;

/** A preparation as its list shows it. */
export const enlistmentRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ENLISTMENT_STATUSES),
  die_id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  die_state: z.enum(DIE_STATES),
  production_order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  line_id: z.number().int().nullable(),
  line_name: z.string().nullable(),
  needed_at: z.string(),
  /** Needed before now and not delivered. */
  overdue: z.boolean(),
  /** Needed within ENLISTMENT_SOON_HOURS and not yet ready. */
  needed_soon: z.boolean(),
  oven_in_at: z.string().nullable(),
  oven_out_at: z.string().nullable(),
  /** Hours in the oven (up to now while inside). */
  dwell_hours: z.number().nullable(),
  /** Longer in the oven than the company's oven_max_dwell_hours. */
  dwell_alarm: z.boolean(),
  warnings: z.array(z.string()),
  requested_at: z.string(),
});
export type EnlistmentRow = z.infer<typeof enlistmentRowSchema>;

/** A preparation with its checklist, oven data, tools and who did what. */
export const enlistmentDetailSchema = enlistmentRowSchema.extend({
  is_clean: z.boolean(),
  inspected: z.boolean(),
  nitriding_valid: z.boolean(),
  tooling_complete: z.boolean(),
  entry_measures_ok: z.boolean(),
  oven_machine_id: z.number().int().nullable(),
  oven_name: z.string().nullable(),
  target_temp_c: z.number().int().nullable(),
  measured_temp_c: z.number().int().nullable(),
  min_die_temperature_c: z.number().int(),
  oven_max_dwell_hours: z.number(),
  oven_required: z.boolean(),
  ready_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  delivered_by_name: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  cancelled_reason: z.string(),
  /** Why a run started although this preparation was unfinished ('' when it was finished). */
  override_reason: z.string(),
  note: z.string(),
  tools: z.array(enlistmentToolSchema),
});
export type EnlistmentDetail = z.infer<typeof enlistmentDetailSchema>;

/** A tool a preparation may reserve (available and compatible with its line). */
export const reservableToolSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(TOOL_KINDS),
  description: z.string(),
  state: z.enum(TOOL_STATES),
  location: z.string(),
});
export type ReservableTool = z.infer<typeof reservableToolSchema>;

/** A die oven of the plant (machine of type 'die-oven'). */
export const dieOvenSchema = z.object({ id: z.number().int(), name: z.string(), line_name: z.string().nullable() });
export type DieOven = z.infer<typeof dieOvenSchema>;
