import {
  Badge,
  Button,
  Checkbox,
  makeStyles,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { FlashRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  firstDueOn,
  PM_ANCHORS,
  PM_TRIGGERS,
  PM_UNITS,
  pmUsesCalendar,
  pmUsesCounter,
  preventivePlanEndpoints,
  preventivePlanSchema,
  upcomingDueDates,
  WORK_ORDER_PRIORITIES,
  type ChecklistTemplateItem,
  type PmAnchor,
  type PmFormOptions,
  type PmTrigger,
  type PmUnit,
  type PreventivePlan,
  type PreventivePlanDetail,
  type WorkOrderPriority,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  currentLanguage,
  FormDateField,
  FormNumberField,
  FormPage,
  FormSection,
  FormSelect,
  FormTextField,
  i18nKey,
  inputNumber,
  showSnackbar,
  useCan,
  useFormat,
  useRecordLoad,
  withDecimalFields,
} from '@planta/ui';
import { ChecklistTemplateEditor } from '../components/checklist-template-editor';
import { PREVENTIVE_PATH } from './preventive-plans.list';
import '../i18n';

/** What the form holds: typed text for numbers (read by the resolver), ids or null for choices. */
export interface PlanFormValues {
  machine_id: number | null;
  name: string;
  description: string;
  trigger: PmTrigger;
  every_n: string;
  unit: PmUnit | null;
  anchor: PmAnchor;
  skip_weekends: boolean;
  lead_days: string;
  starts_on: string;
  meter_id: number | null;
  interval_value: string;
  lead_value: string;
  last_done_value: string;
  checklist: ChecklistTemplateItem[];
  priority: WorkOrderPriority;
  estimated_h: string;
  assignee_id: number | null;
  require_signature: boolean;
  active: boolean;
}

const NUMBERS = ['every_n', 'lead_days', 'interval_value', 'lead_value', 'last_done_value', 'estimated_h'] as const;
/** Left empty: none (the schema's null), or the field's default. */
const EMPTY_IS_NULL = ['every_n', 'interval_value', 'last_done_value', 'estimated_h', 'starts_on'] as const;
const EMPTY_IS_DEFAULT = ['lead_days', 'lead_value'] as const;

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

const EMPTY: PlanFormValues = {
  machine_id: null,
  name: '',
  description: '',
  trigger: 'calendar',
  every_n: '1',
  unit: 'month',
  anchor: 'fixed',
  skip_weekends: true,
  lead_days: '0',
  starts_on: today(),
  meter_id: null,
  interval_value: '',
  lead_value: '0',
  last_done_value: '',
  checklist: [],
  priority: 'medium',
  estimated_h: '',
  assignee_id: null,
  require_signature: false,
  active: true,
};

const valuesOf = (plan: PreventivePlanDetail): PlanFormValues => {
  const number = (value: number | null) => inputNumber(value, currentLanguage());
  return {
    machine_id: plan.machine_id,
    name: plan.name,
    description: plan.description,
    trigger: plan.trigger,
    every_n: number(plan.every_n),
    unit: plan.unit,
    anchor: plan.anchor,
    skip_weekends: plan.skip_weekends,
    lead_days: number(plan.lead_days),
    starts_on: plan.starts_on ?? '',
    meter_id: plan.meter_id,
    interval_value: number(plan.interval_value),
    lead_value: number(plan.lead_value),
    last_done_value: number(plan.last_done_value),
    checklist: plan.checklist,
    priority: plan.priority,
    estimated_h: number(plan.estimated_h),
    assignee_id: plan.assignee_id,
    require_signature: plan.require_signature,
    active: plan.active,
  };
};

const schemaResolver = withDecimalFields(zodResolver(preventivePlanSchema as never) as unknown as Resolver<PlanFormValues, unknown, PreventivePlan>, NUMBERS);
/** The API's schema, after empty optional fields become none (or their default). */
const resolver: Resolver<PlanFormValues, unknown, PreventivePlan> = (values, context, options) => {
  const prepared: Record<string, unknown> = { ...values };
  for (const name of EMPTY_IS_NULL) if (String(prepared[name] ?? '').trim() === '') prepared[name] = null;
  for (const name of EMPTY_IS_DEFAULT) if (String(prepared[name] ?? '').trim() === '') delete prepared[name];
  return schemaResolver(prepared as unknown as PlanFormValues, context, options);
};

const useStyles = makeStyles({
  preview: { display: 'flex', flexWrap: 'wrap', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  hint: { color: tokens.colorNeutralForeground3 },
  block: { display: 'flex', flexDirection: 'column', gap: '8px' },
  tableWrap: { overflowX: 'auto' },
  // Level with the inputs beside them (below their labels).
  checks: { display: 'flex', flexWrap: 'wrap', gap: '16px', alignItems: 'center', alignSelf: 'start', paddingTop: '22px' },
});

function BooleanField({
  control,
  name,
  label,
}: {
  control: Control<PlanFormValues, unknown, PreventivePlan>;
  name: 'skip_weekends' | 'require_signature' | 'active';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Checkbox name={field.name} label={label} checked={field.value} onChange={(_, data) => field.onChange(data.checked === true)} />}
    />
  );
}

/**
 * The plan form (`/apps/preventiveMaintenance/new` and `/:id`): machine, trigger and its calendar
 * and/or counter part, the work order it creates (priority, hours, assignee, signature), the
 * checklist template; a read-only preview of the next five dates (the API's own calendar function,
 * from libs/contracts), and for a saved plan the orders it created and the skipped occurrences.
 */
export function PreventivePlanForm({ id }: { id: string }) {
  const { t } = useTranslation(['maintenance', 'common']);
  const styles = useStyles();
  const format = useFormat();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [plan, setPlan] = useState<PreventivePlanDetail | null>(null);
  const [options, setOptions] = useState<PmFormOptions>({ machines: [], meters: [], assignees: [] });
  const [generating, setGenerating] = useState(false);
  const form = useForm<PlanFormValues, unknown, PreventivePlan>({ defaultValues: EMPTY, resolver, mode: 'onTouched' });
  const { control, handleSubmit, reset, setError, setValue } = form;
  const load = useRecordLoad<PreventivePlanDetail>(preventivePlanEndpoints.detail, id, isNew, (loaded) => {
    setPlan(loaded);
    reset(valuesOf(loaded));
  });
  const canSave = useCan(isNew ? preventivePlanEndpoints.create : preventivePlanEndpoints.update);
  const canDelete = useCan(preventivePlanEndpoints.remove) && !isNew;
  const canGenerate = useCan(preventivePlanEndpoints.generate);

  useEffect(() => {
    const controller = new AbortController();
    call(preventivePlanEndpoints.formOptions, undefined, { signal: controller.signal }).then(setOptions, () => undefined);
    return () => controller.abort();
  }, []);

  const [trigger, machineId, meterId, everyN, unit, anchor, skipWeekends, startsOn] = useWatch({
    control,
    name: ['trigger', 'machine_id', 'meter_id', 'every_n', 'unit', 'anchor', 'skip_weekends', 'starts_on'],
  });
  const meters = useMemo(() => options.meters.filter((meter) => meter.machine_id === machineId), [options.meters, machineId]);
  const meter = meters.find((candidate) => candidate.id === meterId);
  const machineOptions = options.machines.map((machine) => ({ value: machine.id, label: machine.name }));

  const upcoming = useMemo(() => {
    const n = Number(everyN);
    if (!Number.isInteger(n) || n < 1 || n > 1000 || !unit || !/^\d{4}-\d{2}-\d{2}$/.test(startsOn ?? '')) return null;
    const rule = { every_n: n, unit, anchor, skip_weekends: skipWeekends };
    const unchanged =
      plan?.next_due_on &&
      plan.every_n === n &&
      plan.unit === unit &&
      plan.anchor === anchor &&
      plan.skip_weekends === skipWeekends &&
      plan.starts_on === startsOn;
    const first = unchanged ? plan.next_due_on! : firstDueOn(rule, startsOn, today());
    return upcomingDueDates(rule, startsOn, first, 5);
  }, [everyN, unit, anchor, skipWeekends, startsOn, plan]);

  const weekday = useMemo(() => new Intl.DateTimeFormat(format.language, { weekday: 'long', timeZone: 'UTC' }), [format.language]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = isNew
        ? await call(preventivePlanEndpoints.create, { body: values })
        : await call(preventivePlanEndpoints.update, { params: { id: Number(id) }, body: values });
      showSnackbar({ message: t('maintenance:preventive.saved'), variant: 'success' });
      if (isNew) navigate(`${PREVENTIVE_PATH}/${saved.id}`, { replace: true });
      else {
        const detail = await call(preventivePlanEndpoints.detail, { params: { id: saved.id } });
        setPlan(detail);
        reset(valuesOf(detail));
      }
    } catch (error) {
      if (applyServerFieldErrors(error, setError).length === 0) showSnackbar({ message: errorMessage(error), variant: 'error' });
    }
  });

  const generate = async () => {
    if (!plan) return;
    setGenerating(true);
    try {
      const outcome = await call(preventivePlanEndpoints.generate, { params: { id: plan.id } });
      showSnackbar({
        message: t(outcome.created ? 'maintenance:preventive.generated' : 'maintenance:preventive.alreadyOpen', { number: outcome.order.number }),
        variant: outcome.created ? 'success' : 'info',
      });
      setPlan(await call(preventivePlanEndpoints.detail, { params: { id: plan.id } }));
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setGenerating(false);
    }
  };

  const page = {
    ...load,
    isNew,
    form,
    submit: () => submit(),
    cancel: () => navigate(`${PREVENTIVE_PATH}/all`),
    remove: async () => {
      try {
        await call(preventivePlanEndpoints.remove, { params: { id: Number(id) } });
        showSnackbar({ message: t('maintenance:preventive.deleted'), variant: 'success' });
        navigate(`${PREVENTIVE_PATH}/all`);
      } catch (error) {
        showSnackbar({ message: errorMessage(error), variant: 'error' });
      }
    },
    canSave,
    canDelete,
  };
  const enumOptions = (list: readonly string[], name: string) => list.map((value) => ({ value, label: t(`maintenance:enums.${name}.${i18nKey(value)}`) }));
  const title = isNew ? t('maintenance:preventive.newTitle') : t('maintenance:preventive.editTitle', { name: plan?.name ?? '' });

  return (
    <FormPage
      title={title}
      page={page}
      actions={
        canGenerate && plan?.active ? (
          <Button icon={generating ? <Spinner size="tiny" /> : <FlashRegular />} disabled={generating} onClick={() => void generate()}>
            {t('maintenance:preventive.generate')}
          </Button>
        ) : null
      }
    >
      <FormSection title={t('maintenance:preventive.sections.general')}>
        <FormSelect
          control={control}
          name="machine_id"
          label={t('maintenance:preventive.fields.machine')}
          required
          numeric
          options={machineOptions}
          onValueChange={() => setValue('meter_id', null)}
        />
        <FormTextField control={control} name="name" label={t('maintenance:preventive.fields.name')} required />
        <FormSelect
          control={control}
          name="trigger"
          label={t('maintenance:preventive.fields.trigger')}
          required
          options={enumOptions(PM_TRIGGERS, 'pmTrigger')}
        />
        <FormTextField control={control} name="description" label={t('maintenance:preventive.fields.description')} multiline />
      </FormSection>

      {pmUsesCalendar(trigger) ? (
        <FormSection title={t('maintenance:preventive.sections.calendar')}>
          <FormNumberField control={control} name="every_n" label={t('maintenance:preventive.fields.everyN')} required />
          <FormSelect
            control={control}
            name="unit"
            label={t('maintenance:preventive.fields.unit')}
            required
            nullable
            options={enumOptions(PM_UNITS, 'pmUnit')}
          />
          <FormSelect
            control={control}
            name="anchor"
            label={t('maintenance:preventive.fields.anchor')}
            required
            options={enumOptions(PM_ANCHORS, 'pmAnchor')}
          />
          <FormDateField control={control} name="starts_on" label={t('maintenance:preventive.fields.startsOn')} required />
          <FormNumberField
            control={control}
            name="lead_days"
            label={t('maintenance:preventive.fields.leadDays')}
            hint={t('maintenance:preventive.hints.leadDays')}
          />
          <div className={styles.checks}>
            <BooleanField control={control} name="skip_weekends" label={t('maintenance:preventive.fields.skipWeekends')} />
          </div>
        </FormSection>
      ) : null}

      {pmUsesCounter(trigger) ? (
        <FormSection title={t('maintenance:preventive.sections.counter')}>
          <FormSelect
            control={control}
            name="meter_id"
            label={t('maintenance:preventive.fields.meter')}
            required
            numeric
            options={meters.map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${format.number(candidate.value, 2)} ${candidate.unit})` }))}
            hint={
              machineId === null
                ? t('maintenance:preventive.hints.chooseMachineFirst')
                : meter
                  ? t('maintenance:preventive.hints.meterValue', { value: format.number(meter.value, 2), unit: meter.unit })
                  : meters.length === 0
                    ? t('maintenance:preventive.hints.noMeters')
                    : undefined
            }
          />
          <FormNumberField control={control} name="interval_value" label={t('maintenance:preventive.fields.interval')} required />
          <FormNumberField
            control={control}
            name="lead_value"
            label={t('maintenance:preventive.fields.leadValue')}
            hint={t('maintenance:preventive.hints.leadValue')}
          />
          <FormNumberField
            control={control}
            name="last_done_value"
            label={t('maintenance:preventive.fields.lastDone')}
            hint={t('maintenance:preventive.hints.lastDone')}
          />
        </FormSection>
      ) : null}

      <FormSection title={t('maintenance:preventive.sections.work')}>
        <FormSelect
          control={control}
          name="priority"
          label={t('maintenance:preventive.fields.priority')}
          required
          options={enumOptions(WORK_ORDER_PRIORITIES, 'priority')}
        />
        <FormNumberField control={control} name="estimated_h" label={t('maintenance:preventive.fields.estimatedH')} />
        <FormSelect
          control={control}
          name="assignee_id"
          label={t('maintenance:preventive.fields.assignee')}
          numeric
          options={options.assignees.map((user) => ({ value: user.id, label: user.name }))}
        />
        <div className={styles.checks}>
          <BooleanField control={control} name="require_signature" label={t('maintenance:preventive.fields.requireSignature')} />
          <BooleanField control={control} name="active" label={t('maintenance:preventive.fields.active')} />
        </div>
      </FormSection>

      <Section title={t('maintenance:preventive.sections.checklist')}>
        <ChecklistTemplateEditor control={control} />
      </Section>

      {pmUsesCalendar(trigger) ? (
        <Section title={t('maintenance:preventive.sections.preview')}>
          {upcoming ? (
            <>
              <Text size={200} className={styles.hint}>
                {t('maintenance:preventive.preview.hint')}
              </Text>
              <ol className={styles.preview} aria-label={t('maintenance:preventive.sections.preview')}>
                {upcoming.map((date) => (
                  <li key={date}>
                    <Badge appearance="outline" shape="rounded" size="large">
                      {t('maintenance:preventive.preview.weekday', { date: format.date(date), day: weekday.format(new Date(`${date}T00:00:00Z`)) })}
                    </Badge>
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <Text className={styles.hint}>{t('maintenance:preventive.preview.incomplete')}</Text>
          )}
        </Section>
      ) : null}

      {plan ? <PlanHistory plan={plan} /> : null}
    </FormPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.block} aria-label={title}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      {children}
    </section>
  );
}

/** The work orders the plan created and the occurrences it skipped ('N ocurrencias omitidas'). */
function PlanHistory({ plan }: { plan: PreventivePlanDetail }) {
  const { t } = useTranslation(['maintenance', 'common']);
  const format = useFormat();
  const styles = useStyles();
  return (
    <>
      <Section title={t('maintenance:preventive.history.orders')}>
        {plan.orders.length === 0 ? (
          <Text>{t('maintenance:preventive.history.noOrders')}</Text>
        ) : (
          <div className={styles.tableWrap}>
            <Table size="small" aria-label={t('maintenance:preventive.history.orders')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('maintenance:preventive.history.number')}</TableHeaderCell>
                  <TableHeaderCell>{t('maintenance:preventive.history.status')}</TableHeaderCell>
                  <TableHeaderCell>{t('maintenance:preventive.history.occurrence')}</TableHeaderCell>
                  <TableHeaderCell>{t('maintenance:preventive.history.meterAt')}</TableHeaderCell>
                  <TableHeaderCell>{t('maintenance:preventive.history.created')}</TableHeaderCell>
                  <TableHeaderCell>{t('maintenance:preventive.history.completed')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {plan.orders.map((order) => (
                  <TableRow key={order.id}>
                    <TableCell>{order.number}</TableCell>
                    <TableCell>{t(`maintenance:enums.workOrderStatus.${i18nKey(order.status)}`)}</TableCell>
                    <TableCell>{format.date(order.occurrence_on)}</TableCell>
                    <TableCell>{format.number(order.trigger_meter_value, 0)}</TableCell>
                    <TableCell>{format.dateTime(order.created_at)}</TableCell>
                    <TableCell>{format.dateTime(order.completed_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Section>
      <Section title={t('maintenance:preventive.history.skips')}>
        {plan.skips.length === 0 ? (
          <Text>{t('maintenance:preventive.history.noSkips')}</Text>
        ) : (
          <ul>
            {plan.skips.map((skip) => (
              <li key={skip.id}>
                <Text weight="semibold">{t('maintenance:preventive.history.skipped', { count: skip.skipped })}</Text>{' '}
                <Text>
                  {t('maintenance:preventive.history.skipRange', { from: format.date(skip.from_on), to: format.date(skip.to_on) })}
                  {skip.work_order_number ? `, ${t('maintenance:preventive.history.skipOrder', { number: skip.work_order_number })}` : ''}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
