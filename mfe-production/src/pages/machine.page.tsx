import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MACHINE_STATUSES, MACHINE_TYPES, machineSchema, type Machine, type MachineInput } from '@planta/contracts';
import { FormSelect, FormTextField, ResourceList, type ResourceColumn } from '@planta/ui';
import { FormPage, FormSection } from '../components/form-page';
import { useLineOptions } from '../components/use-line-options';
import { useResourceForm } from '../components/use-resource-form';
import { i18nKey } from '../i18n';

const BASE = '/apps/machine';
const RESOURCE = 'machine';
type MachineRecord = Machine & { line_name?: string | null };
interface MachineFormValues {
  name: string;
  type: string;
  line_id: number | null;
  status: string;
  manufacturer: string;
  model: string;
}
const emptyValues: MachineFormValues = { name: '', type: '', line_id: null, status: 'operating', manufacturer: '', model: '' };

function MachineForm() {
  const { t } = useTranslation('production');
  const lines = useLineOptions();
  const page = useResourceForm<MachineRecord, MachineFormValues, MachineInput>({
    resource: RESOURCE,
    basePath: BASE,
    schema: machineSchema as never,
    emptyValues,
    toFormValues: (machine) => ({
      name: machine.name,
      type: machine.type,
      line_id: machine.line_id,
      status: machine.status,
      manufacturer: machine.manufacturer ?? '',
      model: machine.model ?? '',
    }),
  });
  const { control } = page.form;
  return (
    <FormPage title={page.isNew ? t('machines.newTitle') : t('machines.editTitle', { name: page.record?.name ?? '' })} page={page}>
      <FormSection>
        <FormTextField control={control} name="name" label={t('machines.fields.name')} required autoFocus={page.isNew} />
        <FormSelect
          control={control}
          name="type"
          label={t('machines.fields.type')}
          required
          placeholder={t('machines.choose')}
          options={Object.keys(MACHINE_TYPES).map((value) => ({ value, label: t(`machines.types.${i18nKey(value)}`) }))}
        />
        <FormSelect
          control={control}
          name="status"
          label={t('machines.fields.status')}
          required
          placeholder={t('machines.choose')}
          options={Object.keys(MACHINE_STATUSES).map((value) => ({ value, label: t(`machines.statuses.${i18nKey(value)}`) }))}
        />
        <FormSelect control={control} name="line_id" label={t('machines.fields.line_id')} numeric placeholder={t('machines.noLine')} options={lines} />
        <FormTextField control={control} name="manufacturer" label={t('machines.fields.manufacturer')} />
        <FormTextField control={control} name="model" label={t('machines.fields.model')} />
      </FormSection>
    </FormPage>
  );
}

function MachineList() {
  const { t } = useTranslation('production');
  const typeText = (machine: MachineRecord) => t(`machines.types.${i18nKey(machine.type)}`);
  const statusText = (machine: MachineRecord) => t(`machines.statuses.${i18nKey(machine.status)}`);
  const columns: ResourceColumn<MachineRecord>[] = [
    { key: 'name', label: t('machines.fields.name'), sortable: true, width: 24 },
    { key: 'type', label: t('machines.fields.type'), sortable: true, render: typeText, exportValue: typeText },
    { key: 'status', label: t('machines.fields.status'), sortable: true, render: statusText, exportValue: statusText },
    { key: 'manufacturer', label: t('machines.fields.manufacturer') },
    { key: 'model', label: t('machines.fields.model') },
  ];
  return (
    <ResourceList<MachineRecord>
      resource={RESOURCE}
      basePath={BASE}
      title={t('machines.title')}
      emptyText={t('machines.empty')}
      exportName="maquinas"
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
    />
  );
}

/** /apps/machine/all, /new and /:id. */
export default function MachinePage() {
  const { id } = useParams();
  return id === 'all' ? <MachineList /> : <MachineForm key={id} />;
}
