import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { aluminumAlloySchema, type AluminumAlloy, type AluminumAlloyInput } from '@planta/contracts';
import { FormNumberField, FormTextField, ResourceList, type ResourceColumn } from '@planta/ui';
import { FormPage, FormSection } from '../components/form-page';
import { numberText, useResourceForm } from '../components/use-resource-form';
import '../i18n';

const BASE = '/apps/aluminum-alloy';
const RESOURCE = 'aluminum-alloy';
const NUMBERS = ['density_g_cm3', 'billet_temp_min_c', 'billet_temp_max_c', 'exit_temp_min_c', 'exit_temp_max_c'] as const;
type AlloyFormValues = { designation: string; temper: string } & Record<(typeof NUMBERS)[number], string>;
const emptyValues: AlloyFormValues = {
  designation: '',
  temper: '',
  density_g_cm3: '',
  billet_temp_min_c: '',
  billet_temp_max_c: '',
  exit_temp_min_c: '',
  exit_temp_max_c: '',
};

function AlloyForm() {
  const { t } = useTranslation('production');
  const page = useResourceForm<AluminumAlloy, AlloyFormValues, AluminumAlloyInput>({
    resource: RESOURCE,
    basePath: BASE,
    schema: aluminumAlloySchema as never,
    emptyValues,
    toFormValues: (alloy) => ({
      designation: alloy.designation,
      temper: alloy.temper,
      ...(Object.fromEntries(NUMBERS.map((key) => [key, numberText(alloy[key])])) as Record<(typeof NUMBERS)[number], string>),
    }),
  });
  const { control } = page.form;
  const name = page.record ? `${page.record.designation} ${page.record.temper}` : '';
  return (
    <FormPage title={page.isNew ? t('alloys.newTitle') : t('alloys.editTitle', { name })} page={page}>
      <FormSection>
        <FormTextField control={control} name="designation" label={t('alloys.fields.designation')} required autoFocus={page.isNew} />
        <FormTextField control={control} name="temper" label={t('alloys.fields.temper')} required />
        {NUMBERS.map((key) => (
          <FormNumberField key={key} control={control} name={key} label={t(`alloys.fields.${key}`)} required />
        ))}
      </FormSection>
    </FormPage>
  );
}

function AlloyList() {
  const { t } = useTranslation('production');
  const columns: ResourceColumn<AluminumAlloy>[] = [
    { key: 'designation', label: t('alloys.fields.designation'), sortable: true },
    { key: 'temper', label: t('alloys.fields.temper'), sortable: true },
    { key: 'density_g_cm3', label: t('alloys.fields.density_g_cm3'), sortable: true },
    { key: 'billet_temp_min_c', label: t('alloys.fields.billet_temp_min_c') },
    { key: 'billet_temp_max_c', label: t('alloys.fields.billet_temp_max_c') },
    { key: 'exit_temp_min_c', label: t('alloys.fields.exit_temp_min_c') },
    { key: 'exit_temp_max_c', label: t('alloys.fields.exit_temp_max_c') },
  ];
  return (
    <ResourceList<AluminumAlloy>
      resource={RESOURCE}
      basePath={BASE}
      title={t('alloys.title')}
      emptyText={t('alloys.empty')}
      exportName="aleaciones"
      columns={columns}
      defaultSort={{ key: 'designation', direction: 'asc' }}
    />
  );
}

/** /apps/aluminum-alloy/all, /new and /:id. */
export default function AluminumAlloyPage() {
  const { id } = useParams();
  return id === 'all' ? <AlloyList /> : <AlloyForm key={id} />;
}
