import { Badge, makeStyles, Text } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PM_TRIGGERS, pmUsesCalendar, pmUsesCounter, preventivePlanEndpoints, type PreventivePlanView } from '@planta/contracts';
import { call } from '@planta/session';
import { i18nKey, ResourceList, useFormat, type ListFilter, type ResourceColumn, type SelectOption } from '@planta/ui';
import { CounterProgress } from '../components/counter-progress';
import '../i18n';

export const PREVENTIVE_PATH = '/apps/preventiveMaintenance';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: '6px' },
  number: { whiteSpace: 'nowrap' },
});

/**
 * The company's preventive plans (`/apps/preventiveMaintenance/all`): machine, plan, trigger, the
 * next date and the counter's progress towards its due value, the open work order and whether it
 * is overdue; filters by machine, trigger, active and 'due within'; Excel export; 'Nuevo' for leads.
 * Sorted by the next date first: what is due soonest is on top.
 */
export function PreventivePlansList() {
  const { t } = useTranslation(['maintenance', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const styles = useStyles();
  const [machines, setMachines] = useState<SelectOption[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    call(preventivePlanEndpoints.formOptions, undefined, { signal: controller.signal }).then(
      (options) => setMachines(options.machines.map((machine) => ({ value: machine.id, label: machine.name }))),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const triggerLabels = useMemo(() => PM_TRIGGERS.map((trigger) => ({ value: trigger, label: t(`maintenance:enums.pmTrigger.${i18nKey(trigger)}`) })), [t]);
  const columns = useMemo<ResourceColumn<PreventivePlanView>[]>(() => {
    const triggerOf = (plan: PreventivePlanView) => triggerLabels.find((label) => label.value === plan.trigger)?.label ?? plan.trigger;
    const statusOf = (plan: PreventivePlanView) =>
      !plan.active ? t('maintenance:preventive.inactive') : plan.overdue ? t('maintenance:preventive.overdue') : t('maintenance:preventive.onTime');
    // The overdue chip sits under the date, so that the list keeps to six columns on a tablet.
    const counterText = (plan: PreventivePlanView) =>
      pmUsesCounter(plan.trigger) && plan.meter_value !== null && plan.next_due_value !== null
        ? `${plan.meter_name}: ${format.number(plan.meter_value, 0)} / ${format.number(plan.next_due_value, 0)}`
        : '';
    return [
      { key: 'machine_name', label: t('maintenance:preventive.columns.machine'), sortable: true },
      { key: 'name', label: t('maintenance:preventive.columns.name'), sortable: true },
      {
        key: 'trigger',
        label: t('maintenance:preventive.columns.trigger'),
        sortable: true,
        render: (plan) => t(`maintenance:preventive.triggerShort.${plan.trigger}`),
        exportValue: triggerOf,
      },
      {
        key: 'next_due_on',
        label: t('maintenance:preventive.columns.nextDue'),
        sortable: true,
        // The date and, when it needs attention, the plan's state: overdue or inactive.
        render: (plan) => (
          <div className={styles.stack}>
            <span>{pmUsesCalendar(plan.trigger) ? format.date(plan.next_due_on) : t('maintenance:preventive.none')}</span>
            {!plan.active || plan.overdue ? (
              <span>
                <Badge appearance="tint" color={plan.active ? 'danger' : 'subtle'} shape="rounded">
                  {statusOf(plan)}
                </Badge>
              </span>
            ) : null}
          </div>
        ),
        exportValue: (plan) => [plan.next_due_on ?? '', plan.active && !plan.overdue ? '' : statusOf(plan)].filter(Boolean).join(' · '),
      },
      {
        key: 'counter_used',
        label: t('maintenance:preventive.columns.counter'),
        sortable: true,
        render: (plan) =>
          pmUsesCounter(plan.trigger) && plan.meter_value !== null && plan.next_due_value !== null ? (
            <CounterProgress
              name={plan.meter_name ?? ''}
              value={plan.meter_value}
              dueValue={plan.next_due_value}
              lastDoneValue={plan.last_done_value ?? 0}
              leadValue={plan.lead_value}
            />
          ) : (
            t('maintenance:preventive.none')
          ),
        exportValue: counterText,
      },
      {
        key: 'open_order',
        label: t('maintenance:preventive.columns.openOrder'),
        render: (plan) =>
          plan.open_order ? (
            <div className={styles.stack}>
              <Text weight="semibold" className={styles.number}>
                {plan.open_order.number}
              </Text>
              <Text size={200}>{t(`maintenance:enums.workOrderStatus.${i18nKey(plan.open_order.status)}`)}</Text>
            </div>
          ) : (
            t('maintenance:preventive.none')
          ),
        exportValue: (plan) => plan.open_order?.number ?? '',
      },
    ];
  }, [t, format, triggerLabels, styles]);

  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'machine_id', label: t('maintenance:preventive.filters.machine'), type: 'choice', options: machines },
      { key: 'trigger', label: t('maintenance:preventive.filters.trigger'), type: 'choice', options: triggerLabels },
      {
        key: 'active',
        label: t('maintenance:preventive.filters.active'),
        type: 'choice',
        options: [
          { value: 'true', label: t('maintenance:preventive.yes') },
          { value: 'false', label: t('maintenance:preventive.no') },
        ],
      },
      {
        key: 'due_within_days',
        label: t('maintenance:preventive.filters.due'),
        type: 'choice',
        options: [7, 30, 90].map((days) => ({ value: String(days), label: t('maintenance:preventive.dueWithin', { count: days }) })),
      },
    ],
    [t, machines, triggerLabels],
  );

  return (
    <ResourceList<PreventivePlanView>
      list={preventivePlanEndpoints.all}
      create={preventivePlanEndpoints.create}
      basePath={PREVENTIVE_PATH}
      title={t('maintenance:preventive.title')}
      emptyText={t('maintenance:preventive.empty')}
      exportName={t('maintenance:preventive.exportName')}
      columns={columns}
      filters={filters}
      defaultSort={{ key: 'next_due_on', direction: 'asc' }}
      defaultPageSize={25}
      onOpen={(plan) => navigate(`${PREVENTIVE_PATH}/${plan.id}`)}
    />
  );
}
