import { Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useImperativeHandle, type Ref } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { canvasPinSchema, type CanvasPin } from '@planta/contracts';
import { FormNumberField, FormTextField, inputNumber, withDecimalFields } from '@planta/ui';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { correctionCanvasTexts } from '../i18n/correction-canvas.texts';
import type { PinFields } from '../pages/correction-canvas.model';

registerDieshopTexts(correctionCanvasTexts);

/** What the side form edits, with the canvas schema's own rules and Spanish messages. */
const pinFieldsSchema = canvasPinSchema.pick({ dimension_label: true, measured_mm: true, nominal_mm: true, zone: true, action: true });

/** The form's values: the millimetres as typed (a decimal comma or point), read by the resolver. */
interface PinValues {
  dimension_label: string;
  measured_mm: string;
  nominal_mm: string;
  zone: string;
  action: string;
}

const schemaResolver = zodResolver(pinFieldsSchema as never) as unknown as Resolver<PinValues, unknown, PinFields>;
const MILLIMETRES = ['measured_mm', 'nominal_mm'] as const;
/** An empty millimetre field is "not measured" (null), not an error. */
const emptyIsNull: Resolver<PinValues, unknown, PinFields> = (values, context, options) =>
  schemaResolver(
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        (MILLIMETRES as readonly string[]).includes(name) && typeof value === 'string' && value.trim() === '' ? null : value,
      ]),
    ) as unknown as PinValues,
    context,
    options,
  );
const resolver = withDecimalFields(emptyIsNull, MILLIMETRES);

const valuesOf = (pin: CanvasPin, language: string): PinValues => ({
  dimension_label: pin.dimension_label,
  measured_mm: inputNumber(pin.measured_mm, language),
  nominal_mm: inputNumber(pin.nominal_mm, language),
  zone: pin.zone,
  action: pin.action,
});

/** The fields as the pin keeps them (the schema's defaults are null already; this keeps the type exact). */
const withNulls = (fields: PinFields): PinFields => ({ ...fields, measured_mm: fields.measured_mm ?? null, nominal_mm: fields.nominal_mm ?? null });

export interface PinFormHandle {
  /**
   * The edits not applied yet, checked: the fields when they changed and are valid, null when
   * nothing changed, false when a field is wrong (its message is shown). 'Guardar lienzo' asks
   * this first, so that typing a value and saving at once loses nothing.
   */
  pending: () => Promise<PinFields | null | false>;
}

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  pair: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px' },
  buttons: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  big: { minHeight: '44px', minWidth: '44px' },
});

/**
 * The side form of the selected pin: dimension, measured and nominal millimetres (a decimal comma
 * is read as such), zone and proposed action. 'Aplicar' puts them on the pin (one undo step).
 */
export function CanvasPinForm({
  pin,
  readOnly = false,
  onApply,
  onClose,
  onDirtyChange,
  ref,
}: {
  pin: CanvasPin;
  readOnly?: boolean;
  onApply: (fields: PinFields) => void;
  onClose: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  ref?: Ref<PinFormHandle>;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(DIESHOP_NS);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  const { control, handleSubmit, reset, formState } = useForm<PinValues, unknown, PinFields>({
    mode: 'onTouched',
    resolver,
    defaultValues: valuesOf(pin, language),
  });
  const text = (key: string, values?: Record<string, unknown>) => t(`markingCanvas.pin.${key}`, values);

  // Another pin, or the same pin changed from outside (undo, redo): the form shows what it holds.
  useEffect(() => reset(valuesOf(pin, language)), [pin, language, reset]);
  const dirty = formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // A closed form holds nothing unsaved.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  useImperativeHandle(
    ref,
    () => ({
      pending: () =>
        new Promise<PinFields | null | false>((resolve) => {
          if (!formState.isDirty) return resolve(null);
          void handleSubmit(
            (fields) => resolve(withNulls(fields)),
            () => resolve(false),
          )();
        }),
    }),
    [formState.isDirty, handleSubmit],
  );

  const apply = handleSubmit((fields) => onApply(withNulls(fields)));

  return (
    <form
      className={styles.form}
      aria-label={text('title', { n: pin.n })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <div className={styles.head}>
        <Subtitle2 as="h2">{text('title', { n: pin.n })}</Subtitle2>
        <Button className={styles.big} appearance="subtle" icon={<DismissRegular />} aria-label={text('close')} onClick={onClose} />
      </div>
      <FormTextField control={control} name="dimension_label" label={text('dimension')} hint={text('dimensionHint')} disabled={readOnly} />
      <div className={styles.pair}>
        <FormNumberField control={control} name="measured_mm" label={text('measured')} disabled={readOnly} />
        <FormNumberField control={control} name="nominal_mm" label={text('nominal')} disabled={readOnly} />
      </div>
      <FormTextField control={control} name="zone" label={text('zone')} disabled={readOnly} />
      <FormTextField control={control} name="action" label={text('action')} multiline disabled={readOnly} />
      {readOnly ? null : (
        <div className={styles.buttons}>
          <Button className={styles.big} type="submit" appearance="primary" icon={<CheckmarkRegular />} disabled={!formState.isDirty}>
            {text('apply')}
          </Button>
        </div>
      )}
    </form>
  );
}
