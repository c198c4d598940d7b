import { z } from 'zod';
import { chatContactSchema, chatMessageSchema } from './chat.schema';
import { idSchema, notificationVariantSchema, safeText } from './common.schema';

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
