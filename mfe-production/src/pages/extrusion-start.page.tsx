import { Button, Card, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title2 } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  dieEndpoints,
  extrusionEndpoints,
  extrusionLineResource,
  orderEndpoints,
  startExtrusionSchema,
  whyNotRun,
  type DieCopy,
  type ProductionOrderView,
  type StartExtrusion,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { applyServerFieldErrors, FormSelect, REFERENCE_OPTIONS_LIMIT, showSnackbar, useCan, useReferenceOptions } from '@planta/ui';
import { dieCopyOptions, useOvenRequired } from '../components/die-copy-options';
import { asksOverrideReason, PreparationOverrideField } from '../components/preparation-override';
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
});

/**
 * /apps/extrusion/new: choose the order, a copy of its die and the line, and start extruding.
 * `?order=<id>` (from the board or an order's detail) chooses an open order to begin with.
 */
export default function ExtrusionStartPage() {
  const styles = useStyles();
  const { t } = useTranslation(['production', 'common']);
  const navigate = useNavigate();
  const lines = useReferenceOptions(extrusionLineResource.name);
  const mayStart = useCan(extrusionEndpoints.start);
  const [orders, setOrders] = useState<ProductionOrderView[] | null>(null);
  const [searchParams] = useSearchParams();
  const askedOrder = searchParams.get(ORDER_QUERY_PARAM);
  const [dies, setDies] = useState<DieCopy[]>([]);
  const ovenRequired = useOvenRequired();
  // Asked once the API refuses the start over an unfinished preparation and lets the caller override.
  const [asksReason, setAsksReason] = useState(false);
  const { control, handleSubmit, setError, setValue, formState } = useForm<StartValues, unknown, StartExtrusion>({
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
    call(dieEndpoints.all, { query: { pageSize: REFERENCE_OPTIONS_LIMIT } }).then(
      (page) => setDies(page.items),
      () => undefined,
    );
  }, []);

  const copies = order ? dies.filter((die) => die.die_reference === order.die_reference) : [];
  const planned = order ? dies.find((die) => die.id === order.die_id) : undefined;
  // The planned copy, when it cannot start now: said above the form, and not proposed.
  const plannedRefusal = planned ? whyNotRun(planned.state, ovenRequired) : null;

  // A new order proposes its own die copy (if it can start a run) and its planned line.
  useEffect(() => {
    if (!order) return;
    setValue('die_id', plannedRefusal ? null : order.die_id);
    if (order.line_id) setValue('line_id', order.line_id);
  }, [order, plannedRefusal, setValue]);

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
            options={dieCopyOptions(copies, ovenRequired, t)}
          />
          <FormSelect control={control} name="line_id" numeric required label={t('production:extrusion.line')} options={lines} />
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
    </section>
  );
}
