import { Checkbox, Text, tokens } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { shiftSchema, WEEKDAYS, type Shift, type ShiftInput } from '@planta/contracts';
import { fieldErrorText, FormSelect, FormTextField, ResourceList, type ResourceColumn } from '@planta/ui';
import { FormPage, FormSection } from '../components/form-page';
import { useLineOptions } from '../components/use-line-options';
import { useResourceForm } from '../components/use-resource-form';
import '../i18n';

const BASE = '/apps/shifts';
const RESOURCE = 'shifts';
const DAYS = Object.keys(WEEKDAYS).map(Number);
interface ShiftFormValues {
  name: string;
  start_time: string;
  end_time: string;
  days: number[];
  supervisor: string;
  line_id: number | null;
}
const emptyValues: ShiftFormValues = { name: '', start_time: '', end_time: '', days: [], supervisor: '', line_id: null };

function ShiftForm() {
  const { t } = useTranslation('production');
  const lines = useLineOptions();
  const page = useResourceForm<Shift, ShiftFormValues, ShiftInput>({
    resource: RESOURCE,
    basePath: BASE,
    schema: shiftSchema as never,
    emptyValues,
    toFormValues: (shift) => ({
      name: shift.name,
      start_time: shift.start_time,
      end_time: shift.end_time,
      days: [...shift.days],
      supervisor: shift.supervisor,
      line_id: shift.line_id,
    }),
  });
  const { control } = page.form;
  return (
    <FormPage title={page.isNew ? t('shifts.newTitle') : t('shifts.editTitle', { name: page.record?.name ?? '' })} page={page}>
      <FormSection>
        <FormTextField control={control} name="name" label={t('shifts.fields.name')} required autoFocus={page.isNew} />
        <FormTextField control={control} name="start_time" type="time" label={t('shifts.fields.start_time')} required />
        <FormTextField control={control} name="end_time" type="time" label={t('shifts.fields.end_time')} required />
        <FormTextField control={control} name="supervisor" label={t('shifts.fields.supervisor')} required />
        <FormSelect control={control} name="line_id" label={t('shifts.fields.line_id')} numeric placeholder={t('machines.noLine')} options={lines} />
      </FormSection>
      <Controller
        control={control}
        name="days"
        render={({ field, fieldState }) => {
          const message = fieldErrorText(fieldState, { required: true, value: field.value });
          const days = field.value ?? [];
          return (
            // A group of checkboxes, not a Field: a Field would give every checkbox its one id.
            <fieldset style={{ border: 'none', padding: 0, margin: 0 }} aria-invalid={message ? true : undefined}>
              <legend>
                <Text weight="semibold">{t('shifts.fields.days')}</Text> <Text style={{ color: tokens.colorPaletteRedForeground1 }}>*</Text>
              </legend>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                {DAYS.map((day) => (
                  <Checkbox
                    key={day}
                    label={t(`shifts.weekdays.d${day}`)}
                    checked={days.includes(day)}
                    onBlur={field.onBlur}
                    onChange={(_, data) => field.onChange(data.checked ? [...days, day].sort() : days.filter((other) => other !== day))}
                  />
                ))}
              </div>
              {message ? (
                <Text role="alert" size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>
                  {message}
                </Text>
              ) : null}
            </fieldset>
          );
        }}
      />
    </FormPage>
  );
}

function ShiftList() {
  const { t } = useTranslation('production');
  const daysText = (shift: Shift) => shift.days.map((day) => t(`shifts.weekdays.d${day}`)).join(', ');
  const schedule = (shift: Shift) => `${shift.start_time}–${shift.end_time}${shift.end_time <= shift.start_time ? ` (${t('shifts.crossesMidnight')})` : ''}`;
  const columns: ResourceColumn<Shift>[] = [
    { key: 'name', label: t('shifts.fields.name'), sortable: true, width: 20 },
    { key: 'start_time', label: t('shifts.schedule'), sortable: true, render: schedule, exportValue: schedule, width: 28 },
    { key: 'days', label: t('shifts.fields.days'), render: daysText, exportValue: daysText, width: 40 },
    { key: 'supervisor', label: t('shifts.fields.supervisor'), sortable: true, width: 24 },
  ];
  return (
    <ResourceList<Shift>
      resource={RESOURCE}
      basePath={BASE}
      title={t('shifts.title')}
      emptyText={t('shifts.empty')}
      exportName="turnos"
      columns={columns}
      defaultSort={{ key: 'name', direction: 'asc' }}
    />
  );
}

/** /apps/shifts/all, /new and /:id. */
export default function ShiftsPage() {
  const { id } = useParams();
  return id === 'all' ? <ShiftList /> : <ShiftForm key={id} />;
}
