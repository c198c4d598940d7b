import { Button, Field, Input, makeStyles, Select, Textarea, Title2 } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  workOrderEndpoints,
  type WorkOrderCreate,
  type WorkOrderDetail,
  type WorkOrderRow,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  DateField,
  DecimalInput,
  i18nKey,
  ResourceList,
  showSnackbar,
  useCan,
  useFormat,
  usePageName,
  useReferenceOptions,
  type ListFilter,
  type ResourceColumn,
} from '@planta/ui';
import { useMembers, WorkOrderView } from '../components/work-order-view';
import '../i18n';

const BASE = '/apps/corrective-maintenance';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '1100px' },
  head: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', justifyContent: 'space-between' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '12px' },
  wide: { gridColumn: '1 / -1' },
});

/** /apps/corrective-maintenance/all: the corrective orders, searchable, filterable, exportable. */
function CorrectiveList() {
  const { t } = useTranslation('maintenance');
  // Headed as its menu item names it (one key for both).
  const pageName = usePageName('corrective-maintenance');
  const format = useFormat();
  const machines = useReferenceOptions('machine');
  const members = useMembers();
  const statusLabels = useMemo(() => WORK_ORDER_STATUSES.map((status) => ({ value: status, label: t(`enums.workOrderStatus.${i18nKey(status)}`) })), [t]);
  const priorityLabels = useMemo(() => WORK_ORDER_PRIORITIES.map((priority) => ({ value: priority, label: t(`enums.priority.${i18nKey(priority)}`) })), [t]);
  const columns = useMemo<ResourceColumn<WorkOrderRow>[]>(() => {
    const labelOf = (labels: { value: string; label: string }[], value: string) => labels.find((entry) => entry.value === value)?.label ?? value;
    return [
      { key: 'number', label: t('order.number'), sortable: true, width: 14 },
      {
        key: 'machine_name',
        label: t('order.machine'),
        sortable: true,
        render: (row) => row.machine_name ?? '—',
        exportValue: (row) => row.machine_name ?? '',
      },
      { key: 'title', label: t('order.title'), sortable: true, width: 28 },
      {
        key: 'status',
        label: t('order.status'),
        sortable: true,
        render: (row) => `${labelOf(statusLabels, row.status)}${row.blocked ? ` · ${t('board.blocked')}` : ''}`,
        exportValue: (row) => labelOf(statusLabels, row.status),
      },
      {
        key: 'priority',
        label: t('order.priority'),
        sortable: true,
        render: (row) => labelOf(priorityLabels, row.priority),
        exportValue: (row) => labelOf(priorityLabels, row.priority),
      },
      {
        key: 'assignee_name',
        label: t('order.assignee'),
        sortable: true,
        render: (row) => row.assignee_name ?? '—',
        exportValue: (row) => row.assignee_name ?? '',
      },
      { key: 'created_at', label: t('order.createdAt'), sortable: true, render: (row) => format.date(row.created_at), exportValue: (row) => row.created_at },
      {
        key: 'downtime_minutes',
        label: t('corrective.downtime'),
        render: (row) => (row.downtime_minutes ? t('corrective.downtimeMinutes', { duration: format.duration(row.downtime_minutes) }) : '—'),
        exportValue: (row) => row.downtime_minutes,
      },
    ];
  }, [t, format, statusLabels, priorityLabels]);
  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'status', label: t('order.status'), type: 'choice', options: statusLabels },
      {
        key: 'machine_id',
        label: t('order.machine'),
        type: 'choice',
        options: machines.map((machine) => ({ value: String(machine.value), label: machine.label })),
      },
      { key: 'assignee_id', label: t('order.assignee'), type: 'choice', options: members.map((member) => ({ value: String(member.id), label: member.name })) },
    ],
    [t, statusLabels, machines, members],
  );
  return (
    <ResourceList<WorkOrderRow>
      list={workOrderEndpoints.corrective}
      create={workOrderEndpoints.create}
      basePath={BASE}
      title={pageName}
      columns={columns}
      filters={filters}
      emptyText={t('corrective.empty')}
      exportName="mantenimiento-correctivo"
      defaultSort={{ key: 'created_at', direction: 'desc' }}
    />
  );
}

/** /apps/corrective-maintenance/new (leads): a corrective order written by hand. */
function NewCorrective() {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const machines = useReferenceOptions('machine');
  const members = useMembers();
  // The machine summary's 'Nueva OT' names its machine (?machine=<id>).
  const [params] = useSearchParams();
  const [form, setForm] = useState({
    machine_id: params.get('machine') ?? '',
    title: '',
    description: '',
    priority: 'medium',
    due: '',
    estimated_h: null as number | null,
    assignee_id: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<typeof form>) => setForm((current) => ({ ...current, ...change }));
  const submit = async () => {
    if (errors.estimated_h) return;
    setSaving(true);
    setErrors({});
    const body: WorkOrderCreate = {
      type: 'corrective',
      machine_id: Number(form.machine_id) || 0,
      title: form.title,
      description: form.description,
      priority: form.priority as WorkOrderCreate['priority'],
      due_at: form.due ? `${form.due}T23:59:00.000Z` : null,
      estimated_h: form.estimated_h,
      assignee_id: form.assignee_id ? Number(form.assignee_id) : null,
    };
    try {
      const created = await call(workOrderEndpoints.create, { body });
      showSnackbar({ message: t('corrective.created', { number: created.number }), variant: 'success' });
      navigate(`${BASE}/${created.id}`);
    } catch (error) {
      const fields = (error as { body?: { fields?: Record<string, string> } }).body?.fields;
      if (fields) setErrors(fields);
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const state = (field: string) => (errors[field] ? ({ validationState: 'error', validationMessage: errors[field] } as const) : {});
  return (
    <section className={styles.page} aria-labelledby="new-corrective">
      <div className={styles.head}>
        <Title2 as="h1" id="new-corrective">
          {t('corrective.newTitle')}
        </Title2>
        <Link to={`${BASE}/all`}>{t('corrective.back')}</Link>
      </div>
      <form
        className={styles.grid}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('order.machine')} required {...state('machine_id')}>
          <Select value={form.machine_id} onChange={(_, data) => set({ machine_id: data.value })}>
            <option value="">—</option>
            {machines.map((machine) => (
              <option key={String(machine.value)} value={String(machine.value)}>
                {machine.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('order.title')} required className={styles.wide} {...state('title')}>
          <Input value={form.title} onChange={(_, data) => set({ title: data.value })} />
        </Field>
        <Field label={t('order.description')} className={styles.wide} {...state('description')}>
          <Textarea value={form.description} onChange={(_, data) => set({ description: data.value })} />
        </Field>
        <Field label={t('order.priority')}>
          <Select value={form.priority} onChange={(_, data) => set({ priority: data.value })}>
            {WORK_ORDER_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`enums.priority.${i18nKey(priority)}`)}
              </option>
            ))}
          </Select>
        </Field>
        <DateField label={t('order.dueAt')} validationMessage={state('due_at').validationMessage} value={form.due} onValue={(day) => set({ due: day ?? '' })} />
        <Field label={t('order.estimatedH')} {...state('estimated_h')}>
          <DecimalInput
            value={form.estimated_h}
            onValue={(estimated_h) => set({ estimated_h })}
            onUnreadable={(message) => setErrors(({ estimated_h: _, ...others }) => (message ? { ...others, estimated_h: message } : others))}
          />
        </Field>
        <Field label={t('order.assignee')} {...state('assignee_id')}>
          <Select value={form.assignee_id} onChange={(_, data) => set({ assignee_id: data.value })}>
            <option value="">{t('board.unassigned')}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.wide}>
          <Button appearance="primary" type="submit" disabled={saving}>
            {t('corrective.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /apps/corrective-maintenance/:id: the corrective record (cause, root cause, solution, labour, checklist, report and stop, moves, verification). */
function CorrectiveRecord({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation('maintenance');
  const [order, setOrder] = useState<WorkOrderDetail | null>(null);
  const loaded = useCallback((detail: WorkOrderDetail) => setOrder(detail), []);
  return (
    <section className={styles.page} aria-labelledby="corrective-record">
      <div className={styles.head}>
        <Title2 as="h1" id="corrective-record">
          {order ? `${order.number} · ${order.title}` : t('corrective.listTitle')}
        </Title2>
        <Link to={`${BASE}/all`}>{t('corrective.back')}</Link>
      </div>
      <WorkOrderView id={id} onLoaded={loaded} inRecord />
    </section>
  );
}

export default function CorrectiveMaintenancePage() {
  const { id } = useParams();
  const mayCreate = useCan(workOrderEndpoints.create);
  if (id === 'new') return mayCreate ? <NewCorrective /> : <CorrectiveList />;
  if (id && /^\d+$/.test(id)) return <CorrectiveRecord id={Number(id)} />;
  return <CorrectiveList />;
}
