import { z } from 'zod';
import { idSchema, isoDateTime, listQuerySchema, nameText } from '../common.schema';
import { messages } from '../messages';
import { CLEANING_METHODS, DIE_STATES, INSPECTION_RESULTS, RUN_CONDITIONS } from '../dieshop.schema';
import { storedFileSchema } from '../maintenance/failure-report.schema';

/** The Spanish texts of cleaning (API answers and screens alike). */
export const dieCleaningMessages = {
  method: 'Elige el método de limpieza',
  result: 'Elige el resultado de la inspección',
  dieMissing: 'La matriz no existe en esta empresa',
  notInCleaning: 'La matriz no está en limpieza',
  alreadyOpen: 'La matriz ya tiene una limpieza abierta',
  finished: 'Esta limpieza ya terminó',
  operatorNotMember: 'El operario no es un miembro activo de la empresa',
  outBeforeIn: 'La salida no puede ser anterior a la entrada',
  scrapReason: 'Indica por qué se da de baja la matriz',
  scrapNeedsLead: 'Solo quien puede dar de baja matrices puede decidir la baja en la inspección',
  /** Shown whenever the caustic bath is chosen (hot NaOH with aluminium gives off hydrogen). */
  causticSafety: 'Baño de sosa caliente: libera hidrógeno, ventilación y EPP',
} as const;

/** A form field of a multipart request arrives as text ('' → nothing). */
const fromForm = (value: unknown) => (value === '' ? undefined : value);
const when = isoDateTime;

/** `POST /api/die-cleaning`: a die in cleaning enters its bath (or blast, or bench). */
export const dieCleaningStartSchema = z.object({
  die_id: idSchema,
  method: z.enum(CLEANING_METHODS, { error: dieCleaningMessages.method }),
  bath: nameText().max(60, messages.tooLong(60)).default(''),
  /** Who does it (the caller when not given). */
  operator_id: idSchema.nullable().optional(),
  /** When it went in (now when not given). */
  in_at: when.optional(),
});
export type DieCleaningStart = z.infer<typeof dieCleaningStartSchema>;

/**
 * `PATCH /api/die-cleaning/:id` (JSON, or multipart with `photos`): the cleaning ends with its
 * inspection, whose result moves the die; scrapping needs a reason (and the leads' grant).
 */
export const dieCleaningFinishSchema = z.object({
  inspection_result: z.enum(INSPECTION_RESULTS, { error: dieCleaningMessages.result }),
  out_at: z.preprocess(fromForm, when.optional()),
  notes: z.preprocess(fromForm, nameText({ multiline: true }).max(500, messages.tooLong(500)).default('')),
  scrap_reason: z.preprocess(fromForm, nameText().max(300, messages.tooLong(300)).optional()),
});
export type DieCleaningFinish = z.infer<typeof dieCleaningFinishSchema>;

/**
 * `GET /api/die-cleaning/all`: the dies in cleaning (waiting or in the bath, longest first), the
 * finished cleanings (newest first), or without a status both, the dies in cleaning first.
 */
export const dieCleaningListQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'finished']).optional(),
});
export type DieCleaningListQuery = z.infer<typeof dieCleaningListQuerySchema>;

/** One cleaning record. */
export const dieCleaningSchema = z.object({
  id: z.number().int(),
  die_id: z.number().int(),
  order_die_id: z.number().int().nullable(),
  method: z.enum(CLEANING_METHODS),
  bath: z.string(),
  in_at: z.string(),
  out_at: z.string().nullable(),
  /** In the bath until now, or from in to out. */
  minutes: z.number().int(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  inspection_result: z.enum(INSPECTION_RESULTS).nullable(),
  notes: z.string(),
  photos: z.array(storedFileSchema),
});
export type DieCleaning = z.infer<typeof dieCleaningSchema>;

/** A die in (or through) cleaning: the die, how its last run left it, and its open cleaning. */
export const dieInCleaningSchema = z.object({
  /** The row's key: `die-<id>` for a die in cleaning, `cleaning-<id>` for a finished cleaning. */
  id: z.string(),
  die_id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  die_state: z.enum(DIE_STATES),
  state_since: z.string(),
  location: z.string(),
  /** The condition the die came off the press with (latest confirmation), and the result it suggests. */
  condition: z.enum(RUN_CONDITIONS).nullable(),
  suggested_result: z.enum(INSPECTION_RESULTS).nullable(),
  last_order_die_id: z.number().int().nullable(),
  cleaning: dieCleaningSchema.nullable(),
});
export type DieInCleaning = z.infer<typeof dieInCleaningSchema>;

/** `GET /api/die-cleaning/die/:id`: one die's cleaning screen: where it stands and all its cleanings, newest first. */
export const dieCleaningDetailSchema = dieInCleaningSchema.extend({
  history: z.array(dieCleaningSchema),
  /** Who may be named as the operator: the company's active members. */
  operators: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DieCleaningDetail = z.infer<typeof dieCleaningDetailSchema>;
