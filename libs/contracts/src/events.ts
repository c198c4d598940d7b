import { z } from 'zod';
import { chatContactSchema, chatMessageSchema } from './chat.schema';
import { idSchema, notificationVariantSchema, safeText } from './common.schema';

/** Spec 7 live events. User-specific names are built from the user id. */
export const liveEvents = {
  userMessages: (userId: number | string) => `${userId}Messages`,
  newMessage: (userId: number | string) => `${userId}-new-message`,
  userIsOnline: 'userIsOnline',
  userIsOffline: 'userIsOffline',
  taskBlocked: 'taskBlocked',
  failureReportSubmitted: 'failureReportSubmitted',
  labeledUser: 'labeledUser',
  labeledUserInCorrectionOrder: 'labeledUserInCorrectionOrder',
  labeledUserCorrectionDiscussion: 'labeledUserCorrectionDiscussion',
  userLabelMaintenanceBoard: 'userLabelMaintenanceBoard',
  /** To a company's sockets: its page-role grants changed; sessions fetch their grants again. */
  grantsChanged: 'grantsChanged',
  /**
   * To one socket, just before the server cuts it: its user may no longer hear this company
   * (deactivated, removed from it) or its token expired. The client asks the API whether the
   * session still holds instead of reconnecting.
   */
  accessRevoked: 'accessRevoked',
  /** To an upload's uploader: a document being read ('Leyendo PDF', 'OCR página 2/3') and its outcome. */
  uploadProgress: 'uploadProgress',
  /**
   * To a company's sockets: data behind an area's indicators changed (a run ended, a stop, a work
   * order, a die moved, a correction); payload IndicatorsChangedPayload. Announced by the
   * database itself, at most once a second per company and area.
   */
  indicatorsChanged: 'indicatorsChanged',
  /** Emitted by the client. */
  joinToRoom: 'joinToRoom',
  /**
   * Emitted by the client with a new access token of the same user (company switch, renewed
   * session): the socket moves to that token's company and roles without reconnecting.
   */
  renewAccess: 'renewAccess',
} as const;

/** The areas whose indicators a change concerns (the `area` of `indicatorsChanged`). */
export const INDICATOR_AREAS = ['production', 'maintenance', 'dieshop'] as const;
export type IndicatorArea = (typeof INDICATOR_AREAS)[number];
export interface IndicatorsChangedPayload {
  area: IndicatorArea;
}

/** The events a stored notification goes out as (NotificationsService). */
export const NOTIFYING_EVENTS = [
  liveEvents.taskBlocked,
  liveEvents.failureReportSubmitted,
  liveEvents.labeledUser,
  liveEvents.labeledUserInCorrectionOrder,
  liveEvents.labeledUserCorrectionDiscussion,
  liveEvents.userLabelMaintenanceBoard,
] as const;
export type NotifyingEvent = (typeof NOTIFYING_EVENTS)[number];

/** Every notifying event carries text and variant; some an id or a correction path. */
export const liveNotificationPayloadSchema = z.object({
  text: z.string(),
  variant: notificationVariantSchema,
  id: z.number().int().optional(),
  correctionPath: z.string().optional(),
});
export type LiveNotificationPayload = z.infer<typeof liveNotificationPayloadSchema>;

export const userMessagesPayloadSchema = z.array(chatContactSchema);
export const newMessagePayloadSchema = z.object({ text: z.string(), variant: notificationVariantSchema, message: chatMessageSchema });
export const presencePayloadSchema = z.object({ userId: z.number().int(), text: z.string().optional(), variant: notificationVariantSchema.optional() });

/** Spec 4: joinToRoom with email, room (company id), user id and company id. */
export const joinToRoomPayloadSchema = z.object({
  email: safeText().max(254),
  room: idSchema,
  userId: idSchema,
  companyId: idSchema,
});
export type JoinToRoomPayload = z.infer<typeof joinToRoomPayloadSchema>;

/** The acknowledgement of joinToRoom: ok, or the reason it was refused. */
export const joinToRoomAckSchema = z.object({ ok: z.boolean(), error: z.string().optional() });
export type JoinToRoomAck = z.infer<typeof joinToRoomAckSchema>;

/** `accessRevoked`: why the socket is cut. */
export const accessRevokedPayloadSchema = z.object({ reason: z.enum(['access-revoked', 'token-expired']) });
export type AccessRevokedPayload = z.infer<typeof accessRevokedPayloadSchema>;

/** `renewAccess`: the new access token; acknowledged like joinToRoom. */
export const renewAccessPayloadSchema = z.object({ token: z.string().min(1).max(8192) });
export type RenewAccessPayload = z.infer<typeof renewAccessPayloadSchema>;
export type RenewAccessAck = JoinToRoomAck;

/** Why a socket connection was refused (the `data` of the client's connect_error). */
export const realtimeRefusalSchema = z.object({ statusCode: z.number().int(), message: z.string() });
