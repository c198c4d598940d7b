import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  criticalDimensionsFormSchema,
  dieLabel,
  orderEndpoints,
  type CriticalDimensionsForm,
  type DimensionRecord,
  type RunningOrderDie,
  type SavedDimensionRecord,
} from '@planta/contracts';
import { call, errorMessage, userAtom } from '@planta/session';
import { callOrQueue, onOfflineQueueEvent } from '@planta/session/offline-queue';
import { FormNumberField, showSnackbar, useCan, useToleranceHint, withDecimalFields } from '@planta/ui';
import { clockStart, closed, initialPromptState, saved, tick, type PromptState } from './prompt-timing';
import { OUT_OF_TOLERANCE_MS, outOfToleranceMessages } from './tolerance-warnings';

/** How often the running order dies are asked for; the marks themselves are checked every second. */
const REFRESH_MS = 60_000;
const handledKey = (orderDieId: number) => `planta.criticalDimensions.${orderDieId}`;
/** How the offline queue names these saves (common:offlineQueue.kinds). */
const QUEUE_KIND = 'criticalDimensions';

function storedMark(orderDieId: number): number | null {
  const value = Number(localStorage.getItem(handledKey(orderDieId)));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The 'Dimensiones criticas' prompt (spec 2.5, 4): while the user's first order die runs, it asks
 * for dimensions A and B at every 10-minute mark (timing in prompt-timing.ts), each field showing
 * its profile's nominal and tolerance before typing; a saved value outside the tolerance of its
 * die's profile is warned about. The other runs are checked from 'Mi extrusión'.
 */
export function CriticalDimensionsPrompt() {
  const { t, i18n } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  // Only whoever may read the orders has running ones to be asked about.
  const mayAsk = useCan(orderEndpoints.activeTimerOrders);
  const [orderDie, setOrderDie] = useState<RunningOrderDie | null>(null);
  const toleranceHint = useToleranceHint();
  const [state, setState] = useState<PromptState>(initialPromptState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const { control, handleSubmit, reset, formState } = useForm<CriticalDimensionsForm>({
    mode: 'onChange',
    resolver: withDecimalFields(zodResolver(criticalDimensionsFormSchema) as Resolver<CriticalDimensionsForm>, ['dimensionA', 'dimensionB']),
  });

  const fetchRunning = useCallback(async () => {
    if (!user.data.id || !mayAsk) return;
    try {
      const running = await call(orderEndpoints.activeTimerOrders, { query: { userId: user.data.id } });
      const first = running.find((candidate) => candidate.active_timer && candidate.start_extrusion_time) ?? null;
      // The same run, neither paused nor resumed since: the clock keeps its state.
      const same = (current: RunningOrderDie | null) =>
        current?.id === first?.id &&
        current?.start_extrusion_time === first?.start_extrusion_time &&
        current?.paused === first?.paused &&
        current?.paused_ms === first?.paused_ms;
      setOrderDie((current) => (same(current) ? current : first));
    } catch {
      // Without the list there is nothing to prompt for; the next refresh tries again.
    }
  }, [user.data.id, mayAsk]);

  useEffect(() => {
    void fetchRunning();
    const timer = setInterval(() => void fetchRunning(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [fetchRunning]);

  // A value outside its profile's tolerance is told at once, and stays long enough to be read at the press.
  const warnOutOfTolerance = useCallback(
    (answered: readonly SavedDimensionRecord[]) => {
      for (const message of outOfToleranceMessages(answered, (key, values) => t(key, values), i18n.resolvedLanguage ?? i18n.language)) {
        showSnackbar({ message, variant: 'warning', position: 'top', autoHideMs: OUT_OF_TOLERANCE_MS });
      }
    },
    [t, i18n],
  );

  // An entry saved without network is checked against the tolerance when the queue sends it (the shell tells that it was sent).
  useEffect(
    () =>
      onOfflineQueueEvent((event) => {
        if (event.type === 'sent' && event.entry.kind === QUEUE_KIND && Array.isArray(event.data)) warnOutOfTolerance(event.data as SavedDimensionRecord[]);
      }),
    [warnOutOfTolerance],
  );

  useEffect(() => {
    // A new order die starts from the mark last handled for it (kept across reloads), before its
    // first check: a reload within the minute of a mark already answered or closed does not ask again.
    stateRef.current = { ...initialPromptState, handledMark: orderDie ? storedMark(orderDie.id) : null };
    setState(stateRef.current);
    // A run paused by a stopped press is not asked for; its 10-minute clock counts running time only.
    const startedAt = clockStart(orderDie);
    const check = () => {
      const next = tick(stateRef.current, startedAt, Date.now());
      if (next === stateRef.current) return;
      if (next.dialogOpen && !stateRef.current.dialogOpen) reset({ dimensionA: undefined, dimensionB: undefined } as never);
      if (orderDie && next.handledMark) localStorage.setItem(handledKey(orderDie.id), String(next.handledMark));
      setState(next);
    };
    check();
    const timer = setInterval(check, 1000);
    return () => clearInterval(timer);
  }, [orderDie, reset]);

  const save = handleSubmit(async ({ dimensionA, dimensionB }) => {
    if (!orderDie) return;
    const now = new Date().toISOString();
    const records: DimensionRecord[] = [
      { order_dies_id: orderDie.id, dimension_text: 'DimensionA', dimension_value: dimensionA, date_saved: now },
      { order_dies_id: orderDie.id, dimension_text: 'DimensionB', dimension_value: dimensionB, date_saved: now },
    ];
    try {
      // Without network the entry is kept and sent when it returns, once (issue 17): the mark counts as answered.
      const outcome = await callOrQueue(orderEndpoints.saveDieCriticalDimension, { body: records }, { kind: QUEUE_KIND });
      setState((current) => saved(current));
      // A queued entry: the shell says it is pending ('Guardado sin conexión…', offline-queue-status.tsx).
      if (outcome.status === 'queued') return;
      showSnackbar({ message: t('criticalDimensions.saved', 'Información Guardada'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      warnOutOfTolerance(outcome.data);
      void fetchRunning();
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error', position: 'top-end', autoHideMs: 2000 });
      // Refused because the press stopped meanwhile ('La prensa está detenida…'): the run, read again, is paused and the prompt closes.
      void fetchRunning();
    }
  });

  if (!orderDie) return null;
  const minutes = Math.floor((Date.now() - new Date(orderDie.start_extrusion_time!).getTime()) / 60_000);
  return (
    <Dialog open={state.dialogOpen} modalType="alert" onOpenChange={(_event, data) => !data.open && setState((current) => closed(current))}>
      <DialogSurface>
        <form onSubmit={save} noValidate>
          <DialogBody>
            <DialogTitle>{t('criticalDimensions.title', 'Dimensiones criticas')}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              <Text>
                {t('criticalDimensions.message', {
                  die: dieLabel({ die_reference: orderDie.dies_model_order_die_reference, copy_number: orderDie.dies_model_order_copy_number }),
                  minutes,
                })}
              </Text>
              {(['dimensionA', 'dimensionB'] as const).map((name) => (
                <FormNumberField
                  key={name}
                  name={name}
                  control={control}
                  required
                  label={t(`criticalDimensions.${name}`, name === 'dimensionA' ? 'Dimensión A (mm)' : 'Dimensión B (mm)')}
                  hint={toleranceHint(name === 'dimensionA' ? 'DimensionA' : 'DimensionB', orderDie.tolerances)}
                />
              ))}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setState((current) => closed(current))}>
                {t('criticalDimensions.close', 'Cerrar')}
              </Button>
              <Button appearance="primary" type="submit" disabled={!formState.isValid || formState.isSubmitting}>
                {t('criticalDimensions.save', 'Guardar')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
