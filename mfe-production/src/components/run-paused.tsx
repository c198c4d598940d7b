import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { RunPause } from '@planta/contracts';
import { i18nKey, useFormat } from '@planta/ui';

type PausedRun = Pick<RunPause, 'paused' | 'paused_since' | 'pause_cause' | 'paused_ms' | 'running_ms'> & { start_extrusion_time: string | null };

/** A run's running time at `now`: frozen while its press is stopped, the wall time less the pauses otherwise. */
export function runningMsAt(run: PausedRun, now: Date): number {
  if (run.paused || !run.start_extrusion_time) return run.running_ms;
  return Math.max(0, now.getTime() - new Date(run.start_extrusion_time).getTime() - run.paused_ms);
}

/** 'Tiempo en marcha: 1 h 05 min' (stands still while the run is paused). */
export function useRunningForText(): (run: PausedRun, now: Date) => string {
  const { t } = useTranslation('production');
  return (run, now) => {
    const minutes = Math.floor(runningMsAt(run, now) / 60_000);
    return t('runPause.runningFor', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
  };
}

/** 'En pausa desde 10:42: Falla hidráulica' (its press stopped): wherever a run is shown. */
export function RunPausedBadge({ run }: { run: Pick<RunPause, 'paused_since' | 'pause_cause'> }) {
  const { t } = useTranslation(['production', 'common']);
  const format = useFormat();
  const cause = run.pause_cause ? t(`common:enums.stopCause.${i18nKey(run.pause_cause)}`) : '';
  return (
    <Badge color="warning" appearance="filled" data-testid="run-paused">
      {t('production:runPause.paused', { cause, time: run.paused_since ? format.time(run.paused_since) : '' })}
    </Badge>
  );
}
