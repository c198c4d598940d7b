import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  aluminumAlloyResource,
  dieEndpoints,
  extrusionLineResource,
  finishResource,
  orderEndpoints,
  orderSchema,
  type DieCopy,
  type OrderInput,
  type OrderStatus,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  currentLanguage,
  FormDateField,
  FormNumberField,
  FormSelect,
  FormTextField,
  inputNumber,
  REFERENCE_OPTIONS_LIMIT,
  referenceOptions,
  REQUIRED_TEXT,
  showSnackbar,
  useUnsavedChanges,
  withDecimalFields,
  type SelectOption,
} from '@planta/ui';
import { dieCopyOptions, useOvenRequired } from './die-copy-options';
import '../i18n';

/** The stored fields of an order that the form edits (as `GET /api/orders/:id` returns them). */
export interface EditableOrder {
  id: number;
  number: string;
  customer: string;
  profile: string;
  die_id: number;
  alloy_id: number;
  finish_id: number | null;
  length_mm: number;
  quantity_pieces: number;
  quantity_kg: number;
  due_date: string;
  line_id: number | null;
  status: OrderStatus;
}

/** What the form holds: typed text for texts and numbers (the schema coerces), ids (or null) for selects. */
export interface OrderFormValues {
  number: string;
  customer: string;
  profile: string;
  die_id: number | null;
  alloy_id: number | null;
  finish_id: number | null;
  length_mm: string;
  quantity_pieces: string;
  quantity_kg: string;
  due_date: string;
  line_id: number | null;
}

export const ORDER_FIELDS = [
  'number',
  'customer',
  'profile',
  'die_id',
  'alloy_id',
  'finish_id',
  'length_mm',
  'quantity_pieces',
  'quantity_kg',
  'due_date',
  'line_id',
] as const satisfies readonly (keyof OrderFormValues)[];
/** What the user types as a number (a decimal comma or point). */
const ORDER_NUMBERS = ['length_mm', 'quantity_pieces', 'quantity_kg'] as const;
/** Typed fields the schema would coerce ('' → 0): an empty one is refused as required first. */
const TYPED_REQUIRED = ['number', 'customer', 'profile', 'length_mm', 'quantity_pieces', 'quantity_kg', 'due_date'] as const;

const EMPTY: OrderFormValues = {
  number: '',
  customer: '',
  profile: '',
  die_id: null,
  alloy_id: null,
  finish_id: null,
  length_mm: '',
  quantity_pieces: '',
  quantity_kg: '',
  due_date: '',
  line_id: null,
};

const valuesOf = (order: EditableOrder | null | undefined): OrderFormValues =>
  order
    ? {
        number: order.number,
        customer: order.customer,
        profile: order.profile,
        die_id: order.die_id,
        alloy_id: order.alloy_id,
        finish_id: order.finish_id ?? null,
        length_mm: inputNumber(order.length_mm, currentLanguage()),
        quantity_pieces: inputNumber(order.quantity_pieces, currentLanguage()),
        quantity_kg: inputNumber(order.quantity_kg, currentLanguage()),
        due_date: order.due_date,
        line_id: order.line_id ?? null,
      }
    : EMPTY;

const schemaResolver = withDecimalFields(zodResolver(orderSchema as never) as unknown as Resolver<OrderFormValues, unknown, OrderInput>, ORDER_NUMBERS);
const resolver: Resolver<OrderFormValues, unknown, OrderInput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const empty = TYPED_REQUIRED.filter((name) => String(values[name] ?? '').trim() === '');
  if (!empty.length) return result;
  return { values: {}, errors: { ...result.errors, ...Object.fromEntries(empty.map((name) => [name, { type: 'required', message: REQUIRED_TEXT }])) } };
};

type CatalogOptions = Record<'alloys' | 'finishes' | 'lines', SelectOption[]>;

/**
 * The dies, alloys, finishes and lines of the company as select options, loaded when the form
 * opens. Each copy says its state; one that cannot start a run now says why but stays choosable
 * (an order is planned for later, and its die may be cleaned or nitrided by then), a scrapped one
 * is not a choice.
 */
function useCatalogOptions(open: boolean) {
  const { t } = useTranslation(['production', 'common']);
  const ovenRequired = useOvenRequired(open);
  const [options, setOptions] = useState<CatalogOptions>({ alloys: [], finishes: [], lines: [] });
  const [dies, setDies] = useState<DieCopy[]>([]);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const signal = controller.signal;
    const load = (key: keyof CatalogOptions, loading: Promise<SelectOption[]>) =>
      loading.then(
        (loaded) => setOptions((current) => ({ ...current, [key]: loaded })),
        () => undefined,
      );
    call(dieEndpoints.all, { query: { pageSize: REFERENCE_OPTIONS_LIMIT } }, { signal }).then(
      (page) => setDies(page.items),
      () => undefined,
    );
    void load('alloys', referenceOptions(aluminumAlloyResource, signal));
    void load('finishes', referenceOptions(finishResource, signal));
    void load('lines', referenceOptions(extrusionLineResource, signal));
    return () => controller.abort();
  }, [open]);
  const dieOptions = useMemo(() => dieCopyOptions(dies, ovenRequired, t, { disableNotRunnable: false }), [dies, ovenRequired, t]);
  return { ...options, dies: dieOptions };
}

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px', alignItems: 'start' },
});

/**
 * Creates (`POST /api/orders`) or edits (`PATCH /api/orders/:id`, only the changed fields) a
 * production order. `onSaved` receives the saved order; the caller closes and reloads.
 */
export function OrderFormDialog({
  open,
  order,
  onClose,
  onSaved,
}: {
  open: boolean;
  order?: EditableOrder | null;
  onClose: () => void;
  onSaved: (saved: EditableOrder) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const { dies, alloys, finishes, lines } = useCatalogOptions(open);
  const editing = !!order;
  const { control, handleSubmit, setError, reset, formState } = useForm<OrderFormValues, unknown, OrderInput>({
    mode: 'onTouched',
    resolver,
    defaultValues: valuesOf(order),
  });

  // Each opening starts from the order (or an empty form).
  useEffect(() => {
    if (open) reset(valuesOf(order));
  }, [open, order, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      let saved: EditableOrder;
      if (order) {
        const changed = ORDER_FIELDS.filter((name) => formState.dirtyFields[name]);
        const patch = Object.fromEntries(changed.map((name) => [name, values[name] ?? null]));
        saved = await call(orderEndpoints.update, { params: { id: order.id }, body: patch });
      } else {
        saved = await call(orderEndpoints.create, { body: { ...values, finish_id: values.finish_id ?? null, line_id: values.line_id ?? null } });
      }
      showSnackbar({
        message: t(editing ? 'production:orders.updated' : 'production:orders.created', { number: saved?.number ?? values.number }),
        variant: 'success',
        autoHideMs: 2000,
      });
      onSaved(saved);
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, ORDER_FIELDS);
      if (!applied.length) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  const lineLocked = order?.status === 'in_press' || order?.status === 'finished';
  // Esc, a click outside and 'Cancelar' all ask before typed values are thrown away.
  const unsaved = useUnsavedChanges(open && formState.isDirty && !formState.isSubmitting);
  const close = () => unsaved.leave(onClose);

  return (
    <>
      <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : close())}>
        <DialogSurface className={styles.surface}>
          <form
            onSubmit={submit}
            noValidate
            aria-label={editing ? t('production:orders.editTitle', { number: order?.number ?? '' }) : t('production:orders.newTitle')}
          >
            <DialogBody>
              <DialogTitle>{editing ? t('production:orders.editTitle', { number: order?.number ?? '' }) : t('production:orders.newTitle')}</DialogTitle>
              <DialogContent className={styles.form}>
                <FormTextField control={control} name="number" required label={t('production:orders.number')} autoFocus />
                <FormTextField control={control} name="customer" required label={t('production:orders.customer')} />
                <FormTextField control={control} name="profile" required label={t('production:orders.profile')} />
                <FormSelect control={control} name="die_id" numeric required label={t('production:orders.die')} options={dies} />
                <FormSelect control={control} name="alloy_id" numeric required label={t('production:orders.alloy')} options={alloys} />
                <FormSelect
                  control={control}
                  name="finish_id"
                  numeric
                  label={t('production:orders.finish')}
                  placeholder={t('production:orders.noFinish')}
                  options={finishes}
                />
                <FormNumberField control={control} name="length_mm" required label={t('production:orders.length')} />
                <FormNumberField control={control} name="quantity_pieces" required label={t('production:orders.quantityPieces')} />
                <FormNumberField control={control} name="quantity_kg" required label={t('production:orders.quantityKg')} />
                <FormDateField control={control} name="due_date" required label={t('production:orders.dueDate')} />
                <FormSelect
                  control={control}
                  name="line_id"
                  numeric
                  disabled={lineLocked}
                  label={t('production:orders.line')}
                  placeholder={t('production:orders.noLine')}
                  hint={lineLocked ? t('production:orders.lineLocked') : t('production:orders.lineHint')}
                  options={lines}
                />
              </DialogContent>
              <DialogActions>
                <Button type="button" appearance="secondary" onClick={close}>
                  {t('common:actions.cancel')}
                </Button>
                <Button
                  type="submit"
                  appearance="primary"
                  disabled={formState.isSubmitting}
                  icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}
                >
                  {t('production:orders.save')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {unsaved.confirmation}
    </>
  );
}
