import { z } from 'zod';
import { bodyInteger, bodyNumber, idSchema, listQuerySchema, nameText } from '../common.schema';
import { messages } from '../messages';
import { DIE_STATES, PULL_REASONS, RUN_CONDITIONS, type InspectionResult, type RunCondition } from '../dieshop.schema';

/** The Spanish texts of production confirmation (API answers and screens alike). */
export const dieConfirmationMessages = {
  billets: 'Indica un número entero de tochos (0 o más)',
  kg: 'Indica un número de kg mayor o igual a 0',
  condition: 'Elige cómo salió la matriz',
  pullReason: 'Elige por qué se retiró la matriz',
  runMissing: 'La corrida no existe en esta empresa',
  runRunning: 'La corrida sigue en curso: se confirma cuando termina',
  alreadyConfirmed: 'Esta corrida ya fue confirmada',
} as const;

/**
 * The inspection result a run's condition suggests to the cleaning: a die that came off needing
 * correction, or damaged, is proposed for correction (the inspection decides).
 */
export const CONDITION_SUGGESTS: Record<RunCondition, InspectionResult> = {
  ok: 'ok',
  needs_correction: 'correction',
  damaged: 'correction',
};

/** The log's words for a condition (die_event notes are Spanish, like the rest of the log). */
export const RUN_CONDITION_WORDS: Record<RunCondition, string> = { ok: 'OK', needs_correction: 'requiere corrección', damaged: 'dañada' };

const kg = bodyNumber(dieConfirmationMessages.kg).min(0, dieConfirmationMessages.kg).max(1e9, dieConfirmationMessages.kg);

/** `POST /api/die-confirmation`: one run confirmed once, prefilled on screen from the run's figures. */
export const dieConfirmationCreateSchema = z.object({
  order_die_id: idSchema,
  billets: bodyInteger({ min: 0, max: 10_000_000, message: dieConfirmationMessages.billets }),
  billet_kg: kg,
  good_kg: kg,
  scrap_kg: kg,
  condition: z.enum(RUN_CONDITIONS, { error: dieConfirmationMessages.condition }),
  pull_reason: z.enum(PULL_REASONS, { error: dieConfirmationMessages.pullReason }),
  notes: nameText({ multiline: true }).max(500, messages.tooLong(500)).default(''),
});
export type DieConfirmationCreate = z.infer<typeof dieConfirmationCreateSchema>;

/**
 * `GET /api/die-confirmation/all`: the ended runs waiting (oldest first), the confirmed ones
 * (newest first), or without a status both, the waiting ones first.
 */
export const dieConfirmationListQuerySchema = listQuerySchema.extend({
  status: z.enum(['pending', 'confirmed']).optional(),
});
export type DieConfirmationListQuery = z.infer<typeof dieConfirmationListQuerySchema>;

const nullableNumber = z.number().nullable();

/** What the confirmation saved (null while the run waits). */
export const dieConfirmationRecordSchema = z.object({
  id: z.number().int(),
  confirmed_at: z.string(),
  confirmed_by: z.number().int().nullable(),
  confirmed_by_name: z.string().nullable(),
  billets: z.number().int(),
  billet_kg: z.number(),
  good_kg: z.number(),
  scrap_kg: z.number(),
  condition: z.enum(RUN_CONDITIONS),
  pull_reason: z.enum(PULL_REASONS),
  notes: z.string(),
});
export type DieConfirmationRecord = z.infer<typeof dieConfirmationRecordSchema>;

/** An ended run as the confirmation list and screen show it: die, order, line, times, figures, and its confirmation. */
export const dieRunToConfirmSchema = z.object({
  id: z.number().int(),
  die_id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  die_state: z.enum(DIE_STATES),
  /** The die is running another order now (it stays on the press when this run is confirmed). */
  die_running: z.boolean(),
  order_id: z.number().int(),
  order_number: z.string(),
  profile: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  started_by_name: z.string().nullable(),
  start_extrusion_time: z.string(),
  end_extrusion_time: z.string(),
  hours: z.number(),
  billets_pushed: nullableNumber,
  billet_kg: nullableNumber,
  good_kg: nullableNumber,
  scrap_kg: nullableNumber,
  confirmation: dieConfirmationRecordSchema.nullable(),
});
export type DieRunToConfirm = z.infer<typeof dieRunToConfirmSchema>;
