import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { liveEvents, type ChatContact, type ChatMessage, type NotificationVariant } from '@planta/contracts';
import { isSignedInAtom, onCatchUp, sessionStore, subscribe, userAtom } from '@planta/session';
import { showSnackbar } from '@planta/ui';
import { showBrowserNotification } from './browser-notification';
import { chatApi, useMayChat } from './chat-api';
import { chatContactsAtom, chatOpenAtom, openChatAtom, selectedContactIdAtom } from './chat-state';
import { logBackgroundError } from './background-error';

/** `{userId}-new-message` */
export interface NewMessagePayload {
  text: string;
  variant: NotificationVariant;
  message: ChatMessage;
}

/**
 * The chat's live side, mounted with the shell whether the panel is open or not (for colleagues
 * only: a guest account has no chat): the contact list (fetched after sign-in and after each
 * (re)connection, replaced by `{userId}Messages`), presence (`userIsOnline` / `userIsOffline`),
 * badges refreshed on new messages, the browser notification of a new message, and a toast
 * naming its sender with a link to the conversation (issue 37) unless that conversation is open.
 */
export function useChatLive(): void {
  const { t } = useTranslation('shell');
  const signedIn = useAtomValue(isSignedInAtom);
  const mayChat = useMayChat();
  const me = useAtomValue(userAtom).data.id;
  const setContacts = useSetAtom(chatContactsAtom);
  // Read when a message arrives: the list is not fetched again whenever an area adds its texts.
  const latest = useRef(t);
  latest.current = t;

  const refreshContacts = useCallback(() => {
    chatApi.contacts().then((contacts) => {
      if (Array.isArray(contacts)) setContacts(contacts);
    }, logBackgroundError);
  }, [setContacts]);

  useEffect(() => {
    if (!signedIn || !me || !mayChat) {
      setContacts([]);
      return;
    }
    refreshContacts();
    const setStatus = (status: ChatContact['status']) => (payload: { userId?: number } | undefined) => {
      const userId = Number(payload?.userId);
      setContacts((contacts) => contacts.map((contact) => (contact.id === userId ? { ...contact, status } : contact)));
    };
    const offs = [
      subscribe<ChatContact[]>(liveEvents.userMessages(me), (contacts) => {
        if (Array.isArray(contacts)) setContacts(contacts);
      }),
      subscribe(liveEvents.userIsOnline, setStatus('online')),
      subscribe(liveEvents.userIsOffline, setStatus('offline')),
      subscribe<NewMessagePayload>(liveEvents.newMessage(me), (payload) => {
        const message = payload?.message;
        if (!message || message.from_user === me) return;
        const visible = sessionStore.get(chatOpenAtom) && sessionStore.get(selectedContactIdAtom) === message.from_user;
        // the open conversation marks it read and refreshes the badges itself
        const say = latest.current;
        if (!visible) {
          refreshContacts();
          const sender = sessionStore.get(chatContactsAtom).find((contact) => contact.id === message.from_user)?.full_name;
          showSnackbar({
            title: sender ? say('chat.newMessageFrom', { name: sender }) : say('toolbar.notifications.browserTitle', 'Nuevo mensaje'),
            message: message.message,
            variant: 'info',
            position: 'top-end',
            action: { label: say('chat.openConversation'), onClick: () => sessionStore.set(openChatAtom, message.from_user) },
          });
        }
        if (!visible || (typeof document !== 'undefined' && !document.hasFocus())) {
          void showBrowserNotification(say('toolbar.notifications.browserTitle', 'Nuevo mensaje'), message.message);
        }
      }),
      onCatchUp(refreshContacts),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [mayChat, me, refreshContacts, setContacts, signedIn]);
}
