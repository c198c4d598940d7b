/**
 * Numbers as plant staff type them: a decimal comma or a decimal point, whichever the keyboard
 * gives (`12,5` and `12.5` are both twelve and a half). Nothing is guessed: two separators
 * (`12.5.3`, `1.500,5`) and a separator that could be a thousands group in the user's language
 * (`1.500` in Spanish, `1,500` in English) are refused with a message that says what to type.
 */

export const decimalMessages = {
  notANumber: 'Escribe un número, por ejemplo 12,5',
  oneSeparator: 'Usa una sola coma (o un solo punto) para los decimales, sin separador de miles',
  ambiguous: (asThousands: string, asDecimal: string) => `Número ambiguo: escribe ${asThousands} o ${asDecimal}`,
} as const;

export type DecimalReading = { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'error'; message: string };

/** Arabic-Indic and Eastern Arabic-Indic digits, and the Arabic decimal separator, as ASCII. */
function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ',')
    .replace(/[\u2212\u2012\u2013]/g, '-');
}

const NUMBER = /^([+-]?)(\d*)(?:([.,])(\d+))?$/;

/**
 * Reads a number typed in a form. `groupSeparator` is the thousands separator of the user's
 * language ('.' in Spanish, ',' in English; see `groupSeparatorOf`): a lone separator of that kind
 * followed by exactly three digits after a short integer part is ambiguous and refused.
 */
export function parseDecimal(typed: string, groupSeparator: string | null = null): DecimalReading {
  const text = asciiDigits(typed).trim();
  if (text === '') return { kind: 'empty' };
  if ((text.match(/[.,]/g) ?? []).length > 1) return { kind: 'error', message: decimalMessages.oneSeparator };
  const match = NUMBER.exec(text);
  if (!match || (match[2] === '' && match[4] === undefined)) return { kind: 'error', message: decimalMessages.notANumber };
  const [, sign, whole, separator, decimals] = match;
  if (separator && separator === groupSeparator && decimals.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
    const decimal = separator === '.' ? ',' : '.';
    return {
      kind: 'error',
      message: decimalMessages.ambiguous(`${sign}${whole}${decimals}`, `${sign}${whole}${decimal}${decimals.replace(/0+$/, '') || '0'}`),
    };
  }
  const value = Number(`${sign}${whole || '0'}${separator ? `.${decimals}` : ''}`);
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error', message: decimalMessages.notANumber };
}

/** The thousands separator of a language ('.' for es and tr, ',' for en), or null when it is neither. */
export function groupSeparatorOf(language: string): string | null {
  const group = new Intl.NumberFormat(language).formatToParts(12345.6).find((part) => part.type === 'group')?.value ?? null;
  return group === '.' || group === ',' ? group : null;
}
