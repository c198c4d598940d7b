import { Field, Input } from '@fluentui/react-components';
import { useId, useMemo } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { timeZoneNames } from '@planta/contracts';
import { fieldErrorText, useFormFieldStyles } from '@planta/ui';

/**
 * A searchable list of the IANA time zones: the browser's own suggestion list (a datalist) filters
 * the 400-odd names as the user types ('madr' offers Europe/Madrid), with the keyboard and on a
 * tablet alike. A name that is none of them is refused by the contract's schema, on its field.
 */
export function TimeZoneField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  hint,
}: {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
  label: string;
  hint?: string;
}) {
  const styles = useFormFieldStyles();
  const zones = useMemo(() => timeZoneNames(), []);
  const listId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const message = fieldErrorText(fieldState, { required: true, value });
        return (
          <Field
            className={styles.field}
            label={label}
            required
            validationMessage={message}
            validationState={message ? 'error' : 'none'}
            hint={message ? undefined : hint}
          >
            {(control) => (
              <>
                <Input
                  {...control}
                  name={field.name}
                  ref={field.ref}
                  value={value}
                  list={listId}
                  autoComplete="off"
                  spellCheck={false}
                  onBlur={field.onBlur}
                  onChange={(_, data) => field.onChange(data.value)}
                />
                <datalist id={listId}>
                  {zones.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        );
      }}
    />
  );
}
