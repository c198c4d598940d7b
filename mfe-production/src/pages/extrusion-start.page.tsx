import { Button, Card, Caption1, makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, Title2 } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  dieLabel,
  extrusionEndpoints,
  orderEndpoints,
  startExtrusionSchema,
  type MyRun,
  type ProductionOrderView,
  type StartExtrusion,
  type StartOptions,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormSelect, i18nKey, showSnackbar, useCan, type SelectOption } from '@planta/ui';
import type { TFunction } from 'i18next';
import { asksOverrideReason, PreparationOverrideField } from '../components/preparation-override';
import { RunPausedBadge } from '../components/run-paused';
import { StopRunButton } from '../components/stop-run-form';
import '../i18n';
import { ORDER_QUERY_PARAM } from './extrusion-start.link';

interface StartValues {
  order_id: number | null;
  die_id: number | null;
  line_id: number | null;
  override_reason?: string;
}

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '640px' },
  form: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px' },
  buttons: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
  runs: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '16px 24px' },
  runList: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  run: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px', minHeight: '44px' },
});

/** The choices of the form: each press or copy that cannot start a run now is disabled, with why (run-start.rules.ts on the API). */
function lineOptions(options: StartOptions | null, t: TFunction): SelectOption[] {
  return (options?.lines ?? []).map((line) => ({
    value: line.id,
    label: line.why ? t('production:extrusion.unavailable', { name: line.name, why: line.why }) : line.name,
    disabled: line.why !== null,
  }));
}
/** A choice that can start a run now, or (a copy) whose unfinished preparation the caller may override. */
const choosable = (choice: { why: string | null; overridable?: boolean }) => choice.why === null || choice.overridable === true;

function dieOptions(options: StartOptions | null, t: TFunction): SelectOption[] {
  return (options?.dies ?? []).map((die) => {
    const name = { reference: die.die_reference, copy: die.copy_number };
    return {
      value: die.id,
      label: die.why
        ? t('production:dieCopy.notRunnable', { ...name, reason: die.why })
        : t('production:dieCopy.option', { ...name, state: t(`common:dieState.${i18nKey(die.state)}`) }),
      // A copy held only by its unfinished preparation stays choosable for whoever may override it.
      disabled: !choosable(die),
    };
  });
}

/**
 * /apps/extrusion/new: choose the order, a copy of its die and the line, and start extruding.
 * `?order=<id>` (from the board or an order's detail) chooses an open order to begin with.
 */
export default function ExtrusionStartPage() {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const navigate = useNavigate();
  const mayStart = useCan(extrusionEndpoints.start);
  const mayStop = useCan(extrusionEndpoints.stop);
  const [orders, setOrders] = useState<ProductionOrderView[] | null>(null);
  const [searchParams] = useSearchParams();
  const askedOrder = searchParams.get(ORDER_QUERY_PARAM);
  const [options, setOptions] = useState<StartOptions | null>(null);
  const [myRuns, setMyRuns] = useState<MyRun[]>([]);
  // Asked once the API refuses the start over an unfinished preparation and lets the caller override.
  const [asksReason, setAsksReason] = useState(false);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<StartValues, unknown, StartExtrusion>({
    mode: 'onTouched',
    resolver: zodResolver(startExtrusionSchema as never) as never,
    defaultValues: { order_id: null, die_id: null, line_id: null },
  });
  const orderId = useWatch({ control, name: 'order_id' });
  const order = orders?.find((candidate) => candidate.id === orderId);
  // The order asked for in the address, once the open orders are known: chosen if it is one of them.
  const askedId = askedOrder && /^\d+$/.test(askedOrder) ? Number(askedOrder) : null;
  const askedIsOpen = !!orders?.some((candidate) => candidate.id === askedId);
  useEffect(() => {
    if (askedIsOpen) setValue('order_id', askedId);
  }, [askedIsOpen, askedId, setValue]);

  useEffect(() => {
    call(orderEndpoints.hideClosedOrders).then(setOrders, (error: unknown) => showSnackbar({ message: errorMessage(error), variant: 'error' }));
  }, []);

  // The presses and the order's copies, each that cannot start a run now with why; again after a run of the operator stopped.
  const loadOptions = useCallback(() => {
    call(extrusionEndpoints.startOptions, { query: orderId ? { order_id: orderId } : {} }).then(setOptions, (error: unknown) =>
      showSnackbar({ message: errorMessage(error), variant: 'error' }),
    );
  }, [orderId]);
  useEffect(loadOptions, [loadOptions]);
  const loadMyRuns = useCallback(() => {
    if (mayStop) call(extrusionEndpoints.mine).then(setMyRuns, () => undefined);
  }, [mayStop]);
  useEffect(loadMyRuns, [loadMyRuns]);
  const runStopped = useCallback(() => {
    loadMyRuns();
    loadOptions();
  }, [loadMyRuns, loadOptions]);

  const planned = order && options ? options.dies.find((die) => die.id === order.die_id) : undefined;
  // The planned copy, when it cannot start now: said above the form, and not proposed.
  const plannedRefusal = planned?.why ?? null;

  // A new order proposes its own die copy and its planned line, each only if it can start a run now;
  // a choice that can no longer start (the options changed) is cleared.
  useEffect(() => {
    if (!order || !options) return;
    const free = (list: StartOptions['lines'] | StartOptions['dies'], id: number | null) =>
      id !== null && list.some((choice) => choice.id === id && choosable(choice));
    const die = getValues('die_id');
    if (!free(options.dies, die)) setValue('die_id', free(options.dies, order.die_id) ? order.die_id : null);
    const line = getValues('line_id');
    if (!free(options.lines, line)) setValue('line_id', free(options.lines, order.line_id) ? order.line_id : null);
  }, [order, options, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      await call(extrusionEndpoints.start, { body: values });
      showSnackbar({ message: t('production:extrusion.started'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      navigate('/apps/planning-kanban-board/board');
    } catch (error) {
      if (asksOverrideReason(error)) setAsksReason(true);
      const applied = applyServerFieldErrors(error, setError, ['order_id', 'die_id', 'line_id', 'override_reason']);
      if (!applied.length) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  return (
    <section className={styles.page} aria-labelledby="extrusion-title">
      <Title2 as="h1" id="extrusion-title">
        {t('production:extrusion.title')}
      </Title2>
      <Text>{t('production:extrusion.description')}</Text>
      {askedOrder && orders && !askedIsOpen ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('production:extrusion.orderNotOpen')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {planned && plannedRefusal ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('production:dieCopy.plannedNotRunnable', { reference: planned.die_reference, copy: planned.copy_number, reason: plannedRefusal })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormSelect
            control={control}
            name="order_id"
            numeric
            required
            label={t('production:extrusion.order')}
            placeholder={!orders || orders.length ? '—' : t('production:extrusion.noOrders')}
            options={(orders ?? []).map((candidate) => ({
              value: candidate.id,
              label: t('production:extrusion.orderOption', { number: candidate.number, customer: candidate.customer, profile: candidate.profile }),
            }))}
          />
          <FormSelect
            control={control}
            name="die_id"
            numeric
            required
            label={t('production:extrusion.die')}
            placeholder={order ? '—' : t('production:extrusion.chooseOrderFirst')}
            disabled={!order}
            options={dieOptions(options, t)}
          />
          <FormSelect control={control} name="line_id" numeric required label={t('production:extrusion.line')} options={lineOptions(options, t)} />
          <Caption1>{t('production:extrusion.unavailableHint')}</Caption1>
          {asksReason ? <PreparationOverrideField control={control} /> : null}
          <div className={styles.buttons}>
            <Button type="button" onClick={() => navigate('/apps/planning-kanban-board/board')}>
              {t('common:actions.cancel')}
            </Button>
            {mayStart ? (
              <Button type="submit" appearance="primary" disabled={formState.isSubmitting} icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}>
                {t('production:extrusion.start')}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      {mayStop && myRuns.length ? (
        <Card className={styles.runs}>
          <Subtitle2 as="h2">{t('production:extrusion.myRunsTitle')}</Subtitle2>
          <ul className={styles.runList}>
            {myRuns.map((run) => {
              const title = t('production:extrusion.myRun', { number: run.order_number, line: run.line_name, die: dieLabel(run) });
              return (
                <li key={run.id} className={styles.run} data-testid={`my-run-${run.id}`}>
                  <Text>
                    {title} {run.paused ? <RunPausedBadge run={run} /> : null}
                  </Text>
                  <StopRunButton runId={run.id} title={title} onStopped={runStopped} />
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
