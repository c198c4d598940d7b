import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { groupSeparatorOf, parseDecimal } from '@planta/contracts';
import { getI18n } from '@planta/i18n';

/** The concrete paths a field pattern names in the values: `families.*.nitriding_every_kg` → one per row. */
function expandPaths(values: unknown, pattern: readonly string[], prefix: readonly string[] = []): string[][] {
  if (pattern.length === 0) return [[...prefix]];
  const [head, ...rest] = pattern;
  if (head === '*') {
    return Array.isArray(values) ? values.flatMap((item, index) => expandPaths(item, rest, [...prefix, String(index)])) : [];
  }
  const next = values !== null && typeof values === 'object' ? (values as Record<string, unknown>)[head] : undefined;
  return rest.length === 0 ? [[...prefix, head]] : expandPaths(next, rest, [...prefix, head]);
}

const readPath = (values: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);

/** A copy of `values` with `value` at `path` (arrays stay arrays; nothing of the original changes). */
function writePath(values: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const node = (values ?? (/^\d+$/.test(head) ? [] : {})) as Record<string, unknown> | unknown[];
  const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>;
  copy[head] = writePath(copy[head], rest, value);
  return copy;
}

/**
 * Wraps a form's resolver so that its number fields, which hold what the user typed, reach the
 * schema as numbers: `12,5` and `12.5` are 12.5; what cannot be read for sure (`12.5.3`, `1.500`
 * in Spanish) is refused on the field with a message saying what to type, and never turned into
 * another number. Empty fields are left to the schema (required or optional). A field of the
 * rows of a list is named with `*` for the row: `dimensions.*.nominal_mm`.
 */
export function withDecimalFields<T extends FieldValues, C, TOut extends FieldValues>(
  resolver: Resolver<T, C, TOut>,
  fields: readonly string[],
): Resolver<T, C, TOut> {
  return async (values, context, options) => {
    const group = groupSeparatorOf(currentLanguage());
    let converted: unknown = { ...values };
    let errors: unknown = {};
    let refused = false;
    for (const path of fields.flatMap((field) => expandPaths(converted, field.split('.')))) {
      const typed = readPath(converted, path);
      if (typeof typed !== 'string') continue;
      const reading = parseDecimal(typed, group);
      if (reading.kind === 'number') converted = writePath(converted, path, reading.value);
      else if (reading.kind === 'error') {
        errors = writePath(errors, path, { type: 'decimal', message: reading.message });
        refused = true;
      }
    }
    const result = await resolver(converted as T, context, options);
    if (!refused) return result;
    return { values: {}, errors: mergeErrors(result.errors, errors) as FieldErrors<T> };
  };
}

/** The schema's errors with the unreadable numbers' on top (theirs say what to type). */
function mergeErrors(base: unknown, over: unknown): unknown {
  if (over === null || typeof over !== 'object' || 'message' in over) return over;
  const merged = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string, unknown>;
  for (const [key, value] of Object.entries(over)) merged[key] = mergeErrors(merged[key], value);
  return merged;
}

/** A stored number as a number input shows it in a language: its decimal separator, no grouping (`1446,8`). */
export function inputNumber(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
}

/** The portal's language now (for code that runs outside a component). */
export const currentLanguage = (): string => getI18n().resolvedLanguage ?? getI18n().language ?? 'es';

/** A number typed in a field outside a form's resolver, read as every number field reads it (see parseDecimal). */
export const readTypedNumber = (typed: string) => parseDecimal(typed, groupSeparatorOf(currentLanguage()));
