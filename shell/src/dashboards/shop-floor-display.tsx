import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, DismissRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardFilters } from '@planta/shell-contract';
import { useFormat } from '@planta/ui';
import { WidgetGrid } from './widget-grid';

/** How long each press stays on the screen. */
export const DISPLAY_ROTATE_MS = 20_000;

const useStyles = makeStyles({
  // Over the whole window even where full screen is refused (a kiosk browser, a test).
  screen: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    overflowY: 'auto',
    padding: '24px 32px',
    backgroundColor: tokens.colorNeutralBackground2,
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    fontSize: tokens.fontSizeBase500,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '16px', flexWrap: 'wrap' },
  press: { fontSize: '48px', lineHeight: '56px', fontWeight: tokens.fontWeightBold, margin: 0 },
  clock: { fontSize: '40px', fontVariantNumeric: 'tabular-nums' },
  controls: { display: 'flex', gap: '8px' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * The shop-floor display (issue 16): full screen, large type, the widgets that offer a display
 * view, one press at a time, rotating every 20 s; arrows change press, Esc leaves.
 */
export function ShopFloorDisplay({
  presses,
  filters,
  periodLabel,
  onExit,
}: {
  presses: readonly { id: number; name: string }[];
  filters: DashboardFilters;
  periodLabel: string;
  onExit: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const screen = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [now, setNow] = useState(() => new Date());
  const count = presses.length;
  const step = (by: number) => setIndex((value) => (count === 0 ? 0 : (value + by + count) % count));

  useEffect(() => {
    const element = screen.current;
    element?.focus();
    element?.requestFullscreen?.().catch(() => undefined);
    return () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);
  useEffect(() => {
    const clock = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(clock);
  }, []);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), DISPLAY_ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);
  useEffect(() => {
    // Leaving full screen with the browser's own Esc leaves the display too.
    const left = () => !document.fullscreenElement && screen.current && onExit();
    document.addEventListener('fullscreenchange', left);
    return () => document.removeEventListener('fullscreenchange', left);
  }, [onExit]);

  const press = presses[Math.min(index, Math.max(0, count - 1))];
  return (
    <div
      ref={screen}
      className={styles.screen}
      role="dialog"
      aria-modal="true"
      aria-label={t('display.title')}
      tabIndex={-1}
      data-testid="shop-floor-display"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onExit();
        else if (event.key === 'ArrowRight') step(1);
        else if (event.key === 'ArrowLeft') step(-1);
      }}
    >
      <div className={styles.head}>
        <div>
          <h1 className={styles.press} aria-live="polite">
            {press ? press.name : t('display.noPresses')}
          </h1>
          <Text className={styles.muted} size={400}>
            {periodLabel}
            {count > 1 ? ` · ${t('display.press', { index: index + 1, count })}` : ''}
          </Text>
        </div>
        <span className={styles.clock}>{format.time(now.toISOString())}</span>
        <div className={styles.controls}>
          <Button size="large" icon={<ArrowLeftRegular />} aria-label={t('display.previous')} disabled={count < 2} onClick={() => step(-1)} />
          <Button
            size="large"
            icon={paused ? <PlayRegular /> : <PauseRegular />}
            aria-label={paused ? t('display.resume') : t('display.pause')}
            disabled={count < 2}
            onClick={() => setPaused((value) => !value)}
          />
          <Button size="large" icon={<ArrowRightRegular />} aria-label={t('display.next')} disabled={count < 2} onClick={() => step(1)} />
          <Button size="large" icon={<DismissRegular />} aria-label={t('display.exit')} onClick={onExit} />
        </div>
      </div>
      {press ? <WidgetGrid key={press.id} dashboard="indicators" filters={{ ...filters, lineId: press.id }} display onlyDisplay /> : null}
      <Text className={styles.muted} size={200}>
        {t('display.hint', { seconds: DISPLAY_ROTATE_MS / 1000 })}
      </Text>
    </div>
  );
}
