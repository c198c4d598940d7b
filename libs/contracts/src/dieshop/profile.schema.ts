import { z } from 'zod';
import { bodyNumber } from '../common.schema';
import { withRules } from '../endpoint-errors';
import { messages } from '../messages';
import { DIMENSION_TEXTS, dimensionRecordSchema } from '../orders.schema';
import { profileMessages } from './profile.messages';

/** How many critical dimensions a profile may list. */
export const MAX_PROFILE_DIMENSIONS = 20;
/** Above a metre a critical dimension is a typing error, as for the 10-minute checks. */
const DIMENSION_MM_MAX = 1000;

const millimetres = (message: string) => bodyNumber(message).max(DIMENSION_MM_MAX, messages.atMost(DIMENSION_MM_MAX));

/** One critical dimension of a profile: its label (A, B, …), nominal and tolerance band in mm. */
export const profileDimensionInputSchema = z.object({
  label: z
    .string({ error: profileMessages.label })
    .trim()
    .toUpperCase()
    .min(1, profileMessages.label)
    .max(10, messages.tooLong(10))
    .regex(/^[A-Z0-9]+$/, profileMessages.label),
  nominal_mm: millimetres(profileMessages.nominal).positive(profileMessages.nominal),
  tol_minus_mm: millimetres(profileMessages.tolerance).min(0, profileMessages.tolerance),
  tol_plus_mm: millimetres(profileMessages.tolerance).min(0, profileMessages.tolerance),
});
export type ProfileDimensionInput = z.infer<typeof profileDimensionInputSchema>;

/** `PUT /api/profile/:id/dimensions`: the whole list, replacing the profile's; each label once. */
export const profileDimensionsUpdateSchema = z.object({
  dimensions: withRules(
    z
      .array(profileDimensionInputSchema, { error: messages.required })
      .max(MAX_PROFILE_DIMENSIONS, profileMessages.tooManyDimensions)
      .superRefine((dimensions, context) => {
        const seen = new Set<string>();
        dimensions.forEach((dimension, index) => {
          if (seen.has(dimension.label)) context.addIssue({ code: 'custom', message: profileMessages.labelTaken, path: [index, 'label'] });
          seen.add(dimension.label);
        });
      }),
    [{ field: '*.label', message: profileMessages.labelTaken }],
  ),
});
export type ProfileDimensionsUpdate = z.infer<typeof profileDimensionsUpdateSchema>;

export const profileDimensionSchema = z.object({
  label: z.string(),
  nominal_mm: z.number(),
  tol_minus_mm: z.number(),
  tol_plus_mm: z.number(),
});
export type ProfileDimension = z.infer<typeof profileDimensionSchema>;

/** `GET /api/profile/:id/dimensions`: the profile's critical dimensions, by label. */
export const profileDimensionsSchema = z.object({ dimensions: z.array(profileDimensionSchema) });
export type ProfileDimensions = z.infer<typeof profileDimensionsSchema>;

/** `GET|PUT /api/profile/:id/drawing`: the customer's drawing of the profile (a PDF or an image), if one is kept. */
export const profileDrawingSchema = z.object({
  drawing: z
    .object({
      url: z.string(),
      content_type: z.string(),
      size_bytes: z.number().int(),
      uploaded_at: z.string(),
    })
    .nullable(),
});
export type ProfileDrawing = z.infer<typeof profileDrawingSchema>;

/** The profile label a 10-minute check measures: 'DimensionA' → 'A'. */
export const DIMENSION_LABELS: Readonly<Record<(typeof DIMENSION_TEXTS)[number], string>> = { DimensionA: 'A', DimensionB: 'B' };

/** Millimetre figures compared to a micrometre's thousandth: 40.2 − 0.2 is 40 here, whatever binary floats make of it. */
const EPSILON_MM = 1e-9;

/** Whether a measured value lies within nominal − tol_minus … nominal + tol_plus (both ends included). */
export function withinTolerance(value: number, dimension: Pick<ProfileDimension, 'nominal_mm' | 'tol_minus_mm' | 'tol_plus_mm'>): boolean {
  return value >= dimension.nominal_mm - dimension.tol_minus_mm - EPSILON_MM && value <= dimension.nominal_mm + dimension.tol_plus_mm + EPSILON_MM;
}

/**
 * A saved 10-minute check as `POST /api/orders/saveDieCriticalDimension` answers it: the record,
 * and the tolerance of the run's die's profile it was compared with (null where the die has no
 * profile or the profile no dimension of that label; `within_tolerance` is then null too).
 */
export const savedDimensionRecordSchema = dimensionRecordSchema.extend({
  tolerance: profileDimensionSchema.nullable(),
  within_tolerance: z.boolean().nullable(),
});
export type SavedDimensionRecord = z.infer<typeof savedDimensionRecordSchema>;
