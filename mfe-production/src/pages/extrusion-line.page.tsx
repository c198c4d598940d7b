import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { billetCrossSectionArea, extrusionLineSchema, TEMPERATURE_CONTROL_TYPES, type ExtrusionLine, type ExtrusionLineInput } from '@planta/contracts';
import { fieldErrorText, FormNumberField, FormSelect, FormTextField, ResourceList, type ResourceColumn } from '@planta/ui';
import { FormPage, FormSection } from '../components/form-page';
import { numberText, useResourceForm } from '../components/use-resource-form';
import { i18nKey } from '../i18n';

export const LINE_BASE = '/apps/extrusion-line';
const RESOURCE = 'extrusion-line';

type LineRecord = ExtrusionLine & { billet_cross_section_area_overridden?: boolean };
const NUMBER_FIELDS = [
  'press_tonnage_t',
  'max_operating_pressure_bar',
  'container_inner_diameter_mm',
  'billet_diameter_mm',
  'cooling_table_length_m',
  'net_productivity_goal_kg_h',
  'tooling_diameter_mm',
  'tooling_length_mm',
  'discard_length_mm',
  'max_billet_length_mm',
  'blunt_length_mm',
  'table_length_m',
  'usable_table_length_m',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/** What the inputs hold: texts as typed (the schema coerces), null area = derived. */
export type LineFormValues = Record<NumberField, string> & {
  name: string;
  container_brand: string;
  container_reference: string;
  container_temperature_control: string;
  billet_cross_section_area_mm2: string | null;
};

const emptyValues: LineFormValues = {
  name: '',
  container_brand: '',
  container_reference: '',
  container_temperature_control: '',
  billet_cross_section_area_mm2: null,
  ...(Object.fromEntries(NUMBER_FIELDS.map((field) => [field, ''])) as Record<NumberField, string>),
};

const toFormValues = (line: LineRecord): LineFormValues => ({
  name: line.name,
  container_brand: line.container_brand ?? '',
  container_reference: line.container_reference ?? '',
  container_temperature_control: line.container_temperature_control,
  // A derived area is not kept as a value: it follows the billet diameter.
  billet_cross_section_area_mm2: line.billet_cross_section_area_overridden ? numberText(line.billet_cross_section_area_mm2) : null,
  ...(Object.fromEntries(NUMBER_FIELDS.map((field) => [field, numberText(line[field])])) as Record<NumberField, string>),
});

/** The area the form derives from a typed billet diameter ('' while it is not a positive number). */
export function derivedAreaText(diameter: unknown): string {
  const value = Number(diameter);
  return diameter !== '' && diameter !== null && Number.isFinite(value) && value > 0 ? String(billetCrossSectionArea(value)) : '';
}

function LineForm() {
  const { t } = useTranslation('production');
  const [overridden, setOverridden] = useState(false);
  const page = useResourceForm<LineRecord, LineFormValues, ExtrusionLineInput>({
    resource: RESOURCE,
    basePath: LINE_BASE,
    schema: extrusionLineSchema as never,
    emptyValues,
    toFormValues,
    onLoaded: (line) => setOverridden(Boolean(line.billet_cross_section_area_overridden)),
    // Not overridden: null, and the API derives the area from the billet diameter.
    toBody: (values) => ({ ...values, billet_cross_section_area_mm2: overridden ? values.billet_cross_section_area_mm2 : null }),
  });
  const { control } = page.form;
  const diameter = useWatch({ control, name: 'billet_diameter_mm' });
  const label = (field: keyof LineFormValues) => t(`lines.fields.${field}`);
  const number = (field: NumberField) => <FormNumberField key={field} control={control} name={field} label={label(field)} required />;

  return (
    <FormPage title={page.isNew ? t('lines.newTitle') : t('lines.editTitle', { name: page.record?.name ?? '' })} page={page}>
      <FormSection title={t('lines.sections.press')}>
        <FormTextField control={control} name="name" label={label('name')} required autoFocus={page.isNew} />
        {number('press_tonnage_t')}
        {number('max_operating_pressure_bar')}
        <FormTextField control={control} name="container_brand" label={label('container_brand')} />
        <FormTextField control={control} name="container_reference" label={label('container_reference')} />
        {number('container_inner_diameter_mm')}
        <FormSelect
          control={control}
          name="container_temperature_control"
          label={label('container_temperature_control')}
          required
          placeholder={t('lines.chooseTemperature')}
          options={Object.keys(TEMPERATURE_CONTROL_TYPES).map((value) => ({ value, label: t(`lines.temperature.${i18nKey(value)}`) }))}
        />
      </FormSection>
      <FormSection title={t('lines.sections.billet')}>
        {number('billet_diameter_mm')}
        <Controller
          control={control}
          name="billet_cross_section_area_mm2"
          render={({ field, fieldState }) => {
            const message = fieldErrorText(fieldState);
            return (
              <Field
                label={label('billet_cross_section_area_mm2')}
                validationMessage={message}
                validationState={message ? 'error' : 'none'}
                hint={overridden ? t('lines.areaOverridden') : t('lines.areaDerived')}
              >
                <Input
                  name={field.name}
                  ref={field.ref}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  value={overridden ? (field.value ?? '') : derivedAreaText(diameter)}
                  onBlur={field.onBlur}
                  contentAfter={
                    overridden ? (
                      <Button
                        size="small"
                        appearance="transparent"
                        onClick={() => {
                          setOverridden(false);
                          field.onChange(null);
                        }}
                      >
                        {t('lines.useDerivedArea')}
                      </Button>
                    ) : undefined
                  }
                  onChange={(_, data) => {
                    // Clearing the field goes back to the derived value.
                    setOverridden(data.value !== '');
                    field.onChange(data.value === '' ? null : data.value);
                  }}
                />
              </Field>
            );
          }}
        />
        {number('max_billet_length_mm')}
        {number('discard_length_mm')}
        {number('blunt_length_mm')}
        {number('tooling_diameter_mm')}
        {number('tooling_length_mm')}
      </FormSection>
      <FormSection title={t('lines.sections.table')}>
        {number('cooling_table_length_m')}
        {number('table_length_m')}
        {number('usable_table_length_m')}
        {number('net_productivity_goal_kg_h')}
      </FormSection>
    </FormPage>
  );
}

function LineList() {
  const { t } = useTranslation('production');
  const format = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toLocaleString('es'));
  const columns: ResourceColumn<LineRecord>[] = [
    { key: 'name', label: t('lines.fields.name'), sortable: true, width: 24 },
    { key: 'press_tonnage_t', label: t('lines.fields.press_tonnage_t'), sortable: true, render: (line) => format(line.press_tonnage_t) },
    { key: 'container_brand', label: t('lines.fields.container_brand') },
    { key: 'billet_diameter_mm', label: t('lines.fields.billet_diameter_mm'), sortable: true, render: (line) => format(line.billet_diameter_mm) },
    {
      key: 'container_temperature_control',
      label: t('lines.fields.container_temperature_control'),
      render: (line) => t(`lines.temperature.${i18nKey(line.container_temperature_control)}`),
      exportValue: (line) => t(`lines.temperature.${i18nKey(line.container_temperature_control)}`),
    },
    {
      key: 'net_productivity_goal_kg_h',
      label: t('lines.fields.net_productivity_goal_kg_h'),
      sortable: true,
      render: (line) => format(line.net_productivity_goal_kg_h),
    },
  ];
  return (
    <ResourceList<LineRecord>
      resource={RESOURCE}
      basePath={LINE_BASE}
      title={t('lines.title')}
      emptyText={t('lines.empty')}
      exportName="lineas-de-extrusion"
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
    />
  );
}

/** /apps/extrusion-line/all: the list; /new: create; /:id: edit (spec 2.2, 2.4). */
export default function ExtrusionLinePage() {
  const { id } = useParams();
  return id === 'all' ? <LineList /> : <LineForm key={id} />;
}
