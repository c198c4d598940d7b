import { Button, Card, CardHeader, Link as FluentLink, makeStyles, Text, Title1, tokens } from '@fluentui/react-components';
import { AlertRegular, LinkRegular, StarRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { grantsAtom, userAtom, type GrantsState } from '@planta/session';
import { useFormat } from '@planta/ui';
import { WidgetGrid } from '../dashboards/widget-grid';
import { NavIcon } from '../layout/icons';
import { useShortcutItems } from '../layout/shortcuts';
import { notificationLink } from '../notifications/notification-links';
import { notificationsAtom, notificationsOpenAtom, openNotificationLink } from '../notifications/notifications-panel';
import { timeAgo, useNow } from '../notifications/time-ago';

/** The unread notices the welcome page lists; the drawer has them all. */
const SHOWN_NOTICES = 5;

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  head: { display: 'flex', flexDirection: 'column', gap: '4px' },
  muted: { color: tokens.colorNeutralForeground2 },
  own: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 400px), 1fr))', alignItems: 'start' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  notice: { display: 'flex', flexDirection: 'column', gap: '2px' },
  shortcuts: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  shortcut: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    minHeight: '44px',
    padding: '0 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    color: 'inherit',
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
});

/** The local calendar day, 'YYYY-MM-DD'. */
const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A day of the welcome widgets: today, up to now. */
const today = () => {
  const now = new Date();
  return { from: new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString(), to: null, lineId: null, shiftId: null };
};

/** The user's unread notices and mentions, each opening where it points (as the drawer does). */
function UnreadNotices() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const navigate = useNavigate();
  const notices = useAtomValue(notificationsAtom);
  const openDrawer = useSetAtom(notificationsOpenAtom);
  const now = useNow();
  return (
    <Card data-widget="shell-notices" role="region" aria-label={t('welcome.mentions')}>
      <CardHeader image={<AlertRegular fontSize={20} />} header={<Text weight="semibold">{t('welcome.mentions')}</Text>} />
      {notices.length === 0 ? (
        <Text className={styles.muted}>{t('welcome.noMentions')}</Text>
      ) : (
        <ul className={styles.list}>
          {notices.slice(0, SHOWN_NOTICES).map((notice) => {
            const link = notificationLink(notice);
            return (
              <li key={notice.id} className={styles.notice}>
                {link ? (
                  <FluentLink onClick={() => openNotificationLink(link, navigate)}>{notice.text_message}</FluentLink>
                ) : (
                  <Text>{notice.text_message}</Text>
                )}
                <Text size={200} className={styles.muted}>
                  <time dateTime={notice.created_at} title={format.dateTime(notice.created_at)}>
                    {timeAgo(notice.created_at, now, format.language)}
                  </time>
                </Text>
              </li>
            );
          })}
        </ul>
      )}
      {notices.length > 0 ? (
        <div>
          <Button size="small" onClick={() => openDrawer(true)}>
            {t('welcome.allNotifications', { count: notices.length })}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * Whether the signed-in user's grants open no page at all (a guest account): decided from the
 * grants, as every screen is (architecture.md "Permissions in the UI"), not from a role name.
 */
export function opensNoPage(grants: GrantsState): boolean {
  return grants.status === 'ready' && !Object.values(grants.grants).some((grant) => grant.read);
}

/** What a guest can do here: open what is shared with them through share links (issue 37). */
function GuestAccess() {
  const { t } = useTranslation('shell');
  return (
    <Card data-widget="shell-guest" role="region" aria-label={t('welcome.guestTitle')}>
      <CardHeader image={<LinkRegular fontSize={20} />} header={<Text weight="semibold">{t('welcome.guestTitle')}</Text>} />
      <Text>{t('welcome.guestHow')}</Text>
    </Card>
  );
}

/** The pages the user starred in the toolbar, as large links. */
function MyShortcuts() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { chosen } = useShortcutItems();
  return (
    <Card data-widget="shell-shortcuts" role="region" aria-label={t('welcome.shortcuts')}>
      <CardHeader image={<StarRegular fontSize={20} />} header={<Text weight="semibold">{t('welcome.shortcuts')}</Text>} />
      {chosen.length === 0 ? (
        <Text className={styles.muted}>{t('welcome.noShortcuts')}</Text>
      ) : (
        <div className={styles.shortcuts}>
          {chosen.map((item) => (
            <Link key={item.id} to={item.url!} className={styles.shortcut}>
              <NavIcon name={item.icon} />
              <span>{item.title}</span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

/**
 * /apps/dashboards/welcome — the user's own day (issue 16): the areas' welcome widgets (their
 * running extrusion and next check, their work orders, their corrections), their unread notices
 * and mentions, and their shortcuts. A guest, whose grants open no page, is told instead what a
 * guest can do: open what is shared with them through share links.
 */
export function WelcomePage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const user = useAtomValue(userAtom);
  const filters = useMemo(today, []);
  const signedIn = user.role.length > 0;
  const guest = opensNoPage(useAtomValue(grantsAtom));
  return (
    <section className={styles.page} aria-labelledby="welcome-title">
      <div className={styles.head}>
        <Title1 as="h1" id="welcome-title">
          {t('welcome.greeting', { name: user.data.displayName })}
        </Title1>
        <Text className={styles.muted}>
          {t('welcome.today', { date: format.date(localDay(new Date())) })} · {guest ? t('welcome.guestIntro') : t('welcome.intro')}
        </Text>
      </div>
      {guest ? (
        <div className={styles.own}>
          <GuestAccess />
        </div>
      ) : (
        <WidgetGrid dashboard="welcome" filters={filters} />
      )}
      {signedIn && !guest ? (
        <div className={styles.own}>
          <UnreadNotices />
          <MyShortcuts />
        </div>
      ) : null}
    </section>
  );
}
