import { Button, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { liveEvents, type ChatContact, type ChatMessage } from '@planta/contracts';
import { errorMessage, onCatchUp, subscribe, userAtom } from '@planta/session';
import { showSnackbar } from '@planta/ui';
import { CHAT_PAGE_SIZE, chatApi } from './chat-api';
import { chatContactsAtom } from './chat-state';
import { formatChatTime } from './chat-time';
import { Composer } from './composer';
import { dieResumePath, messageParts } from './mention';
import type { NewMessagePayload } from './chat-live';
import { logBackgroundError } from './background-error';

const useStyles = makeStyles({
  root: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 },
  header: { padding: '8px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, fontWeight: tokens.fontWeightSemibold },
  list: { flex: 1, overflowY: 'auto', padding: '8px', display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, listStyle: 'none' },
  message: {
    maxWidth: '85%',
    padding: '6px 10px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  mine: { alignSelf: 'flex-end', backgroundColor: tokens.colorBrandBackground2 },
  time: { display: 'block', marginTop: '2px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100 },
  center: { alignSelf: 'center', color: tokens.colorNeutralForeground3 },
});

/** Oldest first, without repeats. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...current, ...incoming]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
}

/** A message's text, its @mention (when it has a die) as a link to the die summary; never HTML. */
export function MessageText({ message }: { message: Pick<ChatMessage, 'message' | 'die_id'> }) {
  return (
    <>
      {messageParts(message.message, message.die_id).map((part, index) =>
        part.mention && message.die_id !== null ? (
          <RouterLink key={index} to={dieResumePath(message.die_id)}>
            {part.text}
          </RouterLink>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * Spec 3/4/5 conversation with one contact: paged history (newest page first), opening it marks
 * the contact's messages read (and clears the badge), new messages arrive live.
 */
export function Conversation({ contact }: { contact: ChatContact }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const setContacts = useSetAtom(chatContactsAtom);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const me = user.data.id;
  const contactId = contact.id;

  const markRead = useCallback(() => {
    setContacts((contacts) => contacts.map((item) => (item.id === contactId ? { ...item, unread: 0 } : item)));
    chatApi.markAsRead({ companyId: user.data.companyId, from_user: contactId, to_user: me }).then((response) => {
      if (Array.isArray(response?.userChatList)) setContacts(response.userChatList.map((item) => (item.id === contactId ? { ...item, unread: 0 } : item)));
    }, logBackgroundError);
  }, [contactId, me, setContacts, user.data.companyId]);

  const loadLatest = useCallback(
    (reset: boolean) => {
      if (reset) setLoading(true);
      chatApi.dialog(contactId).then(
        (page) => {
          stickToBottom.current = true;
          setMessages((current) => merge(reset ? [] : current, page));
          if (reset) setHasMore(page.length >= CHAT_PAGE_SIZE);
          setLoading(false);
        },
        (error: unknown) => {
          setLoading(false);
          showSnackbar({ message: errorMessage(error), variant: 'error' });
        },
      );
    },
    [contactId],
  );

  // opening the conversation: first page, and mark it read
  useEffect(() => {
    setMessages([]);
    loadLatest(true);
    markRead();
  }, [loadLatest, markRead]);

  // live: new messages of this conversation; after each (re)connection, what was missed
  useEffect(() => {
    const offMessage = subscribe<NewMessagePayload>(liveEvents.newMessage(me), (payload) => {
      const message = payload?.message;
      if (!message) return;
      const mine = message.from_user === me && message.to_user === contactId;
      const theirs = message.from_user === contactId && message.to_user === me;
      if (!mine && !theirs) return;
      stickToBottom.current = true;
      setMessages((current) => merge(current, [message]));
      if (theirs) markRead();
    });
    const offCatchUp = onCatchUp(() => {
      loadLatest(false);
      markRead();
    });
    return () => {
      offMessage();
      offCatchUp();
    };
  }, [contactId, loadLatest, markRead, me]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
    stickToBottom.current = false;
  }, [messages]);

  const loadOlder = () => {
    const oldest = messages[0];
    if (!oldest) return;
    chatApi.dialog(contactId, oldest.id).then(
      (page) => {
        setMessages((current) => merge(current, page));
        setHasMore(page.length >= CHAT_PAGE_SIZE);
      },
      (error: unknown) => showSnackbar({ message: errorMessage(error), variant: 'error' }),
    );
  };

  const send = async (text: string, dieId: number | null): Promise<boolean> => {
    try {
      const response = await chatApi.send({
        companyId: user.data.companyId,
        message: text,
        from_user: me,
        to_user: contactId,
        toUserIsOnline: contact.status !== 'offline',
        ...(dieId !== null ? { die_id: dieId } : {}),
      });
      stickToBottom.current = true;
      if (response?.message) setMessages((current) => merge(current, [response.message]));
      if (Array.isArray(response?.userChatList)) setContacts(response.userChatList);
      return true;
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
      return false;
    }
  };

  return (
    <section className={styles.root} aria-label={contact.full_name}>
      <Text className={styles.header}>{contact.full_name}</Text>
      <ol ref={listRef} className={styles.list} aria-live="polite">
        {hasMore ? (
          <li className={styles.center}>
            <Button appearance="transparent" size="small" onClick={loadOlder}>
              {t('chat.loadOlder', 'Cargar mensajes anteriores')}
            </Button>
          </li>
        ) : null}
        {loading ? (
          <li className={styles.center}>
            <Spinner size="tiny" label={t('chat.loading', 'Cargando mensajes...')} />
          </li>
        ) : messages.length === 0 ? (
          <li className={styles.center}>{t('chat.noMessages', 'Todavía no hay mensajes en esta conversación')}</li>
        ) : null}
        {messages.map((message) => (
          <li key={message.id} className={mergeClasses(styles.message, message.from_user === me && styles.mine)} data-message-id={message.id}>
            <MessageText message={message} />
            <time className={styles.time} dateTime={message.time}>
              {formatChatTime(message.time)}
            </time>
          </li>
        ))}
      </ol>
      <Composer key={contactId} onSend={send} />
    </section>
  );
}
