import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { dieLabel, extrusionEndpoints, nextDimensionCheck, orderEndpoints, runningStart, type MyRun } from '@planta/contracts';
import type { ExportSheet, WidgetProps } from '@planta/shell-contract';
import { call } from '@planta/session';
import { useCan, useFormat, useLiveFigures, type Formats, EmptyText, WidgetFrame, useWidgetExport } from '@planta/ui';
import { RunPausedBadge, useRunningForText } from '../components/run-paused';
import { StopRunButton } from '../components/stop-run-form';
import '../i18n';
import { MyRunCheckDialog, type CheckEntry } from './my-run-check.dialog';

/** How often the next checks are looked at again: a mark turns overdue within this much of its minute. */
export const CLOCK_MS = 15_000;

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: { padding: '8px 12px', display: 'flex', flexDirection: 'column', gap: '2px' },
  muted: { color: tokens.colorNeutralForeground3 },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  // A line of text that opens the entry: read as the text it was, large enough for a finger.
  textButton: { justifyContent: 'flex-start', minHeight: '44px', paddingLeft: 0, paddingRight: 0, textAlign: 'start' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '4px' },
  action: { minHeight: '44px' },
});

/** The time now, again every `everyMs`. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function myRunSheets(runs: readonly MyRun[], now: Date, t: TFunction, format: Formats): ExportSheet[] {
  const column = (key: string) => t(`dashboard.myExtrusion.columns.${key}`);
  return [
    {
      title: t('dashboard.titles.myExtrusion'),
      columns: ['order', 'press', 'die', 'start', 'lastCheck', 'nextCheck', 'state', 'missed'].map(column),
      rows: runs.map((run) => {
        const next = nextDimensionCheck(runningStart(run), run.last_check_at, now);
        return [
          run.order_number,
          run.line_name,
          dieLabel(run),
          format.dateTime(run.start_extrusion_time),
          run.last_check_at ? format.dateTime(run.last_check_at) : null,
          format.dateTime(next.at.toISOString()),
          t(`dashboard.myExtrusion.states.${next.overdue ? 'overdue' : 'onTime'}`),
          run.missed_checks,
        ];
      }),
    },
  ];
}

/**
 * 'Mi extrusión' (welcome dashboard): the runs the signed-in user started and that still run, and
 * when each one's next 10-minute dimension check is due (red once it is asked for and not yet
 * answered). Each run gets a check entered here (the prompt asks only about the first), its missed
 * marks answered late, and its stop (the order's dialog); each links to its order.
 */
export default function MyExtrusionWidget({ onExport }: WidgetProps) {
  const live = useLiveFigures((signal) => call(extrusionEndpoints.mine, {}, { signal }), ['production'], 'mine');
  const { t } = useTranslation('production');
  const format = useFormat();
  const now = useNow(CLOCK_MS);
  useWidgetExport(onExport, live.data ? myRunSheets(live.data, now, t, format) : null);
  return <WidgetFrame live={live}>{(runs) => <MyRuns runs={runs} now={now} onChanged={live.reload} />}</WidgetFrame>;
}

function MyRuns({ runs, now, onChanged }: { runs: readonly MyRun[]; now: Date; onChanged: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const canOpenOrders = useCan(orderEndpoints.detail);
  const runningFor = useRunningForText();
  const mayCheck = useCan(orderEndpoints.saveDieCriticalDimension);
  const mayAnswerLate = useCan(extrusionEndpoints.answerLate);
  const mayStop = useCan(extrusionEndpoints.stop);
  const [entry, setEntry] = useState<CheckEntry | null>(null);
  // The entry of a run as the list has it now (its missed marks change as minutes pass).
  const shown = entry ? { ...entry, run: runs.find((run) => run.id === entry.run.id) ?? entry.run } : null;
  const saved = useCallback(() => {
    setEntry(null);
    onChanged();
  }, [onChanged]);
  return (
    <>
      <Text size={200} className={styles.muted}>
        {t('dashboard.myExtrusion.description')}
      </Text>
      {runs.length === 0 ? (
        <EmptyText>{t('dashboard.myExtrusion.empty')}</EmptyText>
      ) : (
        <ul className={styles.list}>
          {runs.map((run) => {
            const next = nextDimensionCheck(runningStart(run), run.last_check_at, now);
            const title = t('dashboard.myExtrusion.run', { number: run.order_number, line: run.line_name });
            return (
              <li key={run.id} data-testid={`my-run-${run.id}`}>
                <Card className={styles.item} appearance="outline">
                  <Text weight="semibold">{canOpenOrders ? <RouterLink to={`/apps/orders/${run.order_id}`}>{title}</RouterLink> : title}</Text>
                  <Text size={200}>{t('dashboard.myExtrusion.die', { die: dieLabel(run), profile: run.profile })}</Text>
                  <Text size={200} className={styles.muted}>
                    {t('dashboard.myExtrusion.since', { time: format.time(run.start_extrusion_time) })}
                    {' · '}
                    {run.last_check_at ? t('dashboard.myExtrusion.lastCheck', { time: format.time(run.last_check_at) }) : t('dashboard.myExtrusion.noCheck')}
                  </Text>
                  {run.paused ? (
                    <Text>
                      <RunPausedBadge run={run} /> {runningFor(run, now)}
                    </Text>
                  ) : next.overdue && mayCheck ? (
                    <Button
                      appearance="transparent"
                      className={styles.textButton}
                      data-testid={`next-check-${run.id}`}
                      data-overdue
                      onClick={() => setEntry({ run, late: false })}
                    >
                      {/* Red inside: the transparent button's own colour would win over a class on it. */}
                      <span className={styles.overdue}>{t('dashboard.myExtrusion.overdue', { time: format.time(next.at.toISOString()) })}</span>
                    </Button>
                  ) : (
                    <Text data-testid={`next-check-${run.id}`} data-overdue={next.overdue} className={next.overdue ? styles.overdue : undefined}>
                      {t(next.overdue ? 'dashboard.myExtrusion.overdue' : 'dashboard.myExtrusion.nextCheck', { time: format.time(next.at.toISOString()) })}
                    </Text>
                  )}
                  {run.missed_checks > 0 && mayAnswerLate ? (
                    <Button
                      appearance="transparent"
                      className={styles.textButton}
                      data-testid={`missed-${run.id}`}
                      onClick={() => setEntry({ run, late: true })}
                    >
                      {t('dashboard.myExtrusion.missedAnswer', { missed: run.missed_checks })}
                    </Button>
                  ) : run.missed_checks > 0 ? (
                    <Text size={200}>{t('dashboard.myExtrusion.missed', { missed: run.missed_checks })}</Text>
                  ) : null}
                  {run.late_checks > 0 ? <Text size={200}>{t('dashboard.myExtrusion.late', { late: run.late_checks })}</Text> : null}
                  {mayCheck || mayStop ? (
                    <div className={styles.actions}>
                      {/* A paused run (its press stopped) takes no check: its clock stands still (the API refuses one). */}
                      {mayCheck && !run.paused ? (
                        <Button
                          className={styles.action}
                          onClick={() => setEntry({ run, late: false })}
                          aria-label={t('dashboard.myExtrusion.checkLabel', { number: run.order_number })}
                        >
                          {t('dashboard.myExtrusion.check')}
                        </Button>
                      ) : null}
                      {mayStop ? <StopRunButton className={styles.action} runId={run.id} title={title} onStopped={onChanged} /> : null}
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <MyRunCheckDialog entry={shown} onClose={() => setEntry(null)} onSaved={saved} />
    </>
  );
}
