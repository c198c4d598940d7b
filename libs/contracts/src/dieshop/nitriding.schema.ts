import { z } from 'zod';
import { bodyNumber, idSchema, isoDate, isoDateTime, listQuerySchema, nameText } from '../common.schema';
import { messages } from '../messages';
import { withRules } from '../endpoint-errors';
import { DIE_STATES, NITRIDING_BATCH_STATUSES, NITRIDING_PROCESSES, NITRIDING_RESULTS, NITRIDING_TYPICAL } from '../dieshop.schema';
import { dieCopySchema } from './die-copy.schema';

/** The Spanish texts of nitriding batches (refusals shown on their fields, hints beside the values). */
export const nitridingMessages = {
  supplier: 'Indica el proveedor del nitrurado',
  process: 'Elige el proceso de nitrurado',
  dies: 'Elige al menos una matriz para el lote',
  tooManyDies: (max: number) => `Un lote lleva como mucho ${max} matrices`,
  dieMissing: 'Alguna de las matrices elegidas no existe',
  notCandidate: (die: string, state: string) => `La matriz ${die} está ${state}: no puede ir a nitrurar`,
  inOpenBatch: (die: string, batch: string) => `La matriz ${die} ya va en el lote ${batch}`,
  expectedBeforeSent: 'El regreso previsto no puede ser anterior al envío',
  receivedBeforeSent: 'La recepción no puede ser anterior al envío',
  alreadyReceived: 'El lote ya se recibió',
  notReceived: 'Marca el lote como recibido antes de confirmar sus matrices',
  alreadyConfirmed: 'Esta matriz ya está confirmada en el lote',
  dieNotInBatch: 'La matriz no va en este lote',
  hardness: 'Indica la dureza en HV (un número mayor que 0 y menor que 2000)',
  caseDepth: 'Indica la profundidad de capa en mm (mayor que 0 y menor que 5)',
  result: 'Elige aceptada o rechazada',
  certificateNumber: 'Indica el número de certificado del proveedor',
  certificateFile: 'El certificado debe ser un PDF o una foto JPEG, PNG o WebP',
  rejectedStays: 'La matriz rechazada sigue en nitrurado: inclúyela en otro lote',
} as const;

/** Most dies one batch carries (a chest of the nitriding furnace). */
export const MAX_NITRIDING_BATCH_DIES = 60;

/** Whether a value is outside the typical band (a hint shown beside it, never a refusal). */
export const nitridingHint = {
  hardnessLow: (hv: number) => hv < NITRIDING_TYPICAL.minHardnessHv,
  depthOutside: (mm: number) => mm < NITRIDING_TYPICAL.caseDepthMm.min || mm > NITRIDING_TYPICAL.caseDepthMm.max,
};

/** `POST /api/nitriding-batch`: a batch made and sent; in-stock dies go to 'nitriding'. */
export const nitridingBatchCreateSchema = z.object({
  supplier: nameText({ error: nitridingMessages.supplier }).min(1, nitridingMessages.supplier).max(120, messages.tooLong(120)),
  process: z.enum(NITRIDING_PROCESSES, { error: nitridingMessages.process }).default('gas'),
  sent_at: isoDateTime.optional(),
  expected_at: isoDate.nullable().default(null),
  notes: nameText().max(500, messages.tooLong(500)).default(''),
  die_ids: z
    .array(idSchema, { error: nitridingMessages.dies })
    .min(1, nitridingMessages.dies)
    .max(MAX_NITRIDING_BATCH_DIES, nitridingMessages.tooManyDies(MAX_NITRIDING_BATCH_DIES)),
});
export type NitridingBatchCreate = z.infer<typeof nitridingBatchCreateSchema>;

/** `GET /api/nitriding-batch/all`. */
export const nitridingBatchQuerySchema = listQuerySchema.extend({
  status: z.enum(NITRIDING_BATCH_STATUSES).optional(),
});
export type NitridingBatchQuery = z.infer<typeof nitridingBatchQuerySchema>;

/** `POST /api/nitriding-batch/:id/receive`: the batch came back with its certificate's number. */
export const nitridingReceiveSchema = withRules(
  z.object({
    received_at: isoDateTime.optional(),
    certificate_number: nameText({ error: nitridingMessages.certificateNumber }).min(1, nitridingMessages.certificateNumber).max(60, messages.tooLong(60)),
  }),
  // Against the batch as stored: it came back after it was sent.
  [{ field: 'received_at', message: nitridingMessages.receivedBeforeSent }],
);
export type NitridingReceive = z.infer<typeof nitridingReceiveSchema>;

/** `POST /api/nitriding-batch/:id/certificate` (multipart: `certificate_number`, `file`). */
export const nitridingCertificateSchema = z.object({
  certificate_number: nameText({ error: nitridingMessages.certificateNumber }).min(1, nitridingMessages.certificateNumber).max(60, messages.tooLong(60)),
});

/** `POST /api/nitriding-batch/:id/die/:dieId`: one die's certificate values and the verdict. */
export const nitridingConfirmSchema = z.object({
  hardness_hv: bodyNumber(nitridingMessages.hardness).positive(nitridingMessages.hardness).lt(2000, nitridingMessages.hardness),
  case_depth_mm: bodyNumber(nitridingMessages.caseDepth).positive(nitridingMessages.caseDepth).lt(5, nitridingMessages.caseDepth),
  result: z.enum(NITRIDING_RESULTS, { error: nitridingMessages.result }),
  note: nameText().max(300, messages.tooLong(300)).default(''),
});
export type NitridingConfirm = z.infer<typeof nitridingConfirmSchema>;

const batchFields = {
  id: z.number().int(),
  number: z.string(),
  supplier: z.string(),
  process: z.enum(NITRIDING_PROCESSES),
  status: z.enum(NITRIDING_BATCH_STATUSES),
  sent_at: z.string(),
  expected_at: z.string().nullable(),
  received_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  certificate_number: z.string(),
  certificate_url: z.string().nullable(),
  notes: z.string(),
  dies_count: z.number().int(),
  confirmed_count: z.number().int(),
};

/** A batch as its list shows it. */
export const nitridingBatchSchema = z.object(batchFields);
export type NitridingBatch = z.infer<typeof nitridingBatchSchema>;

/** One die of a batch: the counters snapshot taken when it was sent, and its confirmation. */
export const nitridingBatchDieSchema = z.object({
  die_id: z.number().int(),
  die_reference: z.string(),
  copy_number: z.number().int(),
  die_state: z.enum(DIE_STATES),
  nitriding_no: z.number().int(),
  billets_since_previous: z.number().int(),
  kg_since_previous: z.number(),
  hardness_hv: z.number().nullable(),
  case_depth_mm: z.number().nullable(),
  result: z.enum(NITRIDING_RESULTS).nullable(),
  note: z.string(),
});
export type NitridingBatchDie = z.infer<typeof nitridingBatchDieSchema>;

/** `GET /api/nitriding-batch/:id`: the batch, its dies and the company's upload limit (for the certificate). */
export const nitridingBatchDetailSchema = z.object({
  ...batchFields,
  dies: z.array(nitridingBatchDieSchema),
  upload_limit_mb: z.number(),
});
export type NitridingBatchDetail = z.infer<typeof nitridingBatchDetailSchema>;

/**
 * Dies that may go in a new batch: those an inspection (or a rejection) left 'en nitrurado' and
 * not waiting in an open batch, and the in-stock dies whose nitriding is near or past.
 */
export const NITRIDING_CANDIDATE_ORIGINS = ['waiting', 'due'] as const;
export const nitridingCandidateSchema = dieCopySchema.extend({ origin: z.enum(NITRIDING_CANDIDATE_ORIGINS) });
export type NitridingCandidate = z.infer<typeof nitridingCandidateSchema>;

/** One nitriding of a die (the die summary's "Nitrurados"): n, dates, supplier, values, kg between nitridings. */
export const dieNitridingSchema = z.object({
  nitriding_no: z.number().int(),
  batch_id: z.number().int(),
  batch_number: z.string(),
  supplier: z.string(),
  process: z.enum(NITRIDING_PROCESSES),
  status: z.enum(NITRIDING_BATCH_STATUSES),
  sent_at: z.string(),
  received_at: z.string().nullable(),
  certificate_number: z.string(),
  hardness_hv: z.number().nullable(),
  case_depth_mm: z.number().nullable(),
  result: z.enum(NITRIDING_RESULTS).nullable(),
  billets_since_previous: z.number().int(),
  kg_since_previous: z.number(),
});
export type DieNitriding = z.infer<typeof dieNitridingSchema>;
