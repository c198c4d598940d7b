import { z } from 'zod';
import { queryInteger, trimmedText } from './common.schema';

/** Spec 3: a die is identified by its reference plus copy number. */
export const dieSchema = z.object({ id: z.number().int(), die_reference: z.string(), copy_number: z.number().int() });
export type Die = z.infer<typeof dieSchema>;

/** `GET /api/die/find?company_id&reference` (prefix search, case-insensitive) */
export const dieFindQuerySchema = z.object({
  company_id: queryInteger().optional(),
  reference: trimmedText().max(60).default(''),
});

/** "reference-copynumber", as inserted by an @mention in chat. */
export const dieLabel = (die: Pick<Die, 'die_reference' | 'copy_number'>) => `${die.die_reference}-${die.copy_number}`;
