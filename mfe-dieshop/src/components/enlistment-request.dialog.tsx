import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATE_PATTERN, dateErrorOf, dieEndpoints, dieEnlistmentEndpoints, messages, type EnlistmentDetail } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  FormDateField,
  FormSelect,
  FormTextField,
  FormTimeField,
  showSnackbar,
  useReferenceOptions,
  type SelectOption,
} from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieEnlistmentTexts } from '../i18n/die-enlistment.texts';

registerDieshopTexts(dieEnlistmentTexts);

interface RequestValues {
  die_id: number | null;
  line_id: number | null;
  needed_date: string;
  needed_time: string;
  note: string;
}

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 'min(480px, 80vw)' } });
const pad = (value: number) => String(value).padStart(2, '0');

/** 'Solicitar alistamiento' by hand: a die in stock, the line and when it is needed (tomorrow 06:00 by default). */
export function EnlistmentRequestDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: EnlistmentDetail) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(DIESHOP_NS);
  const lines = useReferenceOptions('extrusionLine');
  const [dies, setDies] = useState<SelectOption[]>([]);
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const { control, handleSubmit, setError, formState } = useForm<RequestValues>({
    mode: 'onTouched',
    defaultValues: {
      die_id: null,
      line_id: null,
      needed_date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
      needed_time: '06:00',
      note: '',
    },
  });
  useEffect(() => {
    call(dieEndpoints.all, { query: { state: 'in_stock', pageSize: 500, page: 1, direction: 'asc' } }).then(
      (page) => setDies(page.items.map((die) => ({ value: die.id, label: t('enlistment.dieCopy', { reference: die.die_reference, copy: die.copy_number }) }))),
      () => undefined,
    );
  }, [t]);
  const submit = handleSubmit(async (values) => {
    // The day and the time are typed as text: what is no day or time is said on its field, not sent.
    if (!DATE_PATTERN.test(values.needed_date)) return setError('needed_date', { message: dateErrorOf(i18n.resolvedLanguage ?? 'es') });
    if (values.needed_time && !/^\d{2}:\d{2}$/.test(values.needed_time)) return setError('needed_time', { message: messages.timeFormat });
    const neededAt = new Date(`${values.needed_date}T${values.needed_time || '00:00'}`);
    try {
      const created = await call(dieEnlistmentEndpoints.create, {
        body: {
          ...(values.die_id !== null ? { die_id: values.die_id } : {}),
          line_id: values.line_id,
          needed_at: Number.isNaN(neededAt.getTime()) ? values.needed_date : neededAt.toISOString(),
          note: values.note,
        },
      });
      showSnackbar({ message: t('enlistment.created', { number: created.number }), variant: 'success', autoHideMs: 2500 });
      onCreated(created);
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, ['die_id', 'line_id', 'note']);
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.needed_at) setError('needed_date', { type: 'server', message: fields.needed_at });
      if (!applied.length && !fields?.needed_at) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('enlistment.newRequest')}</DialogTitle>
            <DialogContent className={styles.form}>
              <FormSelect
                control={control}
                name="die_id"
                required
                numeric
                label={t('enlistment.die')}
                options={dies}
                hint={dies.length === 0 ? t('enlistment.noDies') : undefined}
              />
              <FormSelect control={control} name="line_id" numeric label={t('enlistment.line')} options={lines} />
              <FormDateField control={control} name="needed_date" required label={t('enlistment.neededDate')} />
              <FormTimeField control={control} name="needed_time" label={t('enlistment.neededTime')} />
              <FormTextField control={control} name="note" multiline label={t('enlistment.note')} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('enlistment.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={formState.isSubmitting}>
                {t('enlistment.create')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
