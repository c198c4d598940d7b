import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { indicatorEndpoints, type PressState } from '@planta/contracts';
import { call } from '@planta/session';
import { i18nKey, useFormat, useLiveFigures } from '@planta/ui';

/** A stop or a failure report changes which presses are stopped. */
const PRESS_STATE_AREAS = ['production', 'maintenance'] as const;
const loadPressStates = (signal: AbortSignal) => call(indicatorEndpoints.pressStates, {}, { signal }).then((answer) => answer.presses);

/**
 * Each press and its open stop, the stopped ones first (GET indicators/press-states), kept live as
 * the dashboards' figures are: asked again when the database announces a stop (the wall turns red
 * when the planning board does), after a reconnection and every minute; null until the first answer.
 */
export function usePressStates(): PressState[] | null {
  return useLiveFigures(loadPressStates, PRESS_STATE_AREAS, 'press-states').data;
}

/** The whole minutes a stop has lasted (shown as the portal's durations read: '26 h 5 min', '12 min'). */
export const stopMinutes = (since: string, now: Date): number => Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));

const useStyles = makeStyles({
  band: { display: 'flex', flexWrap: 'wrap', gap: '16px', margin: 0, padding: 0, listStyle: 'none' },
  tile: {
    flex: '1 1 260px',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '12px 20px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    borderInlineStartWidth: '10px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorPaletteGreenBorderActive,
  },
  // A stopped press is the loudest thing on the wall: red, twice as wide, its cause in large type.
  stopped: {
    flex: '2 1 520px',
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    borderInlineStartColor: tokens.colorPaletteDarkRedBorderActive,
  },
  name: { fontSize: '28px', lineHeight: '36px', fontWeight: tokens.fontWeightSemibold },
  state: { fontSize: '24px', lineHeight: '32px', fontWeight: tokens.fontWeightBold, textTransform: 'uppercase' },
  running: { color: tokens.colorPaletteGreenForeground1 },
  cause: { fontSize: '40px', lineHeight: '48px', fontWeight: tokens.fontWeightBold },
  detail: { fontSize: '24px', lineHeight: '32px' },
});

/** The shop-floor display's band: every press, the stopped ones first and loudest, with the stop's cause, since when and the failure report. */
export function PressStatesBand({ states, now }: { states: readonly PressState[]; now: Date }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const format = useFormat();
  const sameDay = (iso: string) => new Date(iso).toDateString() === now.toDateString();
  return (
    <ul className={styles.band} aria-label={t('display.presses')} data-testid="press-states">
      {states.map(({ line_id, line_name, stopped }) => (
        <li
          key={line_id}
          className={mergeClasses(styles.tile, stopped ? styles.stopped : undefined)}
          data-press={line_id}
          data-state={stopped ? 'stopped' : 'running'}
        >
          <span className={styles.name}>{line_name}</span>
          {stopped ? (
            <>
              <span className={styles.state}>{t('display.stopped')}</span>
              <span className={styles.cause}>{t(`common:enums.stopCause.${i18nKey(stopped.cause)}`)}</span>
              <span className={styles.detail}>
                {t('display.since', {
                  when: sameDay(stopped.started_at) ? format.time(stopped.started_at) : format.dateTime(stopped.started_at),
                  duration: format.duration(stopMinutes(stopped.started_at, now)),
                })}
              </span>
              <span className={styles.detail}>{t('display.machine', { machine: stopped.machine_name })}</span>
              {stopped.failure_report_number ? <span className={styles.detail}>{t('display.report', { number: stopped.failure_report_number })}</span> : null}
            </>
          ) : (
            <span className={mergeClasses(styles.state, styles.running)}>{t('display.running')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
