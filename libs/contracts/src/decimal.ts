/**
 * Numbers as plant staff type them, read the way a spreadsheet in their language reads them: in
 * Spanish `20.000` is twenty thousand, `20,5` twenty and a half and `1.234,5` one thousand two
 * hundred and thirty-four and a half; in English the reverse. A separator that cannot be a
 * thousands group (`12.5` in Spanish, from a numeric keypad) is the decimal separator. Nothing is
 * guessed: separators that fit no reading (`12.5.3`, `1.23.4`) are refused, and so is a lone
 * `1.500` when the language has no thousands separator of its own to tell which it is, with a
 * message that says what to type.
 */

export const decimalMessages = {
  notANumber: 'Escribe un número, por ejemplo 12,5',
  oneSeparator: 'Escribe los miles con punto y los decimales con una sola coma, por ejemplo 1.234,5',
  ambiguous: (asThousands: string, asDecimal: string) => `Número ambiguo: escribe ${asThousands} o ${asDecimal}`,
} as const;

export type DecimalReading = { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'error'; message: string };

/** Arabic-Indic and Eastern Arabic-Indic digits and the Arabic separators as ASCII; spaces inside a number dropped. */
function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ',')
    .replace(/\u066c/g, '')
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .trim()
    .replace(/(\d)[\s\u00a0\u202f]+(?=\d)/g, '$1');
}

const NUMBER = /^([+-]?)(\d[\d.,]*|[.,]\d+)$/;
/** An integer part written in thousands groups with `group` ('1.234.567'). */
const grouped = (whole: string, group: string) => new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`).test(whole);
const other = (separator: string) => (separator === '.' ? ',' : '.');

/**
 * Reads a number typed in a form. `groupSeparator` is the thousands separator of the user's
 * language ('.' in Spanish, ',' in English; see `groupSeparatorOf`), the other one being its
 * decimal separator; null when the language has neither.
 */
export function parseDecimal(typed: string, groupSeparator: string | null = null): DecimalReading {
  const text = asciiDigits(typed);
  if (text === '') return { kind: 'empty' };
  const match = NUMBER.exec(text);
  if (!match) return { kind: 'error', message: decimalMessages.notANumber };
  const [, sign, body] = match;
  const number = (whole: string, decimals = ''): DecimalReading => {
    const value = Number(`${sign}${whole || '0'}${decimals ? `.${decimals}` : ''}`);
    return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error', message: decimalMessages.notANumber };
  };
  const refused: DecimalReading = { kind: 'error', message: decimalMessages.oneSeparator };
  const separators = body.replace(/\d/g, '');
  if (separators === '') return number(body);
  if (/[.,]$/.test(body)) return refused;
  const last = separators[separators.length - 1];
  const lastAt = body.lastIndexOf(last);
  const [beforeLast, afterLast] = [body.slice(0, lastAt), body.slice(lastAt + 1)];
  if (separators.includes(other(last))) {
    // Both kinds: the last one is the decimal separator, once, and the other one groups thousands ('1.234,5').
    return beforeLast.includes(last) || !grouped(beforeLast, other(last)) ? refused : number(beforeLast.split(other(last)).join(''), afterLast);
  }
  if (separators.length > 1) return grouped(body, last) ? number(body.split(last).join('')) : refused;
  // One separator: a thousands group if it is the language's and reads as one ('20.000'), else decimals.
  const mayBeGroup = afterLast.length === 3 && /^[1-9]\d{0,2}$/.test(beforeLast);
  if (mayBeGroup && last === groupSeparator) return number(`${beforeLast}${afterLast}`);
  if (mayBeGroup && groupSeparator === null) {
    const asDecimal = `${sign}${beforeLast},${afterLast.replace(/0+$/, '') || '0'}`;
    return { kind: 'error', message: decimalMessages.ambiguous(`${sign}${beforeLast}${afterLast}`, asDecimal) };
  }
  return number(beforeLast, afterLast);
}

/** The thousands separator of a language ('.' for es and tr, ',' for en), or null when it is neither. */
export function groupSeparatorOf(language: string): string | null {
  const group = new Intl.NumberFormat(language).formatToParts(12345.6).find((part) => part.type === 'group')?.value ?? null;
  return group === '.' || group === ',' ? group : null;
}
