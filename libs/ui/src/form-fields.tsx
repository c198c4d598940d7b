import { Checkbox, Field, Input, makeStyles, Select, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form';
import { messages } from '@planta/contracts';
import { DateInput, TimeInput } from './date-input';

/**
 * Form building blocks bound with react-hook-form's Controller (never `register()`: Fluent inputs
 * are controlled and would stay empty). Errors are shown as the field's helper text (spec 5).
 */

/** The one text every required field shows when it is left empty (the contracts' catalogue). */
export const REQUIRED_TEXT: string = messages.required;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Spec 5: a field shows an error when it is not pristine and required (and empty), or when it
 * has an error message. Returns the helper text to show, or undefined.
 */
export function fieldErrorText(
  fieldState: Pick<ControllerFieldState, 'error' | 'isDirty' | 'isTouched'>,
  options: { required?: boolean; value?: unknown; requiredText?: string } = {},
): string | undefined {
  if (fieldState.error?.message) return fieldState.error.message;
  if (options.required && (fieldState.isDirty || fieldState.isTouched) && isEmpty(options.value)) return options.requiredText ?? REQUIRED_TEXT;
  return undefined;
}

interface BaseFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  name: FieldPath<T>;
  /** The form's control (a zod resolver's form: input and output types differ). */
  control: Control<T, unknown, TOut>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  /** Called after the field's own onChange (derived values). */
  onValueChange?: (value: string) => void;
}

/**
 * The line under a field without a hint, kept free for its message: an error that appears when a
 * field loses focus must not move what is below it, or the click that took the focus away (on
 * 'Guardar') lands elsewhere and is lost.
 */
const EMPTY_LINE = { children: '\u00a0', 'aria-hidden': true } as const;

/**
 * The frame every field shares: the Controller, the labelled Fluent Field with the spec 5 error
 * text, and the value as the input shows it ('' for none). `input` renders the control itself.
 */
/** The frame of every form field, also for a field a screen draws itself (see ControlledField). */
export const useFormFieldStyles = makeStyles({
  // A field takes the width its form gives it: an input never pushes past its column into the next
  // (the three inputs of 'Detener extrusión' once overlapped in the order dialog's grid).
  field: {
    minWidth: 0,
    '& .fui-Input, & .fui-Select, & .fui-Textarea': { width: '100%', minWidth: 0, boxSizing: 'border-box' },
    '& .fui-Input__input': { minWidth: 0 },
  },
});

function ControlledField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  required,
  hint,
  input,
  ownMessage,
}: Pick<BaseFieldProps<T, TOut>, 'name' | 'control' | 'label' | 'required' | 'hint'> & {
  input: (field: ControllerRenderProps<T, FieldPath<T>>, value: string) => ReactNode;
  /** The input's own reading error (a date that is no day), shown before the form's. */
  ownMessage?: string | null;
}) {
  const styles = useFormFieldStyles();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const message = ownMessage || fieldErrorText(fieldState, { required, value: field.value });
        const value = field.value === null || field.value === undefined ? '' : String(field.value);
        return (
          <Field
            className={styles.field}
            label={label}
            required={required}
            validationMessage={message}
            validationState={message ? 'error' : 'none'}
            hint={message ? undefined : (hint ?? EMPTY_LINE)}
          >
            {input(field, value)}
          </Field>
        );
      }}
    />
  );
}

export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({
  disabled,
  onValueChange,
  multiline,
  type = 'text',
  autoFocus,
  ...frame
}: BaseFieldProps<T, TOut> & { multiline?: boolean; type?: 'text' | 'email'; autoFocus?: boolean }) {
  return (
    <ControlledField
      {...frame}
      input={(field, value) => {
        const change = (next: string) => {
          field.onChange(next);
          onValueChange?.(next);
        };
        return multiline ? (
          <Textarea name={field.name} ref={field.ref} value={value} onBlur={field.onBlur} disabled={disabled} onChange={(_, data) => change(data.value)} />
        ) : (
          <Input
            name={field.name}
            ref={field.ref}
            type={type}
            value={value}
            onBlur={field.onBlur}
            disabled={disabled}
            autoFocus={autoFocus}
            onChange={(_, data) => change(data.value)}
          />
        );
      }}
    />
  );
}

/**
 * A date field (see DateInput): typed and shown in the user's language (dd/mm/aaaa), the form
 * holding the ISO day ('2025-03-12', '' for none). While the text is no day the form holds what
 * was typed, so that its schema refuses it, and the field says how to write it.
 */
export function FormDateField<T extends FieldValues, TOut extends FieldValues = T>({ disabled, onValueChange, ...frame }: BaseFieldProps<T, TOut>) {
  const [unreadable, setUnreadable] = useState<string | null>(null);
  return (
    <ControlledField
      {...frame}
      ownMessage={unreadable}
      input={(field, value) => (
        <DateInput
          name={field.name}
          ref={field.ref}
          value={value}
          disabled={disabled}
          onBlur={field.onBlur}
          onUnreadable={(message, typed) => {
            setUnreadable(message);
            if (message) field.onChange(typed);
          }}
          onValue={(day) => {
            field.onChange(day ?? '');
            onValueChange?.(day ?? '');
          }}
        />
      )}
    />
  );
}

/** A time of day on a 24-hour clock ('HH:MM'), typed as text whatever the browser's language (see TimeInput). */
export function FormTimeField<T extends FieldValues, TOut extends FieldValues = T>({ disabled, onValueChange, ...frame }: BaseFieldProps<T, TOut>) {
  return (
    <ControlledField
      {...frame}
      input={(field, value) => (
        <TimeInput
          name={field.name}
          ref={field.ref}
          value={value}
          disabled={disabled}
          onBlur={field.onBlur}
          onText={(text) => {
            field.onChange(text);
            onValueChange?.(text);
          }}
        />
      )}
    />
  );
}

/**
 * A number input. It holds what the user typed (a decimal comma or point, as the keyboard gives
 * it): the form's resolver reads it (`withDecimalFields`), so a half-typed "12," or an empty field
 * is never silently turned into 0 and "12,5" never into 125.
 */
export function FormNumberField<T extends FieldValues, TOut extends FieldValues = T>({ disabled, onValueChange, ...frame }: BaseFieldProps<T, TOut>) {
  return (
    <ControlledField
      {...frame}
      input={(controlled, value) => (
        <Input
          name={controlled.name}
          ref={controlled.ref}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onBlur={controlled.onBlur}
          onChange={(_, data) => {
            controlled.onChange(data.value);
            onValueChange?.(data.value);
          }}
        />
      )}
    />
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
  /** Shown but not choosable (its label says why). */
  disabled?: boolean;
}

/** A native select (accessible, keyboard and mobile friendly); the empty first option reads `placeholder`. */
export function FormSelect<T extends FieldValues, TOut extends FieldValues = T>({
  disabled,
  onValueChange,
  options,
  placeholder = '—',
  numeric,
  nullable,
  ...frame
}: BaseFieldProps<T, TOut> & {
  options: readonly SelectOption[];
  placeholder?: string;
  /** store numbers (ids) instead of strings; empty is null */ numeric?: boolean;
  /** empty is null (an optional choice) */ nullable?: boolean;
}) {
  return (
    <ControlledField
      {...frame}
      input={(field, value) => (
        <Select
          name={field.name}
          ref={field.ref}
          value={value}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(_, data) => {
            field.onChange(data.value === '' && (numeric || nullable) ? null : numeric ? Number(data.value) : data.value);
            onValueChange?.(data.value);
          }}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={String(option.value)} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    />
  );
}

/**
 * A set of choices as checkboxes (weekdays), holding the chosen values in order. A group, not a
 * Field: a Field would give every checkbox its one id.
 */
export function FormCheckboxGroup<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  required,
  options,
}: Pick<BaseFieldProps<T, TOut>, 'name' | 'control' | 'label' | 'required'> & { options: readonly SelectOption[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldErrorText(fieldState, { required, value: field.value });
        const chosen: (string | number)[] = Array.isArray(field.value) ? field.value : [];
        const order = (values: (string | number)[]) => options.map((option) => option.value).filter((value) => values.includes(value));
        return (
          <fieldset style={{ border: 'none', padding: 0, margin: 0, gridColumn: '1 / -1', minWidth: 0 }} aria-invalid={message ? true : undefined}>
            <legend>
              <Text weight="semibold">{label}</Text>
              {required ? <Text style={{ color: tokens.colorPaletteRedForeground1 }}> *</Text> : null}
            </legend>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              {options.map((option) => (
                <Checkbox
                  key={option.value}
                  label={option.label}
                  checked={chosen.includes(option.value)}
                  onBlur={field.onBlur}
                  onChange={(_, data) => field.onChange(data.checked ? order([...chosen, option.value]) : chosen.filter((value) => value !== option.value))}
                />
              ))}
            </div>
            {/* The line is kept while empty, so that a message does not move what is below. */}
            <Text role={message ? 'alert' : undefined} aria-hidden={message ? undefined : true} size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>
              {message ?? '\u00a0'}
            </Text>
          </fieldset>
        );
      }}
    />
  );
}

/** A validation failure from the API: `{ fields: { name: message } }` (400) — duck-typed, so any error class works. */
interface WithFields {
  fields?: Record<string, string>;
}

/**
 * Puts the API's field errors (400 `fields`) on the form's fields. Returns the names it set;
 * an empty list means the error had none (show its message elsewhere, e.g. a snackbar).
 * `known`, when given, limits the mapping to the form's own fields.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known?: readonly string[]): string[] {
  if (error === null || typeof error !== 'object') return [];
  const fields = (error as WithFields).fields;
  if (!fields || typeof fields !== 'object') return [];
  const applied: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    if (typeof message !== 'string' || name === '_' || (known && !known.includes(name))) continue;
    setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: applied.length === 0 });
    applied.push(name);
  }
  return applied;
}
