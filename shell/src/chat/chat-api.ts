import { chatEndpoints, dieEndpoints, type MarkAsReadRequest, type SendMessageRequest } from '@planta/contracts';
import { call } from '@planta/session';
import { useCan } from '@planta/ui';

/** Whether the signed-in user chats: a colleague's grants say so; a guest account has no chat, contacts or presence (issue 36). */
export const useMayChat = (): boolean => useCan(chatEndpoints.contacts);

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
