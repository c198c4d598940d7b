import { z } from 'zod';
import { idSchema, queryInteger, safeText, trimmedText } from './common.schema';
import { messages } from './messages';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const contactStatusSchema = z.enum(['online', 'away', 'do-not-disturb', 'offline']);
export type ContactStatus = z.infer<typeof contactStatusSchema>;

/** Spec 3 chat message; `time` is ISO and shown as 'YYYY-MM-DD, hh:mm'. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  from_user: z.number().int(),
  to_user: z.number().int(),
  message: z.string(),
  time: z.string(),
  is_read: z.boolean(),
  die_id: z.number().int().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Spec 3 chat contact. */
export const chatContactSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  profile_image: z.string().nullable(),
  status: contactStatusSchema,
  dialog: z.array(chatMessageSchema),
  unread: z.number().int(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/** Spec 3 send-message payload. */
export const sendMessageRequestSchema = z.object({
  companyId: idSchema,
  /** Free text, kept as written (bidirectional marks included): only what no column can store is refused. */
  message: safeText({ error: messages.chatMessageEmpty, multiline: true })
    .refine((text) => text.trim().length > 0, messages.chatMessageEmpty)
    .refine((text) => text.length <= CHAT_MESSAGE_MAX_LENGTH, messages.chatMessageTooLong(CHAT_MESSAGE_MAX_LENGTH)),
  from_user: idSchema,
  to_user: idSchema,
  toUserIsOnline: z.boolean().optional(),
  die_id: idSchema.nullable().optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const sendMessageResponseSchema = z.object({ message: chatMessageSchema, userChatList: z.array(chatContactSchema) });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** Spec 3 mark-as-read payload. */
export const markAsReadRequestSchema = z.object({
  companyId: idSchema,
  from_user: idSchema,
  to_user: idSchema,
});
export type MarkAsReadRequest = z.infer<typeof markAsReadRequestSchema>;

/** Mark-as-read answer: how many messages changed and the caller's refreshed contact list. */
export const markAsReadResponseSchema = z.object({ updated: z.number().int(), userChatList: z.array(chatContactSchema) });
export type MarkAsReadResponse = z.infer<typeof markAsReadResponseSchema>;

/** `GET /api/chat/user`: the caller as a chat participant. */
export const chatUserSchema = z.object({ id: z.number().int(), full_name: z.string(), profile_image: z.string().nullable(), status: contactStatusSchema });
export type ChatUser = z.infer<typeof chatUserSchema>;

/** `POST /api/chat/user/data`: the caller's own chat data (their status). */
export const chatUserDataRequestSchema = z.object({ status: contactStatusSchema });
export type ChatUserDataRequest = z.infer<typeof chatUserDataRequestSchema>;

/** `GET /api/chat/contacts` optional parameters. */
export const chatContactsQuerySchema = z.object({ search: trimmedText().max(100, messages.tooLong(100)).optional() });
export type ChatContactsQuery = z.infer<typeof chatContactsQuerySchema>;

/** The dialog with one contact, newest page first. */
export const chatDialogQuerySchema = z.object({
  before: queryInteger().optional(),
  limit: queryInteger({ min: 1, max: 100 }).default(50),
});
export type ChatDialogQuery = z.infer<typeof chatDialogQuerySchema>;
