import { Field, Input, type FieldProps, type InputProps } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { inputNumber, readTypedNumber } from './decimal-fields';
import { useFormat } from './format';

export interface DecimalInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: number | null | undefined;
  /** The number typed, or null when the field is emptied. */
  onValue: (value: number | null) => void;
  /** What to type instead, while the text cannot be read for sure; null once it can. */
  onUnreadable?: (message: string | null) => void;
}

/**
 * A number field outside a react-hook-form form: it shows the number in the user's language
 * (`1446,8`) and reads what is typed as every number field of the portal does (`20.000` is twenty
 * thousand in Spanish), never a browser number input (which follows the browser, not the portal).
 */
export function DecimalInput({ value, onValue, onUnreadable, ...input }: DecimalInputProps) {
  const { language } = useFormat();
  const [text, setText] = useState(() => inputNumber(value, language));
  // A value changed from outside (saved, reloaded) shows as the language writes it.
  useEffect(() => {
    setText((current) => {
      const reading = readTypedNumber(current);
      const shown = reading.kind === 'number' ? reading.value : reading.kind === 'empty' ? null : undefined;
      return shown === (value ?? null) ? current : inputNumber(value, language);
    });
  }, [value, language]);
  return (
    <Input
      {...input}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(_, data) => {
        setText(data.value);
        const reading = readTypedNumber(data.value);
        if (reading.kind === 'error') return onUnreadable?.(reading.message);
        onUnreadable?.(null);
        onValue(reading.kind === 'number' ? reading.value : null);
      }}
    />
  );
}

/**
 * A labelled number field outside a react-hook-form form: the label, the DecimalInput, and what to
 * type while the text is no number ('Escribe un número, por ejemplo 12,5'), rather than keeping
 * the last number silently (a work order's estimated hours once did).
 */
export function DecimalField({
  label,
  className,
  validationMessage,
  ...input
}: DecimalInputProps & Pick<FieldProps, 'label' | 'className'> & { /** The screen's own message, after the field's own. */ validationMessage?: string }) {
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const message = unreadable ?? validationMessage;
  return (
    <Field label={label} className={className} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <DecimalInput
        {...input}
        onUnreadable={(reason) => {
          setUnreadable(reason);
          input.onUnreadable?.(reason);
        }}
      />
    </Field>
  );
}
