import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { groupSeparatorOf, parseDecimal } from '@planta/contracts';
import { getI18n } from '@planta/i18n';

/**
 * Wraps a form's resolver so that its number fields, which hold what the user typed, reach the
 * schema as numbers: `12,5` and `12.5` are 12.5; what cannot be read for sure (`12.5.3`, `1.500`
 * in Spanish) is refused on the field with a message saying what to type, and never turned into
 * another number. Empty fields are left to the schema (required or optional).
 */
export function withDecimalFields<T extends FieldValues, C, TOut extends FieldValues>(
  resolver: Resolver<T, C, TOut>,
  fields: readonly string[],
): Resolver<T, C, TOut> {
  return async (values, context, options) => {
    const group = groupSeparatorOf(currentLanguage());
    const converted: Record<string, unknown> = { ...values };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const name of fields) {
      const typed = converted[name];
      if (typeof typed !== 'string') continue;
      const reading = parseDecimal(typed, group);
      if (reading.kind === 'number') converted[name] = reading.value;
      else if (reading.kind === 'error') errors[name] = { type: 'decimal', message: reading.message };
    }
    const result = await resolver(converted as T, context, options);
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...errors } as FieldErrors<T> };
  };
}

/** A stored number as a number input shows it in a language: its decimal separator, no grouping (`1446,8`). */
export function inputNumber(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
}

/** The portal's language now (for code that runs outside a component). */
export const currentLanguage = (): string => getI18n().resolvedLanguage ?? getI18n().language ?? 'es';
