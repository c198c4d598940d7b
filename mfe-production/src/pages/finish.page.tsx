import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ANODISING_CLASSES, FINISH_TYPES, finishSchema, type Finish, type FinishInput } from '@planta/contracts';
import { FormSelect, FormTextField, ResourceList, type ResourceColumn } from '@planta/ui';
import { useWatch } from 'react-hook-form';
import { FormPage, FormSection } from '../components/form-page';
import { useResourceForm } from '../components/use-resource-form';
import { i18nKey } from '../i18n';

const BASE = '/apps/finish';
const RESOURCE = 'finish';
interface FinishFormValues {
  name: string;
  type: string;
  colour: string;
  micron_class: string | null;
  ral_colour: string;
}
const emptyValues: FinishFormValues = { name: '', type: '', colour: '', micron_class: null, ral_colour: '' };

function FinishForm() {
  const { t } = useTranslation('production');
  const page = useResourceForm<Finish, FinishFormValues, FinishInput>({
    resource: RESOURCE,
    basePath: BASE,
    schema: finishSchema as never,
    emptyValues,
    toFormValues: (finish) => ({
      name: finish.name,
      type: finish.type,
      colour: finish.colour ?? '',
      micron_class: finish.micron_class ?? null,
      ral_colour: finish.ral_colour ?? '',
    }),
    toBody: (values) => ({ ...values, micron_class: values.micron_class || null }),
  });
  const { control } = page.form;
  const type = useWatch({ control, name: 'type' });
  return (
    <FormPage title={page.isNew ? t('finishes.newTitle') : t('finishes.editTitle', { name: page.record?.name ?? '' })} page={page}>
      <FormSection>
        <FormTextField control={control} name="name" label={t('finishes.fields.name')} required autoFocus={page.isNew} />
        <FormSelect
          control={control}
          name="type"
          label={t('finishes.fields.type')}
          required
          placeholder={t('machines.choose')}
          options={Object.keys(FINISH_TYPES).map((value) => ({ value, label: t(`finishes.types.${i18nKey(value)}`) }))}
        />
        <FormTextField control={control} name="colour" label={t('finishes.fields.colour')} required={type === 'anodised'} />
        {type === 'anodised' ? (
          <FormSelect
            control={control}
            name="micron_class"
            label={t('finishes.fields.micron_class')}
            required
            placeholder={t('machines.choose')}
            options={ANODISING_CLASSES.map((value) => ({ value, label: value }))}
          />
        ) : null}
        {type === 'powder-coated' ? <FormTextField control={control} name="ral_colour" label={t('finishes.fields.ral_colour')} required /> : null}
      </FormSection>
    </FormPage>
  );
}

function FinishList() {
  const { t } = useTranslation('production');
  const typeText = (finish: Finish) => t(`finishes.types.${i18nKey(finish.type)}`);
  const columns: ResourceColumn<Finish>[] = [
    { key: 'name', label: t('finishes.fields.name'), sortable: true, width: 24 },
    { key: 'type', label: t('finishes.fields.type'), sortable: true, render: typeText, exportValue: typeText },
    { key: 'colour', label: t('finishes.fields.colour') },
    { key: 'micron_class', label: t('finishes.fields.micron_class') },
    { key: 'ral_colour', label: t('finishes.fields.ral_colour') },
  ];
  return (
    <ResourceList<Finish>
      resource={RESOURCE}
      basePath={BASE}
      title={t('finishes.title')}
      emptyText={t('finishes.empty')}
      exportName="acabados"
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
    />
  );
}

/** /apps/finish/all, /new and /:id. */
export default function FinishPage() {
  const { id } = useParams();
  return id === 'all' ? <FinishList /> : <FinishForm key={id} />;
}
