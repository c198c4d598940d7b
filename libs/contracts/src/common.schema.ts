import { z } from 'zod';
import { LABEL_MATCHES_PATTERN, SORT_ORDER_PATTERN } from './list-search';
import { messages } from './messages';

export const idSchema = z.coerce.number().int().positive();
export const isoDateTime = z.string().datetime({ offset: true });

/** A required string field with the Spanish "required" text, trimmed, bounded. */
export const requiredText = (max: number) => z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong(max));

/** Query of every `GET /api/<resource>/all` list (paged, searchable, sortable). */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** `field:value,…`: stored values whose shown label matches the search (list-search.ts). */
  labelMatches: z.string().regex(LABEL_MATCHES_PATTERN, messages.invalidListQuery).optional(),
  /** `value,…`: the sorted column's values in the order of their shown labels. */
  sortOrder: z.string().regex(SORT_ORDER_PATTERN, messages.invalidListQuery).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const notificationVariantSchema = z.enum(['success', 'warning', 'error', 'info']);
export type NotificationVariant = z.infer<typeof notificationVariantSchema>;
