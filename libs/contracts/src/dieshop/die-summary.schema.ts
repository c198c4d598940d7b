import { z } from 'zod';
import { PROFILE_SHAPES } from './profile-shapes';
import { productionFiguresSchema } from '../production.schema';
import { correctionRecordRowSchema, correctionReportRowSchema } from './correction.schema';
import { dieCopySchema, dieHistorySchema } from './die-copy.schema';

/** The profile a die makes, with the critical dimensions its runs are checked against. */
export const dieSummaryProfileSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  customer: z.string(),
  description: z.string(),
  shape: z.enum(PROFILE_SHAPES),
  nominal_kg_m: z.number().nullable(),
  dimensions: z.array(z.object({ label: z.string(), nominal_mm: z.number(), tol_minus_mm: z.number(), tol_plus_mm: z.number() })),
});

/** One run of the die, with its figures (kg/h, recovery, scrap) and its confirmation, if any. */
export const dieSummaryRunSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  figures: productionFiguresSchema,
  confirmed: z.boolean(),
  condition: z.string().nullable(),
  pull_reason: z.string().nullable(),
});

/** One nitriding of the die: the batch, the certificate's values and what it ran between nitridings. */
export const dieSummaryNitridingSchema = z.object({
  batch_id: z.number().int(),
  batch_number: z.string(),
  nitriding_no: z.number().int(),
  supplier: z.string(),
  status: z.string(),
  sent_at: z.string(),
  confirmed_at: z.string().nullable(),
  hardness_hv: z.number().nullable(),
  case_depth_mm: z.number().nullable(),
  result: z.string().nullable(),
  billets_since_previous: z.number().int(),
  kg_since_previous: z.number(),
});

/** A correction of the die with its attempts (each with its trial's result), newest first. */
export const dieSummaryCorrectionSchema = correctionRecordRowSchema.extend({ reports: z.array(correctionReportRowSchema) });
export type DieSummaryCorrection = z.infer<typeof dieSummaryCorrectionSchema>;

/** A document kept for the die: its profile's drawing, nitriding certificates. */
export const dieSummaryDocumentSchema = z.object({ kind: z.enum(['drawing', 'certificate']), label: z.string(), file_id: z.number().int(), at: z.string() });

/**
 * `GET /api/die/:id/summary` (also for a guest with the die's share link): the die summary of
 * domain.md A2.3 in one answer — the copy and its life, its profile, its production per run and per
 * line, its nitridings, corrections, log with time per state, and documents.
 */
export const dieSummarySchema = z.object({
  die: dieCopySchema,
  profile: dieSummaryProfileSchema.nullable(),
  production: z.object({
    total: productionFiguresSchema,
    by_line: z.array(z.object({ line_id: z.number().int(), line_name: z.string(), figures: productionFiguresSchema })),
    runs: z.array(dieSummaryRunSchema),
  }),
  nitridings: z.array(dieSummaryNitridingSchema),
  corrections: z.array(dieSummaryCorrectionSchema),
  history: dieHistorySchema,
  documents: z.array(dieSummaryDocumentSchema),
});
export type DieSummary = z.infer<typeof dieSummarySchema>;
