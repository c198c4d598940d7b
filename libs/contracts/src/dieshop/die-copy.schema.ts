import { z } from 'zod';
import { bodyInteger, bodyNumber, idSchema, isoDate, listQuerySchema, nameText, queryInteger, requiredText } from '../common.schema';
import { messages } from '../messages';
import { DIE_EVENT_KINDS, DIE_STATES, DIE_TYPES, ENLISTMENT_GUARDS, NITRIDING_DUE } from '../dieshop.schema';

/** The Spanish texts of die copies (refusals shown on their fields). */
export const dieCopyMessages = {
  reference: 'Indica la referencia de la matriz (letras, números, guiones)',
  copyNumber: 'El número de copia es un entero entre 1 y 999',
  copyTaken: 'Ya existe esa copia de esta referencia',
  dieType: 'Elige el tipo de matriz',
  cavities: 'Las cavidades son un número entero entre 1 y 24',
  millimetres: 'Indica un número de milímetros mayor que 0 y como mucho 5000',
  cost: 'El costo es un número mayor o igual a 0',
  billets: 'Indica un número entero de tochos mayor que 0',
  kg: 'Indica un número de kg mayor que 0',
  profileMissing: 'El perfil elegido no existe',
  state: 'Elige un estado de la lista',
  scrapReason: 'Indica por qué se da de baja la matriz',
  percent: 'Indica un porcentaje entero entre 1 y 100',
  dwell: 'Indica horas entre 0,5 y 72',
  temperature: 'Indica una temperatura entre 200 y 600 °C',
  guard: 'Elige avisar o impedir',
} as const;

const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const millimetres = bodyNumber(dieCopyMessages.millimetres).positive(dieCopyMessages.millimetres).max(5000, dieCopyMessages.millimetres);
const kgAmount = bodyNumber(dieCopyMessages.kg).positive(dieCopyMessages.kg).max(1e9, dieCopyMessages.kg);
const billetCount = bodyInteger({ min: 1, max: 10_000_000, message: dieCopyMessages.billets });

/** The fields a die copy is received and edited with (`/apps/die/new`, the edit form). */
const dieCopyFields = {
  die_reference: requiredText(60).regex(REFERENCE, dieCopyMessages.reference),
  copy_number: bodyInteger({ min: 1, max: 999, message: dieCopyMessages.copyNumber }),
  description: nameText().max(200, messages.tooLong(200)),
  profile_id: idSchema.nullable(),
  die_type: z.enum(DIE_TYPES, { error: dieCopyMessages.dieType }),
  cavities: bodyInteger({ min: 1, max: 24, message: dieCopyMessages.cavities }),
  diameter_mm: millimetres.nullable(),
  thickness_mm: millimetres.nullable(),
  steel: nameText().max(40, messages.tooLong(40)),
  supplier: nameText().max(120, messages.tooLong(120)),
  supplier_ref: nameText().max(60, messages.tooLong(60)),
  received_at: isoDate.nullable(),
  cost: bodyNumber(dieCopyMessages.cost).min(0, dieCopyMessages.cost).max(1e9, dieCopyMessages.cost).nullable(),
  location: nameText().max(60, messages.tooLong(60)),
  nitriding_every_billets: billetCount.nullable(),
  nitriding_every_kg: kgAmount.nullable(),
  expected_life_kg: kgAmount.nullable(),
};

/** `POST /api/die`: a copy received (state 'new'); the optional fields start empty. */
export const dieCopyCreateSchema = z.object({
  die_reference: dieCopyFields.die_reference,
  copy_number: dieCopyFields.copy_number,
  die_type: dieCopyFields.die_type,
  description: dieCopyFields.description.default(''),
  profile_id: dieCopyFields.profile_id.default(null),
  cavities: dieCopyFields.cavities.default(1),
  diameter_mm: dieCopyFields.diameter_mm.default(null),
  thickness_mm: dieCopyFields.thickness_mm.default(null),
  steel: dieCopyFields.steel.default(''),
  supplier: dieCopyFields.supplier.default(''),
  supplier_ref: dieCopyFields.supplier_ref.default(''),
  received_at: dieCopyFields.received_at.default(null),
  cost: dieCopyFields.cost.default(null),
  location: dieCopyFields.location.default(''),
  nitriding_every_billets: dieCopyFields.nitriding_every_billets.default(null),
  nitriding_every_kg: dieCopyFields.nitriding_every_kg.default(null),
  expected_life_kg: dieCopyFields.expected_life_kg.default(null),
});
export type DieCopyCreate = z.infer<typeof dieCopyCreateSchema>;

/** `PATCH /api/die/:id`: any of the fields; the reference and copy number stay (runs and orders name them). */
export const dieCopyUpdateSchema = z.object(dieCopyFields).omit({ die_reference: true, copy_number: true }).partial();
export type DieCopyUpdate = z.infer<typeof dieCopyUpdateSchema>;

/** `POST /api/die/:id/move`: a die-shop move of domain.md A2.2 (runs move dies by themselves). */
export const dieMoveSchema = z.object({
  to: z.enum(DIE_STATES, { error: dieCopyMessages.state }),
  note: nameText({ multiline: true }).max(500, messages.tooLong(500)).default(''),
  /** The state the caller saw: a die moved meanwhile is not moved again. */
  from: z.enum(DIE_STATES, { error: dieCopyMessages.state }).optional(),
});
export type DieMove = z.infer<typeof dieMoveSchema>;

/** `DELETE /api/die/:id`: scrapping (dar de baja) keeps the copy and its history; the reason is required. */
export const dieScrapSchema = z.object({
  reason: nameText({ error: dieCopyMessages.scrapReason, multiline: true }).min(1, dieCopyMessages.scrapReason).max(300, messages.tooLong(300)),
});
export type DieScrap = z.infer<typeof dieScrapSchema>;

const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/die/all`: the inventory (spec 7 keeps `company_id`), with its filters. */
export const dieInventoryQuerySchema = listQuerySchema.extend({
  company_id: queryInteger().optional(),
  state: z.enum(DIE_STATES, { error: dieCopyMessages.state }).optional(),
  die_type: z.enum(DIE_TYPES, { error: dieCopyMessages.dieType }).optional(),
  location: nameText().max(60, messages.tooLong(60)).optional(),
  profile_id: queryInteger().optional(),
  /** `soon`: "nitrurado próximo" or past; `overdue`: past the threshold. */
  nitriding: z.enum(['soon', 'overdue']).optional(),
  /** Scrapped copies are left out unless asked for (or filtered by state). */
  include_scrapped: queryFlag.optional(),
});
export type DieInventoryQuery = z.infer<typeof dieInventoryQuerySchema>;

const nullableNumber = z.number().nullable();

/** A die copy as the inventory and its screens show it: identity, life, counters and what is due. */
export const dieCopySchema = z.object({
  id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  description: z.string(),
  state: z.enum(DIE_STATES),
  state_since: z.string(),
  profile_id: z.number().int().nullable(),
  profile_code: z.string().nullable(),
  die_type: z.enum(DIE_TYPES),
  cavities: z.number().int(),
  diameter_mm: nullableNumber,
  thickness_mm: nullableNumber,
  steel: z.string(),
  supplier: z.string(),
  supplier_ref: z.string(),
  received_at: z.string().nullable(),
  cost: nullableNumber,
  actual_kg_m: nullableNumber,
  location: z.string(),
  /** The die's own thresholds (null: the family's apply). */
  nitriding_every_billets: nullableNumber,
  nitriding_every_kg: nullableNumber,
  expected_life_kg: nullableNumber,
  /** The thresholds that apply: the die's own, else its family's. */
  thresholds: z.object({ nitriding_every_billets: nullableNumber, nitriding_every_kg: nullableNumber, expected_life_kg: nullableNumber }),
  billets_total: z.number().int(),
  kg_total: z.number(),
  hours_total: z.number(),
  runs_total: z.number().int(),
  billets_since_nitriding: z.number().int(),
  kg_since_nitriding: z.number(),
  nitriding_count: z.number().int(),
  corrections_count: z.number().int(),
  /** The flag and its percent (whichever of billets and kg comes first), and each counter's % of its own threshold (`nitridingDue`). */
  nitriding: z.object({ due: z.enum(NITRIDING_DUE), percent: nullableNumber, billets_percent: nullableNumber, kg_percent: nullableNumber }),
  last_run_at: z.string().nullable(),
  last_line_id: z.number().int().nullable(),
  last_line_name: z.string().nullable(),
  scrapped_at: z.string().nullable(),
  scrapped_reason: z.string(),
  created_at: z.string(),
});
export type DieCopy = z.infer<typeof dieCopySchema>;

/** One line of the die's log (bitácora). */
export const dieEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(DIE_EVENT_KINDS),
  from_state: z.enum(DIE_STATES).nullable(),
  to_state: z.enum(DIE_STATES),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  note: z.string(),
});
export type DieEvent = z.infer<typeof dieEventSchema>;

/** Time spent in each state over the die's life, read from its log (the current state counted up to now). */
export const dieStateTimeSchema = z.object({ state: z.enum(DIE_STATES), hours: z.number(), times: z.number().int() });
export type DieStateTime = z.infer<typeof dieStateTimeSchema>;

/** `GET /api/die/:id/events`: the log, newest first, and the time per state. */
export const dieHistorySchema = z.object({ events: z.array(dieEventSchema), state_times: z.array(dieStateTimeSchema) });
export type DieHistory = z.infer<typeof dieHistorySchema>;

/** A die family's defaults (per die type): thresholds and expected life. */
export const dieFamilySchema = z.object({
  die_type: z.enum(DIE_TYPES),
  nitriding_every_billets: nullableNumber,
  nitriding_every_kg: nullableNumber,
  expected_life_kg: nullableNumber,
});
export type DieFamily = z.infer<typeof dieFamilySchema>;

/** The company's die-shop settings (domain.md E) with its families. */
export const dieshopSettingsSchema = z.object({
  nitriding_warn_percent: z.number().int(),
  enlistment_guard: z.enum(ENLISTMENT_GUARDS),
  oven_required: z.boolean(),
  oven_max_dwell_hours: z.number(),
  min_die_temperature_c: z.number().int(),
  families: z.array(dieFamilySchema),
});
export type DieshopSettings = z.infer<typeof dieshopSettingsSchema>;

/** `PUT /api/dieshop-settings`: any of the settings; the families given replace theirs. */
export const dieshopSettingsUpdateSchema = z.object({
  nitriding_warn_percent: bodyInteger({ min: 1, max: 100, message: dieCopyMessages.percent }).optional(),
  enlistment_guard: z.enum(ENLISTMENT_GUARDS, { error: dieCopyMessages.guard }).optional(),
  oven_required: z.boolean({ error: messages.required }).optional(),
  oven_max_dwell_hours: bodyNumber(dieCopyMessages.dwell).min(0.5, dieCopyMessages.dwell).max(72, dieCopyMessages.dwell).optional(),
  min_die_temperature_c: bodyInteger({ min: 200, max: 600, message: dieCopyMessages.temperature }).optional(),
  families: z
    .array(
      z.object({
        die_type: z.enum(DIE_TYPES, { error: dieCopyMessages.dieType }),
        nitriding_every_billets: billetCount.nullable(),
        nitriding_every_kg: kgAmount.nullable(),
        expected_life_kg: kgAmount.nullable(),
      }),
    )
    .max(DIE_TYPES.length)
    .optional(),
});
export type DieshopSettingsUpdate = z.infer<typeof dieshopSettingsUpdateSchema>;
