import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, DismissRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardFilters } from '@planta/shell-contract';
import { useFormat } from '@planta/ui';
import { PressStatesBand, usePressStates } from './press-states';
import { WidgetGrid } from './widget-grid';

/** How long each press stays on the screen. */
export const DISPLAY_ROTATE_MS = 20_000;
/** How long the buttons stay after the mouse last moved: a wall screen shows no controls nobody can use. */
export const DISPLAY_CONTROLS_MS = 4_000;

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
    boxSizing: 'border-box',
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '16px', flexWrap: 'wrap' },
  press: { fontSize: '48px', lineHeight: '56px', fontWeight: tokens.fontWeightBold, margin: 0 },
  clock: { fontSize: '40px', fontVariantNumeric: 'tabular-nums' },
  controls: { display: 'flex', gap: '8px' },
  // Out of sight (still there for the keyboard's focus) until the mouse moves or a button has the focus.
  asleep: { opacity: 0, ':focus-within': { opacity: 1 } },
  // The widgets share the whole width, however few they are (the grid's own tracks would leave half of a wall empty).
  widgets: { flex: 1, '& > div': { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))' } },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * The shop-floor display (issue 16; issue 38 for a wall): the whole screen, every press's state
 * on top with the stopped ones first and loudest (cause, since when, the failure report), then
 * the widgets that offer a display view for one press at a time, the stopped ones first, rotating
 * every 20 s; arrows change press, Esc leaves. The buttons show only while a mouse moves.
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
  // When a mouse last moved or a finger touched the screen; the buttons show for a while after.
  const [wokeAt, setWokeAt] = useState(-Infinity);
  const awake = now.getTime() - wokeAt < DISPLAY_CONTROLS_MS;
  const wake = () => setWokeAt((last) => (Date.now() - last > 500 ? Date.now() : last));
  const states = usePressStates();
  // The stopped presses first, as the band shows them; the rest in their order.
  const ordered = useMemo(() => {
    const rank = new Map((states ?? []).map((state, position) => [state.line_id, state.stopped ? position : Infinity]));
    return [...presses].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
  }, [presses, states]);
  const count = ordered.length;
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

  const press = ordered[Math.min(index, Math.max(0, count - 1))];
  const shownStates = states?.filter((state) => presses.some((one) => one.id === state.line_id)) ?? [];
  return (
    <div
      ref={screen}
      className={styles.screen}
      role="dialog"
      aria-modal="true"
      aria-label={t('display.title')}
      tabIndex={-1}
      data-testid="shop-floor-display"
      onPointerMove={(event) => event.pointerType === 'mouse' && wake()}
      onPointerDown={wake}
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
        <div className={mergeClasses(styles.controls, !awake && styles.asleep)} data-awake={awake ? 'true' : 'false'}>
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
      {shownStates.length > 0 ? <PressStatesBand states={shownStates} now={now} /> : null}
      <div className={styles.widgets}>
        {press ? <WidgetGrid key={press.id} dashboard="indicators" filters={{ ...filters, lineId: press.id }} display onlyDisplay /> : null}
      </div>
      <Text className={styles.muted} size={200}>
        {t('display.hint', { seconds: DISPLAY_ROTATE_MS / 1000 })}
      </Text>
    </div>
  );
}
