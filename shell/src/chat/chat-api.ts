import type { ChatContact, ChatMessage, Die, MarkAsReadRequest, MarkAsReadResponse, SendMessageRequest, SendMessageResponse } from '@planta/contracts';
import { api } from '@planta/session';

/** Spec 9: a page of history. */
export const CHAT_PAGE_SIZE = 50;

export const chatApi = {
  contacts: () => api.get<ChatContact[]>('chat/contacts'),
  /** Newest first; `before` pages back from that message id. */
  dialog: (contactId: number, before?: number) => api.get<ChatMessage[]>(`chat/dialog/${contactId}`, { query: { before, limit: CHAT_PAGE_SIZE } }),
  send: (body: SendMessageRequest) => api.post<SendMessageResponse>('chat/send-message', body),
  markAsRead: (body: MarkAsReadRequest) => api.post<MarkAsReadResponse>('chat/mark-as-read', body),
  findDies: (reference: string) => api.get<Die[]>('die/find', { query: { reference } }),
};
