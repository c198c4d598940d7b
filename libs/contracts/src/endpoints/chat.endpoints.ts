import { z } from 'zod';
import {
  chatContactSchema,
  chatContactsQuerySchema,
  chatDialogQuerySchema,
  chatMessageSchema,
  chatUserDataRequestSchema,
  chatUserSchema,
  markAsReadRequestSchema,
  markAsReadResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
} from '../chat.schema';
import { endpoint, pathId } from '../endpoint';
import { messages } from '../messages';
import { markNotificationReadRequestSchema, notificationAllQuerySchema, notificationSchema } from '../notification.schema';

/** Spec 7 chat calls: the company's colleagues; not a guest account (issue 36), nor a share-link guest. */
export const chatEndpoints = {
  contacts: endpoint({
    method: 'GET',
    path: 'chat/contacts',
    access: 'colleague',
    tag: 'chat',
    summary: "The caller's colleagues with their last messages and unread counts",
    query: chatContactsQuerySchema,
    response: z.array(chatContactSchema),
  }),
  user: endpoint({ method: 'GET', path: 'chat/user', access: 'colleague', tag: 'chat', summary: 'The caller as a chat participant', response: chatUserSchema }),
  userData: endpoint({
    method: 'POST',
    path: 'chat/user/data',
    idempotent: true,
    access: 'colleague',
    tag: 'chat',
    summary: "The caller's chat status",
    body: chatUserDataRequestSchema,
    response: chatUserSchema,
    status: 200,
  }),
  dialog: endpoint({
    method: 'GET',
    path: 'chat/dialog/:contactId',
    access: 'colleague',
    tag: 'chat',
    summary: 'The conversation with one colleague, newest page first',
    params: z.object({ contactId: pathId }),
    query: chatDialogQuerySchema,
    response: z.array(chatMessageSchema),
  }),
  send: endpoint({
    method: 'POST',
    path: 'chat/send-message',
    access: 'colleague',
    tag: 'chat',
    summary: 'Send a message to a colleague',
    body: sendMessageRequestSchema,
    rules: [{ field: 'to_user', message: messages.chatRecipientNotColleague }],
    response: sendMessageResponseSchema,
  }),
  markAsRead: endpoint({
    method: 'POST',
    path: 'chat/mark-as-read',
    idempotent: true,
    access: 'colleague',
    tag: 'chat',
    summary: "Mark a colleague's messages to the caller as read",
    body: markAsReadRequestSchema,
    response: markAsReadResponseSchema,
    status: 200,
  }),
} as const;

/** Spec 7 notification calls: every user reads and marks only their own. */
export const notificationEndpoints = {
  all: endpoint({
    method: 'GET',
    path: 'notification/all',
    access: 'signed-in',
    tag: 'notifications',
    summary: "The caller's unread notifications",
    query: notificationAllQuerySchema,
    response: z.array(notificationSchema),
  }),
  markRead: endpoint({
    method: 'POST',
    path: 'notification/mark-read',
    idempotent: true,
    access: 'signed-in',
    tag: 'notifications',
    summary: 'Mark one of the caller’s notifications as read',
    body: markNotificationReadRequestSchema,
    response: notificationSchema,
    status: 200,
  }),
} as const;
