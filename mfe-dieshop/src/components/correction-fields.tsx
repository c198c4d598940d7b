import { useEffect, useState } from 'react';
import { useWatch, type Control, type FieldValues, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CORRECTION_ORIGINS,
  CORRECTION_SEVERITIES,
  dieEndpoints,
  resourceEndpoints,
  type CorrectionPerson,
  type DieSummary,
  type ResourceDefinition,
} from '@planta/contracts';
import { call } from '@planta/session';
import {
  FormDateField,
  FormNumberField,
  FormSection,
  FormSelect,
  FormTextField,
  inputNumber,
  REFERENCE_OPTIONS_LIMIT,
  useCan,
  useFormat,
  type SelectOption,
} from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionTexts } from '../i18n/correction.texts';
import type { CorrectionFormValues } from '../pages/correction.model';
import { useCorrectionNames } from './correction-badges';

registerDieshopTexts(correctionTexts);

/** What a die brings to its correction: its profile's critical dimensions and its runs (from its summary). */
export interface DieContext {
  dimensions: NonNullable<DieSummary['profile']>['dimensions'];
  runs: DieSummary['production']['runs'];
}

/** The die's profile dimensions and runs, read when the die is chosen (nothing without the grant). */
export function useDieContext(dieId: number | null): DieContext | null {
  const [context, setContext] = useState<DieContext | null>(null);
  const mayRead = useCan(dieEndpoints.summary);
  useEffect(() => {
    setContext(null);
    if (!dieId || !mayRead) return;
    const controller = new AbortController();
    call(dieEndpoints.summary, { params: { id: dieId } }, { signal: controller.signal }).then(
      (summary) => setContext({ dimensions: summary.profile?.dimensions ?? [], runs: summary.production.runs }),
      () => undefined,
    );
    return () => controller.abort();
  }, [dieId, mayRead]);
  return context;
}

/** The active entries of a catalogue (defects, operations), by their order; a retired one stays when `keep` names it. */
export function useCatalogue(resource: ResourceDefinition, keep: readonly (number | null)[] = []): SelectOption[] {
  const [entries, setEntries] = useState<{ id: number; name: string; active: string }[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    call(
      resourceEndpoints(resource).list,
      { query: { page: 1, pageSize: REFERENCE_OPTIONS_LIMIT, sort: 'sort_order', direction: 'asc' } },
      { signal: controller.signal },
    ).then(
      (page) => setEntries(page.items as unknown as { id: number; name: string; active: string }[]),
      () => undefined,
    );
    return () => controller.abort();
  }, [resource]);
  return entries.filter((entry) => entry.active === 'yes' || keep.includes(entry.id)).map((entry) => ({ value: entry.id, label: entry.name }));
}

/**
 * The non-conformity's fields (a new record and the record's own form): origin and the run where
 * it was seen, the defect, the dimension with its values (the profile's nominal prefilled), the
 * severity, the corrector, the due date and the description.
 */
export function CorrectionFields<TOut extends FieldValues>({
  control,
  setValue,
  context,
  defects,
  correctors,
  readOnly,
}: {
  control: Control<CorrectionFormValues, unknown, TOut>;
  setValue: UseFormSetValue<CorrectionFormValues>;
  context: DieContext | null;
  defects: readonly SelectOption[];
  correctors: readonly CorrectionPerson[];
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation(DIESHOP_NS);
  const format = useFormat();
  const names = useCorrectionNames();
  const label = useWatch({ control, name: 'dimension_label' });
  const dimension = context?.dimensions.find((candidate) => candidate.label === label);
  const language = i18n.resolvedLanguage ?? 'es';

  // The profile's nominal and tolerance of the chosen dimension fill the values the user has not typed.
  const chooseDimension = (value: string) => {
    const chosen = context?.dimensions.find((candidate) => candidate.label === value);
    if (!chosen) return;
    setValue('nominal_mm', inputNumber(chosen.nominal_mm, language), { shouldDirty: true });
    setValue('tol_minus', inputNumber(chosen.tol_minus_mm, language), { shouldDirty: true });
    setValue('tol_plus', inputNumber(chosen.tol_plus_mm, language), { shouldDirty: true });
  };

  const runs = (context?.runs ?? []).map((run) => ({ value: run.id, label: `${run.order_number} · ${run.line_name} · ${format.dateTime(run.start)}` }));
  const dimensions = (context?.dimensions ?? []).map((candidate) => ({ value: candidate.label, label: candidate.label }));
  const disabled = readOnly || undefined;
  return (
    <>
      <FormSection title={t('correctionNew.sections.die')}>
        <FormSelect
          control={control}
          name="origin"
          required
          disabled={disabled}
          label={t('correction.fields.origin')}
          options={CORRECTION_ORIGINS.map((value) => ({ value, label: names.origin(value) }))}
        />
        <FormSelect
          control={control}
          name="order_die_id"
          numeric
          disabled={disabled}
          label={t('correction.fields.run')}
          placeholder={t('correction.noRun')}
          options={runs}
        />
      </FormSection>
      <FormSection title={t('correctionNew.sections.defect')}>
        <FormSelect
          control={control}
          name="defect_id"
          numeric
          disabled={disabled}
          label={t('correction.fields.defect')}
          placeholder={t('correction.noDefect')}
          options={defects}
        />
        <FormSelect
          control={control}
          name="dimension_label"
          nullable
          disabled={disabled}
          label={t('correction.fields.dimension')}
          placeholder={t('correction.noDimension')}
          options={label && !dimensions.some((option) => option.value === label) ? [...dimensions, { value: label, label }] : dimensions}
          onValueChange={chooseDimension}
        />
        <FormNumberField
          control={control}
          name="measured_mm"
          disabled={disabled}
          label={t('correction.fields.measured')}
          hint={
            dimension
              ? t('correctionNew.nominalHint', {
                  nominal: format.number(dimension.nominal_mm),
                  minus: format.number(dimension.tol_minus_mm),
                  plus: format.number(dimension.tol_plus_mm),
                })
              : t('correctionNew.measuredHint')
          }
        />
        <FormNumberField control={control} name="nominal_mm" disabled={disabled} label={t('correction.fields.nominal')} />
        <FormNumberField control={control} name="tol_minus" disabled={disabled} label={t('correction.fields.tolMinus')} />
        <FormNumberField control={control} name="tol_plus" disabled={disabled} label={t('correction.fields.tolPlus')} />
        <FormSelect
          control={control}
          name="severity"
          required
          disabled={disabled}
          label={t('correction.fields.severity')}
          options={CORRECTION_SEVERITIES.map((value) => ({ value, label: names.severity(value) }))}
        />
      </FormSection>
      <FormSection title={t('correctionNew.sections.follow')}>
        <FormSelect
          control={control}
          name="assigned_corrector_id"
          numeric
          disabled={disabled}
          label={t('correction.fields.corrector')}
          placeholder={t('correction.noCorrector')}
          options={correctors.map((person) => ({ value: person.id, label: person.name }))}
        />
        <FormDateField control={control} name="due_at" disabled={disabled} label={t('correction.fields.due')} />
        <FormTextField control={control} name="description" required multiline disabled={disabled} label={t('correction.fields.description')} />
      </FormSection>
    </>
  );
}
