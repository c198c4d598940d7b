import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { meterEndpoints, meterReadingCreateSchema, type Meter, type MeterReadingCreate } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormNumberField, FormTextField, showSnackbar, withDecimalFields } from '@planta/ui';

interface ReadingValues {
  value: string;
  reset: boolean;
  note: string;
}

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: '8px' } });

/** 'Registrar lectura' of a manual meter: the value (never below the current one unless it is a reset) and a note. */
export function MeterReadingDialog({ meter, onClose, onSaved }: { meter: Pick<Meter, 'id' | 'name' | 'unit'>; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const resolver = withDecimalFields(zodResolver(meterReadingCreateSchema as never) as unknown as Resolver<ReadingValues, unknown, MeterReadingCreate>, [
    'value',
  ]);
  const { control, handleSubmit, setError, formState } = useForm<ReadingValues, unknown, MeterReadingCreate>({
    mode: 'onTouched',
    resolver,
    defaultValues: { value: '', reset: false, note: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await call(meterEndpoints.addReading, { params: { id: meter.id }, body });
      showSnackbar({ message: t('machineSummary.readingSaved'), variant: 'success', autoHideMs: 2000 });
      onSaved();
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, ['value', 'reset', 'note']);
      if (!applied.length) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('machineSummary.readingTitle', { meter: meter.name })}</DialogTitle>
            <DialogContent className={styles.form}>
              <FormNumberField control={control} name="value" required label={t('machineSummary.readingValue', { unit: meter.unit })} />
              <Controller
                control={control}
                name="reset"
                render={({ field }) => (
                  <Checkbox checked={field.value} onChange={(_, data) => field.onChange(data.checked === true)} label={t('machineSummary.readingReset')} />
                )}
              />
              <FormTextField control={control} name="note" label={t('machineSummary.readingNote')} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('machineSummary.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={formState.isSubmitting}>
                {t('machineSummary.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
