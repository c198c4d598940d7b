import { z } from 'zod';

/** The one error shape of every API response that is not a success (architecture.md). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
  /** Field name → message, for validation errors. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Field name → machine code (spec section 8 codes for registration). */
  codes: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Turns validation issues into the `fields` map: the first message per field, keyed by the
 * dotted path. Used by the API's validation pipe and by forms mapping server errors to fields.
 */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  // A Map first: a field may be called `__proto__`, which a plain object's assignment would swallow.
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}
