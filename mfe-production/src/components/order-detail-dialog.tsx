import {
  Badge,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OrderCompleteField } from './order-complete-field';
import {
  extrusionEndpoints,
  mayStartExtrusionOn,
  orderEndpoints,
  stopExtrusionSchema,
  type OrderDetail,
  type OrderDetailRun,
  type ProductionFigures,
  type StopExtrusion,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  ErrorCard,
  Facts,
  FormNumberField,
  i18nKey,
  REQUIRED_TEXT,
  showSnackbar,
  useCan,
  useFormat,
  withDecimalFields,
} from '@planta/ui';
import { extrusionStartPath } from '../pages/extrusion-start.link';
import { OrderFormDialog } from './order-form-dialog';

const STOP_FIELDS = ['billets_pushed', 'good_kg', 'scrap_kg'] as const;
type StopValues = Record<(typeof STOP_FIELDS)[number], string> & { order_complete: boolean };

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
  run: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  marks: { display: 'flex', flexWrap: 'wrap', gap: '4px', listStyleType: 'none', margin: 0, padding: 0 },
  missed: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: '12px', alignItems: 'end' },
});

function Figures({ figures }: { figures: ProductionFigures }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  return (
    <Facts
      items={[
        [t('detail.kgH'), format.number(figures.kg_h, 1)],
        [t('detail.recovery'), format.percent(figures.recovery)],
        [t('detail.scrap'), t('detail.scrapValue', { kg: format.number(figures.scrap_kg, 1), ratio: format.percent(figures.scrap_ratio) })],
      ]}
    />
  );
}

/** Spec 4/9: the 'Detener extrusión' form of a running run. */
function StopForm({ run, onStopped }: { run: OrderDetailRun; onStopped: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const schemaResolver = withDecimalFields(zodResolver(stopExtrusionSchema as never) as unknown as Resolver<StopValues, unknown, StopExtrusion>, STOP_FIELDS);
  // The schema coerces '' to 0: an empty field is refused as required first.
  const resolver: Resolver<StopValues, unknown, StopExtrusion> = (values, context, options) => {
    const empty = STOP_FIELDS.filter((name) => String(values[name] ?? '').trim() === '');
    if (empty.length) return { values: {}, errors: Object.fromEntries(empty.map((name) => [name, { type: 'required', message: REQUIRED_TEXT }])) };
    return schemaResolver(values, context, options);
  };
  const { control, handleSubmit, setError, formState } = useForm<StopValues, unknown, StopExtrusion>({
    mode: 'onTouched',
    resolver,
    defaultValues: { billets_pushed: '', good_kg: '', scrap_kg: '', order_complete: false },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await call(extrusionEndpoints.stop, { params: { orderDieId: run.id }, body: values });
      showSnackbar({ message: t('production:detail.stopped'), variant: 'success', autoHideMs: 2000 });
      onStopped();
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, STOP_FIELDS);
      if (!applied.length) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('production:detail.stopTitle')}>
      <FormNumberField control={control} name="billets_pushed" required label={t('production:detail.billets')} />
      <FormNumberField control={control} name="good_kg" required label={t('production:detail.goodKg')} />
      <FormNumberField control={control} name="scrap_kg" required label={t('production:detail.scrapKg')} />
      <OrderCompleteField control={control} />
      <Button type="submit" appearance="primary" disabled={formState.isSubmitting} icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}>
        {t('production:detail.stop')}
      </Button>
    </form>
  );
}

function Run({ run, onStopped }: { run: OrderDetailRun; onStopped: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('production');
  const format = useFormat();
  const mayStop = useCan(extrusionEndpoints.stop);
  const answered = run.dimension_marks.filter((mark) => mark.state === 'answered').length;
  return (
    <Card className={styles.run} data-testid={`run-${run.id}`}>
      <div className={styles.row}>
        <Subtitle2>{t('detail.runTitle', { reference: run.die_reference, copy: run.copy_number, line: run.line_name })}</Subtitle2>
        {run.active_timer ? (
          <Badge color="success" appearance="filled">
            {t('detail.running')}
          </Badge>
        ) : null}
      </div>
      <Facts
        items={[
          [t('detail.start'), format.dateTime(run.start_extrusion_time)],
          [t('detail.end'), run.end_extrusion_time ? format.dateTime(run.end_extrusion_time) : t('detail.running')],
        ]}
      />
      {run.end_extrusion_time ? <Figures figures={run.figures} /> : null}
      <Text weight="semibold">{t('detail.checks')}</Text>
      <Text className={run.missed_checks ? styles.missed : undefined}>{t('detail.checksSummary', { answered, missed: run.missed_checks })}</Text>
      {run.dimension_marks.length ? (
        <ul className={styles.marks}>
          {run.dimension_marks.map((mark) => (
            <li key={mark.at} data-state={mark.state}>
              <Badge
                appearance={mark.state === 'missed' ? 'filled' : 'tint'}
                color={mark.state === 'missed' ? 'danger' : mark.state === 'answered' ? 'success' : 'warning'}
              >
                {t('detail.mark', { time: format.time(mark.at), state: t(`detail.markStates.${mark.state}`) })}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <Caption1>{t('detail.noMarks')}</Caption1>
      )}
      {run.active_timer && mayStop ? (
        <>
          <Text weight="semibold">{t('detail.stopTitle')}</Text>
          <StopForm run={run} onStopped={onStopped} />
        </>
      ) : null}
    </Card>
  );
}

/**
 * The detail of a production order (from the planning board): the order, its runs with their
 * figures and 10-minute checks (missed ones highlighted), and 'Detener extrusión' for a running run.
 * `onChanged` is called after a run was stopped (the board reloads).
 */
export function OrderDetailDialog({ orderId, onClose, onChanged }: { orderId: number | null; onClose: () => void; onChanged?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const format = useFormat();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const mayEdit = useCan(orderEndpoints.update);
  const mayStart = useCan(extrusionEndpoints.start);
  const navigate = useNavigate();

  const load = useCallback(() => {
    if (orderId === null) return;
    setLoadError(null);
    call(orderEndpoints.detail, { params: { id: orderId } }).then(setOrder, (error: unknown) => setLoadError(errorMessage(error)));
  }, [orderId]);

  useEffect(() => {
    setOrder(null);
    load();
  }, [load]);

  const stopped = useCallback(() => {
    load();
    onChanged?.();
  }, [load, onChanged]);

  const edited = useCallback(() => {
    setEditing(false);
    load();
    onChanged?.();
  }, [load, onChanged]);
  const closeEdit = useCallback(() => setEditing(false), []);

  const shown = order && order.id === orderId ? order : null;

  return (
    <>
      <Dialog open={orderId !== null} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{shown ? t('production:detail.title', { number: shown.number }) : t('production:detail.loading')}</DialogTitle>
            <DialogContent className={styles.content}>
              {loadError ? (
                <ErrorCard title={t('production:detail.loadError')} message={loadError} retryLabel={t('common:actions.retry')} onRetry={load} />
              ) : !shown ? (
                <Spinner label={t('production:detail.loading')} />
              ) : (
                <>
                  <Facts
                    items={[
                      [t('production:detail.number'), shown.number],
                      [t('production:detail.customer'), shown.customer],
                      [t('production:detail.profile'), shown.profile],
                      [t('production:detail.die'), t('production:detail.dieValue', { reference: shown.die_reference, copy: shown.copy_number })],
                      [t('production:detail.alloy'), `${shown.alloy_designation} ${shown.alloy_temper}`],
                      [t('production:detail.finish'), shown.finish_name ?? t('production:detail.noFinish')],
                      [t('production:detail.length'), t('production:detail.lengthValue', { value: format.number(shown.length_mm, 1) })],
                      [
                        t('production:detail.quantities'),
                        t('production:detail.quantitiesValue', { pieces: format.number(shown.quantity_pieces, 0), kg: format.number(shown.quantity_kg, 1) }),
                      ],
                      [t('production:detail.dueDate'), format.date(shown.due_date)],
                      [t('production:detail.line'), shown.line_name ?? t('production:detail.noLine')],
                      [t('production:detail.status'), t(`production:detail.statuses.${i18nKey(shown.status)}`)],
                    ]}
                  />
                  <Subtitle2>{t('production:detail.figuresTitle')}</Subtitle2>
                  <Figures figures={shown.figures} />
                  {shown.missed_checks ? (
                    <Text className={styles.missed} role="status">
                      {t('production:detail.orderMissed', { missed: shown.missed_checks })}
                    </Text>
                  ) : null}
                  <Subtitle2>{t('production:detail.runsTitle')}</Subtitle2>
                  {shown.order_dies.length ? (
                    shown.order_dies.map((run) => <Run key={run.id} run={run} onStopped={stopped} />)
                  ) : (
                    <Text>{t('production:detail.noRuns')}</Text>
                  )}
                </>
              )}
            </DialogContent>
            <DialogActions>
              {shown && mayStart && mayStartExtrusionOn({ status: shown.status, running: shown.order_dies.some((run) => run.active_timer) }) ? (
                <Button onClick={() => navigate(extrusionStartPath(shown.id))}>{t('production:extrusion.start')}</Button>
              ) : null}
              {shown && mayEdit ? (
                <Button appearance="primary" aria-label={t('production:orders.editLabel', { number: shown.number })} onClick={() => setEditing(true)}>
                  {t('production:orders.edit')}
                </Button>
              ) : null}
              <Button appearance="secondary" onClick={onClose}>
                {t('production:detail.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {/* Beside, not inside, the detail dialog: Fluent's Dialog reads a second child as its surface. */}
      <OrderFormDialog open={editing && !!shown} order={shown} onClose={closeEdit} onSaved={edited} />
    </>
  );
}
