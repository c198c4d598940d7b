import { z } from 'zod';
import { idSchema } from './common.schema';

/** Spec 3: company id and name; and its currency (ISO 4217), in which the portal shows its money. */
export const companySchema = z.object({ id: z.number().int(), name: z.string(), currency: z.string() });
export type Company = z.infer<typeof companySchema>;

/** Switch the active company; answers with a re-issued session. */
export const switchCompanyRequestSchema = z.object({ company_id: idSchema });
export type SwitchCompanyRequest = z.infer<typeof switchCompanyRequestSchema>;

export const healthResponseSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
