import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { PlugDisconnectedRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSettingsAtom, reconnectingAtom } from '@planta/session';
import { HEADER_HEIGHT, TOOLBAR_HEIGHT } from './layout-constants';
import { keepLoadedFilesForOffline, workerSeesNetwork } from './offline-cache';
import { STATUS_PILL, STATUS_REGION } from './status-pill.styles';

/** A connection back within this time (a company switch, a blip) is not worth a word. */
export const RECONNECTING_SHOWN_AFTER_MS = 600;

const useStyles = makeStyles({
  region: {
    ...STATUS_REGION,
    // The whole width, the pill centred in it: the same in both writing directions.
    left: 0,
    right: 0,
    display: 'flex',
    justifyContent: 'center',
  },
  pill: { ...STATUS_PILL, paddingBlock: tokens.spacingVerticalXS, whiteSpace: 'nowrap' },
  icon: { fontSize: tokens.fontSizeBase400 },
});

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** How often the service worker is asked again while it sees no network. */
export const OFFLINE_RECHECK_MS = 2_000;

/**
 * Whether the browser has a network: false from its `offline` event to its `online` one, or
 * while the service worker says it sees none (a page opened from the cache may not have been
 * told: asked on mount, when calls or the live connection start or stop failing, and every
 * OFFLINE_RECHECK_MS until it sees one again).
 */
export function useBrowserOnline(reconnecting = false): boolean {
  const [pageOnline, setPageOnline] = useState(browserOnline);
  const [workerOnline, setWorkerOnline] = useState(true);
  const lastWorkerAnswer = useRef(true);
  useEffect(() => {
    const update = () => setPageOnline(browserOnline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  useEffect(() => {
    // Failing calls or a failing live connection: the browser may have said offline without an event reaching us.
    if (browserOnline() !== pageOnline) return setPageOnline(browserOnline());
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const online = (await workerSeesNetwork()) !== false;
      if (stopped) return;
      if (online !== lastWorkerAnswer.current) setWorkerOnline((lastWorkerAnswer.current = online));
      if (!online) timer = setTimeout(() => void ask(), OFFLINE_RECHECK_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reconnecting, pageOnline]);
  return pageOnline && workerOnline;
}

/** Just below the header, over the page's own top (no control of the toolbar is covered). */
function useHeaderBottom(): number {
  const { layout } = useAtomValue(currentSettingsAtom);
  const { toolbar, navbar } = layout.config;
  if (layout.style === 'layout2') return toolbar.display || navbar.display ? HEADER_HEIGHT : 0;
  // Layout 3 stacks its top navigation and the toolbar; layout 1 has only the toolbar on top.
  const rows = Number(toolbar.display) + (layout.style === 'layout3' ? Number(navbar.display) : 0);
  return rows * TOOLBAR_HEIGHT;
}

/**
 * The connection's status, in one polite status region present all along (screen readers
 * announce the text when it appears); it informs and never blocks:
 * - 'Sin conexión' as soon as the browser says it has no network (its `offline` event, or calls
 *   and the live connection failing while it or the service worker says so), until it has one
 *   again. The portal keeps working from its cache meanwhile (shell/src/public/service-worker.js).
 * - 'Reconectando…' while calls wait to be sent again or the live connection comes back with a
 *   network (an API restart): the session stays and the page goes on once the API answers.
 * It also tells the service worker what the page loaded before the worker controlled it
 * (offline-cache.ts), so that one online visit is enough to open the portal offline.
 */
export function ReconnectingStatus() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const reconnecting = useAtomValue(reconnectingAtom);
  const online = useBrowserOnline(reconnecting);
  const top = useHeaderBottom();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!reconnecting) return setShown(false);
    const timer = setTimeout(() => setShown(true), RECONNECTING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reconnecting]);
  useEffect(() => keepLoadedFilesForOffline(), []);
  return (
    <div role="status" aria-live="polite" className={styles.region} style={{ top: `calc(${top}px + ${tokens.spacingVerticalS})` }}>
      {!online ? (
        <div className={styles.pill} data-connection="offline">
          <PlugDisconnectedRegular className={styles.icon} aria-hidden />
          {t('session.offline', 'Sin conexión')}
        </div>
      ) : shown ? (
        <div className={styles.pill} data-connection="reconnecting">
          <Spinner size="extra-tiny" appearance="inverted" aria-hidden />
          {t('session.reconnecting', 'Reconectando…')}
        </div>
      ) : null}
    </div>
  );
}
