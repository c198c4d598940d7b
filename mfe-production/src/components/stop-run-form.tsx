import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { extrusionEndpoints, stopExtrusionSchema, type StopExtrusion } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormNumberField, REQUIRED_TEXT, showSnackbar, withDecimalFields } from '@planta/ui';
import { OrderCompleteField } from './order-complete-field';

const STOP_FIELDS = ['billets_pushed', 'good_kg', 'scrap_kg'] as const;
type StopValues = Record<(typeof STOP_FIELDS)[number], string> & { order_complete: boolean };

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: '12px', alignItems: 'end' },
});

/**
 * Spec 4/9: the 'Detener extrusión' form of a running run (what came out of it), the one form
 * wherever a run is stopped: the order's detail, the start form, 'Mi extrusión'.
 */
export function StopRunForm({ runId, onStopped }: { runId: number; onStopped: () => void }) {
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
      await call(extrusionEndpoints.stop, { params: { orderDieId: runId }, body: values });
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

/** 'Detener extrusión' as a button that opens the stop form of one run in a dialog (the start form, 'Mi extrusión'). */
export function StopRunButton({ runId, title, onStopped, className }: { runId: number; title: string; onStopped: () => void; className?: string }) {
  const { t } = useTranslation('production');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className={className} onClick={() => setOpen(true)} aria-label={t('extrusion.stopRun', { run: title })}>
        {t('detail.stop')}
      </Button>
      <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('extrusion.stopRun', { run: title })}</DialogTitle>
            <DialogContent>
              {open ? (
                <StopRunForm
                  runId={runId}
                  onStopped={() => {
                    setOpen(false);
                    onStopped();
                  }}
                />
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setOpen(false)}>
                {t('detail.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
