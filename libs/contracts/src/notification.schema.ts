import { z } from 'zod';
import { idSchema, notificationVariantSchema, queryInteger } from './common.schema';

/** Spec 3 notification. */
export const notificationSchema = z.object({
  id: z.number().int(),
  text_message: z.string(),
  variant: notificationVariantSchema,
  is_read: z.boolean(),
  hypothalum_id: z.number().int().nullable(),
  correction_report_path: z.string().nullable(),
  correctionPath: z.string().nullable(),
  dismissed: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notification/all?userId` */
export const notificationAllQuerySchema = z.object({ userId: queryInteger().optional() });
export type NotificationAllQuery = z.infer<typeof notificationAllQuerySchema>;

/** `POST /api/notification/mark-read`: the notification plus is_read true. */
export const markNotificationReadRequestSchema = z.object({ id: idSchema, is_read: z.literal(true) }).passthrough();
export type MarkNotificationReadRequest = z.infer<typeof markNotificationReadRequestSchema>;
