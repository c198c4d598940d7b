import {
  Button,
  Caption1,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  OverlayDrawer,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular, DismissRegular } from '@fluentui/react-icons';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notificationEndpoints, NOTIFYING_EVENTS, type Notification, type NotificationLivePayload } from '@planta/contracts';
import { call, currentSettingsAtom, errorMessage, isSignedInAtom, onCatchUp, sessionStore, subscribe, userAtom } from '@planta/session';
import { showSnackbar, useFormat } from '@planta/ui';
import { createCloseGuard, isBlockedNotice } from './close-guard';
import { notificationLink, type NotificationLink } from './notification-links';
import { timeAgo, useNow } from './time-ago';
import { logBackgroundError } from '../chat/background-error';
import { BadgedIcon } from '../layout/badged-icon';

/** Spec 9: the notifications drawer is 320 wide (Fluent's 'small' drawer). */
export const NOTIFICATIONS_WIDTH = 320;

/** The user's notifications (GET notification/all, refetched on every notifying live event). */
export const notificationsAtom = atom<Notification[]>([]);
export const notificationsOpenAtom = atom(false);

/** Tests: no notifications, drawer closed. */
export function resetNotificationsState(): void {
  sessionStore.set(notificationsAtom, []);
  sessionStore.set(notificationsOpenAtom, false);
}

export const notificationsApi = {
  all: (userId: number) => call(notificationEndpoints.all, { query: { userId } }),
  markRead: (notification: Notification) => call(notificationEndpoints.markRead, { body: { ...notification, is_read: true } }),
};

const useStyles = makeStyles({
  dot: {
    width: '8px',
    height: '8px',
    borderRadius: '50%',
    backgroundColor: tokens.colorPaletteRedBackground3,
    pointerEvents: 'none',
  },
  headerActions: { display: 'flex', alignItems: 'center', gap: '4px' },
  body: { display: 'flex', flexDirection: 'column', gap: '8px', paddingBottom: '16px' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyle: 'none' },
  text: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  empty: { color: tokens.colorNeutralForeground3, textAlign: 'center', marginTop: '24px' },
  when: { display: 'block', color: tokens.colorNeutralForeground3 },
});

/** Toolbar bell (accessible name 'Notificaciones') with a dot while any notification exists. */
export function NotificationBell() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const notifications = useAtomValue(notificationsAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const setOpen = useSetAtom(notificationsOpenAtom);
  if (!signedIn) return null;
  return (
    <Button
      appearance="subtle"
      aria-label={t('toolbar.notifications.title', 'Notificaciones')}
      title={t('toolbar.notifications.open', 'Abrir notificaciones')}
      icon={
        <BadgedIcon
          icon={<AlertRegular />}
          badge={notifications.length > 0 ? <span className={styles.dot} data-testid="notifications-dot" aria-hidden /> : null}
        />
      }
      onClick={() => setOpen(true)}
    />
  );
}

/** The record a live notification is about, read as a stored one would be (spec 2.2 links). */
export function liveNotificationLink(payload: NotificationLivePayload): NotificationLink | null {
  return notificationLink({
    id: payload.id ?? 0,
    text_message: payload.text,
    hypothalum_id: payload.hypothalum_id ?? null,
    correction_report_path: null,
    correctionPath: payload.correctionPath ?? null,
    record_path: payload.record_path ?? null,
  });
}

/** Opens a notification's link: a new tab, or this one (router navigation). */
export function openNotificationLink(link: NotificationLink, navigate: (url: string) => void): void {
  if (link.newTab) window.open(link.url, '_blank', 'noopener');
  else navigate(link.url);
}

/**
 * The notification list and its rules (spec 4): fetched after sign-in, on every notifying live
 * event and after each (re)connection; closing one marks it read and removes it (1 s close guard);
 * 'Limpiar' removes all and marks each read except those whose text contains 'bloqueado'.
 */
export function useNotifications() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  // Read when a mention arrives: the subscriptions are not renewed on every navigation or language change.
  const latest = useRef({ t, navigate });
  latest.current = { t, navigate };
  const signedIn = useAtomValue(isSignedInAtom);
  const me = useAtomValue(userAtom).data.id;
  const setNotifications = useSetAtom(notificationsAtom);
  const guard = useMemo(() => createCloseGuard(), []);
  /** closed here, mark-read not yet answered: kept out of a refetch meanwhile */
  const closing = useRef(new Set<number>());

  const refresh = useCallback(() => {
    if (!me) return;
    notificationsApi.all(me).then((list) => {
      if (!Array.isArray(list)) return;
      setNotifications(list.filter((notification) => !notification.is_read && !notification.dismissed && !closing.current.has(notification.id)));
    }, logBackgroundError);
  }, [me, setNotifications]);

  useEffect(() => {
    if (!signedIn || !me) {
      setNotifications([]);
      return;
    }
    refresh();
    // A mention names who made it: a toast says so with a link to the record (issue 37), besides the bell's dot.
    const arrived = (payload: NotificationLivePayload | undefined) => {
      refresh();
      if (!payload?.from) return;
      const link = liveNotificationLink(payload);
      const { t, navigate } = latest.current;
      showSnackbar({
        title: t('toolbar.notifications.mentionBy', { name: payload.from }),
        message: payload.text,
        variant: 'info',
        position: 'top-end',
        ...(link ? { action: { label: t('toolbar.notifications.openRecord'), onClick: () => openNotificationLink(link, navigate) } } : {}),
      });
    };
    const offs = [...NOTIFYING_EVENTS.map((event) => subscribe<NotificationLivePayload>(event, arrived)), onCatchUp(refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [me, refresh, setNotifications, signedIn]);

  const markRead = useCallback((notification: Notification) => {
    closing.current.add(notification.id);
    return notificationsApi.markRead(notification).finally(() => closing.current.delete(notification.id));
  }, []);

  const close = useCallback(
    (notification: Notification) => {
      if (!guard()) return false;
      setNotifications((list) => list.filter((item) => item.id !== notification.id));
      markRead(notification).catch((error: unknown) => showSnackbar({ message: errorMessage(error), variant: 'error' }));
      return true;
    },
    [guard, markRead, setNotifications],
  );

  const clearAll = useCallback(() => {
    const list = sessionStore.get(notificationsAtom);
    setNotifications([]);
    const marked = list.filter((notification) => !isBlockedNotice(notification.text_message)).map(markRead);
    return Promise.allSettled(marked).then((results) => {
      const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) showSnackbar({ message: errorMessage(failed.reason), variant: 'error' });
    });
  }, [markRead, setNotifications]);

  return { close, clearAll };
}

function NotificationItem({
  notification,
  now,
  onClose,
  onNavigate,
}: {
  notification: Notification;
  now: Date;
  onClose: () => void;
  onNavigate: (url: string) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const link = notificationLink(notification);
  const text = <span className={styles.text}>{notification.text_message}</span>;
  return (
    <li>
      <MessageBar intent={notification.variant} layout="multiline" data-variant={notification.variant}>
        <MessageBarBody>
          <MessageBarTitle>{t(`toolbar.notifications.variants.${notification.variant}`, notification.variant)}</MessageBarTitle>{' '}
          {link === null ? (
            text
          ) : link.newTab ? (
            <Link href={link.url} target="_blank" rel="noopener noreferrer">
              {text}
            </Link>
          ) : (
            <Link
              href={link.url}
              onClick={(event) => {
                event.preventDefault();
                onNavigate(link.url);
              }}
            >
              {text}
            </Link>
          )}
          <Caption1 as="span" className={styles.when}>
            <time dateTime={notification.created_at} title={format.dateTime(notification.created_at)}>
              {timeAgo(notification.created_at, now, format.language)}
            </time>
          </Caption1>
        </MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button appearance="transparent" aria-label={t('toolbar.notifications.close', 'Cerrar notificación')} icon={<DismissRegular />} onClick={onClose} />
          }
        />
      </MessageBar>
    </li>
  );
}

/** Spec 2.5 notifications drawer (320 wide): 'Notificaciones', a 'Limpiar' link, the list or the empty text. */
export function NotificationsPanel() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const settings = useAtomValue(currentSettingsAtom);
  const notifications = useAtomValue(notificationsAtom);
  const open = useAtomValue(notificationsOpenAtom);
  const setOpen = useSetAtom(notificationsOpenAtom);
  const { close, clearAll } = useNotifications();
  const now = useNow();
  const title = t('toolbar.notifications.title', 'Notificaciones');

  return (
    <OverlayDrawer
      open={open}
      size="small"
      onOpenChange={(_event, data) => setOpen(data.open)}
      position={settings.direction === 'rtl' ? 'start' : 'end'}
      aria-label={title}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <span className={styles.headerActions}>
              <Link as="button" onClick={() => void clearAll()}>
                {t('toolbar.notifications.clear', 'Limpiar')}
              </Link>
              <Button
                appearance="subtle"
                aria-label={t('toolbar.notifications.closePanel', 'Cerrar panel de notificaciones')}
                icon={<DismissRegular />}
                onClick={() => setOpen(false)}
              />
            </span>
          }
        >
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        {notifications.length === 0 ? (
          <Text className={styles.empty}>{t('toolbar.notifications.empty', 'No hay notificaciones por ahora')}</Text>
        ) : (
          <ul className={styles.list}>
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onClose={() => close(notification)}
                onNavigate={(url) => {
                  setOpen(false);
                  navigate(url);
                }}
              />
            ))}
          </ul>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
