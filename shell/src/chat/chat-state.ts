import { atom } from 'jotai';
import type { ChatContact } from '@planta/contracts';
import { sessionStore } from '@planta/session';

/** Spec 4: the chat panel is open (toggle or choosing a contact) or closed (close button, Esc). */
export const chatOpenAtom = atom(false);
/** The contact whose conversation is shown; closing the panel clears it. */
export const selectedContactIdAtom = atom<number | null>(null);
/** The signed-in user's contacts (GET chat/contacts, or the live `{userId}Messages` list). */
export const chatContactsAtom = atom<ChatContact[]>([]);
export const chatUnreadTotalAtom = atom((get) => get(chatContactsAtom).reduce((total, contact) => total + (contact.unread > 0 ? contact.unread : 0), 0));

/** Opens the panel, on a contact's conversation when one is given. */
export const openChatAtom = atom(null, (_get, set, contactId?: number) => {
  set(chatOpenAtom, true);
  if (contactId !== undefined) set(selectedContactIdAtom, contactId);
});
/** Closes the panel and clears the selected contact. */
export const closeChatAtom = atom(null, (_get, set) => {
  set(chatOpenAtom, false);
  set(selectedContactIdAtom, null);
});
export const toggleChatAtom = atom(null, (get, set) => {
  if (get(chatOpenAtom)) set(closeChatAtom);
  else set(openChatAtom);
});

/** Tests: back to a closed, empty chat. */
export function resetChatState(): void {
  sessionStore.set(chatOpenAtom, false);
  sessionStore.set(selectedContactIdAtom, null);
  sessionStore.set(chatContactsAtom, []);
}
