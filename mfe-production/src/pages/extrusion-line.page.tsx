import { Button, Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { billetCrossSectionArea, extrusionLineResource, parseDecimal } from '@planta/contracts';
import { fieldErrorText, inputNumber, resourcePage, useFormat, useFormFieldStyles, type FieldRenderer } from '@planta/ui';
import '../i18n';

export const LINE_BASE = extrusionLineResource.route;

/** The area the form derives from a typed billet diameter, as the language writes it ('' while it is not a positive number). */
export function derivedAreaText(diameter: unknown, language: string): string {
  const reading = typeof diameter === 'number' ? { kind: 'number' as const, value: diameter } : parseDecimal(String(diameter ?? ''));
  return reading.kind === 'number' && reading.value > 0 ? inputNumber(billetCrossSectionArea(reading.value), language) : '';
}

/**
 * The billet cross-section: derived from the billet diameter (the form holds null and the API
 * derives it), unless the user types a value of their own, which then is kept as an override.
 */
const CrossSectionField: FieldRenderer = ({ name, control, label, texts, page }) => {
  const diameter = useWatch({ control, name: 'billet_diameter_mm' });
  const { language } = useFormat();
  const frame = useFormFieldStyles();
  const [overridden, setOverridden] = useState(false);
  const loaded = page.record as { billet_cross_section_area_overridden?: boolean } | null;
  useEffect(() => setOverridden(Boolean(loaded?.billet_cross_section_area_overridden)), [loaded]);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldErrorText(fieldState);
        return (
          <Field
            className={frame.field}
            label={label}
            validationMessage={message}
            validationState={message ? 'error' : 'none'}
            hint={message ? undefined : overridden ? texts.label('areaOverridden') : texts.label('areaDerived')}
          >
            <Input
              name={field.name}
              ref={field.ref}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={overridden ? String(field.value ?? '') : derivedAreaText(diameter, language)}
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
                    {texts.label('useDerivedArea')}
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
  );
};

/** /apps/extrusion-line/all: the list; /new: create; /:id: edit (spec 2.2, 2.4). */
export default resourcePage(extrusionLineResource, {
  fields: { billet_cross_section_area_mm2: CrossSectionField },
  // A derived area is not kept as a value: it follows the billet diameter.
  toFormValues: (line, values) => ({
    ...values,
    billet_cross_section_area_mm2: line.billet_cross_section_area_overridden ? values.billet_cross_section_area_mm2 : null,
  }),
});
