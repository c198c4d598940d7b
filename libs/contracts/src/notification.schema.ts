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
  /** The address of the record the notification is about (a failure report, a work order), when it is about one. */
  record_path: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notification/all?userId` */
export const notificationAllQuerySchema = z.object({ userId: queryInteger().optional() });
export type NotificationAllQuery = z.infer<typeof notificationAllQuerySchema>;

/** `POST /api/notification/mark-read`: the notification plus is_read true. */
export const markNotificationReadRequestSchema = z.object({ id: idSchema, is_read: z.literal(true) }).passthrough();
export type MarkNotificationReadRequest = z.infer<typeof markNotificationReadRequestSchema>;

/**
 * The addresses of the records a notification opens (issue 37: every notification about a record
 * opens it). They are the routes of spec 2.2 of each record's screen.
 */
export const notificationRecordPaths = {
  failureReport: (id: number) => `/apps/failure-damage-report/${id}`,
  workOrder: (id: number) => `/apps/corrective-maintenance/${id}`,
  /** The start form, where the operator ends a run whose press is back up (it has the stop control). */
  runStart: () => '/apps/extrusion/new',
} as const;

/** What a live notifying event carries besides text and variant (spec 7): the stored id, and who raised a mention. */
export interface NotificationLivePayload {
  text: string;
  variant: Notification['variant'];
  id?: number;
  correctionPath?: string;
  hypothalum_id?: number;
  record_path?: string;
  /** The display name of whoever mentioned the user (mentions only): the shell raises a toast. */
  from?: string;
}
