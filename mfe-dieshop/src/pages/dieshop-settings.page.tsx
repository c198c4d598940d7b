import {
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  DIE_TYPES,
  dieshopSettingsEndpoints,
  dieshopSettingsUpdateSchema,
  ENLISTMENT_GUARDS,
  type DieshopSettings,
  type DieshopSettingsUpdate,
  type DieType,
  type EnlistmentGuard,
} from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import {
  applyServerFieldErrors,
  currentLanguage,
  fieldErrorText,
  FormNumberField,
  FormPage,
  FormSection,
  i18nKey,
  inputNumber,
  showSnackbar,
  useCan,
  withDecimalFields,
} from '@planta/ui';
import { CorrectionSettingsSection } from '../components/correction-settings';
import { registerDieshopTexts } from '../i18n';
import { dieshopSettingsTexts } from '../i18n/dieshop-settings.texts';

registerDieshopTexts(dieshopSettingsTexts);

const THRESHOLDS = ['nitriding_every_billets', 'nitriding_every_kg', 'expected_life_kg'] as const;
type Threshold = (typeof THRESHOLDS)[number];

/** What the form holds: numbers as typed (read by the resolver); an empty threshold is none. */
interface SettingsValues {
  nitriding_warn_percent: string;
  enlistment_guard: EnlistmentGuard;
  oven_required: boolean;
  oven_max_dwell_hours: string;
  min_die_temperature_c: string;
  families: ({ die_type: DieType } & Record<Threshold, string>)[];
}

const NUMBERS = ['nitriding_warn_percent', 'oven_max_dwell_hours', 'min_die_temperature_c', ...THRESHOLDS.map((name) => `families.*.${name}`)];
const decimalResolver = withDecimalFields(
  zodResolver(dieshopSettingsUpdateSchema as never) as unknown as Resolver<SettingsValues, unknown, DieshopSettingsUpdate>,
  NUMBERS,
);
/** The API's schema, once an emptied threshold reads as none. */
const resolver: Resolver<SettingsValues, unknown, DieshopSettingsUpdate> = (values, context, options) =>
  decimalResolver(
    {
      ...values,
      families: values.families.map((family) => ({
        ...family,
        ...Object.fromEntries(THRESHOLDS.map((name) => [name, String(family[name] ?? '').trim() === '' ? null : family[name]])),
      })),
    } as SettingsValues,
    context,
    options,
  );

function valuesOf(settings: DieshopSettings): SettingsValues {
  const number = (value: number | null) => inputNumber(value, currentLanguage());
  return {
    nitriding_warn_percent: number(settings.nitriding_warn_percent),
    enlistment_guard: settings.enlistment_guard,
    oven_required: settings.oven_required,
    oven_max_dwell_hours: number(settings.oven_max_dwell_hours),
    min_die_temperature_c: number(settings.min_die_temperature_c),
    // Every die type has its row, set or not.
    families: DIE_TYPES.map((dieType) => {
      const family = settings.families.find((candidate) => candidate.die_type === dieType);
      return {
        die_type: dieType,
        ...Object.fromEntries(THRESHOLDS.map((name) => [name, number(family?.[name] ?? null)])),
      } as SettingsValues['families'][number];
    }),
  };
}

const useStyles = makeStyles({
  tableWrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  hint: { color: tokens.colorNeutralForeground3 },
  thresholdInput: { minWidth: '120px' },
  typeCell: { minWidth: '150px' },
  block: { display: 'flex', flexDirection: 'column', gap: '8px', gridColumn: '1 / -1' },
});

/** One threshold of a family, in the table: labelled by its column and row for screen readers. */
function ThresholdCell({
  control,
  index,
  name,
  label,
}: {
  control: Control<SettingsValues, unknown, DieshopSettingsUpdate>;
  index: number;
  name: Threshold;
  label: string;
}) {
  const styles = useStyles();
  return (
    <Controller
      control={control}
      name={`families.${index}.${name}`}
      render={({ field, fieldState }) => {
        const message = fieldErrorText(fieldState);
        return (
          <Field validationMessage={message} validationState={message ? 'error' : 'none'}>
            <Input
              className={styles.thresholdInput}
              aria-label={label}
              name={field.name}
              ref={field.ref}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(_, data) => field.onChange(data.value)}
            />
          </Field>
        );
      }}
    />
  );
}

/**
 * `/apps/dieshop-settings`: the plant's die-shop decisions (domain.md E): when "nitrurado
 * próximo" starts, whether preparing a die with an open correction or an overdue nitriding is
 * only warned about or refused, the oven practice, the minimum die temperature, and each die
 * family's thresholds. Whoever may change the company saves them; the die shop reads them.
 */
export default function DieshopSettingsPage() {
  const { t } = useTranslation(['dieshop', 'common']);
  const styles = useStyles();
  const navigate = useNavigate();
  const canSave = useCan(dieshopSettingsEndpoints.update);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<SettingsValues, unknown, DieshopSettingsUpdate>({ resolver, mode: 'onTouched' });
  const { control, handleSubmit, reset, setError } = form;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    call(dieshopSettingsEndpoints.get, undefined, { signal: controller.signal })
      .then((settings) => {
        reset(valuesOf(settings));
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(errorMessage(error));
        setLoading(false);
      });
    return () => controller.abort();
  }, [attempt, reset]);

  const text = useCallback((key: string) => t(`dieshop:dieshopSettings.${key}`), [t]);
  const submit = handleSubmit(async (values) => {
    try {
      reset(valuesOf(await call(dieshopSettingsEndpoints.update, { body: values })));
      showSnackbar({ message: text('saved'), variant: 'success', position: 'top-end', autoHideMs: 2000 });
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError);
      showSnackbar({ message: applied.length ? text('review') : errorMessage(error), variant: 'error' });
    }
  });

  const page = {
    loading,
    loadError,
    reload: () => setAttempt((n) => n + 1),
    isNew: false,
    form,
    submit: () => submit(),
    cancel: () => navigate('/apps/dies/all'),
    remove: async () => undefined,
    canSave,
    canDelete: false,
  };
  const field = (name: string) => t(`dieshop:dieshopSettings.fields.${name}`);
  const hint = (name: string) => t(`dieshop:dieshopSettings.hints.${name}`);

  return (
    <>
      <FormPage title={text('title')} page={page}>
        {canSave ? null : (
          <MessageBar intent="info">
            <MessageBarBody>{text('readOnly')}</MessageBarBody>
          </MessageBar>
        )}
        <FormSection title={text('sections.nitriding')}>
          <FormNumberField
            control={control}
            name="nitriding_warn_percent"
            label={field('nitriding_warn_percent')}
            hint={hint('nitriding_warn_percent')}
            required
          />
        </FormSection>
        <FormSection title={text('sections.preparation')}>
          <Controller
            control={control}
            name="enlistment_guard"
            render={({ field: guard }) => (
              <Field label={field('enlistment_guard')} required>
                <RadioGroup name={guard.name} value={guard.value} layout="horizontal" onChange={(_, data) => guard.onChange(data.value)}>
                  {ENLISTMENT_GUARDS.map((value) => (
                    <Radio key={value} value={value} label={t(`dieshop:enums.enlistmentGuard.${i18nKey(value)}`)} />
                  ))}
                </RadioGroup>
              </Field>
            )}
          />
          <Controller
            control={control}
            name="oven_required"
            render={({ field: oven }) => (
              <Field label={field('oven_required')}>
                <Switch name={oven.name} checked={oven.value} onChange={(_, data) => oven.onChange(data.checked)} />
              </Field>
            )}
          />
          <FormNumberField control={control} name="oven_max_dwell_hours" label={field('oven_max_dwell_hours')} hint={hint('oven_max_dwell_hours')} required />
          <FormNumberField control={control} name="min_die_temperature_c" label={field('min_die_temperature_c')} required />
        </FormSection>
        <FormSection title={text('sections.families')}>
          <div className={styles.block}>
            <Text className={styles.hint}>{t('dieshop:dieshopSettings.families.intro')}</Text>
            <div className={styles.tableWrap}>
              <Table aria-label={text('sections.families')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell className={styles.typeCell}>{t('dieshop:dieshopSettings.families.dieType')}</TableHeaderCell>
                    {THRESHOLDS.map((name) => (
                      <TableHeaderCell key={name}>{t(`dieshop:dieshopSettings.families.${i18nKey(name)}`)}</TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {DIE_TYPES.map((dieType, index) => {
                    const typeName = t(`dieshop:enums.dieType.${i18nKey(dieType)}`);
                    return (
                      <TableRow key={dieType}>
                        <TableCell className={styles.typeCell}>{typeName}</TableCell>
                        {THRESHOLDS.map((name) => (
                          <TableCell key={name}>
                            <ThresholdCell
                              control={control}
                              index={index}
                              name={name}
                              label={`${t(`dieshop:dieshopSettings.families.${i18nKey(name)}`)} — ${typeName}`}
                            />
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
          </div>
        </FormSection>
      </FormPage>
      <CorrectionSettingsSection />
    </>
  );
}
