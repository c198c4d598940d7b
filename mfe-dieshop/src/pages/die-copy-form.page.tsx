import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  DIE_TYPES,
  dieEndpoints,
  dieLabel,
  dieshopSettingsEndpoints,
  type DieCopy,
  type DieCopyCreate,
  type DieCopyUpdate,
  type DieshopSettings,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  FormDateField,
  FormNumberField,
  FormPage,
  FormSection,
  FormSelect,
  FormTextField,
  i18nKey,
  REFERENCE_OPTIONS_LIMIT,
  showSnackbar,
  useCan,
  useFormat,
  useRecordLoad,
  type SelectOption,
} from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieCopyFormTexts } from '../i18n/die-copy-form.texts';
import {
  DIE_FORM_FIELDS,
  DIE_INVENTORY_PATH,
  dieCopyFormValues,
  dieCopyResolver,
  emptyDieCopyValues,
  familyDefaults,
  profileOptionsOf,
  type DieCopyFormValues,
} from './die-copy.model';

registerDieshopTexts(dieCopyFormTexts);

type Threshold = 'nitriding_every_billets' | 'nitriding_every_kg' | 'expected_life_kg';

/**
 * /apps/die/new (reception) and /apps/die/:id (edit): a die copy's data by sections, checked with
 * the contracts' own schema. The reference and copy number are set once, on reception. Empty
 * thresholds take the die family's, shown as each field's hint (company settings).
 */
export default function DieCopyFormPage() {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const resolver = useMemo(() => dieCopyResolver(isNew), [isNew]);
  const form = useForm<DieCopyFormValues, unknown, DieCopyCreate | DieCopyUpdate>({ mode: 'onTouched', resolver, defaultValues: emptyDieCopyValues() });
  const { control, reset, setError, formState } = form;
  const [die, setDie] = useState<DieCopy | null>(null);
  const [settings, setSettings] = useState<DieshopSettings | null>(null);
  const [profiles, setProfiles] = useState<SelectOption[]>([]);
  const canSave = useCan(isNew ? dieEndpoints.create : dieEndpoints.update);
  const dieType = useWatch({ control, name: 'die_type' });

  const { loading, loadError, reload } = useRecordLoad<DieCopy>(dieEndpoints.get, id, isNew, (loaded) => {
    setDie(loaded);
    reset(dieCopyFormValues(loaded, format.language));
  });

  useEffect(() => {
    const controller = new AbortController();
    call(dieshopSettingsEndpoints.get, {}, { signal: controller.signal }).then(setSettings, () => undefined);
    // The profiles the company's dies name (the profiles' own list belongs to another screen).
    call(dieEndpoints.all, { query: { pageSize: REFERENCE_OPTIONS_LIMIT, include_scrapped: 'true' } }, { signal: controller.signal }).then(
      (page) => setProfiles(profileOptionsOf(page.items)),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  // A copy's own profile is a choice even when the list above did not reach it.
  const profileOptions = useMemo(
    () =>
      die?.profile_id && die.profile_code && !profiles.some((option) => option.value === die.profile_id)
        ? [...profiles, { value: die.profile_id, label: die.profile_code }]
        : profiles,
    [die, profiles],
  );
  const family = familyDefaults(settings, dieType);
  const familyHint = (field: Threshold, unit: 'billets' | 'kg') => {
    if (!dieType) return t('dieCopyForm.hints.chooseType');
    const value = family?.[field];
    if (value === null || value === undefined) return t('dieCopyForm.hints.familyNone');
    return t('dieCopyForm.hints.family', { value: `${format.number(value, 0)} ${unit === 'kg' ? 'kg' : ''}`.trim() });
  };

  const back = () => navigate(DIE_INVENTORY_PATH);
  const submit = form.handleSubmit(async (values) => {
    try {
      let saved: DieCopy;
      if (isNew) saved = await call(dieEndpoints.create, { body: values as DieCopyCreate });
      else {
        // Only what changed: the log names the fields that were edited.
        const changed = DIE_FORM_FIELDS.filter((name) => formState.dirtyFields[name]);
        const patch = Object.fromEntries(changed.map((name) => [name, (values as Record<string, unknown>)[name]])) as DieCopyUpdate;
        saved = await call(dieEndpoints.update, { params: { id }, body: patch });
      }
      reset(dieCopyFormValues(saved, format.language));
      showSnackbar({ message: t('dieCopyForm.saved', { label: dieLabel(saved) }), variant: 'success', position: 'top-end', autoHideMs: 2000 });
      back();
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, DIE_FORM_FIELDS);
      showSnackbar({ message: applied.length ? t('common:form.reviewFields', 'Revisa los campos marcados') : errorMessage(error), variant: 'error' });
    }
  });

  const label = (name: keyof DieCopyFormValues) => t(`dieCopyForm.fields.${name}`);
  const title = isNew ? t('dieCopyForm.newTitle') : t('dieCopyForm.editTitle', { label: die ? dieLabel(die) : '' });

  return (
    <FormPage title={title} page={{ loading, loadError, reload, isNew, form, submit, cancel: back, remove: async () => undefined, canSave, canDelete: false }}>
      <FormSection title={t('dieCopyForm.sections.identity')}>
        <FormTextField
          control={control}
          name="die_reference"
          required
          disabled={!isNew}
          label={label('die_reference')}
          hint={isNew ? undefined : t('dieCopyForm.hints.fixed')}
          autoFocus={isNew}
        />
        <FormNumberField
          control={control}
          name="copy_number"
          required
          disabled={!isNew}
          label={label('copy_number')}
          hint={isNew ? undefined : t('dieCopyForm.hints.fixed')}
        />
        <FormSelect
          control={control}
          name="die_type"
          required
          label={label('die_type')}
          options={DIE_TYPES.map((type) => ({ value: type, label: t(`enums.dieType.${i18nKey(type)}`) }))}
        />
        <FormNumberField control={control} name="cavities" required label={label('cavities')} />
        <FormSelect
          control={control}
          name="profile_id"
          numeric
          label={label('profile_id')}
          placeholder={t('dieCopyForm.hints.noProfile')}
          options={profileOptions}
        />
        <FormTextField control={control} name="description" label={label('description')} />
      </FormSection>
      <FormSection title={t('dieCopyForm.sections.dimensions')}>
        <FormNumberField control={control} name="diameter_mm" label={label('diameter_mm')} />
        <FormNumberField control={control} name="thickness_mm" label={label('thickness_mm')} />
        <FormTextField control={control} name="steel" label={label('steel')} hint={t('dieCopyForm.hints.steel')} />
      </FormSection>
      <FormSection title={t('dieCopyForm.sections.supplier')}>
        <FormTextField control={control} name="supplier" label={label('supplier')} />
        <FormTextField control={control} name="supplier_ref" label={label('supplier_ref')} />
        <FormDateField control={control} name="received_at" label={label('received_at')} />
        <FormNumberField control={control} name="cost" label={label('cost')} />
      </FormSection>
      <FormSection title={t('dieCopyForm.sections.location')}>
        <FormTextField control={control} name="location" label={label('location')} />
      </FormSection>
      <FormSection title={t('dieCopyForm.sections.thresholds')}>
        <FormNumberField
          control={control}
          name="nitriding_every_billets"
          label={label('nitriding_every_billets')}
          hint={familyHint('nitriding_every_billets', 'billets')}
        />
        <FormNumberField control={control} name="nitriding_every_kg" label={label('nitriding_every_kg')} hint={familyHint('nitriding_every_kg', 'kg')} />
        <FormNumberField control={control} name="expected_life_kg" label={label('expected_life_kg')} hint={familyHint('expected_life_kg', 'kg')} />
      </FormSection>
    </FormPage>
  );
}
