import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSettingsAtom, reconnectingAtom } from '@planta/session';
import { LAYERS } from '@planta/ui';
import { HEADER_HEIGHT, TOOLBAR_HEIGHT } from './layout-constants';

/** A connection back within this time (a company switch, a blip) is not worth a word. */
export const RECONNECTING_SHOWN_AFTER_MS = 600;

const useStyles = makeStyles({
  region: {
    position: 'fixed',
    // The whole width, the pill centred in it: the same in both writing directions.
    left: 0,
    right: 0,
    display: 'flex',
    justifyContent: 'center',
    zIndex: LAYERS.toast,
    // It informs; it never stands in the way of a click.
    pointerEvents: 'none',
  },
  pill: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
    boxShadow: tokens.shadow8,
    fontSize: tokens.fontSizeBase300,
    whiteSpace: 'nowrap',
  },
});

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
 * 'Reconectando…' while calls wait to be sent again or the live connection comes back (an API
 * restart): the session stays and the page goes on once the API answers. A polite status region,
 * present all along so that screen readers announce the text when it appears.
 */
export function ReconnectingStatus() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const reconnecting = useAtomValue(reconnectingAtom);
  const top = useHeaderBottom();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!reconnecting) return setShown(false);
    const timer = setTimeout(() => setShown(true), RECONNECTING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reconnecting]);
  return (
    <div role="status" aria-live="polite" className={styles.region} style={{ top: `calc(${top}px + ${tokens.spacingVerticalS})` }}>
      {shown ? (
        <div className={styles.pill}>
          <Spinner size="extra-tiny" appearance="inverted" aria-hidden />
          {t('session.reconnecting', 'Reconectando…')}
        </div>
      ) : null}
    </div>
  );
}
