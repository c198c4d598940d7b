import { Avatar, Button, CounterBadge, makeStyles, mergeClasses, Text, tokens, type PresenceBadgeStatus } from '@fluentui/react-components';
import { ChatRegular, DismissRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactStatus } from '@planta/contracts';
import { isSignedInAtom } from '@planta/session';
import { LAYERS } from '@planta/ui';
import { BadgedIcon } from '../layout/badged-icon';
import { requestNotificationPermission } from './browser-notification';
import { useChatLive } from './chat-live';
import { useMayChat } from './chat-api';
import { chatContactsAtom, chatOpenAtom, chatUnreadTotalAtom, closeChatAtom, openChatAtom, selectedContactIdAtom, toggleChatAtom } from './chat-state';
import { Conversation } from './conversation';

/** Spec 9: the chat panel is 360 wide. */
export const CHAT_PANEL_WIDTH = 360;

/** Spec 9 status colours through Fluent's presence badge: green, amber, red, grey. */
export const STATUS_BADGE: Record<ContactStatus, PresenceBadgeStatus> = {
  online: 'available',
  away: 'away',
  'do-not-disturb': 'do-not-disturb',
  offline: 'offline',
};
const STATUS_KEY: Record<ContactStatus, string> = { online: 'online', away: 'away', 'do-not-disturb': 'doNotDisturb', offline: 'offline' };

const useStyles = makeStyles({
  panel: {
    position: 'fixed',
    top: 0,
    bottom: 0,
    right: 0,
    width: `${CHAT_PANEL_WIDTH}px`,
    maxWidth: '100vw',
    zIndex: LAYERS.panel,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow28,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '8px 8px 8px 16px',
    minHeight: '48px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flex: 1, fontWeight: tokens.fontWeightSemibold },
  body: { flex: 1, display: 'flex', minHeight: 0 },
  contacts: { overflowY: 'auto', margin: 0, padding: '4px 0', listStyle: 'none', borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  contactsWide: { flex: 1, borderRight: 'none' },
  contactsNarrow: { width: '64px', flexShrink: 0 },
  contact: {
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '6px 12px',
    border: 'none',
    background: 'none',
    color: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  contactText: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  status: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  avatarWrap: { position: 'relative', display: 'inline-flex' },
  narrowBadge: { position: 'absolute', top: '-4px', right: '-6px' },
  empty: { padding: '16px', color: tokens.colorNeutralForeground3 },
  hint: { margin: 0, padding: '8px 16px', color: tokens.colorNeutralForeground3, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** Toolbar button (accessible name 'Chat') that opens and closes the panel; shows the unread total. Only for those who chat. */
export function ChatToggle() {
  const { t } = useTranslation('shell');
  const open = useAtomValue(chatOpenAtom);
  const unread = useAtomValue(chatUnreadTotalAtom);
  const mayChat = useMayChat();
  const toggle = useSetAtom(toggleChatAtom);
  if (!mayChat) return null;
  return (
    <Button
      appearance="subtle"
      aria-label={t('chat.title', 'Chat')}
      title={t('toolbar.chat.toggle', 'Mostrar u ocultar el chat')}
      aria-expanded={open}
      icon={<BadgedIcon icon={<ChatRegular />} badge={unread > 0 ? <CounterBadge size="small" count={unread} aria-hidden /> : null} />}
      onClick={() => {
        if (!open) void requestNotificationPermission();
        toggle();
      }}
    />
  );
}

/** The contact column: avatar with status colour, name, unread badge (names hidden when narrow). */
function ContactList({ narrow }: { narrow: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const contacts = useAtomValue(chatContactsAtom);
  const selected = useAtomValue(selectedContactIdAtom);
  const openChat = useSetAtom(openChatAtom);
  if (contacts.length === 0 && !narrow) return <p className={styles.empty}>{t('chat.noContacts', 'No hay contactos disponibles')}</p>;
  return (
    <ul className={mergeClasses(styles.contacts, narrow ? styles.contactsNarrow : styles.contactsWide)} aria-label={t('chat.contacts', 'Contactos')}>
      {contacts.map((contact) => {
        const statusText = t(`chat.status.${STATUS_KEY[contact.status] ?? 'offline'}`);
        const badge = contact.unread > 0 ? <CounterBadge size="small" count={contact.unread} aria-label={t('chat.unread', { count: contact.unread })} /> : null;
        return (
          <li key={contact.id}>
            <button
              type="button"
              className={mergeClasses(styles.contact, selected === contact.id && styles.selected)}
              aria-label={contact.full_name}
              aria-current={selected === contact.id ? 'true' : undefined}
              title={narrow ? contact.full_name : undefined}
              data-status={contact.status}
              onClick={() => openChat(contact.id)}
            >
              <span className={styles.avatarWrap}>
                <Avatar
                  name={contact.full_name}
                  image={contact.profile_image ? { src: contact.profile_image } : undefined}
                  badge={{ status: STATUS_BADGE[contact.status] ?? 'offline', 'aria-label': statusText }}
                  size={36}
                />
                {narrow && badge ? <span className={styles.narrowBadge}>{badge}</span> : null}
              </span>
              {narrow ? null : (
                <span className={styles.contactText}>
                  <Text truncate wrap={false}>
                    {contact.full_name}
                  </Text>
                  <span className={styles.status}>{statusText}</span>
                </span>
              )}
              {narrow ? null : badge}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Spec 2.5 / 4 chat panel (right side, 360 wide): contact column plus conversation. Opened by the
 * toolbar toggle or by choosing a contact; closed by its close button or Esc, which also clears
 * the selected contact. Its live side runs even while it is closed. A guest account has none (issue 36).
 */
export function ChatPanel() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  useChatLive();
  const open = useAtomValue(chatOpenAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const mayChat = useMayChat();
  const contacts = useAtomValue(chatContactsAtom);
  const selectedId = useAtomValue(selectedContactIdAtom);
  const close = useSetAtom(closeChatAtom);
  const closeButton = useRef<HTMLButtonElement>(null);
  const visible = open && mayChat;

  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // back to where the user was (the toggle, a contact link...)
      if (previous?.isConnected) previous.focus();
    };
  }, [close, visible]);

  useEffect(() => {
    if (!signedIn) close();
  }, [close, signedIn]);

  if (!visible) return null;
  const contact = contacts.find((item) => item.id === selectedId) ?? null;
  return (
    <aside className={styles.panel} aria-label={t('chat.title', 'Chat')} data-part="chat-panel">
      <div className={styles.header}>
        <Text as="h2" size={400} className={styles.title}>
          {t('chat.title', 'Chat')}
        </Text>
        <Button ref={closeButton} appearance="subtle" aria-label={t('chat.close', 'Cerrar chat')} icon={<DismissRegular />} onClick={() => close()} />
      </div>
      <div className={styles.body}>
        <ContactList narrow={contact !== null} />
        {contact ? <Conversation key={contact.id} contact={contact} /> : null}
      </div>
      {contact === null && contacts.length > 0 ? <p className={styles.hint}>{t('chat.selectContact', 'Elige un contacto para empezar a conversar')}</p> : null}
    </aside>
  );
}
