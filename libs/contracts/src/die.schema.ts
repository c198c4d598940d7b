import { z } from 'zod';
import { queryInteger, safeText } from './common.schema';

/** Spec 3: a die is identified by its reference plus copy number. */
export const dieSchema = z.object({ id: z.number().int(), die_reference: z.string(), copy_number: z.number().int() });
export type Die = z.infer<typeof dieSchema>;

/** `GET /api/die/find?company_id&reference` (prefix search, case-insensitive) */
export const dieFindQuerySchema = z.object({
  company_id: queryInteger().optional(),
  reference: safeText().trim().max(60).default(''),
});

/** "reference-copynumber", as inserted by an @mention in chat. */
export const dieLabel = (die: Pick<Die, 'die_reference' | 'copy_number'>) => `${die.die_reference}-${die.copy_number}`;

/** One correction of a die: why it was corrected and how it went. */
export const correctionRecordSchema = z.object({
  id: z.number().int(),
  die_id: z.number().int(),
  reason: z.string(),
  status: z.string(),
  created_by: z.number().int().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});

/** The corrector's report on one correction. */
export const correctionReportSchema = z.object({
  id: z.number().int(),
  correction_record_id: z.number().int(),
  findings: z.string(),
  actions: z.string(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});

/** `GET /api/correction-record/:id`: the record, its die and its reports. */
export const correctionRecordDetailSchema = correctionRecordSchema.extend({ die: dieSchema, reports: z.array(correctionReportSchema) });
/** `GET /api/correction-report/:id`: the report, its record and its die. */
export const correctionReportDetailSchema = correctionReportSchema.extend({ correction_record: correctionRecordSchema, die: dieSchema });
