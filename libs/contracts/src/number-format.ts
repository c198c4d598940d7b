/**
 * How numbers read in the portal's languages, written once for every screen, chart and export:
 * the language's separators (`1.446,8` in Spanish, `1,446.8` in English), durations in hours and
 * minutes (`26 h 48 min`, never `1608 min`) and money with its currency (`5.907 €`).
 */

/** The short units of hours and minutes in each portal language. */
const DURATION_UNITS: Record<string, readonly [hours: string, minutes: string]> = {
  es: ['h', 'min'],
  en: ['h', 'min'],
  tr: ['sa', 'dk'],
  ar: ['س', 'د'],
};

const baseLanguage = (language: string) => language.split('-')[0].toLowerCase();

/**
 * One Intl formatter per language and kind (`kind` names its options), made once: lists and boards
 * format a figure per row and cell, and building a formatter costs far more than using one.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, kind: string, options: () => Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${kind}`;
  let known = formatters.get(key);
  if (!known) formatters.set(key, (known = new Intl.NumberFormat(language, options())));
  return known;
}

/** At most `digits` decimals. */
const decimals = (language: string, digits: number) => numberFormat(language, `max${digits}`, () => ({ maximumFractionDigits: digits }));

/** A number in a language with at most `digits` decimals; '—' for none. */
export function numberText(value: number | null | undefined, language: string, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return decimals(language, digits).format(value);
}

/** A measure in millimetres as a drawing gives it, two or three decimals (`40,35`, `25,400` → `25,40`); '—' for none. */
export function millimetreText(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(language, 'mm', () => ({ minimumFractionDigits: 2, maximumFractionDigits: 3 })).format(value);
}

/**
 * A duration given in minutes as hours and minutes, rounded to the minute: `45 min`, `3 h`,
 * `26 h 48 min` (units in the language: `26 sa 48 dk` in Turkish); '—' for none.
 */
export function durationText(minutes: number | null | undefined, language: string): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const [hourUnit, minuteUnit] = DURATION_UNITS[baseLanguage(language)] ?? DURATION_UNITS['es'];
  const whole = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && whole > 0 ? '-' : '';
  const integer = decimals(language, 0);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${sign}${integer.format(rest)} ${minuteUnit}`;
  if (rest === 0) return `${sign}${integer.format(hours)} ${hourUnit}`;
  return `${sign}${integer.format(hours)} ${hourUnit} ${integer.format(rest)} ${minuteUnit}`;
}

/** A duration given in hours, as `durationText` reads it (`0,85 h` → `51 min`). */
export const hoursDurationText = (hours: number | null | undefined, language: string): string =>
  durationText(hours === null || hours === undefined ? hours : hours * 60, language);

/** The currency every company starts with (ISO 4217). */
export const DEFAULT_CURRENCY = 'EUR';

/**
 * An amount of money in a currency (ISO 4217), thousands always grouped as a ledger writes them
 * (`5.907 €`, `1.234,50 €`; `€5,907` in English); '—' for none.
 */
export function moneyText(value: number | null | undefined, currency: string, language: string, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const minimumFractionDigits = Number.isInteger(value) ? 0 : Math.min(2, digits);
  return numberFormat(
    language,
    `money|${currency}|${minimumFractionDigits}|${digits}`,
    // 'always': Spanish leaves four-digit numbers ungrouped by default (5907 €); an amount reads better grouped.
    () => ({ style: 'currency', currency, minimumFractionDigits, maximumFractionDigits: digits, useGrouping: 'always' }) as Intl.NumberFormatOptions,
  ).format(value);
}
