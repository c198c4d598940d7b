/**
 * Calendar days as people type and read them in their language (`12/03/2025` in Spanish,
 * `03/12/2025` in English), never as the browser's date input shows them (it follows the
 * browser's language, not the portal's). The API keeps the ISO day (`2025-03-12`). One reader for
 * every date field of the portal and for the document review.
 */

export const dateMessages = {
  /** 'Indica una fecha dd/mm/aaaa': the pattern of the user's language. */
  invalid: (pattern: string) => `Indica una fecha ${pattern}`,
  time: 'Indica una hora hh:mm, de 00:00 a 23:59',
} as const;

export type DateReading = { kind: 'empty' } | { kind: 'date'; value: string } | { kind: 'error'; message: string };

type Part = 'day' | 'month' | 'year';
interface DateLayout {
  order: readonly Part[];
  separator: string;
  /** How the field asks for it: 'dd/mm/aaaa'. */
  pattern: string;
}

/** The letters of the pattern per language (what a person of that language reads as day, month, year). */
const LETTERS: Record<string, Record<Part, string>> = {
  es: { day: 'dd', month: 'mm', year: 'aaaa' },
  tr: { day: 'gg', month: 'aa', year: 'yyyy' },
};
const DEFAULT_LETTERS: Record<Part, string> = { day: 'dd', month: 'mm', year: 'yyyy' };

const layouts = new Map<string, DateLayout>();
/** The order of day, month and year in a language and its separator ('/' when it has none of / . -). */
export function dateLayoutOf(language: string): DateLayout {
  let layout = layouts.get(language);
  if (layout) return layout;
  const parts = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(Date.UTC(2025, 2, 12));
  const order = parts.map((part) => part.type).filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  const literal = parts.find((part) => part.type === 'literal')?.value.trim() ?? '/';
  const separator = ['/', '.', '-'].includes(literal) ? literal : '/';
  const known = order.length === 3 ? order : (['day', 'month', 'year'] as const);
  const letters = LETTERS[language.split('-')[0]] ?? DEFAULT_LETTERS;
  layout = { order: known, separator, pattern: known.map((part) => letters[part]).join(separator) };
  layouts.set(language, layout);
  return layout;
}

/** 'Indica una fecha dd/mm/aaaa' in the user's language's pattern. */
export const dateErrorOf = (language: string): string => dateMessages.invalid(dateLayoutOf(language).pattern);

/** An ISO day ('2025-03-12', or the day of a moment) as the language writes it in a field ('12/03/2025'); '' for none. */
export function dateInputText(value: string | null | undefined, language = 'es'): string {
  if (!value) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!iso) return value;
  const { order, separator } = dateLayoutOf(language);
  const part: Record<Part, string> = { year: iso[1], month: iso[2], day: iso[3] };
  return order.map((name) => part[name]).join(separator);
}

/**
 * Reads a day typed in the language's order: `12/03/2025`, also `12-3-2025`, `12.03.25` (a
 * two-digit year is of this century). An impossible day (31/02) is refused with the pattern to type.
 */
export function parseDateText(typed: string, language = 'es'): DateReading {
  const text = typed.trim().replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  if (text === '') return { kind: 'empty' };
  const refused: DateReading = { kind: 'error', message: dateErrorOf(language) };
  const match = /^(\d{1,4})[/.-](\d{1,4})[/.-](\d{1,4})$/.exec(text);
  if (!match) return refused;
  const { order } = dateLayoutOf(language);
  const typedPart = Object.fromEntries(order.map((name, index) => [name, match[index + 1]])) as Record<Part, string>;
  if (typedPart.day.length > 2 || typedPart.month.length > 2 || ![2, 4].includes(typedPart.year.length)) return refused;
  const day = Number(typedPart.day);
  const month = Number(typedPart.month);
  const year = typedPart.year.length === 2 ? 2000 + Number(typedPart.year) : Number(typedPart.year);
  if (year < 1) return refused;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return refused;
  return { kind: 'date', value: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** A time of day typed as hh:mm on a 24-hour clock ('7:05', '07.05', '0705' → '07:05'); null when it is none. */
export function parseTimeText(typed: string): string | null {
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(typed.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? `${String(hours).padStart(2, '0')}:${match[2]}` : null;
}
