import { makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingRing } from '@planta/ui';
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

/**
 * Fluent's PlugDisconnected (20, regular), drawn here: as the start-up's only icon it would bring
 * the icon package's machinery to the sign-in page (about 1.5 KB gzip) for one path.
 */
function PlugDisconnectedIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
      <path d="M17.85 2.15c.2.2.2.5 0 .7L16.2 4.52a4.04 4.04 0 0 1-.34 5.33l-.3.3-.3.31c-.42.41-1.08.41-1.5 0L9.55 6.24a1.05 1.05 0 0 1 0-1.48l.6-.61a4.04 4.04 0 0 1 5.34-.34l1.67-1.66c.2-.2.5-.2.7 0m-2.71 2.7a3.04 3.04 0 0 0-4.29 0l-.3.3c-.19.2-.19.5 0 .7l3.6 3.6c.2.19.5.19.7 0l.3-.3a3.04 3.04 0 0 0 0-4.29zm-5.79 3.8c.2.2.2.5 0 .7L7.71 11 9 12.3l1.65-1.65a.5.5 0 0 1 .7.7L9.71 13l.44.45c.59.58.59 1.52 0 2.1l-.3.3a4.04 4.04 0 0 1-5.33.34l-1.67 1.66a.5.5 0 0 1-.7-.7l1.66-1.67a4.04 4.04 0 0 1 .34-5.33l.3-.3a1.5 1.5 0 0 1 2.1 0l.45.44 1.65-1.64c.2-.2.5-.2.7 0m-4.5 6.5a3.04 3.04 0 0 0 4.3 0l.3-.3c.19-.2.19-.5 0-.7l-3.6-3.6c-.2-.19-.5-.19-.7 0l-.3.3a3.04 3.04 0 0 0 0 4.3" />
    </svg>
  );
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
          <PlugDisconnectedIcon className={styles.icon} />
          {t('session.offline', 'Sin conexión')}
        </div>
      ) : shown ? (
        <div className={styles.pill} data-connection="reconnecting">
          <LoadingRing size="extra-tiny" appearance="inverted" />
          {t('session.reconnecting', 'Reconectando…')}
        </div>
      ) : null}
    </div>
  );
}
