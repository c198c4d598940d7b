import { Button, Field, Input, makeStyles, mergeClasses, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  groupSeparatorOf,
  MAX_PROFILE_DIMENSIONS,
  parseDecimal,
  profileDimensionEndpoints,
  profileDimensionsUpdateSchema,
  type ProfileDimension,
  type ProfileDimensionsUpdate,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  ErrorCard,
  fieldErrorText,
  FormNumberField,
  inputNumber,
  LoadingScreen,
  showSnackbar,
  useCan,
  useFormat,
  useFormFieldStyles,
  withDecimalFields,
} from '@planta/ui';
import { registerDieshopTexts } from '../i18n';
import { profileTexts } from '../i18n/profile.texts';

registerDieshopTexts(profileTexts);

/** A row as the form holds it: numbers as typed (read by the resolver). */
interface DimensionRow {
  label: string;
  nominal_mm: string;
  tol_minus_mm: string;
  tol_plus_mm: string;
}
interface DimensionValues {
  dimensions: DimensionRow[];
}

const NUMBERS = ['nominal_mm', 'tol_minus_mm', 'tol_plus_mm'] as const;
const resolver = withDecimalFields(
  zodResolver(profileDimensionsUpdateSchema as never) as unknown as Resolver<DimensionValues, unknown, ProfileDimensionsUpdate>,
  NUMBERS.map((name) => `dimensions.*.${name}`),
);

const rowsOf = (dimensions: readonly ProfileDimension[], language: string): DimensionValues => ({
  dimensions: dimensions.map((dimension) => ({
    label: dimension.label,
    nominal_mm: inputNumber(dimension.nominal_mm, language),
    tol_minus_mm: inputNumber(dimension.tol_minus_mm, language),
    tol_plus_mm: inputNumber(dimension.tol_plus_mm, language),
  })),
});

/** The next free label after the ones used: A, B, … Z, then none (the user types one). */
const nextLabel = (rows: readonly DimensionRow[]) =>
  Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index)).find((label) => !rows.some((row) => row.label.trim().toUpperCase() === label)) ??
  '';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  hint: { color: tokens.colorNeutralForeground3 },
  rows: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(64px, 96px) repeat(3, minmax(0, 1fr)) minmax(0, 1fr) auto',
    gridTemplateAreas: '"label nominal minus plus range remove"',
    gap: '8px',
    alignItems: 'start',
    padding: '8px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // A tablet (or a narrow window beside the menu): two lines, the nominal beside its label, the band below.
    '@media (max-width: 1180px)': {
      gridTemplateColumns: 'minmax(64px, 96px) minmax(0, 1fr) minmax(0, 1fr) auto',
      gridTemplateAreas: '"label nominal range remove" ". minus plus ."',
    },
  },
  label: { gridArea: 'label', minWidth: 0 },
  nominal: { gridArea: 'nominal', minWidth: 0 },
  minus: { gridArea: 'minus', minWidth: 0 },
  plus: { gridArea: 'plus', minWidth: 0 },
  rangeArea: { gridArea: 'range', minWidth: 0 },
  // Level with the inputs' labels and values beside it.
  range: { display: 'flex', flexDirection: 'column', gap: '10px', paddingTop: '2px', whiteSpace: 'nowrap' },
  remove: { gridArea: 'remove', paddingTop: '24px' },
  buttons: { display: 'flex', gap: '8px', justifyContent: 'space-between', flexWrap: 'wrap' },
});

/** nominal −minus … nominal +plus as the language writes it, or '—' while a figure cannot be read. */
function RangeText({ control, index }: { control: Control<DimensionValues, unknown, ProfileDimensionsUpdate>; index: number }) {
  const format = useFormat();
  const row = useWatch({ control, name: `dimensions.${index}` });
  const group = groupSeparatorOf(format.language);
  const [nominal, minus, plus] = NUMBERS.map((name) => {
    const reading = parseDecimal(String(row?.[name] ?? ''), group);
    return reading.kind === 'number' ? reading.value : null;
  });
  if (nominal === null || minus === null || plus === null) return <>—</>;
  return <>{`${format.number(nominal - minus)} – ${format.number(nominal + plus)} mm`}</>;
}

/**
 * The critical dimensions of a profile as a small table editor: label, nominal and the tolerance
 * band of each, with the range they accept; saved as a whole list. Read only without the right
 * to change profiles.
 */
export function ProfileDimensionsEditor({ profileId }: { profileId: number }) {
  const { t } = useTranslation(['dieshop', 'common']);
  const styles = useStyles();
  const frame = useFormFieldStyles();
  const format = useFormat();
  const canSave = useCan(profileDimensionEndpoints.replace);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<DimensionValues, unknown, ProfileDimensionsUpdate>({ resolver, mode: 'onTouched', defaultValues: { dimensions: [] } });
  const { control, handleSubmit, reset, setError, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'dimensions' });
  const rows = useWatch({ control, name: 'dimensions' });

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    call(profileDimensionEndpoints.get, { params: { id: profileId } }, { signal: controller.signal })
      .then((answer) => {
        reset(rowsOf(answer.dimensions, format.language));
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(errorMessage(error));
        setLoading(false);
      });
    return () => controller.abort();
    // The language only shapes how loaded numbers are written; a change of it does not reload.
  }, [profileId, attempt, reset]);

  const save = handleSubmit(async (values) => {
    try {
      const answer = await call(profileDimensionEndpoints.replace, { params: { id: profileId }, body: values });
      reset(rowsOf(answer.dimensions, format.language));
      showSnackbar({ message: t('dieshop:profile.dimensions.saved'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError);
      showSnackbar({ message: applied.length ? t('dieshop:profile.dimensions.review') : errorMessage(error), variant: 'error' });
    }
  });

  if (loading) return <LoadingScreen />;
  if (loadError)
    return (
      <ErrorCard
        title={t('dieshop:profile.loadFailed')}
        message={loadError}
        retryLabel={t('common:actions.retry', 'Reintentar')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );

  const text = (key: string) => t(`dieshop:profile.dimensions.${key}`);
  return (
    <section className={styles.section} aria-labelledby="profile-dimensions-title">
      <Subtitle2 as="h2" id="profile-dimensions-title">
        {text('title')}
      </Subtitle2>
      <Text className={styles.hint}>{text('intro')}</Text>
      <form onSubmit={save} noValidate className={styles.section}>
        <fieldset disabled={!canSave} style={{ border: 'none', padding: 0, margin: 0, minWidth: 0 }}>
          {fields.length === 0 ? <Text>{text('empty')}</Text> : null}
          <ol className={styles.rows}>
            {fields.map((item, index) => (
              <li key={item.id} className={styles.row} aria-label={t('dieshop:profile.dimensions.row', { n: index + 1 })}>
                <Controller
                  control={control}
                  name={`dimensions.${index}.label`}
                  render={({ field, fieldState }) => {
                    const message = fieldErrorText(fieldState, { required: true, value: field.value });
                    return (
                      <Field
                        className={mergeClasses(frame.field, styles.label)}
                        label={text('label')}
                        required
                        validationMessage={message}
                        validationState={message ? 'error' : 'none'}
                      >
                        <Input
                          name={field.name}
                          ref={field.ref}
                          value={field.value}
                          maxLength={10}
                          onBlur={field.onBlur}
                          onChange={(_, data) => field.onChange(data.value.toUpperCase())}
                        />
                      </Field>
                    );
                  }}
                />
                <div className={styles.nominal}>
                  <FormNumberField control={control} name={`dimensions.${index}.nominal_mm`} label={text('nominal')} required />
                </div>
                <div className={styles.minus}>
                  <FormNumberField control={control} name={`dimensions.${index}.tol_minus_mm`} label={text('tolMinus')} required />
                </div>
                <div className={styles.plus}>
                  <FormNumberField control={control} name={`dimensions.${index}.tol_plus_mm`} label={text('tolPlus')} required />
                </div>
                <div className={mergeClasses(styles.range, styles.rangeArea)}>
                  <Text size={300}>{text('range')}</Text>
                  <Text weight="semibold">
                    <RangeText control={control} index={index} />
                  </Text>
                </div>
                {canSave ? (
                  <div className={styles.remove}>
                    <Button
                      icon={<DeleteRegular />}
                      aria-label={`${text('remove')} (${index + 1})`}
                      title={text('remove')}
                      size="large"
                      onClick={() => remove(index)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </fieldset>
        {canSave ? (
          <div className={styles.buttons}>
            <Button
              icon={<AddRegular />}
              disabled={fields.length >= MAX_PROFILE_DIMENSIONS}
              onClick={() => append({ label: nextLabel(rows ?? []), nominal_mm: '', tol_minus_mm: '', tol_plus_mm: '' })}
            >
              {text('add')}
            </Button>
            <Button
              type="submit"
              appearance="primary"
              disabled={formState.isSubmitting || !formState.isDirty}
              icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}
            >
              {text('save')}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
