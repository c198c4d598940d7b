import { makeStyles, tokens } from '@fluentui/react-components';
import { CloudOffRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offlineQueueAtom, onOfflineQueueEvent, startOfflineQueue } from '@planta/session/offline-queue';
import { showSnackbar } from '@planta/ui';
import { STATUS_PILL, STATUS_REGION } from './status-pill.styles';

/** A refusal of something typed a while ago stays long enough to be read at the press. */
export const OFFLINE_REFUSAL_MS = 20_000;
/** How long 'Guardado sin conexión…' stays beside the count after a save was kept. */
export const SAVED_OFFLINE_NOTICE_MS = 8_000;

const useStyles = makeStyles({
  region: {
    ...STATUS_REGION,
    // Above a fixed footer, at the start corner (the right one in Arabic).
    bottom: '72px',
    insetInlineStart: tokens.spacingHorizontalL,
  },
  pill: {
    ...STATUS_PILL,
    flexWrap: 'wrap',
    maxWidth: 'calc(100vw - 32px)',
    paddingBlock: tokens.spacingVerticalS,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  notice: { fontWeight: tokens.fontWeightRegular },
});

/**
 * Saves kept while the network was down (issue 17, @planta/session offline-queue): starts the
 * queue's sending for the whole portal, says how many of the signed-in user's saves wait to be
 * sent ('Pendientes de envío: 2') and, for a moment, that a save was just kept ('Guardado sin
 * conexión: se enviará al volver la red'); a save sent later, or refused for good by the server,
 * is told in a snackbar. A polite status region, present all along a signed-in user's visit so
 * that screen readers announce what appears. Loaded on demand, for a signed-in user only
 * (offline-queue-status.lazy.ts: ahead at start-up with a stored session or as a visitor signs
 * in, then kept by the service worker); what is said offline is said here, not in a snackbar,
 * since nothing it shows needs another file from the network.
 */
export function OfflineQueueStatus() {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const pending = useAtomValue(offlineQueueAtom);
  const [noticeUntil, setNoticeUntil] = useState(0);

  useEffect(() => startOfflineQueue(), []);

  useEffect(
    () =>
      onOfflineQueueEvent((event) => {
        const what = t(`offlineQueue.kinds.${event.entry.kind}`, { defaultValue: event.entry.kind });
        if (event.type === 'queued') setNoticeUntil(Date.now() + SAVED_OFFLINE_NOTICE_MS);
        else if (event.type === 'sent') showSnackbar({ message: t('offlineQueue.sent', { what }), variant: 'success' });
        else showSnackbar({ message: t('offlineQueue.refused', { what, message: event.error.message }), variant: 'error', autoHideMs: OFFLINE_REFUSAL_MS });
      }),
    [t],
  );

  useEffect(() => {
    if (noticeUntil === 0) return;
    const timer = setTimeout(() => setNoticeUntil(0), Math.max(0, noticeUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [noticeUntil]);

  const count = pending.length;
  const lastError = pending.find((entry) => entry.lastError)?.lastError;
  const detail = [t('offlineQueue.pendingDetail', { count }), ...(lastError ? [t('offlineQueue.lastError', { message: lastError })] : [])].join('. ');
  return (
    <div role="status" aria-live="polite" className={styles.region} data-testid="offline-queue-status">
      {count > 0 || noticeUntil > 0 ? (
        <div className={styles.pill} title={detail}>
          <CloudOffRegular className={styles.icon} aria-hidden />
          {noticeUntil > 0 ? <span className={styles.notice}>{t('offlineQueue.savedOffline')}</span> : null}
          {count > 0 ? <span data-testid="offline-queue-count">{t('offlineQueue.pending', { count })}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
