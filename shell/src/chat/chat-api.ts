import { chatEndpoints, dieEndpoints, type MarkAsReadRequest, type SendMessageRequest } from '@planta/contracts';
import { call } from '@planta/session';

/** Spec 9: a page of history. */
export const CHAT_PAGE_SIZE = 50;

export const chatApi = {
  contacts: () => call(chatEndpoints.contacts),
  /** Newest first; `before` pages back from that message id. */
  dialog: (contactId: number, before?: number) => call(chatEndpoints.dialog, { params: { contactId }, query: { before, limit: CHAT_PAGE_SIZE } }),
  send: (body: SendMessageRequest) => call(chatEndpoints.send, { body }),
  markAsRead: (body: MarkAsReadRequest) => call(chatEndpoints.markAsRead, { body }),
  /** The @mention search: a short call of its own, not the paged die list. */
  findDies: (reference: string) => call(dieEndpoints.find, { query: { reference } }),
};
